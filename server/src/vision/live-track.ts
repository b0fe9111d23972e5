// A track while the tracker follows it, and what it learns from each detection's appearance: the running
// appearance it is matched with and the weighted mean descriptor it is reported with (Track.descriptor).
import { round } from './box-geometry.ts';
import type { NormBox, Track, TrackPoint } from './types.ts';

/** Running appearance update rate per clean confident detection. */
const APPEARANCE_RATE = 0.3;
/** Weight of a detection overlapping another one in Track.descriptor (clean ones weigh 1). */
const OVERLAPPED_DESCRIPTOR_WEIGHT = 0.1;

export interface LiveTrack {
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

export function addDescriptor(
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

export function reportTrack(track: LiveTrack): Track {
  const sum = track.descriptorSum;
  return {
    id: track.id!,
    points: track.points,
    maxScore: round(track.maxScore, 3),
    descriptor:
      sum && track.descriptorWeight > 0 ? Array.from(sum, (v) => round(v / track.descriptorWeight, 4)) : null,
  };
}
