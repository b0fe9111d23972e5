// Staff exclusion for the people counter (advanced.md §3: "staff judgment period in days, staff admission
// threshold"). Each camera keeps an online gallery of the people it has seen, by the appearance descriptor of
// their tracks (colour histograms of the upper and lower body, see appearance.ts); a person recognised on more
// than the admission threshold of distinct days within the judgment period is staff, and their passes leave
// the customer counts.
//
// These are the pure rules: matching a descriptor to the gallery, folding a sighting into an identity, the
// staff decision and which identities the gallery lets go. The storage and the per-clip order of things are
// in modules/people-counter/people-identity.service.ts.
//
// Limits of colour histograms (the trade-off the threshold is chosen on, see staff.test.ts):
// - two people in the same uniform look the same: all staff in one uniform become one identity, which is
//   staff (the right answer for counting), but a customer wearing the staff's colours may be taken for staff;
// - one person in clothes that change from day to day is a new identity each day and never reaches staff;
// - a tighter threshold splits one person under changing light into several identities (missed staff), a
//   looser one merges customers in similar clothes into one (customers counted as staff).

/** Distance between two appearance descriptors, 0 (same) .. 1 (nothing alike). */
export type DescriptorDistance = (a: readonly number[], b: readonly number[]) => number;

/** One person as a camera's gallery knows them. */
export interface Identity {
  id: number;
  /** Running mean of the descriptors of the identity's passes. */
  descriptor: number[];
  /** Distinct local dates (YYYY-MM-DD, in the camera's time zone) with a pass, ascending. */
  daysSeen: string[];
  firstSeen: Date;
  lastSeen: Date;
  passCount: number;
}

export type NewIdentity = Omit<Identity, 'id'>;

export interface StaffSetting {
  /** The judgment period: the days up to and including `today` that count. */
  judgmentDays: number;
  /** Staff when seen on more than this many distinct days within the period. */
  admissionThreshold: number;
}

/**
 * Largest appearance distance (appearance.ts, 1 − Bhattacharyya) at which a pass is taken for a known identity.
 * Chosen on 128 synthetic outfits (staff-threshold.test.ts: camera gain 0.6–1.5, ±6 % colour cast, the person
 * alone 0.8–1.15 brighter or darker, noise, folds, another place and size, a box a little off): two sightings of
 * the same clothes lie at median 0.065, 95th percentile 0.196 (1.3 % above 0.25; a sighting against the mean of
 * the others, what the gallery compares with: 0.2 %); clearly different outfits at 1st percentile 0.351, none
 * at or under 0.25. Outfits of neighbouring shades (navy and black, beige and white…) merge 8.5 % of the time.
 * Lower misses more of the same person (0.2: 4.4 %), higher merges more customers (0.35: 18 % of neighbours).
 */
export const IDENTITY_MATCH_THRESHOLD = 0.25;

/** Days seen are kept this long (the longest judgment period allowed), and an identity unseen this long goes. */
export const IDENTITY_RETENTION_DAYS = 90;

/** At most this many identities per camera; beyond it the least recently seen go first. */
export const GALLERY_CAP = 5000;

/**
 * The running mean weighs the stored descriptor as at most this many passes, so it follows a slow change
 * (season, lighting of the shop) instead of freezing after months of passes.
 */
export const MEAN_WEIGHT_CAP = 20;

/**
 * The identity nearest to the descriptor, if its distance is at most `threshold`; null when none is near
 * enough (a new person). Ties go to the most recently seen, then the lowest id, so the answer is stable.
 */
export function matchIdentity(
  gallery: readonly Identity[],
  descriptor: readonly number[],
  threshold: number,
  distance: DescriptorDistance,
): Identity | null {
  let best: Identity | null = null;
  let bestDistance = Infinity;
  for (const identity of gallery) {
    if (identity.descriptor.length !== descriptor.length) continue;
    const d = distance(identity.descriptor, descriptor);
    if (!(d <= threshold)) continue;
    if (
      d < bestDistance ||
      (d === bestDistance &&
        best &&
        (identity.lastSeen > best.lastSeen ||
          (identity.lastSeen.getTime() === best.lastSeen.getTime() && identity.id < best.id)))
    ) {
      best = identity;
      bestDistance = d;
    }
  }
  return best;
}

