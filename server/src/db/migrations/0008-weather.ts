// Weather warnings for the map's overlay (core.md §2, §3, §4, §9), imported from the Japan Meteorological
// Agency's warning reports (`npm run cli -- weather import`), and an index for the map's range query.
// - weather_areas: JMA forecast areas (class-10 area code) with their boundary as GeoJSON, [lng, lat].
// - weather_reports: one JMA report (one publishing office at one time); report_date is its date in Japan
//   time, what "no data for that date" (404) is decided on.
// - weather_report_areas: the areas a report speaks for, even those it gives no warning: the state of an
//   area is that of the latest report naming it.
// - weather_warnings: each warning kind of an area in a report, with the JMA status (発表, 継続, 解除, …).
// Weather is public information, the same for every customer (like releases).
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE weather_areas (
    code text PRIMARY KEY,
    name text NOT NULL,
    geometry jsonb NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE weather_reports (
    id bigserial PRIMARY KEY,
    publishing_office text NOT NULL,
    reported_at timestamptz NOT NULL,
    report_date date NOT NULL,
    headline text NOT NULL DEFAULT '',
    imported_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (publishing_office, reported_at)
  )`,
  `CREATE INDEX weather_reports_date_idx ON weather_reports (report_date)`,
  `CREATE TABLE weather_report_areas (
    report_id bigint NOT NULL REFERENCES weather_reports(id) ON DELETE CASCADE,
    area_code text NOT NULL,
    PRIMARY KEY (area_code, report_id)
  )`,
  `CREATE TABLE weather_warnings (
    report_id bigint NOT NULL,
    area_code text NOT NULL,
    kind_code text NOT NULL,
    category text NOT NULL CHECK (category IN ('special_warning', 'warning', 'advisory')),
    status text NOT NULL,
    in_force boolean NOT NULL,
    PRIMARY KEY (report_id, area_code, kind_code),
    FOREIGN KEY (area_code, report_id) REFERENCES weather_report_areas (area_code, report_id) ON DELETE CASCADE
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['weather_warnings', 'weather_report_areas', 'weather_reports', 'weather_areas'])
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
}
