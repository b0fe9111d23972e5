import { describe, expect, it } from 'vitest';
import { heatmapDownloadRequestBody } from './heatmap-downloads.ts';

describe('heat map batch download request (advanced.md heat map batch download)', () => {
  it('fills in the whole day, every weekday, one image per day and Japan time', () => {
    expect(heatmapDownloadRequestBody.parse({ camera_codes: ['cam-1'] })).toEqual({
      camera_codes: ['cam-1'],
      hour_from: 0,
      hour_to: 24,
      per: 'day',
      time_zone: 'Asia/Tokyo',
    });
  });

  it('takes one to ten cameras, each once', () => {
    const codes = (n: number) => Array.from({ length: n }, (_, i) => `cam-${i}`);
    expect(heatmapDownloadRequestBody.safeParse({ camera_codes: [] }).success).toBe(false);
    expect(heatmapDownloadRequestBody.safeParse({ camera_codes: codes(10) }).success).toBe(true);
    expect(heatmapDownloadRequestBody.safeParse({ camera_codes: codes(11) }).success).toBe(false);
    const twice = heatmapDownloadRequestBody.safeParse({ camera_codes: ['cam-1', 'cam-1'] });
    expect(twice.error?.issues[0]).toMatchObject({
      path: ['camera_codes'],
      message: 'must not name a camera twice',
    });
  });

  it('refuses unknown weekdays, hours outside the day, other batch shapes and zones', () => {
    const base = { camera_codes: ['cam-1'] };
    for (const bad of [
      { weekdays: ['funday'] },
      { hour_from: 24 },
      { hour_to: 0 },
      { per: 'week' },
      { time_zone: '+09:00' },
      { start: '2026-02-30' },
    ])
      expect(heatmapDownloadRequestBody.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).toBe(
        false,
      );
  });
});
