// How tracks are kept in the database (clip_tracks.tracks): each track as `{ id, s, d, p }` — its highest score,
// its mean appearance descriptor, and its points as rows `[t, x, y, w, h, score]` — with times to the hundredth
// of a second, picture fractions to the thousandth (a third of a pixel at 320 px) and scores to the hundredth.
// A busy minute at 2 analysed frames a second stays a few kilobytes; every analytic reads these instead of
// decoding the video again.
import type { Track } from './types.ts';

export interface StoredTrack {
  id: string;
  s: number;
  d: number[] | null;
  p: [number, number, number, number, number, number][];
}

export interface StoredClipTracks {
  tracks: StoredTrack[];
  endState: unknown;
  frames: number;
  detectedFrames: number;
  cpuMs: number;
}

const r = (v: number, places: number) => {
  const f = 10 ** places;
  return Math.round(v * f) / f;
};

export function encodeTracks(tracks: readonly Track[]): StoredTrack[] {
  return tracks.map((track) => ({
    id: track.id,
    s: r(track.maxScore, 2),
    d: track.descriptor ? track.descriptor.map((v) => r(v, 4)) : null,
    p: track.points.map((p) => [
      r(p.t, 2),
      r(p.box.x, 3),
      r(p.box.y, 3),
      r(p.box.w, 3),
      r(p.box.h, 3),
      r(p.score, 2),
    ]),
  }));
}

/** The stored tracks as `Track`s; rows that are not what we write are left out. */
export function decodeTracks(stored: unknown): Track[] {
  if (!Array.isArray(stored)) return [];
  const tracks: Track[] = [];
  for (const item of stored as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { id, s, d, p } = item as Partial<StoredTrack>;
    if (typeof id !== 'string' || typeof s !== 'number' || !Array.isArray(p)) continue;
    const points = p
      .filter((row) => Array.isArray(row) && row.length === 6 && row.every((v) => typeof v === 'number'))
      .map(([t, x, y, w, h, score]) => ({ t, box: { x, y, w, h }, score }));
    tracks.push({ id, maxScore: s, descriptor: Array.isArray(d) ? d : null, points });
  }
  return tracks;
}
