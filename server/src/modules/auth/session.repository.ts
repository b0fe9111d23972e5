// Sessions are stored by the SHA-256 of their token; the token itself only ever lives in the cookie.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';

export interface ActiveSession {
  sessionId: number;
  lastSeenAt: Date;
  user: UserRow;
  customer: { code: string; name: string; browseVersion: number; ipAllowVersion: number };
  hasChildUser: boolean;
}

export class SessionRepository {
  constructor(private readonly db: Db) {}

  async create(input: {
    tokenHash: string;
    userId: number;
    expiresAt: Date;
    ip: string;
    userAgent: string | null;
  }) {
    return this.db
      .insertInto('sessions')
      .values({
        token_hash: input.tokenHash,
        user_id: input.userId,
        expires_at: input.expiresAt,
        ip: input.ip,
        user_agent: input.userAgent?.slice(0, 500) ?? null,
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
  }

  /**
   * The session with its user, customer (with its IP allow-list version) and whether the user has children,
   * in one query (this runs on every authenticated request), if the session is neither revoked nor past its absolute or idle expiry.
   */
  async findActive(tokenHash: string, idleMs: number): Promise<ActiveSession | undefined> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('customers as c', 'c.id', 'u.customer_id')
      .selectAll('u')
      .select([
        's.id as session_id',
        's.last_seen_at as session_last_seen_at',
        'c.code as customer_code',
        'c.name as customer_name',
        'c.browse_version as customer_browse_version',
        'c.ip_allow_version as customer_ip_allow_version',
      ])
      .select((eb) =>
        eb
          .exists(
            eb.selectFrom('users as child').select('child.id').whereRef('child.parent_user_id', '=', 'u.id'),
          )
          .as('has_child_user'),
      )
      .where('s.token_hash', '=', tokenHash)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('s.last_seen_at', '>', sql<Date>`now() - make_interval(secs => ${idleMs / 1000})`)
      .executeTakeFirst();
    if (!row) return undefined;
    const {
      session_id,
      session_last_seen_at,
      customer_code,
      customer_name,
      customer_browse_version,
      customer_ip_allow_version,
      has_child_user,
      ...user
    } = row;
    return {
      sessionId: session_id,
      lastSeenAt: session_last_seen_at,
      user,
      customer: {
        code: customer_code,
        name: customer_name,
        browseVersion: Number(customer_browse_version),
        ipAllowVersion: Number(customer_ip_allow_version),
      },
      hasChildUser: has_child_user === true,
    };
  }

  async touch(sessionId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()` })
      .where('id', '=', sessionId)
      .execute();
  }

  async revoke(sessionId: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeByTokenHash(tokenHash: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of a user, except `keepSessionId` when given. Returns how many ended. */
  async revokeAllForUser(userId: number, keepSessionId?: number): Promise<number> {
    let query = this.db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId !== undefined) query = query.where('id', '<>', keepSessionId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Removes sessions that can no longer be used; run from time to time. */
  async deleteExpired(olderThan: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', olderThan), eb('revoked_at', '<', olderThan)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
