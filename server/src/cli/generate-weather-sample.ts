// Writes the sample weather file (JMA-shaped warning reports and hand-drawn area outlines around Tokyo):
//   node --import tsx server/src/cli/generate-weather-sample.ts [--date YYYY-MM-DD] [--out FILE]
// The reports fall on the date and the two days before it (Japan time); without --date, today in Japan.
// Import it with `npm run cli -- weather import FILE`. The demo seed imports the same data for its own day.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildWeatherSample, japanToday } from '../modules/weather/sample/weather-sample.ts';

const DEFAULT_OUT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../modules/weather/sample/sample-kanto.json',
);

const { values } = parseArgs({ options: { date: { type: 'string' }, out: { type: 'string' } } });
const date = values.date ?? japanToday();
if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) {
  console.error(`--date: must be YYYY-MM-DD, not "${date}"`);
  process.exit(2);
}
const out = path.resolve(values.out ?? DEFAULT_OUT);
const bundle = buildWeatherSample(date);
fs.writeFileSync(out, `${JSON.stringify(bundle, null, 2)}\n`);
console.log(JSON.stringify({ out, date, reports: bundle.reports?.length ?? 0 }));
