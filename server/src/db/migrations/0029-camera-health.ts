// Camera health (issue 22 "Camera health"): what a camera's uptime counts from, and its storage kept up to date.
// - cameras.first_seen_at: when its agent was first heard. Uptime over the last 7 or 30 days counts from the later
//   of the window's start and this, so a camera installed yesterday is not "down" for the days before it existed
//   and a camera never heard has no uptime at all. Set by a row trigger whenever last_seen_at is written while it
//   is still empty (the heartbeat and upload marks, the health watcher's touch, a seed): every writer is covered
//   and the trigger's WHEN clause is all a heartbeat pays once it is set. Backfilled from what shows the camera
//   was heard: its first status change, its first clip, its last heartbeat.
// - camera_storage: per camera, the bytes and count of its clips and stills (minute thumbnails) and its newest
//   clip's minute, so the health page reads one row per camera instead of a SUM over every clip it keeps.
//   Statement triggers count inserts and deletes from their transition tables (one upsert per statement and
//   camera: an upload inserts one row, retention deletes batches of 500 across cameras); a thumbnail replaced by
//   the upsert of its minute changes its bytes (a row trigger on bytes). A delete that took the newest clip (all
//   of a camera's clips expired) reads the newest left through the clips index. A table of its own rather
//   than columns of cameras: an upload then never adds a row version to the row the camera list reads.
import { sql, type Kysely } from 'kysely';

/** Migration 0010's quiet camera columns (their change leaves customers.browse_version alone). */
const QUIET_CAMERA_COLUMNS = ['last_seen_at', 'latest_thumb_at', 'updated_at'];
const withoutQuiet = (row: 'OLD' | 'NEW', quiet: readonly string[]) =>
  `(to_jsonb(${row}) - ${quiet.map((c) => `'${c}'`).join(' - ')})`;
/** Migration 0010's update trigger of the camera list's version, with these quiet columns. */
const browseVersionTrigger = (quiet: readonly string[]) =>
  `CREATE TRIGGER cameras_browse_version_upd AFTER UPDATE ON cameras
     FOR EACH ROW WHEN (${withoutQuiet('OLD', quiet)} IS DISTINCT FROM ${withoutQuiet('NEW', quiet)})
     EXECUTE FUNCTION bump_browse_version()`;

