// core.md §7: the archive list names every minute of the period, in the offset the client used.
import { describe, expect, it } from 'vitest';
import { archiveMinutes, formatInOffset, offsetOf } from './archive-minutes.ts';

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
