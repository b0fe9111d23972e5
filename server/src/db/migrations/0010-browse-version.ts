// The camera list's version per customer (issue 5 figures): customers.browse_version goes up whenever
// anything the camera list or its counts show changes — a camera added, removed or edited (name, site,
// status, functions…), a site, a tag or a tag link. The session check reads it with the session, so the
// API can keep answers of GET api/cameras in memory and know without another query whether they still hold.
//
// Kept by PostgreSQL itself (triggers), so no writer can forget it: the CLI, the health watcher, the tag
// calls, a seed script or an operator's SQL. Columns that change all the time and that the list does not
// show as data (last_seen_at, latest_thumb_at: the thumbnail address is allowed to lag by the cache's
// lifetime) do not count, so the heartbeat and thumbnail writes of thousands of cameras leave it alone.
// A row trigger's WHEN clause is checked in C without calling the function, so those writes cost nothing.
import { sql, type Kysely } from 'kysely';

/** Camera columns whose change does not change the camera list's answer. */
const quietCameraColumns = ['last_seen_at', 'latest_thumb_at', 'updated_at'];
const withoutQuiet = (row: 'OLD' | 'NEW') =>
  `(to_jsonb(${row}) - ${quietCameraColumns.map((c) => `'${c}'`).join(' - ')})`;

const statements = [
  `ALTER TABLE customers ADD COLUMN browse_version bigint NOT NULL DEFAULT 0`,
  // One function for every table: the changed row carries its customer, except camera_tags (via its camera).
  // A customer is bumped once per transaction however many rows change (the ids already bumped are kept in
  // a transaction-local setting): bumping one customers row per changed row would make a statement that
  // changes 10,000 cameras (all of a site's cameras going down after an outage) walk an ever longer chain
  // of row versions, quadratic in the rows changed.
  `CREATE FUNCTION bump_browse_version() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     customers_changed bigint[];
     customer bigint;
     bumped text := coalesce(current_setting('camwatch.browse_bumped', true), '');
   BEGIN
     IF TG_TABLE_NAME = 'camera_tags' THEN
       SELECT array_agg(customer_id) INTO customers_changed FROM cameras
         WHERE id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.camera_id END,
                      CASE WHEN TG_OP <> 'DELETE' THEN NEW.camera_id END);
     ELSE
       customers_changed := ARRAY[CASE WHEN TG_OP <> 'INSERT' THEN OLD.customer_id END,
                                  CASE WHEN TG_OP <> 'DELETE' THEN NEW.customer_id END];
     END IF;
     FOREACH customer IN ARRAY coalesce(customers_changed, '{}') LOOP
       IF customer IS NOT NULL AND position(',' || customer || ',' IN bumped) = 0 THEN
         UPDATE customers SET browse_version = browse_version + 1 WHERE id = customer;
         bumped := bumped || ',' || customer || ',';
       END IF;
     END LOOP;
     PERFORM set_config('camwatch.browse_bumped', bumped, true);
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER cameras_browse_version_ins_del AFTER INSERT OR DELETE ON cameras
     FOR EACH ROW EXECUTE FUNCTION bump_browse_version()`,
  `CREATE TRIGGER cameras_browse_version_upd AFTER UPDATE ON cameras
     FOR EACH ROW WHEN (${withoutQuiet('OLD')} IS DISTINCT FROM ${withoutQuiet('NEW')})
     EXECUTE FUNCTION bump_browse_version()`,
  ...['locations', 'tags', 'camera_tags'].map(
    (table) => `CREATE TRIGGER ${table}_browse_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
       FOR EACH ROW EXECUTE FUNCTION bump_browse_version()`,
  ),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['locations', 'tags', 'camera_tags'])
    await sql.raw(`DROP TRIGGER IF EXISTS ${table}_browse_version ON ${table}`).execute(db);
  await sql.raw('DROP TRIGGER IF EXISTS cameras_browse_version_upd ON cameras').execute(db);
  await sql.raw('DROP TRIGGER IF EXISTS cameras_browse_version_ins_del ON cameras').execute(db);
  await sql.raw('DROP FUNCTION IF EXISTS bump_browse_version()').execute(db);
  await sql.raw('ALTER TABLE customers DROP COLUMN IF EXISTS browse_version').execute(db);
}
