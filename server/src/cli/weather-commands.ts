// `weather import <file>`: reads JMA warning reports and area boundaries (see modules/weather/weather-import.ts)
// into the weather tables. Importing a file again changes nothing.
import fs from 'node:fs/promises';
import type { Db } from '../db/database.ts';
import { DomainError } from '../lib/errors.ts';
import { importWeather } from '../modules/weather/weather-import.ts';

export const WEATHER_USAGE = `  weather import FILE                                    (JMA warning reports and/or area boundaries, JSON)`;

const usage = (message: string) => new DomainError(400, 'bad_request', message);

export async function runWeatherCommand(
  command: 'import',
  args: string[],
  db: Db,
  print: (value: unknown) => void,
): Promise<void> {
  const [file, ...extra] = args;
  if (!file) throw usage(`weather ${command}: give the file to import`);
  if (extra.length > 0) throw usage(`weather ${command}: unexpected "${extra.join(' ')}"`);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    throw usage(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw usage(`${file} is not JSON: ${(error as Error).message}`);
  }
  print({ ok: true, file, ...(await importWeather(db, input)) });
}
