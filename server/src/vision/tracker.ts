// Person tracker: turns the detector's boxes of each analysed frame into tracks, one id per person, through
// crossings, short occlusions, missed detections and the boundary between two consecutive one-minute clips of a
// camera. The people counter, entry detection, heat maps and staff re-identification all read its tracks.
//
// How (SORT / ByteTrack, adapted to a few frames a second):
// - Motion: a Kalman filter per box coordinate, in picture heights (x is stretched by the picture's aspect, so
//   distances mean the same across and down): constant velocity for the centre, a random walk for width and
//   height (one odd box must not set the size drifting). The time gap is a parameter, so irregular frames (2-5
//   fps, frames skipped while nothing moves) predict right. Noises scale with the box height, so a small far
//   person and a large near one are treated alike.
// - Association in two rounds, each solved optimally (Hungarian): all tracks with the confident detections
//   (tentative tracks pay a small penalty, so a confirmed one wins a tie), then the confirmed tracks left over
//   with the weak detections (a half-hidden person scores low, and must only extend a track, never start one).
//   The cost of a pair mixes how well the detection fits the prediction (Mahalanobis distance of centre and
//   height, which grows with the time since the last detection and with the uncertainty of a new track's speed,
//   and IoU) with the appearance distance (appearance.ts) when both sides have a descriptor. At 2 fps a walker
//   moves about half a box height between frames, so boxes often do not overlap: the Mahalanobis gate, not IoU,
//   decides who may match, with a cap on the jump in box heights and on the change of height.
// - Appearance: a detection overlapped by someone who may stand in front of it (appearance.mayHide) has a mixed
//   descriptor: it counts half and cannot veto a match. A clean one vetoes a track that looks too different
//   (stricter for a track found again after misses, which has drifted). Only clean confident detections teach the
//   track's running appearance.
// - Crossings: when two matched pairs would cost about the same swapped (two people at one place, neither told
//   apart), both tracks coast through that frame on their own motion instead of risking a swap (once in a row).
// - Life: a track is tentative until `minHits` detections in a row (a single false detection never becomes a
//   track); tentative tracks die at their first miss; confirmed tracks keep predicting through misses and end when
//   missing for longer than `maxMissSeconds` (counted from the first analysed frame that missed them, so a gap
//   with no analysed frames does not end anyone) or when missed while predicted out of the picture.
// - Points: one per detection (the detector's box and score). When a track is found again after misses, the
//   frames it was missed in get points too, with the box interpolated between the two detections and score 0;
//   misses at the end of a track (or of a clip) get no points. Track.descriptor is the mean descriptor over the
//   track's whole life (earlier clips included), views overlapped by another person weighing a tenth.
// - Clips: finish() hands back the live tracks (filters, descriptors, times shifted to the next clip's start) as a
//   plain JSON object; the next clip's tracker starts from it and keeps their ids. Ids are given at confirmation,
//   `${idPrefix}${n}` with n = 1, 2, ... in this clip; a track still tentative at a clip's end is carried and,
//   confirmed in the next clip, takes that clip's prefix.
// Measured on the simulated scenes of tracker.test.ts (3 fps, 10 % missed detections, jitter, false detections):
// see the figures there.
import { appearanceDistance, mayHide } from './appearance.ts';
import type { Detection, NormBox, Track, TrackPoint } from './types.ts';

export interface TrackerOptions {
  /** Detections at or above this score are confident: first-round matching and new tracks. */
  highScore: number;
  /** Detections from this score up to highScore only extend existing confirmed tracks; lower ones are ignored. */
  lowScore: number;
  /** Detections in a row that confirm a track. */
  minHits: number;
  /** How long a confirmed track survives without detections. */
  maxMissSeconds: number;
  /** Weight of the appearance distance in a pair's cost (0..1) when both sides have a descriptor. */
  appearanceWeight: number;
  /** Pairs whose appearance distance exceeds this never match (confident detections only). */
  maxAppearanceDistance: number;
  /** Squared Mahalanobis distance (centre x, centre y, height) above which a pair never matches. */
  gateChi2: number;
  /** A match's centre may move at most maxJump + maxJumpPerSecond × (seconds since the last detection) box heights. */
  maxJump: number;
  maxJumpPerSecond: number;
  /** Pairs costing more than this (0..1) never match. */
  maxCost: number;
  /** A confident detection's height may differ from the predicted height by this factor at most (as |ln ratio|). */
  maxSizeChange: number;
  /**
   * The picture's width / height. Boxes are in picture fractions; the tracker measures distances in picture
   * heights (a box height is the natural unit of a person), so x is stretched by this.
   */
  aspect: number;
}

