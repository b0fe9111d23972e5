// The one way this server runs something every so often in its own process: the job queues' recurring
// jobs (JobQueue.every enqueues each period's job from here), the camera health check, and the expiry of
// live and stream requests nobody renews. A task never overlaps itself; a failing one is logged once per
// outage (FailureLog), not at every tick; the timers never keep the process alive.
import type { Logger } from 'pino';
import { FailureLog } from '../lib/failure-log.ts';

export interface PeriodicTaskOptions {
  /** Run once at once as well, not only after the first interval. */
  runAtStart?: boolean;
}

export class Scheduler {
  private readonly stops = new Set<() => void>();

  constructor(private readonly logger?: Pick<Logger, 'info' | 'error'>) {}

  /** Runs `task` every `intervalMs` until the answered stop (or `stop()`) is called. */
  every(
    name: string,
    intervalMs: number,
    task: () => unknown,
    options: PeriodicTaskOptions = {},
  ): () => void {
    const failures = new FailureLog(this.logger, name);
    let isRunning = false;
    const tick = async () => {
      if (isRunning) return;
      isRunning = true;
      try {
        await task();
        failures.succeeded();
      } catch (err) {
        failures.failed(err);
      } finally {
        isRunning = false;
      }
    };
    const timer = setInterval(() => void tick(), intervalMs);
    timer.unref();
    const stop = () => {
      clearInterval(timer);
      this.stops.delete(stop);
    };
    this.stops.add(stop);
    if (options.runAtStart) void tick();
    return stop;
  }

  /** Stops every task; one running now finishes on its own. */
  stop(): void {
    for (const stop of [...this.stops]) stop();
  }
}
