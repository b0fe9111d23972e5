// The operation analysis setting row of a camera (operation_analysis_settings). Every query is scoped by the
// caller's customer: the camera is found by code within it, and a write goes through the cameras table with
// the customer id, so a camera id alone can never reach another customer's row.
import { sql } from 'kysely';
import type { DetectionSetting, OperationArea } from '@camwatch/contract/operation-analysis';
import type { Db } from '../../db/database.ts';
import { customerCamera } from '../../db/scoped-queries.ts';

export interface StoredOperationAnalysisSetting {
  operation_areas: OperationArea[];
  /** Null until the detection setting is first saved. */
  detection_setting: DetectionSetting | null;
}

export interface OperationAnalysisCamera {
  id: number;
  use_operation_analysis: boolean;
  /** The stored setting; null when the camera has no row yet. */
  setting: StoredOperationAnalysisSetting | null;
}

const asJsonb = (value: unknown) => sql<string>`cast(${JSON.stringify(value)} as jsonb)`;

export class OperationAnalysisRepository {
  constructor(private readonly db: Db) {}

  /** The customer's camera with this code and its stored setting, in one query; none when not the customer's. */
  async findCamera(customerId: number, code: string): Promise<OperationAnalysisCamera | undefined> {
    const row = await customerCamera(this.db, customerId, code)
      .leftJoin('operation_analysis_settings as s', 's.camera_id', 'cameras.id')
      .select([
        'cameras.id',
        'cameras.use_operation_analysis',
        's.camera_id as setting_camera_id',
        's.operation_areas',
        's.detection_setting',
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      use_operation_analysis: row.use_operation_analysis,
      setting:
        row.setting_camera_id === null
          ? null
          : { operation_areas: row.operation_areas ?? [], detection_setting: row.detection_setting },
    };
  }

  /** Replaces the camera's operation areas (the detection setting stays); answers the whole stored setting. */
  saveAreas(customerId: number, cameraId: number, areas: OperationArea[]) {
    return this.upsert(customerId, cameraId, 'operation_areas', asJsonb(areas));
  }

  /** Replaces the camera's detection setting (the areas stay); answers the whole stored setting. */
  saveDetectionSetting(customerId: number, cameraId: number, setting: DetectionSetting) {
    return this.upsert(customerId, cameraId, 'detection_setting', asJsonb(setting));
  }

  /**
   * One statement: the row is made from the customer's camera (nothing when the camera is not the
   * customer's, or was deleted meanwhile), or only the named column of an existing row is replaced, so two
   * calls replacing the two halves at once never undo each other.
   */
  private async upsert(
    customerId: number,
    cameraId: number,
    column: 'operation_areas' | 'detection_setting',
    value: ReturnType<typeof asJsonb>,
  ): Promise<StoredOperationAnalysisSetting | undefined> {
    return this.db
      .insertInto('operation_analysis_settings')
      .columns(['camera_id', column])
      .expression(
        this.db
          .selectFrom('cameras')
          .select(['cameras.id', value.as(column)])
          .where('cameras.customer_id', '=', customerId)
          .where('cameras.id', '=', cameraId),
      )
      .onConflict((oc) =>
        oc.column('camera_id').doUpdateSet({
          [column]: sql.ref(`excluded.${column}`),
          updated_at: sql`now()`,
        }),
      )
      .returning(['operation_areas', 'detection_setting'])
      .executeTakeFirst();
  }
}
