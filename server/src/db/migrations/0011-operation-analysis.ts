// Operation analysis settings per camera (advanced.md §3, §5, §7): the operation areas drawn on the picture and
// the detection thresholds, each replaced as a whole by its own call. One row per camera, made by whichever
// call comes first; a camera without a row has no areas and the default thresholds, and so does a row whose
// detection_setting is still null (only the areas were saved), so a later change of the defaults reaches it.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE operation_analysis_settings (
     camera_id bigint PRIMARY KEY REFERENCES cameras (id) ON DELETE CASCADE,
     operation_areas jsonb NOT NULL DEFAULT '[]'::jsonb,
     detection_setting jsonb,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS operation_analysis_settings').execute(db);
}
