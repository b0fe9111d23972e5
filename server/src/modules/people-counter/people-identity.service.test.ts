// PeopleIdentityService on the real database (server/test/helpers): identities per camera, days seen, the
// staff answer, re-runs of a clip, tracks that go on into the next clip, the gallery's bounds, and that one
// customer's gallery never meets another's.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocationAndCamera, createTenant } from '../../../test/helpers/test-app.ts';
import { testDb } from '../../../test/helpers/test-database.ts';
import type { Db } from '../../db/database.ts';
import { addDays } from '../../vision/staff.ts';
import { PeopleIdentityService, type AssignIdentitiesInput } from './people-identity.service.ts';

let db: Db;
beforeAll(async () => {
  db = await testDb();
});

/** Mean absolute difference: descriptors here are short vectors of 0..1. */
const distance = (a: readonly number[], b: readonly number[]) =>
  a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) / a.length;

const service = (galleryCap?: number) => new PeopleIdentityService({ distance, threshold: 0.1, galleryCap });

const RED = [0.9, 0.1, 0.1, 0.2];
const BLUE = [0.1, 0.1, 0.9, 0.2];
const GREEN = [0.1, 0.9, 0.1, 0.7];
const setting = { judgmentDays: 30, admissionThreshold: 2 };

async function camera() {
  const { customer } = await createTenant(db);
  const { camera } = await createLocationAndCamera(db, customer.id);
  return { customerId: customer.id, cameraId: camera.id };
}

/** Noon in Tokyo on a day, plus minutes. */
const at = (day: string, minute = 0) => new Date(Date.parse(`${day}T12:00:00+09:00`) + minute * 60_000);

const run = (input: AssignIdentitiesInput, svc = service()) =>
  db.transaction().execute((trx) => svc.assignIdentities(trx, input));

const rows = (cameraId: number) =>
  db
    .selectFrom('people_identities')
    .select(['id', 'pass_count', 'last_seen', sql<string[]>`days_seen::text[]`.as('days')])
    .where('camera_id', '=', cameraId)
    .orderBy('id')
    .execute();

