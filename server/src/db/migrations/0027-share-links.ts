// Shareable clip links (issue 22): a user's link to one range of a camera's recordings, opened without an
// account until it expires or is revoked. Only the SHA-256 of the link's token is kept. A link goes with its
// camera, its creator and their customer; the download it asked for (when it allows one) stays a download.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE share_links (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
    created_by bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    start_time timestamptz NOT NULL,
    end_time timestamptz NOT NULL CHECK (end_time > start_time),
    expires_at timestamptz NOT NULL,
    allow_download boolean NOT NULL DEFAULT false,
    download_id bigint REFERENCES downloads(id) ON DELETE SET NULL,
    token_hash text NOT NULL,
    revoked_at timestamptz,
    view_count integer NOT NULL DEFAULT 0,
    last_viewed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // A public lookup finds the link by its token's hash.
  `CREATE UNIQUE INDEX share_links_token_hash_idx ON share_links (token_hash)`,
  // A user's list, newest first.
  `CREATE INDEX share_links_creator_idx ON share_links (created_by, created_at DESC)`,
  `CREATE INDEX share_links_camera_idx ON share_links (camera_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS share_links').execute(db);
}
