// The uncached camera list at 100,000 cameras per customer (issue 19): what its counts read.
// - customers.camera_count: how many cameras the customer has, kept by PostgreSQL itself, so the list's total
//   without a filter is one row read instead of counting the customer's cameras on every request (15 ms at
//   100,000 cameras, PostgreSQL 15). Inserts and deletes are counted per statement from their transition
//   tables (one customers update per statement and customer, not one per row: see 0010 on row-version
//   chains); a camera moved to another customer, which nothing does today, per row. A camera update
//   otherwise (heartbeats, thumbnails) fires nothing.
// - The down-camera counts (how many, at how many sites) from one small index holding the site of each down
//   camera, so both come from an index-only scan instead of a heap read per down camera (2-17 ms at 2,000
//   down cameras). Replaces 0001's cameras_customer_down_idx.
import { sql, type Kysely } from 'kysely';

const statements = [
  `ALTER TABLE customers ADD COLUMN camera_count bigint NOT NULL DEFAULT 0`,
  `UPDATE customers cu SET camera_count = (SELECT count(*) FROM cameras c WHERE c.customer_id = cu.id)`,
  `CREATE FUNCTION count_cameras_added() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE customers cu SET camera_count = cu.camera_count + n.n
       FROM (SELECT customer_id, count(*) AS n FROM added GROUP BY customer_id) n WHERE cu.id = n.customer_id;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION count_cameras_removed() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE customers cu SET camera_count = cu.camera_count - n.n
       FROM (SELECT customer_id, count(*) AS n FROM removed GROUP BY customer_id) n WHERE cu.id = n.customer_id;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION count_camera_moved() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE customers SET camera_count = camera_count - 1 WHERE id = OLD.customer_id;
     UPDATE customers SET camera_count = camera_count + 1 WHERE id = NEW.customer_id;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER cameras_count_ins AFTER INSERT ON cameras REFERENCING NEW TABLE AS added
     FOR EACH STATEMENT EXECUTE FUNCTION count_cameras_added()`,
  `CREATE TRIGGER cameras_count_del AFTER DELETE ON cameras REFERENCING OLD TABLE AS removed
     FOR EACH STATEMENT EXECUTE FUNCTION count_cameras_removed()`,
  `CREATE TRIGGER cameras_count_move AFTER UPDATE OF customer_id ON cameras
     FOR EACH ROW WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id) EXECUTE FUNCTION count_camera_moved()`,
  `CREATE INDEX cameras_customer_down_site_idx ON cameras (customer_id, location_id) WHERE watch_status = 'down'`,
  `DROP INDEX cameras_customer_down_idx`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE INDEX IF NOT EXISTS cameras_customer_down_idx ON cameras (customer_id) WHERE watch_status = 'down'`,
    )
    .execute(db);
  await sql.raw('DROP INDEX IF EXISTS cameras_customer_down_site_idx').execute(db);
  for (const trigger of ['cameras_count_ins', 'cameras_count_del', 'cameras_count_move'])
    await sql.raw(`DROP TRIGGER IF EXISTS ${trigger} ON cameras`).execute(db);
  for (const fn of ['count_cameras_added', 'count_cameras_removed', 'count_camera_moved'])
    await sql.raw(`DROP FUNCTION IF EXISTS ${fn}()`).execute(db);
  await sql.raw('ALTER TABLE customers DROP COLUMN IF EXISTS camera_count').execute(db);
}
