// Reading the Japan Meteorological Agency's warning data into the weather tables (`weather import <file>`).
// The input follows JMA's published warning JSON (one report per publishing office and time: areas by code,
// each with its warning kinds by code and status), joined to area boundaries given as GeoJSON features whose
// properties name the area code. A file holds a bundle `{ boundaries, reports }`, or just a FeatureCollection
// of boundaries, one report, or a list of reports. Importing the same report again replaces it: idempotent.
import { z } from 'zod';
import { weatherGeometrySchema } from '@camwatch/contract/weather';
import type { Db } from '../../db/database.ts';
import { DomainError } from '../../lib/errors.ts';
import { isInForce, JMA_WARNING_KINDS, NONE_STATUS } from './jma-warning-kinds.ts';
import { WeatherRepository } from './weather.repository.ts';

const areaCode = z.string().regex(/^\d{6,7}$/, { message: 'must be a JMA area code (6 or 7 digits)' });

type Position = number[];
const isClosed = (ring: Position[]) => {
  const [first, last] = [ring[0], ring[ring.length - 1]];
  return !!first && !!last && first[0] === last[0] && first[1] === last[1];
};
const inRange = (ring: Position[]) =>
  ring.every(([lng, lat]) => lng! >= -180 && lng! <= 180 && lat! >= -90 && lat! <= 90);

const boundarySchema = z.object({
  type: z.literal('Feature'),
  properties: z.object({ code: areaCode, name: z.string().trim().min(1).max(200) }),
  geometry: weatherGeometrySchema.superRefine((geometry, ctx) => {
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    for (const ring of polygons.flat()) {
      if (!isClosed(ring)) ctx.addIssue({ code: 'custom', message: 'every ring must end where it starts' });
      else if (!inRange(ring))
        ctx.addIssue({ code: 'custom', message: 'positions are [longitude, latitude] within range' });
    }
  }),
});

const boundariesSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(boundarySchema),
});

const warningItemSchema = z
  .object({ code: z.string().optional(), status: z.string().trim().min(1).max(50) })
  .superRefine((item, ctx) => {
    if (item.code === undefined) {
      if (item.status !== NONE_STATUS)
        ctx.addIssue({ code: 'custom', path: ['code'], message: 'required unless the area has no warning' });
    } else if (!JMA_WARNING_KINDS[item.code])
      ctx.addIssue({ code: 'custom', path: ['code'], message: `unknown JMA warning kind "${item.code}"` });
  });

const reportSchema = z.object({
  reportDatetime: z.iso.datetime({ offset: true }),
  publishingOffice: z.string().trim().min(1).max(100),
  headlineText: z.string().max(2000).optional(),
  areaTypes: z.array(
    z.object({ areas: z.array(z.object({ code: areaCode, warnings: z.array(warningItemSchema) })) }),
  ),
});
export type JmaWarningReport = z.input<typeof reportSchema>;
type Report = z.output<typeof reportSchema>;

const bundleSchema = z
  .strictObject({ boundaries: boundariesSchema.optional(), reports: z.array(reportSchema).optional() })
  .refine((b) => b.boundaries !== undefined || b.reports !== undefined, {
    message: 'expected boundaries and/or reports',
  });
export type WeatherBundle = z.input<typeof bundleSchema>;

/** What one file holds, in any of the accepted shapes, told apart by its top level. */
function schemaFor(input: unknown) {
  if (Array.isArray(input)) return z.array(reportSchema).transform((reports) => ({ reports }));
  const top = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  if (top.type === 'FeatureCollection') return boundariesSchema.transform((boundaries) => ({ boundaries }));
  if ('reportDatetime' in top) return reportSchema.transform((report) => ({ reports: [report] }));
  return bundleSchema;
}

export interface WeatherImportSummary {
  areas: number;
  reports: number;
  /** Warnings in force in the reports read. */
  warnings: number;
}

/** The report's date in Japan time (JMA dates and the weather call's dates are Japan time). */
export const japanDateOf = (instant: Date): string =>
  new Date(instant.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

function parse(input: unknown): { boundaries?: z.output<typeof boundariesSchema>; reports?: Report[] } {
  const parsed = schemaFor(input).safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'file';
  throw new DomainError(400, 'bad_request', `weather data: ${where}: ${issue?.message ?? 'not readable'}`);
}

/** Stores boundaries and reports through a repository (inside the caller's transaction). */
export async function storeWeather(repo: WeatherRepository, input: unknown): Promise<WeatherImportSummary> {
  const { boundaries, reports = [] } = parse(input);
  for (const feature of boundaries?.features ?? [])
    await repo.upsertArea(feature.properties.code, feature.properties.name, feature.geometry);
  let warnings = 0;
  for (const report of reports) {
    const reportedAt = new Date(report.reportDatetime);
    // An area may appear in several area lists of one report: its kinds are merged, a later item winning.
    const areas = new Map<string, Map<string, string>>();
    for (const areaType of report.areaTypes) {
      for (const area of areaType.areas) {
        const kinds = areas.get(area.code) ?? new Map<string, string>();
        for (const item of area.warnings) if (item.code !== undefined) kinds.set(item.code, item.status);
        areas.set(area.code, kinds);
      }
    }
    const reportId = await repo.replaceReport({
      publishingOffice: report.publishingOffice,
      reportedAt,
      reportDate: japanDateOf(reportedAt),
      headline: report.headlineText ?? '',
    });
    await repo.insertReportAreas(reportId, [...areas.keys()]);
    const rows = [...areas].flatMap(([area, kinds]) =>
      [...kinds].map(([kindCode, status]) => ({
        report_id: reportId,
        area_code: area,
        kind_code: kindCode,
        category: JMA_WARNING_KINDS[kindCode]!.category,
        status,
        in_force: isInForce(status),
      })),
    );
    await repo.insertWarnings(rows);
    warnings += rows.filter((r) => r.in_force).length;
  }
  return { areas: boundaries?.features.length ?? 0, reports: reports.length, warnings };
}

/** Imports one file's content in one transaction: all of it or nothing. */
export function importWeather(db: Db, input: unknown): Promise<WeatherImportSummary> {
  return db.transaction().execute((trx) => storeWeather(new WeatherRepository(trx), input));
}
