// The outbox: every mail the service sends is kept, with whether SMTP took it.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export class MailRepository {
  constructor(private readonly db: Db) {}

  keep(recipient: string, subject: string, body: string, customerId: number | null = null) {
    return this.db
      .insertInto('mail_outbox')
      .values({ recipient, subject, body, customer_id: customerId })
      .returning(['id'])
      .executeTakeFirstOrThrow();
  }

  async markSent(id: number): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: sql`now()`, error: null })
      .where('id', '=', id)
      .execute();
  }

  async markFailed(id: number, error: string): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ status: 'failed', error: error.slice(0, 1000) })
      .where('id', '=', id)
      .execute();
  }

  recent(limit: number) {
    return this.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }
}
