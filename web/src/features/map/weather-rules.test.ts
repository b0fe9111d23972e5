import { describe, expect, it } from 'vitest';
import { maxTimeFor, validateWeatherForm, weatherColor } from './weather-rules.ts';

const now = new Date(2026, 10, 21, 9, 30); // 2026-11-21 09:30 local time

describe('weather dialog', () => {
  it('core.md §5: date and time are required ("please select")', () => {
    expect(validateWeatherForm({ date: '', time: '' }, now)).toEqual({
      date: 'pleaseSelect',
      time: 'pleaseSelect',
    });
    expect(validateWeatherForm({ date: '2026-11-20', time: '' }, now)).toEqual({ time: 'pleaseSelect' });
    expect(validateWeatherForm({ date: '2026-11-20', time: '23:59' }, now)).toEqual({});
  });

  it('core.md §5: future dates are not allowed; today only up to the current time', () => {
    expect(validateWeatherForm({ date: '2026-11-22', time: '00:00' }, now)).toEqual({ date: 'future' });
    expect(validateWeatherForm({ date: '2026-11-21', time: '09:31' }, now)).toEqual({ time: 'future' });
    expect(validateWeatherForm({ date: '2026-11-21', time: '09:30' }, now)).toEqual({});
    expect(maxTimeFor('2026-11-21', now)).toBe('09:30');
    expect(maxTimeFor('2026-11-20', now)).toBeUndefined();
  });

  it('core.md §4: advisory yellow, warning red, emergency (special) warning purple', () => {
    expect(weatherColor('advisory')).toBe('yellow');
    expect(weatherColor('warning')).toBe('red');
    expect(weatherColor('special_warning')).toBe('purple');
  });
});