describe('PeopleIdentityService.assignIdentities', () => {
  it('matches the same clothes to one identity and makes a new one for other clothes', async () => {
    const cam = await camera();
    const [first] = await run({
      ...cam,
      clipTime: at('2026-03-01'),
      passes: [{ trackId: 'a', descriptor: RED }],
      setting,
    });
    const answer = await run({
      ...cam,
      clipTime: at('2026-03-01', 5),
      passes: [
        { trackId: 'b', descriptor: RED.map((v) => v + 0.02) },
        { trackId: 'c', descriptor: BLUE },
        { trackId: 'd', descriptor: null },
      ],
      setting,
    });
    expect(answer[0]).toEqual({ trackId: 'b', identityId: first?.identityId, isStaff: false });
    expect(answer[1]?.identityId).not.toBe(first?.identityId);
    expect(answer[2]).toEqual({ trackId: 'd', identityId: null, isStaff: false });
    const stored = await rows(cam.cameraId);
    expect(stored.map((r) => [r.pass_count, r.days])).toEqual([
      [2, ['2026-03-01']],
      [1, ['2026-03-01']],
    ]);
  });

  it('is staff once seen on more than the threshold of days within the period, as of each day', async () => {
    const cam = await camera();
    const days = ['2026-03-01', '2026-03-02', '2026-03-02', '2026-03-03', '2026-03-04'];
    const answers: boolean[] = [];
    for (const [i, day] of days.entries()) {
      const [a] = await run({
        ...cam,
        clipTime: at(day, i),
        passes: [{ trackId: `t${i.toString()}`, descriptor: GREEN }],
        setting,
      });
      answers.push(a?.isStaff ?? false);
    }
    // Days 1 and 2 (twice) are not more than 2 days; the third distinct day is.
    expect(answers).toEqual([false, false, false, true, true]);
    expect((await rows(cam.cameraId)).map((r) => r.days)).toEqual([
      ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'],
    ]);
    // 40 days on, the old days lie outside a 30-day period: a customer again.
    const [later] = await run({
      ...cam,
      clipTime: at(addDays('2026-03-04', 40)),
      passes: [{ trackId: 'late', descriptor: GREEN }],
      setting,
    });
    expect(later?.isStaff).toBe(false);
  });

  it('counts days on the calendar of the time zone', async () => {
    const cam = await camera();
    // 23:30 and 00:30 in Tokyo are two days there, one day in UTC.
    const evening = new Date('2026-03-01T14:30:00Z');
    const morning = new Date('2026-03-01T15:30:00Z');
    for (const [i, clipTime] of [evening, morning].entries())
      await run({ ...cam, clipTime, passes: [{ trackId: `z${i.toString()}`, descriptor: RED }], setting });
    expect((await rows(cam.cameraId)).map((r) => r.days)).toEqual([['2026-03-01', '2026-03-02']]);

    const other = await camera();
    for (const [i, clipTime] of [evening, morning].entries())
      await run({
        ...other,
        clipTime,
        timeZone: 'UTC',
        passes: [{ trackId: `z${i.toString()}`, descriptor: RED }],
        setting,
      });
    expect((await rows(other.cameraId)).map((r) => r.days)).toEqual([['2026-03-01']]);
  });

  it('answers the same and changes nothing when the same clip is analysed again', async () => {
    const cam = await camera();
    const input: AssignIdentitiesInput = {
      ...cam,
      clipTime: at('2026-04-10'),
      passes: [
        { trackId: 'p', descriptor: RED },
        { trackId: 'q', descriptor: BLUE },
        { trackId: 'p', descriptor: RED },
      ],
      setting: { judgmentDays: 30, admissionThreshold: 0 },
    };
    const first = await run(input);
    const before = await rows(cam.cameraId);
    const again = await run(input);
    expect(again).toEqual(first);
    expect(first.map((a) => a.isStaff)).toEqual([true, true, true]);
    expect(first[0]?.identityId).toBe(first[2]?.identityId);
    expect(await rows(cam.cameraId)).toEqual(before);
    // Track p went in and out: two passes on one identity.
    expect(before.map((r) => r.pass_count)).toEqual([2, 1]);
  });

  it('keeps a track’s identity into the next clip without matching it again', async () => {
    const cam = await camera();
    const [a] = await run({
      ...cam,
      clipTime: at('2026-05-01'),
      passes: [{ trackId: 'x', descriptor: RED }],
      setting,
    });
    // The same track, its descriptor since changed past the threshold (lights switched off, say).
    const [b] = await run({
      ...cam,
      clipTime: at('2026-05-01', 1),
      passes: [{ trackId: 'x', descriptor: BLUE }],
      setting,
    });
    expect(b?.identityId).toBe(a?.identityId);
    expect((await rows(cam.cameraId)).map((r) => r.pass_count)).toEqual([2]);
  });

  it('lets identities unseen for 90 days go, and keeps at most the cap, the least recently seen going first', async () => {
    const cam = await camera();
    const capped = service(2);
    const ids: (number | null)[] = [];
    for (const [i, descriptor] of [RED, BLUE, GREEN].entries()) {
      const [a] = await run(
        {
          ...cam,
          clipTime: at('2026-06-01', i),
          passes: [{ trackId: `c${i.toString()}`, descriptor }],
          setting,
        },
        capped,
      );
      ids.push(a?.identityId ?? null);
    }
    expect((await rows(cam.cameraId)).map((r) => r.id)).toEqual([ids[1], ids[2]]);

    const [late] = await run(
      {
        ...cam,
        clipTime: at(addDays('2026-06-01', 91)),
        passes: [{ trackId: 'late', descriptor: RED }],
        setting,
      },
      capped,
    );
    expect((await rows(cam.cameraId)).map((r) => r.id)).toEqual([late?.identityId]);
  });

  it('makes one identity when two clips of a camera are analysed at once', async () => {
    const cam = await camera();
    const [a, b] = await Promise.all(
      [0, 1].map((i) =>
        run({
          ...cam,
          clipTime: at('2026-06-10', i),
          passes: [{ trackId: `w${i.toString()}`, descriptor: GREEN }],
          setting,
        }),
      ),
    );
    expect(a?.[0]?.identityId).toBe(b?.[0]?.identityId);
    expect((await rows(cam.cameraId)).map((r) => r.pass_count)).toEqual([2]);
  });

  it('keeps each customer’s gallery to itself', async () => {
    const mine = await camera();
    const theirs = await camera();
    const [m] = await run({
      ...mine,
      clipTime: at('2026-07-01'),
      passes: [{ trackId: 's', descriptor: RED }],
      setting,
    });
    const [t] = await run({
      ...theirs,
      clipTime: at('2026-07-01'),
      passes: [{ trackId: 's', descriptor: RED }],
      setting,
    });
    // Same clothes, same track id and clip time at another customer: its own identity, not ours.
    expect(t?.identityId).not.toBe(m?.identityId);
    expect(await rows(mine.cameraId)).toHaveLength(1);
    expect(await rows(theirs.cameraId)).toHaveLength(1);

    // Our camera under their customer id is refused and changes nothing.
    await expect(
      run({
        customerId: theirs.customerId,
        cameraId: mine.cameraId,
        clipTime: at('2026-07-02'),
        passes: [{ trackId: 'u', descriptor: RED }],
        setting,
      }),
    ).rejects.toThrow(/not of customer/);
    expect((await rows(mine.cameraId)).map((r) => r.days)).toEqual([['2026-07-01']]);
  });
});
