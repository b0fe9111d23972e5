import { describe, expect, it } from 'vitest';
import { formatMinutes, frameIntervalMinutes, frameRate, surveillanceTime } from './camera-rate.ts';

const cam = { image_fps: 1, image_fps_default: null, archive_force_raw: false };

describe('frame rate', () => {
  it('core.md §9: 1/fps is rounded to minutes', () => {
    expect(frameIntervalMinutes(1 / 60)).toBe(1);
    expect(frameIntervalMinutes(1 / 300)).toBe(5);
    expect(frameIntervalMinutes(1 / 200)).toBe(3);
    expect(frameIntervalMinutes(1 / 600)).toBe(10);
  });

  it('core.md §9: above 10 minutes in steps of 10', () => {
    expect(frameIntervalMinutes(1 / (14 * 60))).toBe(10);
    expect(frameIntervalMinutes(1 / (15 * 60))).toBe(20);
    expect(frameIntervalMinutes(1 / (60 * 60))).toBe(60);
  });

  it('core.md §9: a rate below one frame a minute still reads as at least 1 minute', () => {
    expect(frameIntervalMinutes(0.1)).toBe(1);
  });

  it('advanced.md §2: fixed fps, variable pair, camera setting or a minute interval', () => {
    expect(frameRate({ ...cam, image_fps: 5 })).toEqual({ kind: 'fps', fps: 5 });
    expect(frameRate({ ...cam, image_fps: 5, image_fps_default: 5 })).toEqual({ kind: 'fps', fps: 5 });
    expect(frameRate({ ...cam, image_fps: 5, image_fps_default: 1 })).toEqual({
      kind: 'variable_fps',
      min: 1,
      max: 5,
    });
    expect(frameRate({ ...cam, archive_force_raw: true })).toEqual({ kind: 'camera_setting' });
    expect(frameRate({ ...cam, image_fps: 0 })).toEqual({ kind: 'camera_setting' });
    expect(frameRate({ ...cam, image_fps: 1 / 120 })).toEqual({ kind: 'interval_minutes', minutes: 2 });
  });
});

describe('surveillance time', () => {
  it('core.md §3: minutes 0-1440 as HH:mm', () => {
    expect(formatMinutes(0)).toBe('00:00');
    expect(formatMinutes(545)).toBe('09:05');
    expect(formatMinutes(1440)).toBe('24:00');
    expect(surveillanceTime(540, 1080)).toEqual({ from: '09:00', to: '18:00', endsNextDay: false });
  });

  it('core.md §3: a to-value above 1440 wraps past midnight', () => {
    expect(surveillanceTime(1320, 1440 + 360)).toEqual({ from: '22:00', to: '06:00', endsNextDay: true });
    expect(surveillanceTime(0, 1440)).toEqual({ from: '00:00', to: '24:00', endsNextDay: false });
  });

  it('core.md §3: no period or out-of-range values give null', () => {
    expect(surveillanceTime(null, 600)).toBeNull();
    expect(surveillanceTime(600, null)).toBeNull();
    expect(surveillanceTime(-1, 600)).toBeNull();
    expect(surveillanceTime(1441, 1500)).toBeNull();
    expect(surveillanceTime(0, 2881)).toBeNull();
  });
});
