// The limits of a camera's recorded coverage (issue 22, continuous timeline) and the bucket sizes a client
// asks for, without zod, so the browser can use them: a period of at most COVERAGE_MAX_DAYS cut into at most
// COVERAGE_MAX_BUCKETS buckets of whole minutes.

const MINUTE_SEC = 60;
const DAY_MS = 86_400_000;

/** The longest period one coverage call covers. */
export const COVERAGE_MAX_DAYS = 14;
export const COVERAGE_MAX_MS = COVERAGE_MAX_DAYS * DAY_MS;
/** The most buckets one answer holds. */
export const COVERAGE_MAX_BUCKETS = 1500;
/** A bucket is a whole number of minutes, from one minute to one day. */
export const COVERAGE_BUCKET_MIN_SEC = MINUTE_SEC;
export const COVERAGE_BUCKET_MAX_SEC = 86_400;

/** The bucket sizes a client picks from (seconds): each divides the next page boundary evenly. */
export const COVERAGE_BUCKET_STEPS = [60, 120, 300, 600, 900, 1800, 3600, 7200] as const;

/** How many buckets a period of [fromMs, toMs) holds at a bucket size (the last one may be cut short). */
export const coverageBucketCount = (fromMs: number, toMs: number, bucketSec: number): number =>
  Math.ceil((toMs - fromMs) / (bucketSec * 1000));

/**
 * The smallest bucket size that draws the span in at most `maxBuckets` buckets (a couple of pixels each on a
 * strip `maxBuckets` × 2 wide); the largest step when none does.
 */
export function coverageBucketFor(spanMs: number, maxBuckets: number): number {
  const limit = Math.max(1, Math.min(maxBuckets, COVERAGE_MAX_BUCKETS));
  return COVERAGE_BUCKET_STEPS.find((step) => spanMs / (step * 1000) <= limit) ?? 7200;
}

/**
 * The length of one page a client asks for at a bucket size: 360 buckets, at most 7 days. Pages start at
 * multiples of their length since the epoch, so panning asks only for the pages it has not seen.
 */
export const coveragePageMs = (bucketSec: number): number => Math.min(360 * bucketSec * 1000, 7 * DAY_MS);

/** The pages (their start, ms) that cover [fromMs, toMs) at a bucket size. */
export function coveragePages(fromMs: number, toMs: number, bucketSec: number): number[] {
  const page = coveragePageMs(bucketSec);
  const pages: number[] = [];
  for (let start = Math.floor(fromMs / page) * page; start < toMs; start += page) pages.push(start);
  return pages;
}
