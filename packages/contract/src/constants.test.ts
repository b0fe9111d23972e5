import { describe, expect, it } from 'vitest';
import {
  APP_VERSION,
  DEFAULT_MULTI_VIDEO_DIVISION,
  fisheyeRenderIntervalMs,
  FISHEYE_RADIUS_BY_RESOLUTION,
  liveUpdateIntervalMs,
  MONTHLY_DOWNLOAD_ALLOWANCE_BYTES,
  MULTI_VIDEO_ROWS,
  PAGE_LIMIT,
} from './constants.ts';

describe('constants', () => {
  it('core.md §9: app version 2.78.0 and page limit 50', () => {
    expect(APP_VERSION).toBe('2.78.0');
    expect(PAGE_LIMIT).toBe(50);
  });

  it('core.md §9: live update interval is 1000 ms divided by the number of live cameras', () => {
    expect(liveUpdateIntervalMs(4)).toBe(250);
    expect(liveUpdateIntervalMs(0)).toBe(1000);
  });

  it('core.md §9: default division 4 has 2 rows', () => {
    expect(MULTI_VIDEO_ROWS[DEFAULT_MULTI_VIDEO_DIVISION]).toBe(2);
  });

  it('advanced.md §9: fisheye renders every 1000/fps ms but at most every 200 ms', () => {
    expect(fisheyeRenderIntervalMs(10)).toBe(100);
    expect(fisheyeRenderIntervalMs(1)).toBe(200);
    expect(FISHEYE_RADIUS_BY_RESOLUTION['1920x1080']).toBe(587);
  });

  it('advanced.md §9: monthly download allowance of 50 GB', () => {
    expect(MONTHLY_DOWNLOAD_ALLOWANCE_BYTES / 1024 ** 3).toBe(50);
  });
});
