// Notifications per user, by event type (core.md §3, §9; advanced.md §3). Read state per event type lives in
// notification_reads (0001): everything of a type created after last_read_at is unread.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE notifications (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    event text NOT NULL CHECK (event IN ('motion', 'entry', 'down', 'download', 'person_tracking', 'operation_analysis', 'announcement')),
    kind text CHECK (kind IN ('archive', 'heatmap', 'completed', 'failed')),
    message text NOT NULL,
    camera_id bigint REFERENCES cameras(id) ON DELETE SET NULL,
    url text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX notifications_user_event_idx ON notifications (user_id, event, created_at DESC, id DESC)`,
  `CREATE INDEX notifications_user_created_idx ON notifications (user_id, created_at DESC, id DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS notifications').execute(db);
}
