// An operation analysis result as CSV (core.md §9 exports: UTF-8 with byte-order mark, dates `YYYY-MM-DD HH:mm:ss`):
// one row per work session of each area (in the areas' order, then time order), then one total row per area with
// its working and idle seconds and session count. Times are Japan's (the service's days are Japan's). Pure.
import type { StoredOperationAnalysis } from './operation-analysis-job.ts';

const HEADERS = {
  ja: ['作業エリア', '開始時刻', '終了時刻', '作業秒数', '非作業秒数', '作業回数'],
  en: ['Operation area', 'Start', 'End', 'Working seconds', 'Idle seconds', 'Sessions'],
} as const;
const TOTAL = { ja: '合計', en: 'Total' } as const;

const JST_MS = 9 * 3_600_000;
const formatJst = (ms: number) => new Date(ms + JST_MS).toISOString().slice(0, 19).replace('T', ' ');
const seconds = (ms: number) => String(Math.round(ms / 100) / 10);

/** A cell, quoted when needed; text a spreadsheet would run as a formula is written as text. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function operationAnalysisCsv(
  result: StoredOperationAnalysis,
  period: { startMs: number; endMs: number },
  lang: 'ja' | 'en',
): string {
  const rows: string[][] = [];
  for (const area of result.areas)
    for (const [start, end] of area.sessions)
      rows.push([area.name, formatJst(start), formatJst(end), seconds(end - start), '', '']);
  for (const area of result.areas)
    rows.push([
      `${area.name} (${TOTAL[lang]})`,
      formatJst(period.startMs),
      formatJst(period.endMs),
      String(area.workingSec),
      String(area.idleSec),
      String(area.sessions.length),
    ]);
  return `\uFEFF${[[...HEADERS[lang]], ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
