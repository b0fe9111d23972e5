// What the debug screen reads: the customer's client errors and outbox mail, and the job queue's counts.
// Client errors and mail are always scoped by customer; the job counts are the service's (jobs belong to
// no customer) and hold no customer's data.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export class DebugRepository {
  constructor(private readonly db: Db) {}

  /** Keeps a client error and drops the customer's oldest beyond `keep`, in one transaction. */
  async insertClientError(
    input: {
      customerId: number;
      userId: number;
      message: string;
      stack: string;
      page: string;
      userAgent: string;
    },
    keep: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('client_errors')
        .values({
          customer_id: input.customerId,
          user_id: input.userId,
          message: input.message,
          stack: input.stack,
          page: input.page,
          user_agent: input.userAgent,
        })
        .execute();
      await sql`
        DELETE FROM client_errors
        WHERE customer_id = ${input.customerId}
          AND id < (
            SELECT min(id) FROM (
              SELECT id FROM client_errors WHERE customer_id = ${input.customerId}
              ORDER BY id DESC LIMIT ${keep}
            ) newest
          )`.execute(trx);
    });
  }

  clientErrors(customerId: number, limit: number) {
    return this.db
      .selectFrom('client_errors as e')
      .leftJoin('users as u', (join) =>
        join.onRef('u.id', '=', 'e.user_id').on('u.customer_id', '=', customerId),
      )
      .select([
        'e.id',
        'e.message',
        'e.stack',
        'e.page',
        'e.user_agent',
        'e.created_at',
        'u.email as user_email',
      ])
      .where('e.customer_id', '=', customerId)
      .orderBy('e.id', 'desc')
      .limit(limit)
      .execute();
  }

  mailOutbox(customerId: number, limit: number) {
    return this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Jobs waiting, running and failed, per kind (done jobs are not counted). */
  jobCounts() {
    return this.db
      .selectFrom('jobs')
      .select([
        'kind',
        sql<number>`count(*) FILTER (WHERE status = 'queued')`.as('queued'),
        sql<number>`count(*) FILTER (WHERE status = 'running')`.as('running'),
        sql<number>`count(*) FILTER (WHERE status = 'failed')`.as('failed'),
      ])
      .where('status', 'in', ['queued', 'running', 'failed'])
      .groupBy('kind')
      .orderBy('kind')
      .execute();
  }
}
