// Staff exclusion for the people counter (vision/staff.ts): each camera's gallery of the people it has seen.
// - people_identities: one person by appearance (running mean descriptor), the distinct local days they were
//   seen (kept 90 days, the longest judgment period), first and last seen and their passes. The gallery is
//   bounded by the service: unseen for 90 days goes, and at most 5,000 a camera, the least recently seen first.
// - people_identity_tracks: which identity a track of a clip was given, so analysing the same clip again
//   answers the same identities and changes nothing, and a track that goes on into the next clip keeps its
//   identity. Kept for 14 days of clips.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE people_identities (
     id bigserial PRIMARY KEY,
     customer_id bigint NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
     camera_id bigint NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
     descriptor real[] NOT NULL,
     days_seen date[] NOT NULL DEFAULT '{}',
     first_seen timestamptz NOT NULL,
     last_seen timestamptz NOT NULL,
     pass_count integer NOT NULL DEFAULT 0 CHECK (pass_count >= 0),
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX people_identities_camera_idx ON people_identities (camera_id, last_seen)`,
  `CREATE INDEX people_identities_customer_idx ON people_identities (customer_id)`,
  `CREATE TABLE people_identity_tracks (
     camera_id bigint NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
     track_id text NOT NULL,
     clip_time timestamptz NOT NULL,
     identity_id bigint NOT NULL REFERENCES people_identities (id) ON DELETE CASCADE,
     PRIMARY KEY (camera_id, track_id, clip_time)
   )`,
  `CREATE INDEX people_identity_tracks_clip_idx ON people_identity_tracks (camera_id, clip_time)`,
  `CREATE INDEX people_identity_tracks_identity_idx ON people_identity_tracks (identity_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS people_identity_tracks').execute(db);
  await sql.raw('DROP TABLE IF EXISTS people_identities').execute(db);
}
