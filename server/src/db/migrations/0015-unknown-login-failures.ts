// Failed logins for addresses that have no account (issue 16 §6). Accounts count their failures on their own
// row (users.failed_login_count / system_locked_until); an address without one counts them here, the same
// way, so after LOGIN_MAX_FAILURES both answer system_locked and nobody can tell which addresses exist.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE unknown_login_failures (
         email text PRIMARY KEY,
         failed_count integer NOT NULL DEFAULT 0,
         locked_until timestamptz,
         updated_at timestamptz NOT NULL DEFAULT now()
       )`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS unknown_login_failures').execute(db);
}
