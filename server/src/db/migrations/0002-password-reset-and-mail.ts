// Password reset tokens (single use, one hour) and the outbox of every mail the service sends.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE password_reset_tokens (
    id bigserial PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id) WHERE used_at IS NULL`,
  `CREATE TABLE mail_outbox (
    id bigserial PRIMARY KEY,
    recipient text NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    status text NOT NULL DEFAULT 'kept' CHECK (status IN ('kept', 'sent', 'failed')),
    error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz
  )`,
  `CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS mail_outbox').execute(db);
  await sql.raw('DROP TABLE IF EXISTS password_reset_tokens').execute(db);
}
