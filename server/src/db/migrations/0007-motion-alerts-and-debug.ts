// Motion notifications per user and camera (switch and cooldown), the web app's client errors for the debug
// screen, and the customer a mail in the outbox belongs to (so the debug screen shows a customer only its own).
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE motion_notification_settings (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    enabled boolean NOT NULL,
    last_notified_at timestamptz,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, camera_id)
  )`,
  `CREATE INDEX motion_notification_settings_camera_idx ON motion_notification_settings (camera_id) WHERE enabled`,
  `CREATE TABLE client_errors (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    user_id bigint REFERENCES users(id) ON DELETE SET NULL,
    message text NOT NULL,
    stack text NOT NULL DEFAULT '',
    page text NOT NULL DEFAULT '',
    user_agent text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX client_errors_customer_idx ON client_errors (customer_id, id DESC)`,
  `ALTER TABLE mail_outbox ADD COLUMN customer_id bigint REFERENCES customers(id) ON DELETE SET NULL`,
  `CREATE INDEX mail_outbox_customer_idx ON mail_outbox (customer_id, id DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX IF EXISTS mail_outbox_customer_idx').execute(db);
  await sql.raw('ALTER TABLE mail_outbox DROP COLUMN IF EXISTS customer_id').execute(db);
  await sql.raw('DROP TABLE IF EXISTS client_errors').execute(db);
  await sql.raw('DROP TABLE IF EXISTS motion_notification_settings').execute(db);
}
