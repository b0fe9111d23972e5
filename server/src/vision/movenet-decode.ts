// MoveNet MultiPose's answer, read in JavaScript from the model's six raw heads instead of by the model's own
// post-processing graph. The graph's post-processing (peak finding, top-k, gathers, keypoint snapping: about
// 250 small operations) costs TensorFlow.js 11–29 ms a pass whatever the picture, a third of a small crop's
// pass; the same arithmetic here costs well under a millisecond, because it looks only at the few centres that
// can be a person and only inside their boxes. It follows the graph (TensorFlow Object Detection API's CenterNet
// multi-pose decoding, as exported in movenet-multipose.json) step by step, constants included; the test
// compares both on real pictures.

/** The heads, in the order the model is asked for them. */
export const MOVENET_HEADS = [
  'StatefulPartitionedCall/center_0/conv2d_4/BiasAdd',
  'StatefulPartitionedCall/box_scale_0/conv2d_5/BiasAdd',
  'StatefulPartitionedCall/box_offset_0/conv2d_6/BiasAdd',
  'StatefulPartitionedCall/kpt_heatmap_0/conv2d_7/BiasAdd',
  'StatefulPartitionedCall/kpt_regress_0/conv2d_8/BiasAdd',
  'StatefulPartitionedCall/kpt_offset_0/conv2d_9/BiasAdd',
] as const;

/** The heads' values, each [rows, cols, channels] row-major (batch of one). */
export interface MoveNetHeads {
  rows: number;
  cols: number;
  /** Centre logits, 1 channel. */
  center: Float32Array;
  /** Box height and width in output cells, 2 channels. */
  boxScale: Float32Array;
  /** Box centre offset (y, x) within the cell, 2 channels. */
  boxOffset: Float32Array;
  /** Keypoint heat logits, 17 channels. */
  kptHeatmap: Float32Array;
  /** Keypoint positions relative to the centre cell (y, x) × 17, 34 channels. */
  kptRegress: Float32Array;
  /** Keypoint offset (y, x) within its heat peak's cell × 17, 34 channels. */
  kptOffset: Float32Array;
}

const KEYPOINTS = 17;
/** The graph's top-k: six people at most. */
const MAX_PEOPLE = 6;
/** Cells equal to their 3 × 3 neighbourhood's maximum within this are peaks (`Less/y`). */
const PEAK_TOLERANCE = 1.0132789611816406e-6;
/** Keypoints above this score count towards the person's score (`Greater_1/y`). */
const KEYPOINT_SCORE_FLOOR = 0.126953125;
/** Spread of the keypoint snapping's Gaussian, times the smaller side of the output (`mul_6/y`). */
const SNAP_SPREAD = 0.300048828125;

const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

/**
 * One person as the graph answers it: 17 × (y, x, score) then ymin, xmin, ymax, xmax, score, all positions in
 * fractions of the model's input (the same 56 values per person as the full model's output).
 */
export type MoveNetPerson = Float32Array;

/**
 * The people in the heads, best centre first, as the full model answers them (its six candidates, weak ones
 * included: their scores are low and callers drop them).
 */
export function decodeMoveNet(heads: MoveNetHeads): MoveNetPerson[] {
  const { rows, cols, center } = heads;
  const cells = rows * cols;
  const score = new Float32Array(cells);
  for (let i = 0; i < cells; i++) score[i] = sigmoid(center[i]!);
  // Peaks of the centre heat: a cell within PEAK_TOLERANCE of its 3 × 3 neighbourhood's maximum (max pooling,
  // 'SAME'); the graph's top-k then takes the six best, the lower index first on a tie.
  const candidates: { score: number; index: number }[] = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      let max = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(rows - 1, y + 1); yy++)
        for (let xx = Math.max(0, x - 1); xx <= Math.min(cols - 1, x + 1); xx++)
          max = Math.max(max, score[yy * cols + xx]!);
      const i = y * cols + x;
      if (Math.abs(score[i]! - max) < PEAK_TOLERANCE) candidates.push({ score: score[i]!, index: i });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.index - b.index);
  const people = candidates.slice(0, MAX_PEOPLE).map(({ score: s, index }) => candidate(heads, s, index));
  return people.map((person) => answer(heads, person, people));
}

