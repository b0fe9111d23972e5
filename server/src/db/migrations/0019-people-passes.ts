// The people counter's passes (advanced.md §2 people counter, core.md §3 archive events.peopleCounter): one row per
// person who went in ('I') or out ('O') through a camera's entrance, in the minute the pass completed, with its
// span in seconds of that minute (start_sec below 0: it began in the minute before), the track, whether the staff
// step judged the person staff, and the track's appearance descriptor. A clip's passes are replaced as a whole
// when the clip is counted again (a re-run after a killed worker never counts twice). The rows outlive the clip
// (retention removes video, not counts): clip_id becomes null then. The counts are summed by camera and time.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE people_passes (
     id bigserial PRIMARY KEY,
     customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
     camera_id bigint NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
     clip_id bigint REFERENCES clips (id) ON DELETE SET NULL,
     clip_minute timestamptz NOT NULL,
     at timestamptz NOT NULL,
     in_out char(1) NOT NULL CHECK (in_out IN ('I', 'O')),
     start_sec real NOT NULL,
     end_sec real NOT NULL CHECK (end_sec >= 0 AND end_sec >= start_sec),
     track_id text NOT NULL,
     is_staff boolean NOT NULL DEFAULT false,
     descriptor real[],
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  // Sums by camera and time read only the index.
  `CREATE INDEX people_passes_camera_at ON people_passes (camera_id, at) INCLUDE (in_out, is_staff, customer_id)`,
  // The archive timeline's events of a camera's minutes.
  `CREATE INDEX people_passes_camera_minute ON people_passes (camera_id, clip_minute)`,
  // Replacing a clip's passes.
  `CREATE INDEX people_passes_clip ON people_passes (clip_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS people_passes').execute(db);
}
