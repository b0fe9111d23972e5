// The background job queue on the `jobs` table (works the same on PGlite and PostgreSQL). Any process
// may enqueue; worker processes claim due jobs (FOR UPDATE SKIP LOCKED, with a lease so a crashed
// worker's job is taken up again), run the registered handler, and mark it done or retry it with
// exponential backoff until max attempts. Recurring schedules enqueue one job per period under a
// dedupe key naming the period, so several workers never run the same period twice.
import type { Logger } from 'pino';
import { FailureLog } from '../lib/failure-log.ts';
import type { JobRepository } from './job.repository.ts';
import type { JobHandler, JobRegistry } from './registry.ts';
import { Scheduler } from './scheduler.ts';

export interface EnqueueOptions {
  /** At most one queued or running job per key; a later enqueue with the same key does nothing. */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

export interface QueueOptions {
  /** Jobs run at once by this worker (default 1: the machine has 2 cores and ffmpeg uses them). */
  concurrency?: number;
  /** How long a claimed job stays ours without a heartbeat before another worker may take it. */
  leaseMs?: number;
  /** Idle wait between looks for due jobs. */
  pollMs?: number;
  /** Longest wait between looks while they keep failing (database down): pollMs doubled up to this. */
  maxPollBackoffMs?: number;
  /** First retry delay; doubled on each further attempt, capped at maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  defaultMaxAttempts?: number;
  /** The clock (ms since the epoch); tests move it by hand. */
  now?: () => number;
  /** Ticks the recurring jobs (every minute, while started); the process's own by default. */
  scheduler?: Scheduler;
  logger?: Pick<Logger, 'info' | 'error'>;
}

interface Schedule {
  kind: string;
  everyMs: number;
  payload: Record<string, unknown>;
}

const MINUTE_MS = 60_000;
/** How often a worker looks for jobs past their expireAfter bound. */
const EXPIRE_EVERY_MS = 5_000;

/** A failure that running the job again cannot mend (e.g. a clip that is not a readable video): no retry. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export class JobQueue {
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly maxPollBackoffMs: number;
  private readonly pollFailures: FailureLog;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly defaultMaxAttempts: number;
  private readonly now: () => number;
  private readonly logger: QueueOptions['logger'];
  private readonly schedules: Schedule[] = [];
  private readonly expiries: { kind: string; afterMs: number }[] = [];
  private expiredAt = -Infinity;
  private isRunning = false;
  private loops: Promise<void>[] = [];
  private wakeSleepers: (() => void)[] = [];
  private readonly scheduler: Scheduler;
  private stopSchedules: (() => void) | null = null;

  constructor(
    private readonly jobs: JobRepository,
    private readonly registry: JobRegistry,
    options: QueueOptions = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.leaseMs = options.leaseMs ?? 5 * MINUTE_MS;
    this.pollMs = options.pollMs ?? 2_000;
    this.maxPollBackoffMs = Math.max(this.pollMs, options.maxPollBackoffMs ?? 10_000);
    this.backoffMs = options.backoffMs ?? 30_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 60 * MINUTE_MS;
    this.defaultMaxAttempts = options.defaultMaxAttempts ?? 3;
    this.now = options.now ?? Date.now;
    this.logger = options.logger;
    this.pollFailures = new FailureLog(this.logger, 'job queue poll');
    this.scheduler = options.scheduler ?? new Scheduler(this.logger);
  }

  /** Registers the handler of a declared job kind (exactly one per kind). */
  handle(kind: string, handler: JobHandler): void {
    this.registry.register(kind, handler);
  }

  /** Adds a job; answers its id, or null when a live job already holds the dedupe key. */
  async enqueue(
    kind: string,
    payload: Record<string, unknown> = {},
    options: EnqueueOptions = {},
  ): Promise<number | null> {
    if (!this.registry.isKnown(kind)) throw new Error(`unknown job kind "${kind}"`);
    const id = await this.jobs.enqueue({
      kind,
      payload,
      dedupeKey: options.dedupeKey ?? null,
      runAt: options.runAt ?? new Date(this.now()),
      maxAttempts: options.maxAttempts ?? this.defaultMaxAttempts,
    });
    if (id !== null) this.wake();
    return id;
  }

  /**
   * Runs `kind` once per period of `everyMs` (aligned to the epoch, so every worker agrees on the
   * periods) while a worker is started. The job's dedupe key names the period.
   */
  every(kind: string, everyMs: number, payload: Record<string, unknown> = {}): void {
    if (!this.registry.isKnown(kind)) throw new Error(`unknown job kind "${kind}"`);
    this.schedules.push({ kind, everyMs, payload });
  }

  /** Enqueues the current period's job of every schedule (no-op for periods already enqueued). */
  async enqueueScheduled(): Promise<void> {
    const now = this.now();
    for (const { kind, everyMs, payload } of this.schedules) {
      const periodStart = Math.floor(now / everyMs) * everyMs;
      await this.jobs.enqueueOnce({
        kind,
        payload,
        dedupeKey: `every:${kind}:${new Date(periodStart).toISOString()}`,
        runAt: new Date(periodStart),
        maxAttempts: this.defaultMaxAttempts,
      });
    }
  }

