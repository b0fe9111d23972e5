// The operation analysis results screens' rules (advanced.md §2, issue 15): where each work session sits on an
// area's timeline over the period, the working time per stretch of the period for the chart, each area's share of
// the recorded time, and the request dialog's thresholds (the setting screen's own form rules). Pure.
import type { OperationAreaResult } from '@camwatch/contract/operation-analysis';

export interface TimelineSegment {
  /** Share of the period's width from its start to the segment, and the segment's width, in percent. */
  left: number;
  width: number;
  start: string;
  end: string;
}

const pct = (v: number) => Math.round(v * 10_000) / 100;

/** Each span (ISO start and end) placed on the period [startMs, endMs), cut to it. */
export function timelineSegments(
  spans: readonly { start: string; end: string }[],
  startMs: number,
  endMs: number,
): TimelineSegment[] {
  const length = endMs - startMs;
  if (!(length > 0)) return [];
  const segments: TimelineSegment[] = [];
  for (const span of spans) {
    const a = Math.max(startMs, Date.parse(span.start));
    const b = Math.min(endMs, Date.parse(span.end));
    if (!(b > a)) continue;
    segments.push({ left: pct((a - startMs) / length), width: pct((b - a) / length), ...span });
  }
  return segments;
}

/** Bucket lengths the chart may use (ms), shortest first; the first giving at most CHART_BUCKETS_MAX is taken. */
const BUCKET_MS = [10_000, 30_000, 60_000, 300_000, 600_000, 900_000, 1_800_000] as const;
export const CHART_BUCKETS_MAX = 36;

export function bucketLength(periodMs: number): number {
  return BUCKET_MS.find((ms) => periodMs / ms <= CHART_BUCKETS_MAX) ?? BUCKET_MS[BUCKET_MS.length - 1]!;
}

export interface WorkingRow {
  /** The bucket's start, ms since the epoch. */
  startMs: number;
  /** Working minutes in the bucket, per area (key `a0`, `a1`, … in the areas' order). */
  [area: `a${number}`]: number;
}

/** The working minutes of each area per bucket of the period (a session over two buckets is shared out). */
export function workingPerBucket(
  areas: readonly Pick<OperationAreaResult, 'sessions'>[],
  startMs: number,
  endMs: number,
): { bucketMs: number; rows: WorkingRow[] } {
  const bucketMs = bucketLength(endMs - startMs);
  const count = Math.max(0, Math.ceil((endMs - startMs) / bucketMs));
  const rows: WorkingRow[] = Array.from({ length: count }, (_, i) => {
    const row: WorkingRow = { startMs: startMs + i * bucketMs };
    areas.forEach((_, k) => (row[`a${k}`] = 0));
    return row;
  });
  areas.forEach((area, k) => {
    for (const session of area.sessions) {
      const a = Math.max(startMs, Date.parse(session.start));
      const b = Math.min(endMs, Date.parse(session.end));
      for (let i = Math.floor((a - startMs) / bucketMs); i < count && startMs + i * bucketMs < b; i++) {
        const from = Math.max(a, startMs + i * bucketMs);
        const to = Math.min(b, startMs + (i + 1) * bucketMs);
        if (to > from) rows[i]![`a${k}`] = (rows[i]![`a${k}`] ?? 0) + (to - from) / 60_000;
      }
    }
  });
  for (const row of rows)
    areas.forEach((_, k) => (row[`a${k}`] = Math.round((row[`a${k}`] ?? 0) * 100) / 100));
  return { bucketMs, rows };
}

/** The share of the recorded time an area was worked in, 0..1 (0 without recordings). */
export const workingShare = (area: Pick<OperationAreaResult, 'working_sec'>, recordedSec: number): number =>
  recordedSec > 0 ? Math.min(1, area.working_sec / recordedSec) : 0;

/** Percent with one decimal. */
export const formatShare = (share: number): string => `${(Math.round(share * 1000) / 10).toFixed(1)} %`;
