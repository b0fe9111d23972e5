// The people counter setting row of a camera (people_counter_settings, migration 0018). Reads and writes for a
// request are scoped by the caller's customer: the camera is found by code within it, and a write goes through
// the cameras table with the customer id, so a camera id alone never reaches another customer's row.
// `findPeopleCounterSetting` is the analysis job's read, by camera id (the job already holds the camera).
import { sql } from 'kysely';
import type { PeopleCounterSettingValues } from '@camwatch/contract/people-counter';
import { sortedPeriods, ANALYSIS_DAYS, type AnalysisPeriods } from '@camwatch/contract/people-counter-rules';
import type { Db } from '../../db/database.ts';
import { customerCamera } from '../../db/scoped-queries.ts';

/** A saved setting: both entrance areas are always there; no difference area means the whole picture. */
export type StoredPeopleCounterSetting = PeopleCounterSettingValues;

export interface PeopleCounterCamera {
  id: number;
  use_people_counter: boolean;
  /** Null while nothing was saved for the camera. */
  setting: StoredPeopleCounterSetting | null;
}

const asJsonb = (value: unknown) => sql<string>`cast(${JSON.stringify(value)} as jsonb)`;

const settingColumns = [
  's.camera_id as setting_camera_id',
  's.difference_area',
  's.entrance_start_area',
  's.entrance_end_area',
  's.analysis_periods',
  's.staff_judgment_days',
  's.staff_admission_threshold',
] as const;

interface SettingRow {
  setting_camera_id: number | null;
  difference_area: StoredPeopleCounterSetting['differenceArea'];
  entrance_start_area: StoredPeopleCounterSetting['entranceStartArea'] | null;
  entrance_end_area: StoredPeopleCounterSetting['entranceEndArea'] | null;
  analysis_periods: AnalysisPeriods | null;
  staff_judgment_days: number | null;
  staff_admission_threshold: number | null;
}

const toSetting = (row: SettingRow): StoredPeopleCounterSetting | null =>
  row.setting_camera_id === null ||
  row.entrance_start_area === null ||
  row.entrance_end_area === null ||
  row.analysis_periods === null ||
  row.staff_judgment_days === null ||
  row.staff_admission_threshold === null
    ? null
    : {
        differenceArea: row.difference_area,
        entranceStartArea: row.entrance_start_area,
        entranceEndArea: row.entrance_end_area,
        analysisPeriods: row.analysis_periods,
        staffJudgmentDays: row.staff_judgment_days,
        staffAdmissionThreshold: row.staff_admission_threshold,
      };

/** Each day's periods in the order of their start, so the analysis and the dialog read them in time order. */
const orderedPeriods = (periods: AnalysisPeriods): AnalysisPeriods =>
  Object.fromEntries(ANALYSIS_DAYS.map((day) => [day, sortedPeriods(periods[day])])) as AnalysisPeriods;

/**
 * The camera's saved people counter setting, or null when none is saved (the camera is then not counted).
 * For the analysis job, which already holds the camera; not for requests (they go by customer and code).
 */
export async function findPeopleCounterSetting(
  db: Db,
  cameraId: number,
): Promise<StoredPeopleCounterSetting | null> {
  const row = await db
    .selectFrom('people_counter_settings as s')
    .select([...settingColumns])
    .where('s.camera_id', '=', cameraId)
    .executeTakeFirst();
  return row ? toSetting(row) : null;
}

export class PeopleCounterSettingRepository {
  constructor(private readonly db: Db) {}

  /** The customer's camera with this code and its saved setting, in one query; none when not the customer's. */
  async findCamera(customerId: number, code: string): Promise<PeopleCounterCamera | undefined> {
    const row = await customerCamera(this.db, customerId, code)
      .leftJoin('people_counter_settings as s', 's.camera_id', 'cameras.id')
      .select(['cameras.id', 'cameras.use_people_counter', ...settingColumns])
      .executeTakeFirst();
    if (!row) return undefined;
    return { id: row.id, use_people_counter: row.use_people_counter, setting: toSetting(row) };
  }

  /**
   * Replaces the camera's setting as a whole, in one statement: the row is made from the customer's camera
   * (nothing when the camera is not the customer's, or was deleted meanwhile) or replaced. Answers what is saved.
   */
  async save(
    customerId: number,
    cameraId: number,
    setting: StoredPeopleCounterSetting,
  ): Promise<StoredPeopleCounterSetting | null> {
    const differenceArea =
      setting.differenceArea === null ? sql<string | null>`null::jsonb` : asJsonb(setting.differenceArea);
    const row = await this.db
      .insertInto('people_counter_settings')
      .columns([
        'camera_id',
        'difference_area',
        'entrance_start_area',
        'entrance_end_area',
        'analysis_periods',
        'staff_judgment_days',
        'staff_admission_threshold',
      ])
      .expression(
        this.db
          .selectFrom('cameras')
          .select([
            'cameras.id',
            differenceArea.as('difference_area'),
            asJsonb(setting.entranceStartArea).as('entrance_start_area'),
            asJsonb(setting.entranceEndArea).as('entrance_end_area'),
            asJsonb(orderedPeriods(setting.analysisPeriods)).as('analysis_periods'),
            sql<number>`${setting.staffJudgmentDays}::integer`.as('staff_judgment_days'),
            sql<number>`${setting.staffAdmissionThreshold}::integer`.as('staff_admission_threshold'),
          ])
          .where('cameras.customer_id', '=', customerId)
          .where('cameras.id', '=', cameraId),
      )
      .onConflict((oc) =>
        oc.column('camera_id').doUpdateSet({
          difference_area: sql.ref('excluded.difference_area'),
          entrance_start_area: sql.ref('excluded.entrance_start_area'),
          entrance_end_area: sql.ref('excluded.entrance_end_area'),
          analysis_periods: sql.ref('excluded.analysis_periods'),
          staff_judgment_days: sql.ref('excluded.staff_judgment_days'),
          staff_admission_threshold: sql.ref('excluded.staff_admission_threshold'),
          updated_at: sql`now()`,
        }),
      )
      .returning([
        'camera_id as setting_camera_id',
        'difference_area',
        'entrance_start_area',
        'entrance_end_area',
        'analysis_periods',
        'staff_judgment_days',
        'staff_admission_threshold',
      ])
      .executeTakeFirst();
    return row ? toSetting(row) : null;
  }
}
