// The IANA time zone a download was asked in, so its file is named in the times the asker's screens show.
// Null for older rows: those files keep their UTC names.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE downloads ADD COLUMN time_zone text`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE downloads DROP COLUMN IF EXISTS time_zone').execute(db);
}
