// What a heat map batch holds (issue 14 batch download): its images per camera and day or per period, their names
// in the ZIP, the lines written on them and the README of what had nothing analysed.
import { HEATMAP_WEEKDAYS } from '@camwatch/contract/heatmap-rules';
import { describe, expect, it } from 'vitest';
import {
  imageLines,
  imageName,
  planImages,
  readme,
  weekdayOf,
  zipName,
  type BatchFilter,
} from './heatmap-download-plan.ts';

const entrance = { id: 1, code: 'cam-AB12', name: '玄関 / 1F' };
const floor = { id: 2, code: 'cam-CD34', name: 'Sales floor' };
const week: BatchFilter = {
  start: '2026-11-01',
  end: '2026-11-07',
  hourFrom: 0,
  hourTo: 24,
  weekdays: [...HEATMAP_WEEKDAYS],
  per: 'day',
  timeZone: 'Asia/Tokyo',
};

describe('planImages', () => {
  it('gives one image per camera and day, camera by camera in the order asked', () => {
    const plan = planImages([floor, entrance], { ...week, end: '2026-11-02' });
    expect(plan.map((i) => `${i.camera.code} ${i.start} ${i.end}`)).toEqual([
      'cam-CD34 2026-11-01 2026-11-01',
      'cam-CD34 2026-11-02 2026-11-02',
      'cam-AB12 2026-11-01 2026-11-01',
      'cam-AB12 2026-11-02 2026-11-02',
    ]);
  });

  it('leaves out the days whose weekday is not kept', () => {
    // 1 November 2026 is a Sunday.
    const plan = planImages([floor], { ...week, weekdays: ['sat', 'sun'] });
    expect(plan.map((i) => i.start)).toEqual(['2026-11-01', '2026-11-07']);
  });

  it('per period: one image per camera for the whole period', () => {
    expect(planImages([floor, entrance], { ...week, per: 'period' })).toEqual([
      { camera: floor, start: '2026-11-01', end: '2026-11-07' },
      { camera: entrance, start: '2026-11-01', end: '2026-11-07' },
    ]);
  });

  it('runs over month and year ends', () => {
    const plan = planImages([floor], { ...week, start: '2026-12-30', end: '2027-01-02' });
    expect(plan.map((i) => i.start)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
  });
});

describe('weekdayOf', () => {
  it('names the calendar day’s weekday', () => {
    expect(['2026-11-01', '2026-11-02', '2026-11-07'].map(weekdayOf)).toEqual(['sun', 'mon', 'sat']);
  });
});

describe('names', () => {
  it('names an image by camera name, code and day or period, safe in any file system', () => {
    expect(imageName({ camera: entrance, start: '2026-11-01', end: '2026-11-01' })).toBe(
      '玄関_1F_cam-AB12_2026-11-01.png',
    );
    expect(imageName({ camera: floor, start: '2026-11-01', end: '2026-11-07' })).toBe(
      'Sales_floor_cam-CD34_2026-11-01_2026-11-07.png',
    );
    expect(imageName({ camera: { ...floor, name: '' }, start: '2026-11-01', end: '2026-11-01' })).toBe(
      'camera_cam-CD34_2026-11-01.png',
    );
    expect(zipName(week)).toBe('heatmap_2026-11-01_2026-11-07.zip');
  });
});

describe('imageLines', () => {
  it('writes the camera, the period, the total in person-minutes; the name only when the font can draw it', () => {
    expect(imageLines({ camera: floor, start: '2026-11-01', end: '2026-11-07' }, week, 5_400)).toEqual([
      'Camera: cam-CD34 (Sales floor)',
      'Period: 2026-11-01 – 2026-11-07   Asia/Tokyo',
      'Total: 90 person-minutes',
    ]);
    expect(imageLines({ camera: entrance, start: '2026-11-02', end: '2026-11-02' }, week, 30)[0]).toBe(
      'Camera: cam-AB12',
    );
  });

  it('adds the weekday of a single day, and the hours and weekdays when only some are kept', () => {
    const lines = imageLines(
      { camera: floor, start: '2026-11-02', end: '2026-11-02' },
      { ...week, hourFrom: 9, hourTo: 18, weekdays: ['mon', 'tue'] },
      30,
    );
    expect(lines.slice(1)).toEqual([
      'Period: 2026-11-02 – 2026-11-02 (Mon)   Asia/Tokyo',
      'Hours: 09:00-18:00   Weekdays: Mon Tue',
      'Total: 0.5 person-minutes',
    ]);
  });
});

describe('readme', () => {
  it('lists what had nothing analysed, in Japanese and English', () => {
    const text = readme(week, [{ camera: entrance, start: '2026-11-03', end: '2026-11-03' }]);
    expect(text).toContain('期間 / Period: 2026-11-01 – 2026-11-07 (Asia/Tokyo)');
    expect(text).toContain('- 玄関 / 1F (cam-AB12) 2026-11-03\r\n');
    expect(readme(week, [])).toContain('Every image had analysed recordings.');
  });
});
