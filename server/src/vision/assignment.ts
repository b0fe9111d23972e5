// The optimal matching of tracks and detections (Hungarian method), apart from what the costs mean
// (track-association.ts).
/**
 * Minimum-cost assignment (Hungarian method with potentials, O(n² m)) of a rows × columns cost matrix; returns
 * [row, column] pairs, one per row when rows ≤ columns (else one per column).
 */
export function assign(costs: readonly (readonly number[])[]): [number, number][] {
  const rows = costs.length;
  const cols = rows > 0 ? costs[0]!.length : 0;
  if (rows === 0 || cols === 0) return [];
  if (rows > cols) {
    const transposed = Array.from({ length: cols }, (_, j) => costs.map((row) => row[j]!));
    return assign(transposed).map(([j, i]) => [i, j]);
  }
  // 1-based arrays as in the classic formulation; column 0 is the virtual start.
  const u = new Float64Array(rows + 1);
  const v = new Float64Array(cols + 1);
  const rowOfCol = new Int32Array(cols + 1);
  const way = new Int32Array(cols + 1);
  for (let i = 1; i <= rows; i++) {
    rowOfCol[0] = i;
    let j0 = 0;
    const minv = new Float64Array(cols + 1).fill(Infinity);
    const used = new Uint8Array(cols + 1);
    do {
      used[j0] = 1;
      const i0 = rowOfCol[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= cols; j++) {
        if (used[j]) continue;
        const cur = costs[i0 - 1]![j - 1]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= cols; j++) {
        if (used[j]) {
          u[rowOfCol[j]!] = u[rowOfCol[j]!]! + delta;
          v[j] = v[j]! - delta;
        } else minv[j] = minv[j]! - delta;
      }
      j0 = j1;
    } while (rowOfCol[j0] !== 0);
    do {
      const j1 = way[j0]!;
      rowOfCol[j0] = rowOfCol[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const pairs: [number, number][] = [];
  for (let j = 1; j <= cols; j++) if (rowOfCol[j]! > 0) pairs.push([rowOfCol[j]! - 1, j - 1]);
  return pairs;
}
