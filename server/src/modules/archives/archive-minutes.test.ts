// core.md §7: the archive list names every minute of the period, in the offset the client used.
import { describe, expect, it } from 'vitest';
import { archiveMinutes, formatInOffset, offsetOf, minutePieces } from './archive-minutes.ts';

describe('archive minutes', () => {
  it('reads the offset of an ISO date-time', () => {
    expect(offsetOf('2024-05-01T09:00:00+09:00')).toBe('+09:00');
    expect(offsetOf('2024-05-01T09:00:00-0330')).toBe('-03:30');
    expect(offsetOf('2024-05-01T09:00:00.000Z')).toBe('Z');
  });

  it('writes a moment in an offset', () => {
    const ms = Date.parse('2024-05-01T00:05:00Z');
    expect(formatInOffset(ms, '+09:00')).toBe('2024-05-01T09:05:00+09:00');
    expect(formatInOffset(ms, '-03:30')).toBe('2024-04-30T20:35:00-03:30');
    expect(formatInOffset(ms, 'Z')).toBe('2024-05-01T00:05:00Z');
  });

  it('lists every minute of the period from the start rounded down to its minute', () => {
    const { fromMs, toMs, minutes } = archiveMinutes('2024-05-01T09:00:30+09:00', 1);
    expect(minutes).toHaveLength(60);
    expect(fromMs).toBe(Date.parse('2024-05-01T00:00:00Z'));
    expect(toMs - fromMs).toBe(3_600_000);
    expect(minutes[0]!.startTime).toBe('2024-05-01T09:00:00+09:00');
    expect(minutes[59]!.startTime).toBe('2024-05-01T09:59:00+09:00');
    expect(archiveMinutes('2024-05-01T00:00:00Z', 24).minutes).toHaveLength(1440);
  });
});

describe('minutePieces', () => {
  const piece = (
    id: number,
    offset: number,
    duration: number,
    motion: boolean | null,
    spans: [number, number][],
    entries: [number, number][] | null = null,
  ) => ({
    id,
    start_time: new Date('2026-11-21T07:01:00Z'),
    offset_ms: offset,
    duration_ms: duration,
    motion_state: motion,
    motion_events: spans.map(([startSec, endSec]) => ({ startSec, endSec })),
    enter_alert_events: entries?.map(([startSec, endSec]) => ({ startSec, endSec })) ?? null,
  });

  it('plays the longest piece of a minute split by an agent restart and keeps the motion of both', () => {
    const minutes = minutePieces([
      piece(1, 0, 12_000, false, []),
      piece(2, 15_000, 45_000, true, [[30, 32]]),
    ]);
    const minute = minutes.get(Date.parse('2026-11-21T07:01:00Z'));
    expect(minute?.main.id).toBe(2);
    expect(minute?.motionState).toBe(true);
    expect(minute?.motionDetect).toEqual([{ startSec: 30, endSec: 32 }]);

    const other = minutePieces([
      piece(3, 0, 40_000, true, [[5, 6]]),
      piece(4, 41_000, 19_000, true, [[50, 55]]),
    ]);
    expect(other.get(Date.parse('2026-11-21T07:01:00Z'))).toMatchObject({
      main: { id: 3 },
      motionDetect: [
        { startSec: 5, endSec: 6 },
        { startSec: 50, endSec: 55 },
      ],
    });
  });

  it('keeps the entry alerts of every piece in time order; a piece not yet analysed adds none', () => {
    const minutes = minutePieces([
      piece(5, 30_000, 30_000, false, [], [[40, 45]]),
      piece(6, 0, 29_000, false, [], [[3, 4]]),
      piece(7, 29_000, 1_000, false, [], null),
    ]);
    expect(minutes.get(Date.parse('2026-11-21T07:01:00Z'))?.enterAlert).toEqual([
      { startSec: 3, endSec: 4 },
      { startSec: 40, endSec: 45 },
    ]);
  });
});
