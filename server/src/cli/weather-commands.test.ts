// `weather import <file>` against the real database: the shipped sample file in, rows out; importing it
// again changes nothing; a changed report replaces its old content; a bad file stores nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { cliErrorMessage, runCli } from './run-cli.ts';

const SAMPLE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../modules/weather/sample/sample-kanto.json',
);

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-weather-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.app.close();
});

async function cli(args: string[]): Promise<{ lines: Record<string, unknown>[]; error: string | null }> {
  const out: string[] = [];
  try {
    await runCli(args, t.db, { out: (l) => out.push(l), readStdin: async () => '' });
    return { lines: out.map((l) => JSON.parse(l)), error: null };
  } catch (error) {
    const message = cliErrorMessage(error);
    if (message === null) throw error;
    return { lines: out.map((l) => JSON.parse(l)), error: message };
  }
}

/** The stored rows of the reports issued between two instants (other tests' data lies on other days). */
async function storedBetween(from: string, to: string) {
  const reports = await t.db
    .selectFrom('weather_reports')
    .select(['id', 'publishing_office', 'reported_at', 'report_date', 'headline'])
    .where('reported_at', '>=', new Date(from))
    .where('reported_at', '<', new Date(to))
    .orderBy('reported_at')
    .orderBy('publishing_office')
    .execute();
  const ids = reports.map((r) => r.id);
  const warnings = ids.length
    ? await t.db
        .selectFrom('weather_warnings')
        .select(['report_id', 'area_code', 'kind_code', 'category', 'status', 'in_force'])
        .where('report_id', 'in', ids)
        .orderBy('report_id')
        .orderBy('area_code')
        .orderBy('kind_code')
        .execute()
    : [];
  const areas = ids.length
    ? await t.db
        .selectFrom('weather_report_areas')
        .select(['report_id', 'area_code'])
        .where('report_id', 'in', ids)
        .orderBy('report_id')
        .orderBy('area_code')
        .execute()
    : [];
  return { reports, warnings, areas };
}

const SAMPLE_DAYS = ['2026-11-18T00:00:00+09:00', '2026-11-21T00:00:00+09:00'] as const;

