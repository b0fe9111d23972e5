// The one way this server runs something every so often in its own process: the job queues' recurring
// jobs (JobQueue.every enqueues each period's job from here), the camera health check, and the expiry of
// live and stream requests nobody renews. A task never overlaps itself; a failing one is logged once per
// outage (FailureLog), not at every tick; the timers never keep the process alive. A task given a cluster
// lease (cluster-lease.ts) runs only on the node holding it: once across the cluster, not once per node.
import type { Logger } from 'pino';
import { FailureLog } from '../lib/failure-log.ts';
import type { ClusterLease } from './cluster-lease.ts';

export interface PeriodicTaskOptions {
  /** Run once at once as well, not only after the first interval. */
  runAtStart?: boolean;
  /** Run only while this node holds the lease (a cluster-wide singleton); each tick renews or takes it. */
  lease?: ClusterLease;
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
        if (!options.lease || (await options.lease.holds())) await task();
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
      // Handed over at once rather than when the lease runs out; a failure only means the lock went already.
      void options.lease?.release().catch(() => {});
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
