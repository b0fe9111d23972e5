// A person tracking result as CSV (core.md §9 exports: UTF-8 with byte-order mark, dates `YYYY-MM-DD HH:mm:ss`):
// one row per tracked person, in the order first seen, with the seconds in each area of the tracking range.
// Times are Japan's (the service's days are Japan's, docs/vision.md). Pure.
import type { StoredPersonTracking } from './person-tracking-analysis.ts';

const HEADERS = {
  ja: ['人物ID', '最初の時刻', '最後の時刻', '滞在秒数', '運搬'],
  en: ['Person ID', 'First seen', 'Last seen', 'Seconds', 'Transport'],
} as const;
const YES = { ja: 'はい', en: 'yes' } as const;
const NO = { ja: 'いいえ', en: 'no' } as const;
const AREA_SUFFIX = { ja: '（秒）', en: ' (s)' } as const;

const JST_MS = 9 * 3_600_000;
const formatJst = (ms: number) => new Date(ms + JST_MS).toISOString().slice(0, 19).replace('T', ' ');

/** A cell, quoted when needed; text a spreadsheet would run as a formula is written as text. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function personTrackingCsv(result: StoredPersonTracking, lang: 'ja' | 'en'): string {
  const header = [...HEADERS[lang], ...result.areaNames.map((name) => `${name}${AREA_SUFFIX[lang]}`)];
  const rows = result.persons.map((p) => [
    p.id,
    formatJst(p.firstMs),
    formatJst(p.lastMs),
    String(Math.round((p.lastMs - p.firstMs) / 100) / 10),
    p.isTransport ? YES[lang] : NO[lang],
    ...p.areaSeconds.map(String),
  ]);
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
