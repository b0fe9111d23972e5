// The pure rules of staff exclusion (staff.ts): matching a descriptor to a camera's gallery, folding a sighting
// into an identity, the staff decision over the judgment period, and which identities the gallery lets go.
import { describe, expect, it } from 'vitest';
import {
  IDENTITY_RETENTION_DAYS,
  MEAN_WEIGHT_CAP,
  addDays,
  daysSeenWithin,
  galleryEvictions,
  isStaff,
  localDay,
  matchIdentity,
  recordSighting,
  startIdentity,
  type Identity,
} from './staff.ts';

/** Mean absolute difference, enough for the rules (the real distance is appearance.ts's). */
const distance = (a: readonly number[], b: readonly number[]) =>
  a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) / a.length;

const identity = (
  id: number,
  descriptor: number[],
  lastSeen = '2026-03-01T03:00:00Z',
  daysSeen: string[] = [],
) =>
  ({
    id,
    descriptor,
    daysSeen,
    firstSeen: new Date('2026-01-01T00:00:00Z'),
    lastSeen: new Date(lastSeen),
    passCount: 1,
  }) satisfies Identity;

describe('matchIdentity', () => {
  const gallery = [identity(1, [0, 0]), identity(2, [0.5, 0.5]), identity(3, [1, 1])];

  it('answers the nearest identity within the threshold', () => {
    expect(matchIdentity(gallery, [0.45, 0.5], 0.1, distance)?.id).toBe(2);
    expect(matchIdentity(gallery, [0.9, 1], 0.1, distance)?.id).toBe(3);
  });

  it('answers null when none is near enough (a new person), and at the threshold still matches', () => {
    expect(matchIdentity(gallery, [0.25, 0.25], 0.2, distance)).toBeNull();
    expect(matchIdentity(gallery, [0.25, 0.25], 0.25, distance)?.id).toBe(1);
    expect(matchIdentity([], [0, 0], 1, distance)).toBeNull();
  });

  it('skips descriptors of another length and a distance that is not a number', () => {
    expect(matchIdentity([identity(1, [0, 0, 0])], [0, 0], 1, distance)).toBeNull();
    expect(matchIdentity(gallery, [0, 0], 1, () => Number.NaN)).toBeNull();
  });

  it('breaks a tie by the most recently seen, then the lowest id', () => {
    const twins = [
      identity(7, [0.2, 0.2], '2026-03-01T00:00:00Z'),
      identity(5, [0.2, 0.2], '2026-03-02T00:00:00Z'),
      identity(4, [0.2, 0.2], '2026-03-02T00:00:00Z'),
    ];
    expect(matchIdentity(twins, [0.2, 0.2], 0.1, distance)?.id).toBe(4);
  });
});

describe('recordSighting', () => {
  const at = new Date('2026-03-01T03:00:00Z');
  const first = startIdentity({ descriptor: [1, 0], at, day: '2026-03-01', passes: 1 });

  it('starts an identity from its first sighting', () => {
    expect(first).toEqual({
      descriptor: [1, 0],
      daysSeen: ['2026-03-01'],
      firstSeen: at,
      lastSeen: at,
      passCount: 1,
    });
  });

  it('moves the descriptor to the running mean, and counts the passes', () => {
    const later = new Date('2026-03-01T05:00:00Z');
    const next = recordSighting(first, { descriptor: [0, 1], at: later, day: '2026-03-01', passes: 1 });
    expect(next.descriptor).toEqual([0.5, 0.5]);
    expect(next.passCount).toBe(2);
    const third = recordSighting(next, { descriptor: [0, 1], at: later, day: '2026-03-01', passes: 2 });
    expect(third.descriptor).toEqual([0.25, 0.75]);
    expect(third.passCount).toBe(4);
  });

  it('weighs the stored descriptor as at most MEAN_WEIGHT_CAP passes, so it follows a slow change', () => {
    const old = { ...first, passCount: 10_000 };
    const next = recordSighting(old, { descriptor: [0, 1], at, day: '2026-03-01', passes: 1 });
    expect(next.descriptor[1]).toBeCloseTo(1 / (MEAN_WEIGHT_CAP + 1));
  });

  it('records a day once, however often the person passes that day', () => {
    let id = first;
    for (let i = 0; i < 3; i++)
      id = recordSighting(id, { descriptor: [1, 0], at, day: '2026-03-01', passes: 1 });
    expect(id.daysSeen).toEqual(['2026-03-01']);
    id = recordSighting(id, { descriptor: [1, 0], at, day: '2026-02-27', passes: 1 });
    expect(id.daysSeen).toEqual(['2026-02-27', '2026-03-01']);
  });

  it('widens first and last seen, whatever order the sightings come in', () => {
    const earlier = new Date('2026-02-01T00:00:00Z');
    const later = new Date('2026-04-01T00:00:00Z');
    const a = recordSighting(first, { descriptor: [1, 0], at: later, day: '2026-04-01', passes: 1 });
    const b = recordSighting(a, { descriptor: [1, 0], at: earlier, day: '2026-02-01', passes: 1 });
    expect([b.firstSeen, b.lastSeen]).toEqual([earlier, later]);
  });

  it('keeps only the days of the retention window ending at the newest day', () => {
    const newest = '2026-06-30';
    const oldestKept = addDays(newest, -(IDENTITY_RETENTION_DAYS - 1));
    const withOld = { ...first, daysSeen: [addDays(oldestKept, -1), oldestKept] };
    const next = recordSighting(withOld, { descriptor: [1, 0], at, day: newest, passes: 1 });
    expect(next.daysSeen).toEqual([oldestKept, newest]);
  });
});