/** A candidate's box (output cells, clipped) and its regressed keypoints. */
interface Candidate {
  centerScore: number;
  ymin: number;
  xmin: number;
  ymax: number;
  xmax: number;
  /** Regressed keypoint positions (y, x) × 17, output cells. */
  regressed: Float32Array;
}

function candidate(heads: MoveNetHeads, centerScore: number, index: number): Candidate {
  const { rows, cols, boxScale, boxOffset, kptRegress } = heads;
  const cy = Math.floor(index / cols);
  const cx = index - cy * cols;
  const h = Math.max(boxScale[index * 2]!, 0);
  const w = Math.max(boxScale[index * 2 + 1]!, 0);
  const centreY = cy + boxOffset[index * 2]!;
  const centreX = cx + boxOffset[index * 2 + 1]!;
  const clampTo = (v: number, hi: number) => Math.max(0, Math.min(hi, v));
  const regressed = new Float32Array(KEYPOINTS * 2);
  for (let k = 0; k < KEYPOINTS; k++) {
    regressed[k * 2] = cy + kptRegress[index * 34 + k * 2]!;
    regressed[k * 2 + 1] = cx + kptRegress[index * 34 + k * 2 + 1]!;
  }
  return {
    centerScore,
    ymin: clampTo(centreY - h / 2, rows),
    xmin: clampTo(centreX - w / 2, cols),
    ymax: clampTo(centreY + h / 2, rows),
    xmax: clampTo(centreX + w / 2, cols),
    regressed,
  };
}

/**
 * A candidate's keypoint heat at a cell: the keypoint's heat times a Gaussian of the distance from where the
 * candidate regressed it, inside the candidate's box only.
 */
function weighted(heads: MoveNetHeads, c: Candidate, heat: number, y: number, x: number, k: number): number {
  if (y < c.ymin || y >= c.ymax || x < c.xmin || x >= c.xmax) return 0;
  const dy = y - c.regressed[k * 2]!;
  const dx = x - c.regressed[k * 2 + 1]!;
  return heat * Math.exp(-(dy * dy + dx * dx) / (Math.min(heads.rows, heads.cols) * SNAP_SPREAD));
}

function answer(heads: MoveNetHeads, c: Candidate, all: readonly Candidate[]): MoveNetPerson {
  const { rows, cols, kptHeatmap, kptOffset } = heads;
  const person = new Float32Array(56);
  // Keypoints: the cell of the box with the best weighted heat, refined by that cell's own offset. Its score is
  // the best weighted heat any candidate gives that cell (the graph takes the maximum over the candidates).
  const y0 = Math.ceil(c.ymin);
  const x0 = Math.ceil(c.xmin);
  const y1 = Math.ceil(c.ymax) - 1;
  const x1 = Math.ceil(c.xmax) - 1;
  let counted = 0;
  let scoreSum = 0;
  for (let k = 0; k < KEYPOINTS; k++) {
    let best = -1;
    let bestY = 0;
    let bestX = 0;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const value = weighted(heads, c, sigmoid(kptHeatmap[(y * cols + x) * KEYPOINTS + k]!), y, x, k);
        if (value > best) {
          best = value;
          bestY = y;
          bestX = x;
        }
      }
    }
    // An empty box: the graph's arg-max over all-zero masked heat lands on the first cell.
    const heat = sigmoid(kptHeatmap[(bestY * cols + bestX) * KEYPOINTS + k]!);
    let keypointScore = 0;
    for (const other of all)
      keypointScore = Math.max(keypointScore, weighted(heads, other, heat, bestY, bestX, k));
    const at = ((bestY * cols + bestX) * KEYPOINTS + k) * 2;
    person[k * 3] = (bestY + kptOffset[at]!) / rows;
    person[k * 3 + 1] = (bestX + kptOffset[at + 1]!) / cols;
    person[k * 3 + 2] = keypointScore;
    if (keypointScore > KEYPOINT_SCORE_FLOOR) {
      counted++;
      scoreSum += c.centerScore * keypointScore;
    }
  }
  const clamp01 = (v: number) => Math.max(0, Math.min(1, v));
  person[51] = clamp01(c.ymin / rows);
  person[52] = clamp01(c.xmin / cols);
  person[53] = clamp01(c.ymax / rows);
  person[54] = clamp01(c.xmax / cols);
  person[55] = scoreSum / Math.max(counted, 1);
  return person;
}
