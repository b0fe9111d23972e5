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
import { contains, lerpBox, round, roundBox } from './box-geometry.ts';
import { addDescriptor, reportTrack, type LiveTrack } from './live-track.ts';
import { associate, markClean, type Candidate } from './track-association.ts';
import {
  boxMeasurement,
  correct,
  extrapolate,
  filterBox,
  filterCentre,
  newFilter,
  predict,
} from './track-motion.ts';
import { DEFAULT_TRACKER_OPTIONS, type TrackerOptions } from './tracker-options.ts';
import { restoreTrack, saveTrack, STATE_VERSION, type TrackerState } from './tracker-state.ts';
import type { Detection, NormBox, Track } from './types.ts';

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
      const { pairs, ambiguous } = associate(tracks, dets, t, isConfident, this.options);
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
    const filter = newFilter(boxMeasurement(detection.box, this.options.aspect));
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
}
