// The entry alerts of a period as CSV (core.md §9 exports: UTF-8 with byte-order mark, dates
// `YYYY-MM-DD HH:mm:ss`): one row per alert, oldest first, in the UTC offset the client asked in. An alert
// that runs over the end of its minute into the next one is one row. Cells that a spreadsheet would run as a
// formula are written as text.
import type { EntryAlertSpan } from '../../db/schema.ts';
import { formatInOffset } from '../archives/archive-minutes.ts';

export interface MinuteAlerts {
  start_time: Date;
  enter_alert_events: EntryAlertSpan[] | null;
}

export interface AlertRow {
  areaName: string;
  startMs: number;
  endMs: number;
}

/** Alerts closer than this across a minute's end are one alert that the recording split in two. */
const JOIN_GAP_MS = 1000;

/**
 * Every alert of the minutes as absolute times, oldest first; an area's alert split by a minute's end (or marked
 * as continuing the previous minute's) is joined again.
 */
export function alertRows(minutes: readonly MinuteAlerts[]): AlertRow[] {
  const rows: AlertRow[] = [];
  const lastOfArea = new Map<string, AlertRow>();
  for (const minute of minutes) {
    const base = minute.start_time.getTime();
    for (const span of minute.enter_alert_events ?? []) {
      const row = {
        areaName: span.areaName,
        startMs: base + span.startSec * 1000,
        endMs: base + span.endSec * 1000,
      };
      const last = lastOfArea.get(row.areaName);
      // `continued`: entry detection carried the alert over the minute's end (a stay, or the vigilant time).
      if (last && (span.continued || row.startMs - last.endMs <= JOIN_GAP_MS) && row.startMs >= last.startMs)
        last.endMs = Math.max(last.endMs, row.endMs);
      else {
        rows.push(row);
        lastOfArea.set(row.areaName, row);
      }
    }
  }
  return rows.sort((a, b) => a.startMs - b.startMs);
}

const HEADERS = {
  ja: ['カメラ名', 'エリア名', '開始日時', '終了日時', '継続時間(秒)'],
  en: ['Camera', 'Area', 'Start', 'End', 'Duration (s)'],
} as const;

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading formula character made text. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const dateTime = (ms: number, offset: string) => formatInOffset(ms, offset).slice(0, 19).replace('T', ' ');

export function enterAlertCsv(input: {
  lang: 'ja' | 'en';
  offset: string;
  cameraName: string;
  rows: readonly AlertRow[];
}): string {
  const lines = [HEADERS[input.lang].map(csvCell).join(',')];
  for (const row of input.rows) {
    lines.push(
      [
        input.cameraName,
        row.areaName,
        dateTime(row.startMs, input.offset),
        dateTime(row.endMs, input.offset),
        String(Math.round((row.endMs - row.startMs) / 100) / 10),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