export const DEFAULT_TRACKER_OPTIONS: Readonly<TrackerOptions> = {
  highScore: 0.4,
  lowScore: 0.15,
  minHits: 2,
  maxMissSeconds: 2,
  appearanceWeight: 0.5,
  maxAppearanceDistance: 0.6,
  gateChi2: 12.8, // chi-square, 3 degrees of freedom, 99.5 %
  maxJump: 0.6,
  maxJumpPerSecond: 1.5,
  maxCost: 0.85,
  maxSizeChange: Math.log(1.35),
  aspect: 16 / 9,
};

/** A live track as carried from one clip to the next (plain JSON, numbers rounded). */
export interface TrackerStateTrack {
  /** Null while tentative: a track gets its id when confirmed. */
  id: string | null;
  hits: number;
  /** Seconds relative to the next clip's start (negative). */
  filterT: number;
  lastHitT: number;
  firstMissT: number | null;
  /**
   * Per coordinate (centre x, centre y, width, height, in picture heights): position, velocity, covariance
   * p00, p01, p11.
   */
  filter: number[];
  /** Running appearance used for matching. */
  appearance: number[] | null;
  /** Weighted sum of the descriptors seen and the sum of weights (for Track.descriptor). */
  descriptorSum: number[] | null;
  descriptorWeight: number;
  maxScore: number;
}

export interface TrackerState {
  version: 1;
  tracks: TrackerStateTrack[];
}

const STATE_VERSION = 1;
/** Per coordinate: acceleration noise (box heights / s², as a spectral density's square root). */
const ACCELERATION_NOISE = [0.3, 0.3] as const;
/**
 * Sizes have no velocity (a random walk, box heights per √s): a person nearing the camera grows slowly, and
 * one odd box (an arm raised, a duplicate detection) must not set the size drifting.
 */
const SIZE_NOISE = [0.1, 0.1] as const;
/** Per coordinate: measurement noise (box heights). Widths follow the arms and jitter most. */
const MEASUREMENT_NOISE = [0.05, 0.05, 0.12, 0.06] as const;
/** Per coordinate: speed uncertainty of a new track (box heights / s). */
const INITIAL_SPEED = [1.2, 1.2, 0, 0] as const;
/** A detection counts as clean (its pixels are the person's only) below this overlap with another detection. */
const CLEAN_OVERLAP = 0.25;
/** Running appearance update rate per clean confident detection. */
const APPEARANCE_RATE = 0.3;
/** Weight of a detection overlapping another one in Track.descriptor (clean ones weigh 1). */
const OVERLAPPED_DESCRIPTOR_WEIGHT = 0.1;
const INFEASIBLE = 1e6;
/** Two pairs whose swap would cost less than this more are ambiguous (see associate). */
const AMBIGUITY_MARGIN = 0.1;
/** Added to a tentative track's costs, so a confirmed track wins a tie. */
const TENTATIVE_PENALTY = 0.05;

interface LiveTrack {
  id: string | null;
  hits: number;
  /** 4 coordinates × [position, velocity, p00, p01, p11]. */
  filter: Float64Array;
  filterT: number;
  lastHitT: number;
  /** The last detection's box, when in this clip (for interpolating the missed frames after it). */
  lastHitBox: NormBox | null;
  firstMissT: number | null;
  /** Frames missed since the last detection, in this clip. */
  missTimes: number[];
  appearance: Float32Array | null;
  descriptorSum: Float64Array | null;
  descriptorWeight: number;
  maxScore: number;
  /** This clip's points. */
  points: TrackPoint[];
}

interface Candidate {
  detection: Detection;
  isClean: boolean;
}

export class PersonTracker {
  private readonly options: TrackerOptions;
  private live: LiveTrack[] = [];
  private readonly ended: LiveTrack[] = [];
  private lastT = -Infinity;
  private nextNumber = 1;
  private isFinished = false;

