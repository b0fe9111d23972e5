// core.md §9 exports: the entry alert CSV's rows and text.
import { describe, expect, it } from 'vitest';
import { alertRows, csvCell, enterAlertCsv } from './entry-detection-csv.ts';

const minute = (
  iso: string,
  events: { startSec: number; endSec: number; areaName?: string; continued?: boolean }[] | null,
) => ({
  start_time: new Date(iso),
  enter_alert_events: events?.map((e) => ({ areaName: 'A', ...e })) ?? null,
});

describe('core.md §9 entry alert CSV', () => {
  it('makes one row per alert, joining an area’s alert split by the end of its minute', () => {
    const rows = alertRows([
      minute('2026-11-20T01:00:00Z', [
        { startSec: 5, endSec: 8 },
        { startSec: 50, endSec: 60 },
      ]),
      minute('2026-11-20T01:01:00Z', [{ startSec: 0.2, endSec: 4 }]),
      minute('2026-11-20T01:05:00Z', [{ startSec: 0.2, endSec: 1 }]),
      minute('2026-11-20T01:06:00Z', null),
    ]);
    const at = (iso: string) => Date.parse(iso);
    expect(rows).toEqual([
      { areaName: 'A', startMs: at('2026-11-20T01:00:05Z'), endMs: at('2026-11-20T01:00:08Z') },
      { areaName: 'A', startMs: at('2026-11-20T01:00:50Z'), endMs: at('2026-11-20T01:01:04Z') },
      { areaName: 'A', startMs: at('2026-11-20T01:05:00.200Z'), endMs: at('2026-11-20T01:05:01Z') },
    ]);
    // Two areas: each joins its own alerts; rows stay in time order.
    const two = alertRows([
      minute('2026-11-20T01:00:00Z', [
        { startSec: 40, endSec: 60, areaName: 'A' },
        { startSec: 55, endSec: 60, areaName: 'B' },
      ]),
      minute('2026-11-20T01:01:00Z', [
        { startSec: 0.2, endSec: 2, areaName: 'B' },
        { startSec: 30, endSec: 31, areaName: 'A' },
      ]),
    ]);
    expect(two.map((r) => [r.areaName, (r.endMs - r.startMs) / 1000])).toEqual([
      ['A', 20],
      ['B', 7],
      ['A', 1],
    ]);
  });

  it('joins an alert that entry detection continued over the minute’s end (the vigilant time), gap or not', () => {
    const at = (iso: string) => Date.parse(iso);
    const minutes = [
      minute('2026-11-20T01:00:00Z', [{ startSec: 50, endSec: 55 }]),
      minute('2026-11-20T01:01:00Z', [{ startSec: 0, endSec: 6, continued: true }]),
    ];
    expect(alertRows(minutes)).toEqual([
      { areaName: 'A', startMs: at('2026-11-20T01:00:50Z'), endMs: at('2026-11-20T01:01:06Z') },
    ]);
    // The same spans without the mark are two alerts (five seconds apart).
    minutes[1]!.enter_alert_events![0]!.continued = false;
    expect(alertRows(minutes)).toHaveLength(2);
  });

  it('writes UTF-8 with a byte-order mark, CRLF lines, dates YYYY-MM-DD HH:mm:ss in the asked offset', () => {
    const csv = enterAlertCsv({
      lang: 'ja',
      offset: '+09:00',
      cameraName: '横浜工場 ライン1',
      rows: [
        {
          areaName: 'プレス機前',
          startMs: Date.parse('2026-11-20T01:00:50Z'),
          endMs: Date.parse('2026-11-20T01:01:04.2Z'),
        },
      ],
    });
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'カメラ名,エリア名,開始日時,終了日時,継続時間(秒)',
      '横浜工場 ライン1,プレス機前,2026-11-20 10:00:50,2026-11-20 10:01:04,14.2',
      '',
    ]);
    expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const en = enterAlertCsv({ lang: 'en', offset: 'Z', cameraName: 'a', rows: [] });
    expect(en).toBe('\uFEFFCamera,Area,Start,End,Duration (s)\r\n');
  });

  it('quotes commas and quotes, and keeps a spreadsheet from running a name as a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
  });
});
