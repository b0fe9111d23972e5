// The job queue on the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): retries with backoff,
// a crashed worker's job taken over after its lease, dedupe keys, recurring periods, and two workers on
// one database never running the same job. Time is a hand-moved clock, never the wall clock.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/database.ts';
import { testDb } from '../../test/helpers/test-database.ts';
import { JobRepository } from './job.repository.ts';
import { runMaintenance } from './maintenance.ts';
import { JobQueue, PermanentJobError, type QueueOptions } from './queue.ts';
import { JobRegistry, type JobHandler } from './registry.ts';

let db: Db;
beforeAll(async () => {
  db = await testDb();
});

const MINUTE = 60_000;

/** A clock tests move by hand. */
function clock() {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A queue for one fresh job kind (so leftovers of other tests are never claimed), with its handler. */
function queueFor(kind: string, handler: JobHandler, options: QueueOptions = {}) {
  const queue = new JobQueue(new JobRepository(db), new JobRegistry([kind]), {
    backoffMs: 10_000,
    leaseMs: 5 * MINUTE,
    ...options,
  });
  queue.handle(kind, handler);
  return queue;
}

const freshKind = (label: string) => `test-${label}-${randomUUID().slice(0, 8)}`;
const jobRow = (id: number) => new JobRepository(db).find(id);

describe('JobQueue', () => {
  it('closes unrun, in one go, the jobs of an expireAfter kind that waited past the bound; fresher ones run', async () => {
    const kind = freshKind('expire');
    const time = clock();
    const ran: unknown[] = [];
    const queue = queueFor(kind, async (payload) => void ran.push(payload.n), { now: time.now });
    queue.expireAfter(kind, 2 * MINUTE);
    const old = await Promise.all([1, 2, 3].map((n) => queue.enqueue(kind, { n })));
    time.advance(90_000);
    const fresh = await queue.enqueue(kind, { n: 4 });
    time.advance(31_000);
    expect(await queue.runDue()).toBe(1);
    expect(ran).toEqual([4]);
    for (const id of old)
      expect(await jobRow(id!)).toMatchObject({
        status: 'done',
        attempts: 0,
        last_error: 'not run: waited over 120 s',
      });
    expect(await jobRow(fresh!)).toMatchObject({ status: 'done', attempts: 1, last_error: null });
    expect(() => queue.expireAfter('no-such-kind', MINUTE)).toThrow(/unknown job kind/);
  });

  it('tells the handler when its job became due, so it knows how long it waited', async () => {
    const kind = freshKind('due');
    const time = clock();
    const seen: { dueAt?: Date; attempt: number }[] = [];
    const queue = queueFor(kind, async (_payload, context) => void seen.push(context), { now: time.now });
    const enqueuedAt = time.now();
    await queue.enqueue(kind, {});
    time.advance(90_000);
    expect(await queue.runDue()).toBe(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.attempt).toBe(1);
    expect(time.now() - seen[0]!.dueAt!.getTime()).toBe(time.now() - enqueuedAt);
  });

  it('retries a failing job with doubling backoff, records the error, then succeeds', async () => {
    const kind = freshKind('retry');
    const time = clock();
    let calls = 0;
    const queue = queueFor(
      kind,
      async () => {
        calls++;
        if (calls < 3) throw new Error(`boom ${calls}`);
      },
      { now: time.now },
    );
    const id = (await queue.enqueue(kind, { n: 1 }))!;

    expect(await queue.runDue()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1' });
    expect(row!.run_at.getTime()).toBe(time.now() + 10_000);

    // Not due before its backoff has passed.
    time.advance(9_999);
    expect(await queue.runDue()).toBe(0);
    time.advance(1);
    expect(await queue.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, last_error: 'boom 2' });
    expect(row!.run_at.getTime()).toBe(time.now() + 20_000); // doubled

    time.advance(20_000);
    expect(await queue.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'done', attempts: 3 });
    expect(row!.finished_at).not.toBeNull();
    expect(calls).toBe(3);
  });

  it('fails a job for good after max attempts', async () => {
    const kind = freshKind('fail');
    const time = clock();
    const queue = queueFor(
      kind,
      async () => {
        throw new Error('always');
      },
      { now: time.now },
    );
    const id = (await queue.enqueue(kind, {}, { maxAttempts: 2 }))!;
    await queue.runDue();
    time.advance(10_000);
    await queue.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 2, last_error: 'always' });
    time.advance(60 * MINUTE);
    expect(await queue.runDue()).toBe(0);
  });

  it('fails a job for good at once when its handler says retrying cannot help', async () => {
    const kind = freshKind('permanent');
    const time = clock();
    let runs = 0;
    const queue = queueFor(
      kind,
      async () => {
        runs++;
        throw new PermanentJobError('not a video');
      },
      { now: time.now },
    );
    const id = (await queue.enqueue(kind, {}, { maxAttempts: 5 }))!;
    await queue.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'not a video' });
    time.advance(60 * MINUTE);
    expect(await queue.runDue()).toBe(0);
    expect(runs).toBe(1);
  });

  it("takes over a crashed worker's job once its lease has run out, and the old run cannot finish it", async () => {
    const kind = freshKind('lease');
    const time = clock();
    let releaseStuck!: () => void;
    const started: string[] = [];
    const stuck = queueFor(
      kind,
      async () => {
        started.push('stuck');
        await new Promise<void>((resolve) => (releaseStuck = resolve));
      },
      { now: time.now },
    );
    const rescuer = queueFor(
      kind,
      async () => {
        started.push('rescuer');
      },
      { now: time.now },
    );
    const id = (await stuck.enqueue(kind))!;
    const stuckRun = stuck.runOne();
    await expect.poll(() => started).toEqual(['stuck']);

    // While the lease holds, nobody else takes the job.
    time.advance(5 * MINUTE - 1);
    expect(await rescuer.runDue()).toBe(0);
    time.advance(2);
    expect(await rescuer.runDue()).toBe(1);
    expect(started).toEqual(['stuck', 'rescuer']);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });

    // The first worker wakes up and finishes late: its (older) attempt changes nothing.
    releaseStuck();
    await stuckRun;
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('keeps one live job per dedupe key, and arms the key again once its job is done', async () => {
    const kind = freshKind('dedupe');
    const seen: unknown[] = [];
    const queue = queueFor(kind, async (payload) => {
      seen.push(payload.v);
    });
    const key = `k-${randomUUID()}`;
    const first = await queue.enqueue(kind, { v: 1 }, { dedupeKey: key });
    expect(first).not.toBeNull();
    expect(await queue.enqueue(kind, { v: 2 }, { dedupeKey: key })).toBeNull();
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([1]);

    const again = await queue.enqueue(kind, { v: 3 }, { dedupeKey: key });
    expect(again).not.toBeNull();
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([1, 3]);
  });

  it('runs a recurring job once per period however many workers schedule it', async () => {
    const kind = freshKind('every');
    const time = clock();
    let runs = 0;
    const handler = async () => {
      runs++;
    };
    const a = queueFor(kind, handler, { now: time.now });
    const b = queueFor(kind, handler, { now: time.now });
    a.every(kind, 60 * MINUTE);
    b.every(kind, 60 * MINUTE);
    await a.enqueueScheduled();
    await b.enqueueScheduled();
    await Promise.all([a.runDue(), b.runDue()]);
    await a.enqueueScheduled(); // same period, already done: nothing new
    expect(await b.runDue()).toBe(0);
    expect(runs).toBe(1);

    time.advance(60 * MINUTE);
    await b.enqueueScheduled();
    await a.enqueueScheduled();
    await Promise.all([a.runDue(), b.runDue()]);
    expect(runs).toBe(2);
  });

  it('never gives the same job to two workers on one database', async () => {
    const kind = freshKind('race');
    const ranBy = new Map<number, string[]>();
    const handlerOf =
      (worker: string): JobHandler =>
      async (_payload, { id }) => {
        ranBy.set(id, [...(ranBy.get(id) ?? []), worker]);
        await new Promise((resolve) => setImmediate(resolve));
      };
    const a = queueFor(kind, handlerOf('a'));
    const b = queueFor(kind, handlerOf('b'));
    const ids: number[] = [];
    for (let i = 0; i < 16; i++) ids.push((await a.enqueue(kind, { i }))!);

    const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(byA + byB).toBe(16);
    expect([...ranBy.keys()].sort((x, y) => x - y)).toEqual(ids);
    for (const workers of ranBy.values()) expect(workers).toHaveLength(1);
  });

  it('start() refuses a declared kind without a handler, and stop() waits for the running job', async () => {
    const kind = freshKind('start');
    const bare = new JobQueue(new JobRepository(db), new JobRegistry([kind, `${kind}-2`]));
    bare.handle(kind, async () => {});
    expect(() => bare.start()).toThrow(/without a handler/);
    expect(() => bare.handle(kind, async () => {})).toThrow(/two handlers/);

    let finished = false;
    let release!: () => void;
    const queue = queueFor(kind, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      finished = true;
    });
    const id = (await queue.enqueue(kind))!;
    queue.start();
    await expect.poll(async () => (await jobRow(id))?.status).toBe('running');
    const stopped = queue.stop();
    release();
    await stopped;
    expect(finished).toBe(true);
    expect((await jobRow(id))?.status).toBe('done');
  });

  it('keeps polling through a database outage, waiting longer and logging it once, and resumes after', async () => {
    const kind = freshKind('outage');
    let isDown = true;
    let failedLooks = 0;
    // The real repository, cut off from the database the way a refused connection cuts it off.
    class CutOff extends JobRepository {
      override async failAbandoned(kinds: readonly string[], now: Date) {
        if (isDown) {
          failedLooks++;
          throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        }
        return super.failAbandoned(kinds, now);
      }
    }
    const logger = { info: vi.fn(), error: vi.fn() };
    const ran: number[] = [];
    const queue = new JobQueue(new CutOff(db), new JobRegistry([kind]), {
      pollMs: 2,
      maxPollBackoffMs: 16,
      logger,
    });
    queue.handle(kind, async (payload) => {
      ran.push(payload.n as number);
    });
    queue.start();
    try {
      await expect.poll(() => failedLooks).toBeGreaterThan(8);
      expect(logger.error).toHaveBeenCalledWith(expect.anything(), 'job queue poll failed');
      expect(logger.error.mock.calls.length).toBeLessThan(failedLooks);
      isDown = false;
      await queue.enqueue(kind, { n: 1 });
      await expect.poll(() => ran).toEqual([1]);
      // The look that ran the job says so once it has returned, a moment after the handler.
      await expect
        .poll(() => logger.info.mock.calls.some((call) => call[1] === 'job queue poll works again'))
        .toBe(true);
      expect(logger.info).toHaveBeenCalledWith(
        expect.objectContaining({ failures: expect.any(Number) }),
        'job queue poll works again',
      );
    } finally {
      await queue.stop();
    }
  });
  it('maintenance deletes done jobs finished over a week ago, and keeps newer and unfinished ones', async () => {
    const kind = freshKind('old');
    const time = clock();
    const queue = queueFor(kind, async () => {}, { now: time.now });
    const old = (await queue.enqueue(kind))!;
    await queue.runDue();
    time.advance(2 * 24 * 60 * MINUTE);
    const recent = (await queue.enqueue(kind))!;
    await queue.runDue();
    const waiting = (await queue.enqueue(kind, {}, { runAt: new Date(time.now() + 60 * MINUTE) }))!;

    await runMaintenance(db, time.now() + 6 * 24 * 60 * MINUTE);
    expect(await jobRow(old)).toBeUndefined();
    expect(await jobRow(recent)).toMatchObject({ status: 'done' });
    expect(await jobRow(waiting)).toMatchObject({ status: 'queued' });
  });
});
