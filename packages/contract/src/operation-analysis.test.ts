import { describe, expect, it } from 'vitest';
import { areaSettingBody, detectionSettingSchema } from './operation-analysis.ts';

const square = (offset: number) => [
  { x: offset, y: 0 },
  { x: offset + 0.05, y: 0 },
  { x: offset + 0.05, y: 0.05 },
  { x: offset, y: 0.05 },
];
const area = (i: number) => ({ operationAreaName: `Area ${i}`, points: square(i * 0.06) });

describe('operation analysis settings', () => {
  it('advanced.md §5: at most 10 operation areas', () => {
    const ten = Array.from({ length: 10 }, (_, i) => area(i));
    expect(areaSettingBody.safeParse({ operationAreaList: ten }).success).toBe(true);
    expect(areaSettingBody.safeParse({ operationAreaList: [...ten, area(10)] }).success).toBe(false);
  });

  it('advanced.md §5: an area polygon must not have crossing lines', () => {
    const bowtie = [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 1, y: 0 },
      { x: 0, y: 1 },
    ];
    const list = [{ operationAreaName: 'Bench', points: bowtie }];
    expect(areaSettingBody.safeParse({ operationAreaList: list }).success).toBe(false);
  });

  it('advanced.md §3: each area has a name, unique within the camera', () => {
    expect(
      areaSettingBody.safeParse({ operationAreaList: [{ ...area(0), operationAreaName: ' ' }] }).success,
    ).toBe(false);
    expect(
      areaSettingBody.safeParse({ operationAreaList: [area(0), { ...area(1), operationAreaName: 'Area 0' }] })
        .success,
    ).toBe(false);
  });

  it('advanced.md §3: detection setting holds the area rate and the three thresholds', () => {
    const setting = {
      personDetectionTargetAreaRate: 0.3,
      detectionFrameThreshold: 5,
      personDetectionThreshold: 0.5,
      keypointDetectionThreshold: 0.4,
    };
    expect(detectionSettingSchema.parse(setting)).toEqual(setting);
    expect(detectionSettingSchema.safeParse({ ...setting, personDetectionThreshold: 1.2 }).success).toBe(
      false,
    );
    expect(detectionSettingSchema.safeParse({ ...setting, detectionFrameThreshold: 0 }).success).toBe(false);
  });
});