const statements = [
  `ALTER TABLE cameras ADD COLUMN first_seen_at timestamptz`,
  `UPDATE cameras c SET first_seen_at = LEAST(
     c.last_seen_at,
     (SELECT min(s.at) FROM camera_status_changes s WHERE s.camera_id = c.id),
     (SELECT min(cl.start_time) FROM clips cl WHERE cl.camera_id = c.id))`,
  `CREATE FUNCTION note_camera_first_seen() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     NEW.first_seen_at := NEW.last_seen_at;
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER cameras_first_seen BEFORE INSERT OR UPDATE OF last_seen_at ON cameras
     FOR EACH ROW WHEN (NEW.first_seen_at IS NULL AND NEW.last_seen_at IS NOT NULL)
     EXECUTE FUNCTION note_camera_first_seen()`,

  `CREATE TABLE camera_storage (
    camera_id bigint PRIMARY KEY REFERENCES cameras(id) ON DELETE CASCADE,
    clip_bytes bigint NOT NULL DEFAULT 0,
    clip_count bigint NOT NULL DEFAULT 0,
    still_bytes bigint NOT NULL DEFAULT 0,
    still_count bigint NOT NULL DEFAULT 0,
    latest_clip_at timestamptz
  )`,
  `INSERT INTO camera_storage (camera_id, clip_bytes, clip_count, still_bytes, still_count, latest_clip_at)
   SELECT c.id, COALESCE(cl.bytes, 0), COALESCE(cl.n, 0), COALESCE(th.bytes, 0), COALESCE(th.n, 0), cl.latest
   FROM cameras c
   LEFT JOIN (SELECT camera_id, sum(bytes) AS bytes, count(*) AS n, max(start_time) AS latest
              FROM clips GROUP BY camera_id) cl ON cl.camera_id = c.id
   LEFT JOIN (SELECT camera_id, sum(bytes) AS bytes, count(*) AS n FROM thumbnails GROUP BY camera_id) th
     ON th.camera_id = c.id
   WHERE cl.camera_id IS NOT NULL OR th.camera_id IS NOT NULL`,

  `CREATE FUNCTION count_clips_added() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO camera_storage AS s (camera_id, clip_bytes, clip_count, latest_clip_at)
       SELECT camera_id, sum(bytes), count(*), max(start_time) FROM added GROUP BY camera_id ORDER BY camera_id
     ON CONFLICT (camera_id) DO UPDATE SET
       clip_bytes = s.clip_bytes + EXCLUDED.clip_bytes,
       clip_count = s.clip_count + EXCLUDED.clip_count,
       latest_clip_at = GREATEST(s.latest_clip_at, EXCLUDED.latest_clip_at);
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION count_clips_removed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE camera_storage s SET
       clip_bytes = s.clip_bytes - r.bytes,
       clip_count = s.clip_count - r.n,
       latest_clip_at = CASE WHEN r.latest >= s.latest_clip_at
         THEN (SELECT max(cl.start_time) FROM clips cl WHERE cl.camera_id = s.camera_id)
         ELSE s.latest_clip_at END
     FROM (SELECT camera_id, sum(bytes) AS bytes, count(*) AS n, max(start_time) AS latest
           FROM removed GROUP BY camera_id) r
     WHERE s.camera_id = r.camera_id;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION count_stills_added() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO camera_storage AS s (camera_id, still_bytes, still_count)
       SELECT camera_id, sum(bytes), count(*) FROM added GROUP BY camera_id ORDER BY camera_id
     ON CONFLICT (camera_id) DO UPDATE SET
       still_bytes = s.still_bytes + EXCLUDED.still_bytes,
       still_count = s.still_count + EXCLUDED.still_count;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION count_stills_removed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE camera_storage s SET still_bytes = s.still_bytes - r.bytes, still_count = s.still_count - r.n
     FROM (SELECT camera_id, sum(bytes) AS bytes, count(*) AS n FROM removed GROUP BY camera_id) r
     WHERE s.camera_id = r.camera_id;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION count_media_resized() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_TABLE_NAME = 'clips' THEN
       UPDATE camera_storage SET clip_bytes = clip_bytes + NEW.bytes - OLD.bytes WHERE camera_id = NEW.camera_id;
     ELSE
       UPDATE camera_storage SET still_bytes = still_bytes + NEW.bytes - OLD.bytes WHERE camera_id = NEW.camera_id;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER clips_storage_ins AFTER INSERT ON clips REFERENCING NEW TABLE AS added
     FOR EACH STATEMENT EXECUTE FUNCTION count_clips_added()`,
  `CREATE TRIGGER clips_storage_del AFTER DELETE ON clips REFERENCING OLD TABLE AS removed
     FOR EACH STATEMENT EXECUTE FUNCTION count_clips_removed()`,
  `CREATE TRIGGER clips_storage_resize AFTER UPDATE OF bytes ON clips
     FOR EACH ROW WHEN (OLD.bytes IS DISTINCT FROM NEW.bytes) EXECUTE FUNCTION count_media_resized()`,
  `CREATE TRIGGER thumbnails_storage_ins AFTER INSERT ON thumbnails REFERENCING NEW TABLE AS added
     FOR EACH STATEMENT EXECUTE FUNCTION count_stills_added()`,
  `CREATE TRIGGER thumbnails_storage_del AFTER DELETE ON thumbnails REFERENCING OLD TABLE AS removed
     FOR EACH STATEMENT EXECUTE FUNCTION count_stills_removed()`,
  `CREATE TRIGGER thumbnails_storage_resize AFTER UPDATE OF bytes ON thumbnails
     FOR EACH ROW WHEN (OLD.bytes IS DISTINCT FROM NEW.bytes) EXECUTE FUNCTION count_media_resized()`,
  // first_seen_at changes at a camera's first heartbeat: like last_seen_at it is not what the camera list shows,
  // so the list's version (migration 0010) must not go up for it.
  `DROP TRIGGER cameras_browse_version_upd ON cameras`,
  browseVersionTrigger([...QUIET_CAMERA_COLUMNS, 'first_seen_at']),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, triggers] of [
    ['clips', ['clips_storage_ins', 'clips_storage_del', 'clips_storage_resize']],
    ['thumbnails', ['thumbnails_storage_ins', 'thumbnails_storage_del', 'thumbnails_storage_resize']],
    ['cameras', ['cameras_first_seen']],
  ] as const)
    for (const trigger of triggers)
      await sql.raw(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`).execute(db);
  for (const fn of [
    'count_clips_added',
    'count_clips_removed',
    'count_stills_added',
    'count_stills_removed',
    'count_media_resized',
    'note_camera_first_seen',
  ])
    await sql.raw(`DROP FUNCTION IF EXISTS ${fn}()`).execute(db);
  await sql.raw('DROP TABLE IF EXISTS camera_storage').execute(db);
  await sql.raw('DROP TRIGGER IF EXISTS cameras_browse_version_upd ON cameras').execute(db);
  await sql.raw(browseVersionTrigger(QUIET_CAMERA_COLUMNS)).execute(db);
  await sql.raw('ALTER TABLE cameras DROP COLUMN IF EXISTS first_seen_at').execute(db);
}