  constructor(
    options: Partial<TrackerOptions>,
    private readonly idPrefix: string,
    state?: TrackerState,
  ) {
    this.options = { ...DEFAULT_TRACKER_OPTIONS, ...options };
    // A state of another version (written before an upgrade) is dropped: its people get new ids.
    if (state && state.version === STATE_VERSION) this.live = state.tracks.map(restoreTrack);
  }

  /**
   * Adds one analysed frame: `t` seconds from the clip's start (not decreasing), and its detections. Answers
   * how many tracks are live afterwards (tentative ones included), e.g. to keep the detector running while
   * someone is followed.
   */
  update(t: number, detections: readonly Detection[], lookedAt?: readonly NormBox[]): number {
    this.advance(t);
    const { highScore, lowScore } = this.options;
    for (const track of this.live) predict(track, t);

    const candidates = markClean(detections.filter((d) => d.score >= lowScore));
    const high = candidates.filter((c) => c.detection.score >= highScore);
    const low = candidates.filter((c) => c.detection.score < highScore);
    const confirmed = this.live.filter((track) => track.id !== null);

    const matched = new Set<LiveTrack>();
    const abstained = new Set<LiveTrack>();
    const round = (tracks: LiveTrack[], dets: Candidate[], isConfident: boolean): Candidate[] => {
      const { pairs, ambiguous } = this.associate(tracks, dets, t, isConfident);
      const used = new Set<Candidate>();
      for (const [track, candidate] of pairs) {
        this.hit(track, candidate, t, isConfident);
        matched.add(track);
        used.add(candidate);
      }
      for (const [track, candidate] of ambiguous) {
        abstained.add(track);
        used.add(candidate);
      }
      return dets.filter((c) => !used.has(c));
    };
    const newcomers = round(this.live, high, true);
    round(
      confirmed.filter((track) => !matched.has(track) && !abstained.has(track)),
      low,
      false,
    );

    const survivors: LiveTrack[] = [];
    for (const track of this.live) {
      if (matched.has(track)) survivors.push(track);
      else if (
        lookedAt &&
        this.isInPicture(track) &&
        !lookedAt.some((box) => contains(box, filterCentre(track.filter, this.options.aspect)))
      ) {
        // Where the detector did not look: as a skipped frame.
        track.missTimes.push(t);
        survivors.push(track);
      } else if (track.id !== null && this.keepsThroughMiss(track, t)) {
        track.missTimes.push(t);
        survivors.push(track);
      } else if (track.id !== null) this.ended.push(track);
    }
    for (const candidate of newcomers) survivors.push(this.start(candidate, t));
    this.live = survivors;
    return survivors.length;
  }

  /**
   * A frame the detector did not look at (the engine skips it where nobody new can have appeared): nobody is
   * missed, found, started or ended. The tracks get a point for it once found again (interpolated, as for
   * misses) or, at the clip's end, from their motion model.
   */
  skip(t: number): void {
    this.advance(t);
    // Someone the motion model takes out of the picture has left (as when missed there).
    const left = this.live.filter((track) => {
      predict(track, t);
      return !this.isInPicture(track);
    });
    for (const track of left) if (track.id !== null) this.ended.push(track);
    this.live = this.live.filter((track) => !left.includes(track));
    for (const track of this.live) track.missTimes.push(t);
  }

  /**
   * The live tracks where their motion model puts them at time `t` (not decreasing), for deciding where the
   * detector must look: `confirmed`, seconds since the last detection, and whether the last frame looked at
   * missed them.
   */
  predicted(
    t: number,
    past = false,
  ): { box: NormBox; confirmed: boolean; sinceHit: number; missing: boolean }[] {
    if (!past && t < this.lastT) throw new Error(`frame times must not decrease (${t} after ${this.lastT})`);
    return this.live.map((track) => ({
      box: filterBox(extrapolate(track.filter, t - track.filterT), this.options.aspect),
      confirmed: track.id !== null,
      sinceHit: t - track.lastHitT,
      missing: track.firstMissT !== null,
    }));
  }

