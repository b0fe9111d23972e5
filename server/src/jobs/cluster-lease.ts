// Cluster-wide singletons: a periodic task given a lease (Scheduler.every's `lease`) runs on one node of the
// cluster at a time, not once per node. On PostgreSQL the lease is an advisory lock held by the node that took it
// (advisory-lock.repository.ts): it keeps the lock while it pings at each tick, and loses it when it dies, stops,
// loses its database connection, or stays silent longer than the lease, after which the next node to tick takes it
// over. On the embedded database there is one process by construction (DATA_DIR/db.lock): it always holds.
import type { Db } from '../db/database.ts';
import { AdvisoryLockRepository, type HeldLock } from './advisory-lock.repository.ts';

export interface ClusterLease {
  /** Whether this node holds the lease now, taking it when it is free; renews it when held. */
  holds(): Promise<boolean>;
  /** Gives the lease up (shutdown); another node takes it at its next tick. */
  release(): Promise<void>;
}

/** A lease of one process alone (the embedded database admits one). */
class SoleNodeLease implements ClusterLease {
  async holds(): Promise<boolean> {
    return true;
  }
  async release(): Promise<void> {}
}

/** How long a holder's ping may take before it counts as lost (a database that does not answer). */
const PING_TIMEOUT_MS = 5_000;

class AdvisoryLease implements ClusterLease {
  private held: HeldLock | null = null;

  constructor(
    private readonly locks: AdvisoryLockRepository,
    private readonly name: string,
    private readonly leaseMs: number,
  ) {}

  async holds(): Promise<boolean> {
    if (this.held) {
      try {
        await withTimeout(this.held.ping(), Math.min(PING_TIMEOUT_MS, this.leaseMs));
        return true;
      } catch {
        // The session is gone (and the lock with it), or does not answer: not ours any more.
        const lost = this.held;
        this.held = null;
        void lost.release();
      }
    }
    this.held = await this.locks.tryHold(this.name, this.leaseMs);
    return this.held !== null;
  }

  async release(): Promise<void> {
    const held = this.held;
    this.held = null;
    await held?.release();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * The lease of the singleton `name`. `leaseMs`: how long a silent holder keeps it; make it a few of the task's
 * intervals, so a holder that pings at every tick never loses it by accident.
 */
export function clusterLease(
  db: Db,
  database: 'embedded' | 'postgres',
  name: string,
  leaseMs: number,
): ClusterLease {
  return database === 'postgres'
    ? new AdvisoryLease(new AdvisoryLockRepository(db), name, leaseMs)
    : new SoleNodeLease();
}
