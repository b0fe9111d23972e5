// advanced.md §5 entry detection settings: an area link's person detection threshold (0..1, the default for links
// and clients from before it existed), beside the other thresholds.
import { describe, expect, it } from 'vitest';
import { AREA_LINK_THRESHOLD_RANGES, DEFAULT_AREA_LINK_THRESHOLDS } from './entry-detection-rules.ts';
import { areaLinkInputSchema } from './entry-detection.ts';

const link = {
  areaName: 'プレス機前',
  entryArea: [
    { x: 0.5, y: 0.5 },
    { x: 1, y: 0.5 },
    { x: 1, y: 0.9 },
  ],
  machineArea: null,
  detectionFrameThreshold: 3,
  minimumDetectionSize: 0.08,
  runningThreshold: 0.02,
  vigilantTime: 10,
};

describe('advanced.md §5 person detection threshold', () => {
  it('is a share 0..1, defaulting to 0.3 when left out', () => {
    expect(AREA_LINK_THRESHOLD_RANGES.personDetectionThreshold).toEqual({ min: 0, max: 1, integer: false });
    expect(DEFAULT_AREA_LINK_THRESHOLDS.personDetectionThreshold).toBe(0.3);
    expect(areaLinkInputSchema.parse(link).personDetectionThreshold).toBe(0.3);
    expect(areaLinkInputSchema.parse({ ...link, personDetectionThreshold: 0 }).personDetectionThreshold).toBe(
      0,
    );
    expect(
      areaLinkInputSchema.parse({ ...link, personDetectionThreshold: 0.55 }).personDetectionThreshold,
    ).toBe(0.55);
  });

  it('refuses anything else, naming the field', () => {
    for (const bad of [-0.01, 1.01, '0.5', null, Number.NaN]) {
      const result = areaLinkInputSchema.safeParse({ ...link, personDetectionThreshold: bad });
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['personDetectionThreshold']);
    }
  });
});