  private advance(t: number): void {
    if (this.isFinished) throw new Error('tracker already finished');
    if (!Number.isFinite(t) || t < this.lastT)
      throw new Error(`frame times must not decrease (${t} after ${this.lastT})`);
    this.lastT = t;
  }

  /**
   * Ends the clip: the confirmed tracks with points in it (ended or still live), and the state the next clip's
   * tracker starts from (the live tracks, times shifted by −clipSeconds). The tracker is done afterwards.
   */
  finish(clipSeconds: number): { tracks: Track[]; state: TrackerState } {
    if (this.isFinished) throw new Error('tracker already finished');
    this.isFinished = true;
    // Frames skipped after a track's last detection (not missed) get the motion model's box.
    for (const track of this.live) {
      if (track.id === null || track.firstMissT !== null) continue;
      for (const tm of track.missTimes) {
        const box = filterBox(extrapolate(track.filter, tm - track.filterT), this.options.aspect);
        track.points.push({ t: round(tm, 3), box: roundBox(box), score: 0 });
      }
      track.missTimes = [];
    }
    const tracks = [...this.ended, ...this.live]
      .filter((track) => track.id !== null && track.points.length > 0)
      .map(reportTrack)
      .sort((a, b) => a.points[0]!.t - b.points[0]!.t || a.id.localeCompare(b.id));
    return {
      tracks,
      state: { version: STATE_VERSION, tracks: this.live.map((track) => saveTrack(track, clipSeconds)) },
    };
  }

  private keepsThroughMiss(track: LiveTrack, t: number): boolean {
    track.firstMissT ??= t;
    return this.isInPicture(track) && t - track.firstMissT <= this.options.maxMissSeconds;
  }

  private isInPicture(track: LiveTrack): boolean {
    const cx = track.filter[0]! / this.options.aspect;
    const cy = track.filter[5]!;
    return cx >= 0 && cx <= 1 && cy >= 0 && cy <= 1;
  }

  private hit(track: LiveTrack, candidate: Candidate, t: number, isConfident: boolean): void {
    const { detection } = candidate;
    const box = detection.box;
    if (track.lastHitBox) {
      for (const tm of track.missTimes) {
        const f = (tm - track.lastHitT) / (t - track.lastHitT);
        track.points.push({ t: round(tm, 3), box: lerpBox(track.lastHitBox, box, f), score: 0 });
      }
    }
    track.points.push({ t: round(t, 3), box: roundBox(box), score: round(detection.score, 3) });
    correct(track.filter, boxMeasurement(box, this.options.aspect));
    track.hits++;
    track.lastHitT = t;
    track.lastHitBox = box;
    track.firstMissT = null;
    track.missTimes = [];
    track.maxScore = Math.max(track.maxScore, detection.score);
    if (detection.descriptor) addDescriptor(track, detection.descriptor, candidate.isClean, isConfident);
    if (track.id === null && track.hits >= this.options.minHits)
      track.id = `${this.idPrefix}${this.nextNumber++}`;
  }

  private start(candidate: Candidate, t: number): LiveTrack {
    const { detection } = candidate;
    const filter = new Float64Array(20);
    const z = boxMeasurement(detection.box, this.options.aspect);
    const h = Math.max(z[3], 1e-3);
    for (let k = 0; k < 4; k++) {
      const o = k * 5;
      filter[o] = z[k]!;
      filter[o + 2] = (MEASUREMENT_NOISE[k]! * h) ** 2;
      filter[o + 4] = (INITIAL_SPEED[k]! * h) ** 2;
    }
    const track: LiveTrack = {
      id: null,
      hits: 1,
      filter,
      filterT: t,
      lastHitT: t,
      lastHitBox: detection.box,
      firstMissT: null,
      missTimes: [],
      appearance: null,
      descriptorSum: null,
      descriptorWeight: 0,
      maxScore: detection.score,
      points: [{ t: round(t, 3), box: roundBox(detection.box), score: round(detection.score, 3) }],
    };
    if (detection.descriptor) addDescriptor(track, detection.descriptor, candidate.isClean, true);
    if (this.options.minHits <= 1) track.id = `${this.idPrefix}${this.nextNumber++}`;
    return track;
  }

