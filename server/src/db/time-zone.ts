// Whether PostgreSQL knows an IANA time zone. The contract takes only the runtime's zones, and the database's
// list may differ; asked once per zone and process (pg_timezone_names reads the zone files, so a probe is used).
import { sql } from 'kysely';
import type { Db } from './database.ts';

const knownZones = new Map<string, boolean>();

export async function databaseKnowsTimeZone(db: Db, timeZone: string): Promise<boolean> {
  const known = knownZones.get(timeZone);
  if (known !== undefined) return known;
  try {
    await sql`SELECT now() AT TIME ZONE ${timeZone}`.execute(db);
    knownZones.set(timeZone, true);
    return true;
  } catch (error) {
    // invalid_parameter_value: time zone "…" not recognized
    if ((error as { code?: unknown }).code !== '22023') throw error;
    knownZones.set(timeZone, false);
    return false;
  }
}
