// Web push (issue 7, point 2): subscriptions carry their customer (every query is scoped by it), the reader's
// language and a server-side expiry (core.md §9: 660000 ms, renewed by the browser every 600000 ms); and a
// trigger that turns every stored notification of a user with a live subscription into a 'push-send' job in
// the same transaction (an outbox), so every producer pushes without knowing about push.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE push_subscriptions
    ADD COLUMN customer_id bigint REFERENCES customers(id) ON DELETE CASCADE,
    ADD COLUMN language text NOT NULL DEFAULT 'ja',
    ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`,
  `UPDATE push_subscriptions s SET customer_id = u.customer_id FROM users u WHERE u.id = s.user_id`,
  `UPDATE push_subscriptions SET expires_at = now() WHERE expires_at IS NULL`,
  `ALTER TABLE push_subscriptions ALTER COLUMN customer_id SET NOT NULL, ALTER COLUMN expires_at SET NOT NULL`,
  `CREATE INDEX push_subscriptions_customer_user_idx ON push_subscriptions (customer_id, user_id, expires_at)`,
  `CREATE INDEX push_subscriptions_expires_idx ON push_subscriptions (expires_at)`,
  // One job per INSERT statement (a producer stores one notification for each of many users in one
  // statement), and only when one of those users has a live subscription. Due from the millisecond the
  // transaction began: the queue claims with its own clock in whole milliseconds, and a run_at with the
  // microseconds of now() would not yet be due to a claim made within the same millisecond.
  `CREATE FUNCTION push_enqueue_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO jobs (kind, payload, run_at, max_attempts)
    SELECT 'push-send', jsonb_build_object('notificationIds', jsonb_agg(n.id ORDER BY n.id), 'attempt', 1),
      date_trunc('milliseconds', now()), 3
    FROM inserted_notifications n
    WHERE EXISTS (
      SELECT 1 FROM push_subscriptions s
      WHERE s.user_id = n.user_id AND s.customer_id = n.customer_id AND s.expires_at > now()
    )
    HAVING count(*) > 0;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER notifications_push_enqueue AFTER INSERT ON notifications
    REFERENCING NEW TABLE AS inserted_notifications
    FOR EACH STATEMENT EXECUTE FUNCTION push_enqueue_notifications()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TRIGGER IF EXISTS notifications_push_enqueue ON notifications').execute(db);
  await sql.raw('DROP FUNCTION IF EXISTS push_enqueue_notifications()').execute(db);
  await sql
    .raw(
      `ALTER TABLE push_subscriptions DROP COLUMN IF EXISTS customer_id, DROP COLUMN IF EXISTS language,
        DROP COLUMN IF EXISTS updated_at, ALTER COLUMN expires_at DROP NOT NULL`,
    )
    .execute(db);
}
