// Feedback messages sent from the web app.
import type { Db } from '../../db/database.ts';

export class FeedbackRepository {
  constructor(private readonly db: Db) {}

  insert(input: { customerId: number; userId: number; message: string; page: string }) {
    return this.db
      .insertInto('feedback')
      .values({
        customer_id: input.customerId,
        user_id: input.userId,
        message: input.message,
        page: input.page,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
  }

  /** The customer's name and code, for the operator's mail. */
  customerOf(customerId: number) {
    return this.db
      .selectFrom('customers')
      .select(['code', 'name'])
      .where('id', '=', customerId)
      .executeTakeFirst();
  }

  listByCustomer(customerId: number) {
    return this.db
      .selectFrom('feedback')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .execute();
  }
}