  /**
   * The optimal matching of tracks and detections under the gates. Two matched pairs that would cost about the
   * same swapped (two people crossing, neither told apart by place, size nor looks) are set aside as ambiguous:
   * both tracks coast through this frame on their own motion (their point is filled in once found again), rather
   * than risk swapping ids. Only for tracks seen in the previous frame, so a pair walking together is still
   * decided the frame after.
   */
  private associate(
    tracks: LiveTrack[],
    candidates: Candidate[],
    t: number,
    isConfident: boolean,
  ): { pairs: [LiveTrack, Candidate][]; ambiguous: [LiveTrack, Candidate][] } {
    if (tracks.length === 0 || candidates.length === 0) return { pairs: [], ambiguous: [] };
    const costs = tracks.map((track) => candidates.map((c) => this.pairCost(track, c, t, isConfident)));
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

  /** 0..1 for a pair that may match (lower is better), INFEASIBLE otherwise. */
  private pairCost(track: LiveTrack, candidate: Candidate, t: number, isConfident: boolean): number {
    const o = this.options;
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
      if (candidate.isClean && a > maxDistance) return INFEASIBLE;
      const weight = candidate.isClean ? o.appearanceWeight : o.appearanceWeight / 2;
      cost = (1 - weight) * motion + weight * a;
    }
    if (track.id === null) cost += TENTATIVE_PENALTY;
    return cost > o.maxCost ? INFEASIBLE : cost;
  }
}

/** Centre x, centre y, width, height, in picture heights. */
function boxMeasurement(box: NormBox, aspect: number): [number, number, number, number] {
  return [(box.x + box.w / 2) * aspect, box.y + box.h / 2, box.w * aspect, box.h];
}

function filterBox(f: Float64Array, aspect: number): NormBox {
  const w = Math.max(f[10]!, 0) / aspect;
  const h = Math.max(f[15]!, 0);
  return { x: f[0]! / aspect - w / 2, y: f[5]! - h / 2, w, h };
}

/** The filter's state `dt` seconds on, or back when negative (positions only; the filter is not changed). */
function extrapolate(f: Float64Array, dt: number): Float64Array {
  const moved = Float64Array.from(f);
  for (let k = 0; k < 2; k++) moved[k * 5] = f[k * 5]! + f[k * 5 + 1]! * dt;
  return moved;
}

function filterCentre(f: Float64Array, aspect: number): { x: number; y: number } {
  return { x: f[0]! / aspect, y: f[5]! };
}

function contains(box: NormBox, point: { x: number; y: number }): boolean {
  return point.x >= box.x && point.x <= box.x + box.w && point.y >= box.y && point.y <= box.y + box.h;
}

/** Moves the filter to time t: constant velocity for the centre, a random walk for the sizes. */
function predict(track: LiveTrack, t: number): void {
  const dt = t - track.filterT;
  if (dt <= 0) return;
  const f = track.filter;
  const h = Math.max(f[15]!, 1e-3);
  for (let k = 0; k < 2; k++) {
    const o = k * 5;
    const q = (ACCELERATION_NOISE[k]! * h) ** 2;
    const [p00, p01, p11] = [f[o + 2]!, f[o + 3]!, f[o + 4]!];
    f[o] = f[o]! + f[o + 1]! * dt;
    f[o + 2] = p00 + 2 * dt * p01 + dt * dt * p11 + (q * dt ** 3) / 3;
    f[o + 3] = p01 + dt * p11 + (q * dt ** 2) / 2;
    f[o + 4] = p11 + q * dt;
  }
  for (let k = 2; k < 4; k++) f[k * 5 + 2] = f[k * 5 + 2]! + (SIZE_NOISE[k - 2]! * h) ** 2 * dt;
  track.filterT = t;
}

function correct(f: Float64Array, z: readonly number[]): void {
  const h = Math.max(z[3]!, 1e-3);
  for (let k = 0; k < 4; k++) {
    const o = k * 5;
    const [p00, p01, p11] = [f[o + 2]!, f[o + 3]!, f[o + 4]!];
    const s = p00 + (MEASUREMENT_NOISE[k]! * h) ** 2;
    const k0 = p00 / s;
    const k1 = p01 / s;
    const innovation = z[k]! - f[o]!;
    f[o] = f[o]! + k0 * innovation;
    f[o + 1] = f[o + 1]! + k1 * innovation;
    f[o + 2] = (1 - k0) * p00;
    f[o + 3] = (1 - k0) * p01;
    f[o + 4] = p11 - k1 * p01;
  }
}