  /**
   * Jobs of `kind` that waited longer than `afterMs` are closed unrun (in one statement, at most every few
   * seconds), so a queue that cannot keep up sheds its oldest work instead of falling ever further behind.
   * For work whose worth passes with time (a clip's motion analysis: motion.service.ts).
   */
  expireAfter(kind: string, afterMs: number): void {
    if (!this.registry.isKnown(kind)) throw new Error(`unknown job kind "${kind}"`);
    this.expiries.push({ kind, afterMs });
  }

  /** Closes the expired jobs of every expireAfter kind; answers how many. */
  async expireWaiting(): Promise<number> {
    const now = this.now();
    this.expiredAt = now;
    let count = 0;
    for (const { kind, afterMs } of this.expiries) {
      const expired = await this.jobs.expireWaiting(
        kind,
        new Date(now - afterMs),
        new Date(now),
        `not run: waited over ${Math.round(afterMs / 1000)} s`,
      );
      if (expired > 0) this.logger?.info({ kind, expired }, 'jobs waited too long and were not run');
      count += expired;
    }
    return count;
  }

  /** Starts the worker loops; throws if a declared job kind has no handler. */
  start(): void {
    if (this.isRunning) return;
    this.registry.assertComplete();
    this.isRunning = true;
    if (this.schedules.length > 0)
      this.stopSchedules = this.scheduler.every(
        'enqueueing scheduled jobs',
        MINUTE_MS,
        () => this.enqueueScheduled(),
        {
          runAtStart: true,
        },
      );
    this.loops = Array.from({ length: this.concurrency }, () => this.loop());
  }

  /** Stops taking jobs and waits for the running ones to finish. */
  async stop(): Promise<void> {
    this.isRunning = false;
    this.stopSchedules?.();
    this.stopSchedules = null;
    this.wake();
    await Promise.all(this.loops);
    this.loops = [];
  }

  /** Runs due jobs one after another until none is due; answers how many ran. For tests and the CLI. */
  async runDue(): Promise<number> {
    let count = 0;
    while (await this.runOne()) count++;
    return count;
  }

  /** Claims and runs one due job; false when none was due. */
  async runOne(): Promise<boolean> {
    const now = this.now();
    if (this.expiries.length > 0 && now - this.expiredAt >= EXPIRE_EVERY_MS) await this.expireWaiting();
    const abandoned = await this.jobs.failAbandoned(this.registry.kinds, new Date(now));
    if (abandoned > 0) this.logger?.error({ abandoned }, 'jobs failed after their worker stopped');
    const [job] = await this.jobs.claim(this.registry.kinds, new Date(now), new Date(now + this.leaseMs), 1);
    if (!job) return false;
    const handler = this.registry.handlerOf(job.kind);
    const heartbeat = setInterval(() => {
      void this.jobs
        .extendLease(job.id, job.attempts, new Date(this.now() + this.leaseMs))
        .catch((err: unknown) => this.logger?.error({ err, job: job.id }, 'lease renewal failed'));
    }, this.leaseMs / 3);
    heartbeat.unref();
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler(job.payload, { id: job.id, attempt: job.attempts, dueAt: new Date(job.run_at) });
      clearInterval(heartbeat);
      await this.jobs.markDone(job.id, job.attempts, new Date(this.now()));
    } catch (error) {
      clearInterval(heartbeat);
      const message = error instanceof Error ? error.message : String(error);
      const isLast = job.attempts >= job.max_attempts || error instanceof PermanentJobError;
      const retryAt = isLast ? null : new Date(this.now() + this.retryDelayMs(job.attempts));
      this.logger?.[isLast ? 'error' : 'info'](
        { err: error, job: job.id, kind: job.kind, attempt: job.attempts },
        isLast ? 'job failed for good' : 'job failed, will retry',
      );
      await this.jobs.markFailed(job.id, job.attempts, message.slice(0, 2000), retryAt, new Date(this.now()));
    }
    return true;
  }

  /** Delay before the retry that follows attempt `attempt` (1-based). */
  retryDelayMs(attempt: number): number {
    return Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (attempt - 1));
  }

  /**
   * Takes jobs until stopped. A failing look (the database is gone) never ends the loop: it waits longer
   * after each failure, up to maxPollBackoffMs, logs the outage once, and resumes when a look succeeds.
   * A job whose end could not be recorded stays running until its lease expires, then runs again.
   */
  private async loop(): Promise<void> {
    while (this.isRunning) {
      let ran = false;
      try {
        ran = await this.runOne();
        this.pollFailures.succeeded();
      } catch (err) {
        this.pollFailures.failed(err);
      }
      if (!ran && this.isRunning) await this.sleep(this.idleWaitMs());
    }
  }

  /** pollMs, doubled for each look that failed in a row, at most maxPollBackoffMs. */
  private idleWaitMs(): number {
    const failures = this.pollFailures.failures;
    if (failures === 0) return this.pollMs;
    return Math.min(this.maxPollBackoffMs, this.pollMs * 2 ** Math.min(failures - 1, 20));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleepers = this.wakeSleepers.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleepers.push(done);
    });
  }

  private wake(): void {
    for (const wake of [...this.wakeSleepers]) wake();
  }
}
