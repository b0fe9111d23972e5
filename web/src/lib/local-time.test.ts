import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime } from './format.ts';
import {
  clipPositionLabel,
  dateTimeInputValue,
  localDateMinute,
  localDateTime,
  localDayStart,
  localTime,
  nextLocalMidnight,
  parseDateTimeInput,
  toOffsetIso,
} from './local-time.ts';

const at = new Date(2024, 4, 1, 9, 5, 7, 400).getTime();

describe('local dates and times, written in one place (core.md §9)', () => {
  it('the spec’s formats, zero-padded, in local time', () => {
    expect(localDateTime(at)).toBe('2024-05-01 09:05:07');
    expect(localDateMinute(at)).toBe('2024-05-01 09:05');
    expect(localTime(at)).toBe('09:05');
    expect(formatDateTime(at)).toBe('2024-05-01 09:05:07');
    expect(formatDateTime(new Date(at))).toBe('2024-05-01 09:05:07');
    expect(formatClock(new Date(at))).toBe('2024/05/01 09:05:07');
  });

  it('the API’s offset date-time names the same local moment', () => {
    const iso = toOffsetIso(at);
    expect(iso).toMatch(/^2024-05-01T09:05:07[+-]\d{2}:\d{2}$/);
    expect(Date.parse(iso)).toBe(at - 400);
  });

  it('a datetime-local value round-trips to its minute; a malformed one is NaN', () => {
    expect(dateTimeInputValue(at)).toBe('2024-05-01T09:05');
    expect(parseDateTimeInput(dateTimeInputValue(at))).toBe(new Date(2024, 4, 1, 9, 5).getTime());
    expect(parseDateTimeInput('2024-02-31T09:05')).toBeNaN();
    expect(parseDateTimeInput('')).toBeNaN();
  });

  it('a clip position reads 0:SS', () => {
    expect(clipPositionLabel(7.9)).toBe('0:07');
    expect(clipPositionLabel(59)).toBe('0:59');
  });

  it('a day runs from its local midnight to the next', () => {
    const day = localDayStart(at);
    expect(localDateTime(day)).toBe('2024-05-01 00:00:00');
    expect(localDateTime(nextLocalMidnight(day))).toBe('2024-05-02 00:00:00');
  });
});
