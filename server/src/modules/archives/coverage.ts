// The buckets of a coverage answer (issue 22, continuous timeline) from the per-bucket sums of the clips, their
// entry-alert minutes and the people counter's passes: one entry per bucket with anything in it, oldest first,
// written in the offset the client used in `from`.
import type { CoverageBucket } from '@camwatch/contract/coverage';
import { formatInOffset } from './archive-minutes.ts';

export interface ClipSums {
  bucket: number;
  /** Counts come back from PostgreSQL as text (bigint). */
  recorded_ms: string | number | null;
  motion: string | number;
}

export function coverageBuckets(opts: {
  fromMs: number;
  toMs: number;
  bucketSec: number;
  offset: string;
  clips: readonly ClipSums[];
  entries: readonly { bucket: number; minutes: string | number }[];
  passes: readonly { bucket: number; passes: string | number }[];
}): CoverageBucket[] {
  const bucketMs = opts.bucketSec * 1000;
  const byIndex = new Map<number, CoverageBucket>();
  const at = (index: number) => {
    let entry = byIndex.get(index);
    if (!entry) {
      entry = {
        start: formatInOffset(opts.fromMs + index * bucketMs, opts.offset),
        recorded_sec: 0,
        motion: 0,
        enter_alert: 0,
        people: 0,
      };
      byIndex.set(index, entry);
    }
    return entry;
  };
  for (const row of opts.clips) {
    const entry = at(row.bucket);
    // The last bucket may be cut short by `to`; pieces never overlap, but a bucket holds no more than itself.
    const length = Math.min(bucketMs, opts.toMs - (opts.fromMs + row.bucket * bucketMs));
    entry.recorded_sec = Math.min(length, Number(row.recorded_ms ?? 0)) / 1000;
    entry.motion = Number(row.motion);
  }
  for (const row of opts.entries) at(row.bucket).enter_alert = Number(row.minutes);
  for (const row of opts.passes) at(row.bucket).people = Number(row.passes);
  return [...byIndex.entries()].sort(([a], [b]) => a - b).map(([, entry]) => entry);
}
