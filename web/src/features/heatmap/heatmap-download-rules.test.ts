import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../lib/format.ts';
import {
  batchSize,
  fieldRoot,
  HEATMAP_DOWNLOAD_POLL_MS,
  heatmapDownloadBody,
  heatmapDownloadListPollInterval,
  heatmapDownloadPollInterval,
  isCalendarDay,
  keptDays,
  refusedCameraOf,
  weekdayOfDay,
} from './heatmap-download-rules.ts';

const ALL = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

describe('what a batch makes (advanced.md heat map batch download: one image per camera and day, or per period)', () => {
  it('reads weekdays of calendar days, Monday first', () => {
    expect(weekdayOfDay('2026-11-02')).toBe('mon');
    expect(weekdayOfDay('2026-11-01')).toBe('sun');
    expect(weekdayOfDay('2024-02-29')).toBe('thu');
  });

  it('counts the days of the period whose weekday is kept, both ends included', () => {
    // 2026-11-01 (Sun) to 2026-11-30 (Mon): 30 days, 5 Sundays and 5 Mondays.
    const november = { start: '2026-11-01', end: '2026-11-30' };
    expect(keptDays(november, ALL)).toBe(30);
    expect(keptDays(november, ['mon'])).toBe(5);
    expect(keptDays(november, ['sat', 'sun'])).toBe(9);
    expect(keptDays({ start: '2026-11-03', end: '2026-11-06' }, ['mon'])).toBe(0);
    expect(keptDays({ start: '2026-11-05', end: '2026-11-01' }, ALL)).toBe(0);
    // A date field half typed is no period.
    expect(keptDays({ start: '0002-11-0', end: '2026-11-01' }, ALL)).toBe(0);
    expect(keptDays({ start: '2026-02-30', end: '2026-03-01' }, ALL)).toBe(0);
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('')).toBe(false);
  });

  it('per day: cameras × kept days; per period: one per camera', () => {
    const period = { start: '2026-10-01', end: '2026-10-31' };
    expect(batchSize(3, period, ALL, 'day')).toEqual({ cameras: 3, days: 31, images: 93 });
    expect(batchSize(3, period, ['sat', 'sun'], 'day')).toEqual({ cameras: 3, days: 9, images: 27 });
    expect(batchSize(3, period, ['sat', 'sun'], 'period')).toEqual({ cameras: 3, days: 1, images: 3 });
    expect(batchSize(2, { start: '2026-11-26', end: '2026-11-26' }, ALL, 'day').images).toBe(2);
    expect(batchSize(0, period, ALL, 'day').images).toBe(0);
    expect(batchSize(2, { start: '', end: '2026-11-01' }, ALL, 'period').images).toBe(0);
  });
});

describe('the allowance in bytes (advanced.md §9: 50 GB a month)', () => {
  it('reads used / limit in the unit that suits each', () => {
    expect(formatBytes(0, 'ja')).toBe('0 B');
    expect(formatBytes(1_572_864, 'ja')).toBe('1.5 MB');
    expect(formatBytes(50 * 1024 ** 3, 'en')).toBe('50 GB');
  });
});

describe('asking a batch’s state again (every 2 s while it is made)', () => {
  it('asks every 2 s until the state is known and settled', () => {
    expect(HEATMAP_DOWNLOAD_POLL_MS).toBe(2_000);
    expect(heatmapDownloadPollInterval(undefined)).toBe(2_000);
    expect(heatmapDownloadPollInterval({ status: 'queued' })).toBe(2_000);
    expect(heatmapDownloadPollInterval({ status: 'running' })).toBe(2_000);
    expect(heatmapDownloadPollInterval({ status: 'ready' })).toBe(false);
    expect(heatmapDownloadPollInterval({ status: 'failed' })).toBe(false);
    expect(heatmapDownloadPollInterval({ status: 'expired' })).toBe(false);
  });

  it('asks for the list again only while one of its batches is being made', () => {
    expect(heatmapDownloadListPollInterval(undefined)).toBe(false);
    expect(heatmapDownloadListPollInterval([])).toBe(false);
    expect(heatmapDownloadListPollInterval([{ status: 'ready' }, { status: 'failed' }])).toBe(false);
    expect(heatmapDownloadListPollInterval([{ status: 'ready' }, { status: 'running' }])).toBe(2_000);
    expect(heatmapDownloadListPollInterval([{ status: 'queued' }])).toBe(2_000);
  });
});

describe('the request and the server’s refusals', () => {
  const view = { cameras: ['cam-1', 'cam-2'], hourFrom: 9, hourTo: 18, weekdays: [...ALL] };

  it('sends the screen’s cameras and hours with the dialog’s period and choice; every weekday is left out', () => {
    expect(
      heatmapDownloadBody(view, { start: '2026-11-01', end: '2026-11-10' }, 'period', 'Asia/Tokyo'),
    ).toEqual({
      camera_codes: ['cam-1', 'cam-2'],
      start: '2026-11-01',
      end: '2026-11-10',
      hour_from: 9,
      hour_to: 18,
      per: 'period',
      time_zone: 'Asia/Tokyo',
    });
    expect(
      heatmapDownloadBody({ ...view, weekdays: ['sat', 'sun'] }, { start: 'a', end: 'b' }, 'day', 'UTC')
        .weekdays,
    ).toEqual(['sat', 'sun']);
  });

  it('finds the asked camera a 404 names, the longest code first, and nothing else', () => {
    expect(refusedCameraOf('camera cam-10 not found', ['cam-1', 'cam-10'])).toBe('cam-10');
    expect(refusedCameraOf('camera cam-1 not found', ['cam-10', 'cam-1'])).toBe('cam-1');
    expect(refusedCameraOf('camera other not found', ['cam-1'])).toBeNull();
    expect(refusedCameraOf(undefined, ['cam-1'])).toBeNull();
  });

  it('places a list element’s error by its field', () => {
    expect(fieldRoot('weekdays.0')).toBe('weekdays');
    expect(fieldRoot('end')).toBe('end');
  });
});
