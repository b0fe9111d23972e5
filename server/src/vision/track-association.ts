// Which detection continues which track in one frame: the cost of a pair (motion fit, IoU and appearance, under
// the gates), the optimal matching (assignment.ts) and the crossings set aside as ambiguous. See the top of
// tracker.ts for the rounds it is called in.
import { appearanceDistance, mayHide } from './appearance.ts';
import { assign } from './assignment.ts';
import { area, boxIou, intersection } from './box-geometry.ts';
import type { LiveTrack } from './live-track.ts';
import { boxMeasurement, filterBox, MEASUREMENT_NOISE } from './track-motion.ts';
import type { TrackerOptions } from './tracker-options.ts';
import type { Detection } from './types.ts';

/** A detection counts as clean (its pixels are the person's only) below this overlap with another detection. */
const CLEAN_OVERLAP = 0.25;
const INFEASIBLE = 1e6;
/** Two pairs whose swap would cost less than this more are ambiguous (see associate). */
const AMBIGUITY_MARGIN = 0.1;
/** Added to a tentative track's costs, so a confirmed track wins a tie. */
const TENTATIVE_PENALTY = 0.05;

export interface Candidate {
  detection: Detection;
  isClean: boolean;
}

/**
 * Detections whose pixels are mostly their own: a box largely covered by the box of a person who may stand in
 * front (mayHide, as describeDetections masks) has a descriptor of what is left, or mixing both, which must
 * not teach the track's appearance nor veto a match.
 */
export function markClean(detections: readonly Detection[]): Candidate[] {
  return detections.map((detection, i) => ({
    detection,
    isClean: detections.every(
      (other, j) =>
        j === i ||
        !mayHide(other.box, detection.box) ||
        intersection(detection.box, other.box) < CLEAN_OVERLAP * area(detection.box),
    ),
  }));
}

/**
 * The optimal matching of tracks and detections under the gates. Two matched pairs that would cost about the
 * same swapped (two people crossing, neither told apart by place, size nor looks) are set aside as ambiguous:
 * both tracks coast through this frame on their own motion (their point is filled in once found again), rather
 * than risk swapping ids. Only for tracks seen in the previous frame, so a pair walking together is still
 * decided the frame after.
 */
export function associate(
  tracks: LiveTrack[],
  candidates: Candidate[],
  t: number,
  isConfident: boolean,
  options: TrackerOptions,
): { pairs: [LiveTrack, Candidate][]; ambiguous: [LiveTrack, Candidate][] } {
  if (tracks.length === 0 || candidates.length === 0) return { pairs: [], ambiguous: [] };
  const costs = tracks.map((track) => candidates.map((c) => pairCost(track, c, t, isConfident, options)));
  const assigned = assign(costs).filter(([i, j]) => costs[i]![j]! < INFEASIBLE);
  const isAmbiguous = new Set<number>();
  const canAbstain = (i: number) => tracks[i]!.id !== null && tracks[i]!.firstMissT === null;
  for (let a = 0; a < assigned.length; a++) {
    for (let b = a + 1; b < assigned.length; b++) {
      const [i, j] = assigned[a]!;
      const [k, l] = assigned[b]!;
      if (!canAbstain(i) || !canAbstain(k)) continue;
      const swapped = costs[i]![l]! + costs[k]![j]!;
      if (swapped - (costs[i]![j]! + costs[k]![l]!) < AMBIGUITY_MARGIN) {
        isAmbiguous.add(a);
        isAmbiguous.add(b);
      }
    }
  }
  const pairs: [LiveTrack, Candidate][] = [];
  const ambiguous: [LiveTrack, Candidate][] = [];
  assigned.forEach(([i, j], n) =>
    (isAmbiguous.has(n) ? ambiguous : pairs).push([tracks[i]!, candidates[j]!]),
  );
  return { pairs, ambiguous };
}

/**
 * A clean detection where the motion model puts the track (within about one standard deviation, the boxes
 * mostly overlapping) is the track's person whatever it looks like: in dim light the same person's descriptor
 * varies more from frame to frame than two people's do, and vetoing it lets the track coast to someone else.
 */
const SURE_M2 = 1;
const SURE_IOU = 0.5;
const isSureByMotion = (m2: number, iou: number): boolean => m2 < SURE_M2 && iou >= SURE_IOU;

/** 0..1 for a pair that may match (lower is better), INFEASIBLE otherwise. */
function pairCost(
  track: LiveTrack,
  candidate: Candidate,
  t: number,
  isConfident: boolean,
  o: TrackerOptions,
): number {
  const { detection } = candidate;
  const f = track.filter;
  const z = boxMeasurement(detection.box, o.aspect);
  const predictedH = Math.max(f[15]!, 1e-3);
  // Squared Mahalanobis distance on centre x, centre y and height (measurement noise added to the spread).
  let m2 = 0;
  for (const k of [0, 1, 3]) {
    const spread = f[k * 5 + 2]! + (MEASUREMENT_NOISE[k]! * predictedH) ** 2;
    m2 += (z[k]! - f[k * 5]!) ** 2 / spread;
  }
  const gate = isConfident ? o.gateChi2 : o.gateChi2 / 2;
  if (m2 > gate) return INFEASIBLE;
  // A confident box of another size is another person (or a false detection next to this one), even where the
  // track's size has grown uncertain during misses.
  if (isConfident && Math.abs(Math.log(z[3] / predictedH)) > o.maxSizeChange) return INFEASIBLE;
  const jump = Math.hypot(z[0] - f[0]!, z[1] - f[5]!) / Math.max(predictedH, z[3]);
  if (jump > o.maxJump + o.maxJumpPerSecond * (t - track.lastHitT)) return INFEASIBLE;
  const iou = boxIou(filterBox(f, o.aspect), detection.box);
  const motion = 0.5 * (1 - iou) + 0.5 * (m2 / gate);
  let cost = motion;
  // (A descriptor of another length, from a state written by an older version, is not compared.)
  if (isConfident && track.appearance && detection.descriptor?.length === track.appearance.length) {
    const a = appearanceDistance(track.appearance, detection.descriptor);
    // An overlapped detection's pixels may be partly another person's: its appearance counts half and
    // cannot veto.
    // A track found again after misses has drifted: it takes a confident detection only if it looks alike.
    const maxDistance = track.firstMissT === null ? o.maxAppearanceDistance : o.maxAppearanceDistance * 0.7;
    if (candidate.isClean && a > maxDistance && !isSureByMotion(m2, iou)) return INFEASIBLE;
    const weight = candidate.isClean ? o.appearanceWeight : o.appearanceWeight / 2;
    cost = (1 - weight) * motion + weight * a;
  }
  if (track.id === null) cost += TENTATIVE_PENALTY;
  return cost > o.maxCost ? INFEASIBLE : cost;
}
