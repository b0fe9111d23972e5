// The events page (issue 22): one row per event of a camera, whatever found it, so a page of a million events is
// one index range read instead of a union over five sources. Written where each event is found, in the same
// transaction as the finding (motion: the clip's spans; person: the clip's tracks; entry: the clip's alerts;
// people_pass: the clip's passes; camera_down/up: the status change), and filled here from what exists already.
// - `at` is kept to the millisecond (what a JavaScript Date holds), so a keyset cursor made from it is exact.
// - `clip_id` names the clip the event was found in (no foreign key: the event outlives its recording, as people
//   passes do); a clip analysed again replaces its events of that kind.
// - Indexes, each for a way the page reads (EXPLAIN in bench/events-page.bench.ts): newest first of the customer;
//   of some kinds of the customer; of some cameras, or some kinds of some cameras, each read newest first and
//   merged in time order (bench: a rare kind of one camera among a million events); the unreviewed count reads
//   events after a user's watermark by id.
// Reviewed state per user: a watermark (every event up to this id is reviewed) plus the events reviewed one by one
// above it; marking "everything up to here" moves the watermark and drops the rows below it, so the unreviewed
// count reads at most the rows above the watermark.
import { sql, type Kysely } from 'kysely';

const KINDS = `('motion', 'person', 'entry', 'people_pass', 'camera_down', 'camera_up')`;

/**
 * The events of what exists already (clips' motion and entry alerts, the people first seen in each camera's
 * tracks, people counter passes, status changes), oldest first so ids follow time as they will from now on.
 * Exported for its test.
 */
export const backfillCameraEvents = `INSERT INTO camera_events (customer_id, camera_id, kind, at, ends_at, clip_id, detail)
   SELECT customer_id, camera_id, kind, date_trunc('milliseconds', at), ends_at, clip_id, detail FROM (
     SELECT c.customer_id, cl.camera_id, 'motion' AS kind,
       cl.start_time + (cl.motion_events -> 0 ->> 'startSec')::float8 * interval '1 second' AS at,
       date_trunc('milliseconds', cl.start_time + (cl.motion_events -> -1 ->> 'endSec')::float8 * interval '1 second')
         AS ends_at,
       cl.id AS clip_id,
       jsonb_build_object('movements', jsonb_array_length(cl.motion_events)) AS detail
     FROM clips cl JOIN cameras c ON c.id = cl.camera_id
     WHERE cl.motion_state AND jsonb_typeof(cl.motion_events) = 'array' AND jsonb_array_length(cl.motion_events) > 0
     UNION ALL
     SELECT c.customer_id, cl.camera_id, 'entry',
       cl.start_time + (a ->> 'startSec')::float8 * interval '1 second',
       date_trunc('milliseconds', cl.start_time + (a ->> 'endSec')::float8 * interval '1 second'),
       cl.id, jsonb_build_object('area_name', a ->> 'areaName')
     FROM clips cl JOIN cameras c ON c.id = cl.camera_id,
       jsonb_array_elements(CASE WHEN jsonb_typeof(cl.enter_alert_events) = 'array' THEN cl.enter_alert_events
         ELSE '[]'::jsonb END) a
     WHERE coalesce((a ->> 'continued')::boolean, false) = false
     UNION ALL
     SELECT customer_id, camera_id, 'person', at, date_trunc('milliseconds', ends_at), clip_id, '{}'::jsonb FROM (
       SELECT DISTINCT ON (t.camera_id, tr ->> 'id') c.customer_id, t.camera_id, t.clip_id,
         t.start_time + (tr -> 'p' -> 0 ->> 0)::float8 * interval '1 second' AS at,
         t.start_time + (tr -> 'p' -> -1 ->> 0)::float8 * interval '1 second' AS ends_at
       FROM clip_tracks t JOIN cameras c ON c.id = t.camera_id,
         jsonb_array_elements(CASE WHEN jsonb_typeof(t.tracks) = 'array' THEN t.tracks ELSE '[]'::jsonb END) tr
       WHERE jsonb_typeof(tr -> 'p') = 'array' AND jsonb_array_length(tr -> 'p') > 0
       ORDER BY t.camera_id, tr ->> 'id', t.start_time
     ) first_seen
     UNION ALL
     SELECT p.customer_id, p.camera_id, 'people_pass',
       p.clip_minute + p.start_sec * interval '1 second',
       date_trunc('milliseconds', p.clip_minute + p.end_sec * interval '1 second'),
       p.clip_id, jsonb_build_object('in_out', p.in_out, 'is_staff', p.is_staff)
     FROM people_passes p
     UNION ALL
     SELECT c.customer_id, s.camera_id, CASE s.status WHEN 'down' THEN 'camera_down' ELSE 'camera_up' END,
       s.at, NULL, NULL, '{}'::jsonb
     FROM camera_status_changes s JOIN cameras c ON c.id = s.camera_id
   ) found
   ORDER BY at, camera_id`;

const statements = [
  `CREATE TABLE camera_events (
    id bigserial PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
    camera_id bigint NOT NULL REFERENCES cameras(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ${KINDS}),
    at timestamptz NOT NULL CHECK (at = date_trunc('milliseconds', at)),
    ends_at timestamptz,
    clip_id bigint,
    detail jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX camera_events_customer_time ON camera_events (customer_id, at DESC, id DESC)`,
  `CREATE INDEX camera_events_customer_kind_time ON camera_events (customer_id, kind, at DESC, id DESC)`,
  `CREATE INDEX camera_events_camera_time ON camera_events (camera_id, at DESC, id DESC)`,
  `CREATE INDEX camera_events_camera_kind_time ON camera_events (camera_id, kind, at DESC, id DESC)`,
  `CREATE INDEX camera_events_customer_id ON camera_events (customer_id, id)`,
  `CREATE TABLE event_review_marks (
    user_id bigint PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    reviewed_through bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE event_reviews (
    user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    event_id bigint NOT NULL REFERENCES camera_events(id) ON DELETE CASCADE,
    reviewed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, event_id)
  )`,
  `CREATE INDEX event_reviews_event ON event_reviews (event_id)`,

  backfillCameraEvents,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['event_reviews', 'event_review_marks', 'camera_events'])
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