/**
 * Detections whose pixels are mostly their own: a box largely covered by the box of a person who may stand in
 * front (mayHide, as describeDetections masks) has a descriptor of what is left, or mixing both, which must
 * not teach the track's appearance nor veto a match.
 */
function markClean(detections: readonly Detection[]): Candidate[] {
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

function addDescriptor(
  track: LiveTrack,
  descriptor: Float32Array,
  isClean: boolean,
  isConfident: boolean,
): void {
  if (track.appearance?.length !== descriptor.length) {
    track.appearance = Float32Array.from(descriptor);
    track.descriptorSum = null;
    track.descriptorWeight = 0;
  } else if (isClean && isConfident) {
    for (let i = 0; i < descriptor.length; i++) {
      track.appearance[i] = track.appearance[i]! + APPEARANCE_RATE * (descriptor[i]! - track.appearance[i]!);
    }
  }
  const weight = isClean ? 1 : OVERLAPPED_DESCRIPTOR_WEIGHT;
  track.descriptorSum ??= new Float64Array(descriptor.length);
  for (let i = 0; i < descriptor.length; i++)
    track.descriptorSum[i] = track.descriptorSum[i]! + weight * descriptor[i]!;
  track.descriptorWeight += weight;
}

function reportTrack(track: LiveTrack): Track {
  const sum = track.descriptorSum;
  return {
    id: track.id!,
    points: track.points,
    maxScore: round(track.maxScore, 3),
    descriptor:
      sum && track.descriptorWeight > 0 ? Array.from(sum, (v) => round(v / track.descriptorWeight, 4)) : null,
  };
}

function saveTrack(track: LiveTrack, clipSeconds: number): TrackerStateTrack {
  return {
    id: track.id,
    hits: track.hits,
    filterT: round(track.filterT - clipSeconds, 3),
    lastHitT: round(track.lastHitT - clipSeconds, 3),
    firstMissT: track.firstMissT === null ? null : round(track.firstMissT - clipSeconds, 3),
    filter: Array.from(track.filter, (v) => Number(v.toPrecision(5))),
    appearance: track.appearance ? Array.from(track.appearance, (v) => round(v, 4)) : null,
    descriptorSum: track.descriptorSum ? Array.from(track.descriptorSum, (v) => round(v, 4)) : null,
    descriptorWeight: round(track.descriptorWeight, 3),
    maxScore: round(track.maxScore, 3),
  };
}

function restoreTrack(saved: TrackerStateTrack): LiveTrack {
  return {
    id: saved.id,
    hits: saved.hits,
    filter: Float64Array.from(saved.filter),
    filterT: saved.filterT,
    lastHitT: saved.lastHitT,
    lastHitBox: null,
    firstMissT: saved.firstMissT,
    missTimes: [],
    appearance: saved.appearance ? Float32Array.from(saved.appearance) : null,
    descriptorSum: saved.descriptorSum ? Float64Array.from(saved.descriptorSum) : null,
    descriptorWeight: saved.descriptorWeight,
    maxScore: saved.maxScore,
    points: [],
  };
}

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

function intersection(a: NormBox, b: NormBox): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

function area(box: NormBox): number {
  return Math.max(0, box.w) * Math.max(0, box.h);
}

export function boxIou(a: NormBox, b: NormBox): number {
  const inter = intersection(a, b);
  const union = area(a) + area(b) - inter;
  return union > 0 ? inter / union : 0;
}

function lerpBox(a: NormBox, b: NormBox, f: number): NormBox {
  return roundBox({
    x: a.x + (b.x - a.x) * f,
    y: a.y + (b.y - a.y) * f,
    w: a.w + (b.w - a.w) * f,
    h: a.h + (b.h - a.h) * f,
  });
}

function roundBox(box: NormBox): NormBox {
  return { x: round(box.x, 4), y: round(box.y, 4), w: round(box.w, 4), h: round(box.h, 4) };
}

function round(v: number, decimals: number): number {
  const k = 10 ** decimals;
  return Math.round(v * k) / k;
}