/** The local date (YYYY-MM-DD) of a moment on the wall clock of an IANA time zone. */
export function localDay(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A date (YYYY-MM-DD) moved by whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The days to keep: distinct, ascending, none older than the retention window ending at the newest one. */
function keptDays(days: readonly string[]): string[] {
  const distinct = [...new Set(days)].sort();
  const newest = distinct.at(-1);
  if (newest === undefined) return [];
  const oldestKept = addDays(newest, -(IDENTITY_RETENTION_DAYS - 1));
  return distinct.filter((d) => d >= oldestKept);
}

export interface Sighting {
  descriptor: readonly number[];
  at: Date;
  /** `at` as a local date of the camera. */
  day: string;
  /** Passes this sighting stands for (a track that went in and out in one clip is two). */
  passes: number;
}

/** A new identity from its first sighting. */
export function startIdentity(sighting: Sighting): NewIdentity {
  return {
    descriptor: [...sighting.descriptor],
    daysSeen: [sighting.day],
    firstSeen: sighting.at,
    lastSeen: sighting.at,
    passCount: sighting.passes,
  };
}

/**
 * The identity after another sighting: the descriptor moves toward the new one (running mean, the stored one
 * weighing as at most MEAN_WEIGHT_CAP passes), the day joins the days seen (once), first and last seen widen.
 * Recording a day already seen leaves the days as they were.
 */
export function recordSighting<T extends NewIdentity>(identity: T, sighting: Sighting): T {
  const weight = Math.min(identity.passCount, MEAN_WEIGHT_CAP);
  const total = weight + sighting.passes;
  const descriptor =
    identity.descriptor.length === sighting.descriptor.length && total > 0
      ? identity.descriptor.map(
          (v, i) => (v * weight + (sighting.descriptor[i] ?? 0) * sighting.passes) / total,
        )
      : [...sighting.descriptor];
  return {
    ...identity,
    descriptor,
    daysSeen: keptDays([...identity.daysSeen, sighting.day]),
    firstSeen: sighting.at < identity.firstSeen ? sighting.at : identity.firstSeen,
    lastSeen: sighting.at > identity.lastSeen ? sighting.at : identity.lastSeen,
    passCount: identity.passCount + sighting.passes,
  };
}

/** How many distinct days the identity was seen within the judgment period ending on `today` (inclusive). */
export function daysSeenWithin(
  identity: Pick<Identity, 'daysSeen'>,
  today: string,
  judgmentDays: number,
): number {
  const first = addDays(today, -(judgmentDays - 1));
  return new Set(identity.daysSeen.filter((d) => d >= first && d <= today)).size;
}

/**
 * Whether the person is staff as of `today`: seen on more than `admissionThreshold` distinct days within the
 * `judgmentDays` days ending on `today`. Days after `today` do not count, so a clip analysed again later gets
 * the answer it had.
 */
export function isStaff(
  identity: Pick<Identity, 'daysSeen'>,
  setting: StaffSetting & { today: string },
): boolean {
  if (setting.judgmentDays < 1) return false;
  return daysSeenWithin(identity, setting.today, setting.judgmentDays) > setting.admissionThreshold;
}

/**
 * The identities the gallery lets go as of `now`: those unseen for longer than IDENTITY_RETENTION_DAYS, then,
 * while more than `cap` remain, the least recently seen (the lowest id first among equals).
 */
export function galleryEvictions(
  gallery: readonly Pick<Identity, 'id' | 'lastSeen'>[],
  now: Date,
  cap: number = GALLERY_CAP,
): number[] {
  const cutoff = now.getTime() - IDENTITY_RETENTION_DAYS * 86_400_000;
  const evicted: number[] = [];
  const kept: Pick<Identity, 'id' | 'lastSeen'>[] = [];
  for (const identity of gallery) {
    if (identity.lastSeen.getTime() < cutoff) evicted.push(identity.id);
    else kept.push(identity);
  }
  if (kept.length > cap) {
    kept.sort((a, b) => a.lastSeen.getTime() - b.lastSeen.getTime() || a.id - b.id);
    for (const identity of kept.slice(0, kept.length - cap)) evicted.push(identity.id);
  }
  return evicted;
}
