// Table types of imported weather warnings and the areas they cover.
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './column-types.ts';

export interface WeatherAreasTable {
  code: string;
  name: string;
  /** GeoJSON Polygon or MultiPolygon, positions [lng, lat]. */
  geometry: Json<unknown>;
  updated_at: Timestamp;
}

export interface WeatherReportsTable {
  id: Generated<number>;
  publishing_office: string;
  reported_at: Timestamp;
  /** The report's date in Japan time, YYYY-MM-DD. */
  report_date: ColumnType<string, string, string>;
  headline: Generated<string>;
  imported_at: Timestamp;
}

export interface WeatherReportAreasTable {
  report_id: number;
  area_code: string;
}

export interface WeatherWarningsTable {
  report_id: number;
  area_code: string;
  kind_code: string;
  category: 'special_warning' | 'warning' | 'advisory';
  status: string;
  in_force: boolean;
}
