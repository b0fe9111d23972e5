// The audit log (issue 16): one row per recorded event of a customer. Who, the camera and the target are copied
// in as they were (user_email, camera_code, camera_name), so an event still reads right after the user or
// camera is gone; there are no foreign keys to them for the same reason. customer_id is null only for a failed
// sign-in with an address that names no user. Rows are never changed: a trigger refuses UPDATE, whoever asks.
// They are deleted only by the retention job (and with their customer).
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE audit_events (
    id bigserial PRIMARY KEY,
    customer_id bigint REFERENCES customers(id) ON DELETE CASCADE,
    occurred_at timestamptz NOT NULL DEFAULT now(),
    kind text NOT NULL,
    via text NOT NULL DEFAULT 'api' CHECK (via IN ('api', 'cli')),
    user_id bigint,
    user_email text,
    ip text,
    user_agent text,
    camera_code text,
    camera_name text,
    target text,
    detail jsonb NOT NULL DEFAULT '{}'::jsonb
  )`,
  `CREATE INDEX audit_events_customer_time ON audit_events (customer_id, occurred_at DESC, id DESC)`,
  `CREATE INDEX audit_events_customer_user ON audit_events (customer_id, user_id, occurred_at DESC)`,
  `CREATE INDEX audit_events_customer_camera ON audit_events (customer_id, camera_code, occurred_at DESC)`,
  `CREATE INDEX audit_events_time ON audit_events (occurred_at)`,
  `CREATE FUNCTION audit_events_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit events cannot be changed' USING ERRCODE = 'insufficient_privilege';
    END
  $$`,
  `CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_update()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS audit_events').execute(db);
  await sql.raw('DROP FUNCTION IF EXISTS audit_events_refuse_update()').execute(db);
}
