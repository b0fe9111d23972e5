// The weather tables: area boundaries, JMA reports with the areas they speak for, and their warnings.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WeatherCategory } from '@camwatch/contract/constants';
import type { WeatherWarningsTable } from '../../db/schema.ts';

export interface WarningInForceRow {
  area_code: string;
  area_name: string;
  geometry: unknown;
  kind_code: string;
  category: WeatherCategory;
  reported_at: Date;
}

export class WeatherRepository {
  constructor(private readonly db: Db) {}

  async upsertArea(code: string, name: string, geometry: unknown): Promise<void> {
    const json = JSON.stringify(geometry);
    await this.db
      .insertInto('weather_areas')
      .values({ code, name, geometry: json })
      .onConflict((oc) =>
        oc.column('code').doUpdateSet({ name, geometry: json, updated_at: sql<Date>`now()` }),
      )
      .execute();
  }

  /** The report's row, emptied of its areas and warnings when it was imported before; its id. */
  async replaceReport(report: {
    publishingOffice: string;
    reportedAt: Date;
    reportDate: string;
    headline: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('weather_reports')
      .values({
        publishing_office: report.publishingOffice,
        reported_at: report.reportedAt,
        report_date: report.reportDate,
        headline: report.headline,
      })
      .onConflict((oc) =>
        oc
          .columns(['publishing_office', 'reported_at'])
          .doUpdateSet({ headline: report.headline, imported_at: sql<Date>`now()` }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db.deleteFrom('weather_report_areas').where('report_id', '=', row.id).execute();
    return row.id;
  }

  async insertReportAreas(reportId: number, areaCodes: string[]): Promise<void> {
    if (areaCodes.length === 0) return;
    await this.db
      .insertInto('weather_report_areas')
      .values(areaCodes.map((area_code) => ({ report_id: reportId, area_code })))
      .execute();
  }

  async insertWarnings(rows: WeatherWarningsTable[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insertInto('weather_warnings').values(rows).execute();
  }

  async hasAnyReport(): Promise<boolean> {
    const row = await this.db.selectFrom('weather_reports').select('id').limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** Whether any report was issued on the date (Japan time). */
  async hasReportOn(date: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('weather_reports')
      .select('id')
      .where('report_date', '=', date)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Warnings in force just before `before`: for each area the latest report issued before then that names
   * the area decides its state; only areas with a boundary are returned.
   */
  async warningsInForce(before: Date, categories: readonly WeatherCategory[]): Promise<WarningInForceRow[]> {
    if (categories.length === 0) return [];
    const latest = this.db
      .selectFrom('weather_report_areas as ra')
      .innerJoin('weather_reports as r', 'r.id', 'ra.report_id')
      .distinctOn('ra.area_code')
      .select(['ra.area_code', 'ra.report_id', 'r.reported_at'])
      .where('r.reported_at', '<', before)
      .orderBy('ra.area_code')
      .orderBy('r.reported_at', 'desc')
      .orderBy('r.id', 'desc');
    const rows = await this.db
      .selectFrom(latest.as('l'))
      .innerJoin('weather_warnings as w', (join) =>
        join.onRef('w.report_id', '=', 'l.report_id').onRef('w.area_code', '=', 'l.area_code'),
      )
      .innerJoin('weather_areas as a', 'a.code', 'l.area_code')
      .select([
        'l.area_code',
        'a.name as area_name',
        'a.geometry',
        'w.kind_code',
        'w.category',
        'l.reported_at',
      ])
      .where('w.in_force', '=', true)
      .where('w.category', 'in', categories)
      .orderBy('l.area_code')
      .orderBy('w.kind_code')
      .execute();
    return rows.map((r) => ({
      ...r,
      geometry: typeof r.geometry === 'string' ? JSON.parse(r.geometry) : r.geometry,
    }));
  }
}
