// A failure that repeats on every round of a loop (the database is down, a poll fails every few seconds)
// is logged once when it starts, then at most once a minute with a count, and once when it ends: an
// outage leaves a few readable lines instead of a line per attempt.
import type { Logger } from 'pino';

export const FAILURE_LOG_EVERY_MS = 60_000;

/** The error's name, code, message and stack only: a pg error carries its whole client (hundreds of lines). */
function summaryOf(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const { code } = err as { code?: unknown };
  return { type: err.name, message: err.message, ...(code === undefined ? {} : { code }), stack: err.stack };
}

export class FailureLog {
  private count = 0;
  private lastLoggedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly logger: Pick<Logger, 'info' | 'error'> | undefined,
    private readonly what: string,
    private readonly everyMs = FAILURE_LOG_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Failures since the last success. */
  get failures(): number {
    return this.count;
  }

  failed(err: unknown): void {
    this.count++;
    const now = this.now();
    if (this.count > 1 && now - this.lastLoggedAt < this.everyMs) return;
    this.lastLoggedAt = now;
    this.logger?.error({ err: summaryOf(err), failures: this.count }, `${this.what} failed`);
  }

  succeeded(): void {
    if (this.count === 0) return;
    this.logger?.info({ failures: this.count }, `${this.what} works again`);
    this.count = 0;
    this.lastLoggedAt = Number.NEGATIVE_INFINITY;
  }
}
