// The people counter setting per camera (advanced.md §3 "People counter setting", §5): the difference area
// (null: the whole picture), the entrance start and end areas, the analysis periods per day of the week and
// for holidays, and the staff judgment period and admission threshold. One row per camera, written whole by
// PUT people-counter/camera/{cameraCode}/setting; a camera without a row is shown the defaults and not counted.
// The checks repeat the contract's ranges, so no other writer can store a setting the analysis cannot use.
import { sql, type Kysely } from 'kysely';

const statements = [
  `CREATE TABLE people_counter_settings (
     camera_id bigint PRIMARY KEY REFERENCES cameras (id) ON DELETE CASCADE,
     difference_area jsonb,
     entrance_start_area jsonb NOT NULL,
     entrance_end_area jsonb NOT NULL,
     analysis_periods jsonb NOT NULL,
     staff_judgment_days integer NOT NULL CHECK (staff_judgment_days BETWEEN 1 AND 90),
     staff_admission_threshold integer NOT NULL
       CHECK (staff_admission_threshold BETWEEN 1 AND staff_judgment_days),
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS people_counter_settings').execute(db);
}