describe('isStaff', () => {
  const seen = (...days: string[]) => ({ daysSeen: days });
  const setting = { judgmentDays: 30, admissionThreshold: 3, today: '2026-03-31' };

  it('is staff on more than the threshold of distinct days within the period', () => {
    expect(isStaff(seen('2026-03-01', '2026-03-10', '2026-03-20'), setting)).toBe(false);
    expect(isStaff(seen('2026-03-02', '2026-03-10', '2026-03-20', '2026-03-31'), setting)).toBe(true);
  });

  it('counts today and the period’s first day, not the day before it', () => {
    // 30 days ending 2026-03-31 begin on 2026-03-02.
    expect(daysSeenWithin(seen('2026-03-01', '2026-03-02', '2026-03-31'), '2026-03-31', 30)).toBe(2);
    expect(isStaff(seen('2026-03-01', '2026-03-10', '2026-03-20', '2026-03-31'), setting)).toBe(false);
  });

  it('does not count old days outside the period, nor days after today', () => {
    const person = seen(
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
    );
    expect(isStaff(person, setting)).toBe(false);
    expect(isStaff(person, { ...setting, today: '2026-01-08' })).toBe(true);
  });

  it('counts a day once and a period of no days as nobody', () => {
    expect(daysSeenWithin(seen('2026-03-30', '2026-03-30'), '2026-03-31', 30)).toBe(1);
    expect(isStaff(seen('2026-03-31'), { judgmentDays: 0, admissionThreshold: 0, today: '2026-03-31' })).toBe(
      false,
    );
  });
});

describe('days', () => {
  it('are the calendar days of the time zone', () => {
    const at = new Date('2026-03-01T15:30:00Z');
    expect(localDay(at, 'Asia/Tokyo')).toBe('2026-03-02');
    expect(localDay(at, 'UTC')).toBe('2026-03-01');
    expect(localDay(at, 'America/Los_Angeles')).toBe('2026-03-01');
  });

  it('move over month and leap-year ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('galleryEvictions', () => {
  const now = new Date('2026-06-30T00:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

  it('lets go identities unseen for longer than the retention', () => {
    const gallery = [
      { id: 1, lastSeen: daysAgo(IDENTITY_RETENTION_DAYS + 1) },
      { id: 2, lastSeen: daysAgo(IDENTITY_RETENTION_DAYS) },
      { id: 3, lastSeen: daysAgo(1) },
    ];
    expect(galleryEvictions(gallery, now)).toEqual([1]);
  });

  it('over the cap, lets the least recently seen go first', () => {
    const gallery = [
      { id: 1, lastSeen: daysAgo(1) },
      { id: 2, lastSeen: daysAgo(5) },
      { id: 3, lastSeen: daysAgo(3) },
      { id: 4, lastSeen: daysAgo(5) },
    ];
    expect(galleryEvictions(gallery, now, 2)).toEqual([2, 4]);
    expect(galleryEvictions(gallery, now, 4)).toEqual([]);
  });
});
