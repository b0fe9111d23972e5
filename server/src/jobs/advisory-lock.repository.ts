// PostgreSQL session-level advisory locks held on a pool connection of their own, for cluster-wide singletons
// (cluster-lease.ts). The lock lives as long as that connection's session: a node that dies (its sockets close)
// or stops pinging for longer than the lease (idle_session_timeout ends its silent session) loses it, and another
// node takes it at its next try.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** First key of every CamWatch advisory lock ('CWL1'), so ours never meet another application's. */
const LOCK_SPACE = 0x43574c31;

export interface HeldLock {
  /** One round trip on the holding connection; throws when the session (and so the lock) is gone. */
  ping(): Promise<void>;
  /** Unlocks and hands the connection back to the pool. */
  release(): Promise<void>;
}

export class AdvisoryLockRepository {
  constructor(private readonly db: Db) {}

  /**
   * Takes the lock of `name` when nobody holds it, on a connection kept for it until release(); null when
   * another session holds it. The session ends by itself after `leaseMs` without a ping.
   */
  tryHold(name: string, leaseMs: number): Promise<HeldLock | null> {
    return new Promise((resolve, reject) => {
      let letGo!: () => void;
      const released = new Promise<void>((r) => (letGo = r));
      const holding = this.db.connection().execute(async (connection) => {
        const { rows } = await sql<{ held: boolean }>`
          SELECT pg_try_advisory_lock(${LOCK_SPACE}, hashtext(${name})) AS held`.execute(connection);
        if (!rows[0]?.held) {
          resolve(null);
          return;
        }
        try {
          // The lease: a holder silent this long (frozen, or its machine gone without closing its sockets) has
          // its session ended by the server, which frees the lock. SET takes no parameters.
          await sql
            .raw(`SET idle_session_timeout = ${Math.max(1000, Math.round(leaseMs))}`)
            .execute(connection);
        } catch (error) {
          // PostgreSQL before 14 has no idle_session_timeout (42704): the lock holds, without the lease; a
          // holder that vanishes silently keeps it until the server's TCP keepalive ends its session.
          if ((error as { code?: string }).code !== '42704') {
            await sql`SELECT pg_advisory_unlock(${LOCK_SPACE}, hashtext(${name}))`.execute(connection);
            throw error;
          }
        }
        resolve({
          ping: async () => {
            await sql`SELECT 1`.execute(connection);
          },
          release: async () => {
            letGo();
            await holding.catch(() => {});
          },
        });
        await released;
        // A connection whose session is gone cannot unlock; the lock went with the session anyway.
        await sql`SELECT pg_advisory_unlock(${LOCK_SPACE}, hashtext(${name}))`
          .execute(connection)
          .catch(() => {});
        await sql`SET idle_session_timeout = 0`.execute(connection).catch(() => {});
      });
      holding.catch(reject);
    });
  }
}
