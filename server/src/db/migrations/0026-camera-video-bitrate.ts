// A camera's bitrate cap (issue 20 "camera settings from the server"): kbit/s the agent's encoder keeps
// under, NULL for none (the encoder's own rate). Set with the other video settings by
// PUT api/cameras/{camera_code}/video-settings; the check repeats the contract's range.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `ALTER TABLE cameras ADD COLUMN video_max_kbps integer
         CHECK (video_max_kbps BETWEEN 256 AND 20000)`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE cameras DROP COLUMN IF EXISTS video_max_kbps').execute(db);
}