describe('weather import', () => {
  it('reads the shipped sample file: area outlines, reports per office, warnings with category and status', async () => {
    const { lines, error } = await cli(['weather', 'import', SAMPLE]);
    expect(error).toBeNull();
    expect(lines).toEqual([{ ok: true, file: SAMPLE, areas: 10, reports: 13, warnings: 40 }]);

    const areas = await t.db.selectFrom('weather_areas').select(['code', 'name', 'geometry']).execute();
    const tokyo = areas.find((a) => a.code === '130010')!;
    expect(tokyo.name).toBe('東京地方');
    expect(tokyo.geometry).toMatchObject({ type: 'Polygon' });
    expect(areas.find((a) => a.code === '130020')!.geometry).toMatchObject({ type: 'MultiPolygon' });

    const stored = await storedBetween(...SAMPLE_DAYS);
    expect(stored.reports).toHaveLength(13);
    expect(stored.reports[0]!.reported_at).toEqual(new Date('2026-11-17T21:00:00Z'));
    expect(new Set(stored.reports.slice(0, 4).map((r) => r.publishing_office))).toEqual(
      new Set(['気象庁', '横浜地方気象台', '熊谷地方気象台', '銚子地方気象台']),
    );
    // Japan-time dates: the 00:00 reports of 11-20 are 11-19 in UTC but belong to 11-20.
    const dates = await t.db
      .selectFrom('weather_reports')
      .select((eb) => [eb.fn.countAll<number>().as('n')])
      .where('report_date', '=', '2026-11-20')
      .executeTakeFirstOrThrow();
    expect(Number(dates.n)).toBe(4);
    // Each office's report names all its areas, with or without warnings: 10 areas in the first four.
    const firstFour = new Set(stored.reports.slice(0, 4).map((r) => r.id));
    expect(stored.areas.filter((a) => firstFour.has(a.report_id))).toHaveLength(10);
    const special = stored.warnings.filter((w) => w.category === 'special_warning');
    expect(special.map((w) => [w.area_code, w.kind_code, w.status])).toEqual([
      ['130020', '33', '発表'],
      ['130020', '33', '継続'],
      ['130020', '33', '継続'],
    ]);
    const lifted = stored.warnings.filter((w) => !w.in_force);
    expect(lifted.every((w) => w.status === '解除')).toBe(true);
    expect(lifted.length).toBeGreaterThan(0);
  });

  it('importing the same file again is idempotent: the same reports, areas and warnings', async () => {
    await cli(['weather', 'import', SAMPLE]);
    const first = await storedBetween(...SAMPLE_DAYS);
    const again = await cli(['weather', 'import', SAMPLE]);
    expect(again.error).toBeNull();
    const second = await storedBetween(...SAMPLE_DAYS);
    expect(second).toEqual(first);
  });

  it('a report imported again with other content replaces its warnings', async () => {
    const report = {
      reportDatetime: '2031-06-01T10:00:00+09:00',
      publishingOffice: '気象庁',
      headlineText: '大雨警報',
      areaTypes: [{ areas: [{ code: '130010', warnings: [{ code: '03', status: '発表' }] }] }],
    };
    const file = path.join(dir, 'one.json');
    fs.writeFileSync(file, JSON.stringify(report));
    expect((await cli(['weather', 'import', file])).lines[0]).toMatchObject({ reports: 1, warnings: 1 });
    const changed = {
      ...report,
      areaTypes: [
        {
          areas: [
            {
              code: '130010',
              warnings: [
                { code: '03', status: '警報から注意報' },
                { code: '10', status: '発表' },
              ],
            },
          ],
        },
      ],
    };
    fs.writeFileSync(file, JSON.stringify([changed]));
    await cli(['weather', 'import', file]);
    const stored = await storedBetween('2031-06-01T00:00:00Z', '2031-06-02T00:00:00Z');
    expect(stored.reports).toHaveLength(1);
    expect(stored.warnings.map((w) => [w.kind_code, w.category, w.status])).toEqual([
      ['03', 'warning', '警報から注意報'],
      ['10', 'advisory', '発表'],
    ]);
  });

  it('explains a bad file and stores nothing of it', async () => {
    expect((await cli(['weather', 'import'])).error).toMatch(/give the file/);
    expect((await cli(['weather', 'import', path.join(dir, 'missing.json')])).error).toMatch(/ENOENT/);
    const broken = path.join(dir, 'broken.json');
    fs.writeFileSync(broken, '{ "reports": [');
    expect((await cli(['weather', 'import', broken])).error).toMatch(/not JSON/);

    const bad = path.join(dir, 'bad.json');
    const good = {
      reportDatetime: '2031-07-01T10:00:00+09:00',
      publishingOffice: '気象庁',
      areaTypes: [{ areas: [{ code: '130010', warnings: [{ code: '03', status: '発表' }] }] }],
    };
    const unknownKind = {
      ...good,
      reportDatetime: '2031-07-01T11:00:00+09:00',
      areaTypes: [{ areas: [{ code: '130010', warnings: [{ code: '99', status: '発表' }] }] }],
    };
    fs.writeFileSync(bad, JSON.stringify({ reports: [good, unknownKind] }));
    const { error } = await cli(['weather', 'import', bad]);
    expect(error).toMatch(
      /reports\.1\.areaTypes\.0\.areas\.0\.warnings\.0\.code: unknown JMA warning kind "99"/,
    );
    expect((await storedBetween('2031-07-01T00:00:00Z', '2031-07-02T00:00:00Z')).reports).toEqual([]);

    const openRing = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { code: '130010', name: 'x' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [139, 35],
                [140, 35],
                [140, 36],
                [139, 36],
              ],
            ],
          },
        },
      ],
    };
    fs.writeFileSync(bad, JSON.stringify(openRing));
    expect((await cli(['weather', 'import', bad])).error).toMatch(
      /features\.0\.geometry.*: every ring must end where it starts/,
    );
    fs.writeFileSync(bad, JSON.stringify({ something: 'else' }));
    expect((await cli(['weather', 'import', bad])).error).toMatch(/weather data: /);
  });
});
