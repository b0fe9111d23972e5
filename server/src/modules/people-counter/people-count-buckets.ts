// The buckets of a people count (advanced.md §2, §5): every hour, day, week (from Monday) or month of a period of
// calendar days, on the wall clock of the reader's IANA time zone, each written with the offset the zone had at
// its start, and the sums of the database (keyed by the same wall-clock start) laid onto them, zeros included.
// Pure. A bucket key is the wall-clock start `YYYY-MM-DDTHH:mm:ss`, the form the repository's SQL writes.
import type { PeopleCountBucket, PeopleCountFigures } from '@camwatch/contract/people-counts';
import { addDays, addMonths, dayMs, type PeopleCountUnit } from '@camwatch/contract/people-counts-rules';

const MINUTE_MS = 60_000;

/** The zone's offset from UTC at a moment, in minutes (+540 for Asia/Tokyo). */
export function zoneOffsetMinutes(utcMs: number, timeZone: string): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(new Date(utcMs))
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** The moment a wall-clock time (given as if it were UTC, ms) had in the zone. */
export function wallClockToUtc(wallMs: number, timeZone: string): number {
  const first = wallMs - zoneOffsetMinutes(wallMs, timeZone) * MINUTE_MS;
  return wallMs - zoneOffsetMinutes(first, timeZone) * MINUTE_MS;
}

const offsetText = (minutes: number): string => {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hh}:${mm}`;
};

/** A bucket key with the zone's offset at that moment: `2026-01-05T00:00:00+09:00`. */
export function withOffset(key: string, timeZone: string): string {
  const wallMs = Date.parse(`${key}Z`);
  return `${key}${offsetText(zoneOffsetMinutes(wallClockToUtc(wallMs, timeZone), timeZone))}`;
}

/** Monday (ISO week start) of a day's week. */
const mondayOf = (day: string): string => addDays(day, -((new Date(dayMs(day)).getUTCDay() + 6) % 7));

/** The wall-clock starts of every bucket covering [start, end] (days, both included), oldest first. */
export function bucketKeys(start: string, end: string, unit: PeopleCountUnit): string[] {
  const keys: string[] = [];
  if (unit === 'hour') {
    for (let day = start; day <= end; day = addDays(day, 1))
      for (let hour = 0; hour < 24; hour += 1) keys.push(`${day}T${String(hour).padStart(2, '0')}:00:00`);
    return keys;
  }
  const first = unit === 'week' ? mondayOf(start) : unit === 'month' ? `${start.slice(0, 8)}01` : start;
  const next = (day: string) =>
    unit === 'week' ? addDays(day, 7) : unit === 'month' ? addMonths(day, 1) : addDays(day, 1);
  for (let day = first; day <= end; day = next(day)) keys.push(`${day}T00:00:00`);
  return keys;
}

export interface BucketSum extends PeopleCountFigures {
  /** Wall-clock start of the bucket the sums belong to. */
  bucket: string;
}

const zero = (): PeopleCountFigures => ({ in: 0, out: 0, staffIn: 0, staffOut: 0 });

/** Every bucket of the period with its sums (zeros where nothing passed), and the totals. */
export function layBuckets(
  period: { start: string; end: string; unit: PeopleCountUnit; timeZone: string },
  sums: readonly BucketSum[],
): { buckets: PeopleCountBucket[]; totals: PeopleCountFigures } {
  const byKey = new Map<string, PeopleCountFigures>();
  for (const sum of sums) {
    const seen = byKey.get(sum.bucket) ?? zero();
    byKey.set(sum.bucket, {
      in: seen.in + sum.in,
      out: seen.out + sum.out,
      staffIn: seen.staffIn + sum.staffIn,
      staffOut: seen.staffOut + sum.staffOut,
    });
  }
  const totals = zero();
  const buckets = bucketKeys(period.start, period.end, period.unit).map((key) => {
    const figures = byKey.get(key) ?? zero();
    totals.in += figures.in;
    totals.out += figures.out;
    totals.staffIn += figures.staffIn;
    totals.staffOut += figures.staffOut;
    return { start: withOffset(key, period.timeZone), ...figures };
  });
  return { buckets, totals };
}
