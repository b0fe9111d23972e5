// The vision engine's results (docs/vision.md): for each analysed clip, the people tracked in it (each track's
// points in seconds of the clip and picture fractions, compact JSON), the tracker's state at the clip's end
// (the next clip of the camera starts from it, so a person keeps one id across the minute boundary), and what
// the analysis cost, and what each analytic reading the tracks hands on to the next clip (analytic_state, by
// analytic: e.g. the people counter's last entrance area of each person). One row per clip piece, written once per analysis in one statement (an analysis run again
// after a killed worker replaces it), removed with its clip.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE clip_tracks (
        clip_id bigint PRIMARY KEY REFERENCES clips(id) ON DELETE CASCADE,
        camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
        start_time timestamptz NOT NULL,
        tracks jsonb NOT NULL,
        end_state jsonb NOT NULL,
        frames integer NOT NULL,
        detected_frames integer NOT NULL,
        cpu_ms integer NOT NULL,
        analytic_state jsonb NOT NULL DEFAULT '{}'::jsonb,
        analyzed_at timestamptz NOT NULL DEFAULT now()
      )`,
    )
    .execute(db);
  await sql.raw(`CREATE INDEX clip_tracks_camera_time ON clip_tracks (camera_id, start_time)`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS clip_tracks').execute(db);
}
