import { describe, expect, it } from 'vitest';
import { AREA_LINKS_MAX } from '@camwatch/contract/constants';
import { AREA_LINK_NAME_MAX, AREA_LINK_THRESHOLD_RANGES } from '@camwatch/contract/entry-detection-rules';
// The zod schema, in a test only: the browser never loads it; these tests keep the zod-free copies equal to it.
import { areaLinkInputSchema, type AreaLinkInput } from '@camwatch/contract/entry-detection';
import {
  canAddAreaLink,
  displayRange,
  draftChanged,
  draftOf,
  draftProblems,
  entryAreaProblem,
  framesToSeconds,
  fromDisplay,
  hasProblems,
  machineAreaProblem,
  nameProblem,
  serverFieldErrors,
  THRESHOLD_FIELDS,
  thresholdProblem,
  thresholdSummary,
  toDisplay,
  toInput,
  type AreaLinkDraft,
} from './entry-detection-rules.ts';

const square = [
  { x: 0.1, y: 0.1 },
  { x: 0.5, y: 0.1 },
  { x: 0.5, y: 0.5 },
  { x: 0.1, y: 0.5 },
];
const bowtie = [
  { x: 0.1, y: 0.1 },
  { x: 0.5, y: 0.5 },
  { x: 0.5, y: 0.1 },
  { x: 0.1, y: 0.5 },
];
const seeded: AreaLinkInput = {
  areaName: 'プレス機前',
  entryArea: square,
  machineArea: null,
  detectionFrameThreshold: 3,
  minimumDetectionSize: 0.08,
  personDetectionThreshold: 0.3,
  runningThreshold: 0.02,
  vigilantTime: 10,
};

const draft = (changes: Partial<AreaLinkDraft> = {}): AreaLinkDraft => ({ ...draftOf(seeded), ...changes });

describe('the zod-free limits are the ones the contract schema enforces', () => {
  it('advanced.md §3: each threshold range is exactly what the schema accepts', () => {
    for (const field of THRESHOLD_FIELDS) {
      const { min, max, integer } = AREA_LINK_THRESHOLD_RANGES[field];
      const accepts = (value: number) => areaLinkInputSchema.safeParse({ ...seeded, [field]: value }).success;
      expect(accepts(min), `${field} min`).toBe(true);
      expect(accepts(max), `${field} max`).toBe(true);
      expect(accepts(min - 0.001), `${field} below min`).toBe(false);
      expect(accepts(max + 0.001), `${field} above max`).toBe(false);
      expect(accepts(Math.floor((min + max) / 2) + 0.5), `${field} fraction`).toBe(!integer);
    }
  });

  it('advanced.md §3: the name limit is the schema’s (trimmed, at most 50)', () => {
    const accepts = (areaName: string) => areaLinkInputSchema.safeParse({ ...seeded, areaName }).success;
    expect(accepts('a'.repeat(AREA_LINK_NAME_MAX))).toBe(true);
    expect(accepts('a'.repeat(AREA_LINK_NAME_MAX + 1))).toBe(false);
    expect(accepts('   ')).toBe(false);
  });

  it('what toInput sends for a valid draft passes the schema unchanged', () => {
    const input = toInput(draft({ machineArea: square.map((p) => ({ x: p.x + 0.3, y: p.y + 0.3 })) }), [])!;
    expect(areaLinkInputSchema.parse(input)).toEqual(input);
  });
});

describe('advanced.md §5: area links at most 5', () => {
  it('advanced.md §5: a sixth link cannot be added', () => {
    expect(AREA_LINKS_MAX).toBe(5);
    expect(canAddAreaLink(0)).toBe(true);
    expect(canAddAreaLink(4)).toBe(true);
    expect(canAddAreaLink(5)).toBe(false);
  });
});

describe('advanced.md §5: entry detection area at most 1 (required), machine area at most 1 (optional)', () => {
  it('advanced.md §5: the entry detection area is required and must be a complete outline', () => {
    expect(entryAreaProblem([])).toBe('missing');
    expect(entryAreaProblem(square.slice(0, 2))).toBe('too_few');
    expect(entryAreaProblem(bowtie)).toBe('crossing');
    expect(entryAreaProblem(square)).toBeNull();
  });

  it('advanced.md §5: the machine area may be absent, but once begun must be complete and not cross', () => {
    expect(machineAreaProblem([])).toBeNull();
    expect(machineAreaProblem(square.slice(0, 1))).toBe('too_few');
    expect(machineAreaProblem(bowtie)).toBe('crossing');
    expect(machineAreaProblem(square)).toBeNull();
  });

  it('advanced.md §5: at most 10 points an outline', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      x: 0.5 + 0.4 * Math.cos((i / 11) * 2 * Math.PI),
      y: 0.5 + 0.4 * Math.sin((i / 11) * 2 * Math.PI),
    }));
    expect(entryAreaProblem(eleven.slice(0, 10))).toBeNull();
    expect(entryAreaProblem(eleven)).not.toBeNull();
  });

  it('one link holds one outline of each kind: no machine area is sent as null', () => {
    expect(toInput(draft({ machineArea: [] }), [])!.machineArea).toBeNull();
    expect(toInput(draft({ machineArea: square }), [])!.machineArea).toEqual(square);
    expect(draftOf(seeded).machineArea).toEqual([]);
  });
});

describe('advanced.md §3: the area name', () => {
  it('advanced.md §3: is required, at most 50 characters and unique among the camera’s links (trimmed)', () => {
    expect(nameProblem('  ', [])).toBe('required');
    expect(nameProblem('a'.repeat(51), [])).toBe('too_long');
    expect(nameProblem(' プレス機前 ', ['プレス機前'])).toBe('duplicate');
    expect(nameProblem('プレス機横', ['プレス機前'])).toBeNull();
  });

  it('is sent trimmed', () => {
    expect(toInput(draft({ areaName: '  搬入口  ' }), [])!.areaName).toBe('搬入口');
  });
});

describe('advanced.md §3: thresholds in the units a person thinks in', () => {
  it('advanced.md §3: minimum detection size and running threshold are shown as percentages', () => {
    expect(toDisplay('minimumDetectionSize', 0.08)).toBe(8);
    expect(toDisplay('runningThreshold', 0.02)).toBe(2);
    expect(toDisplay('minimumDetectionSize', 0.07)).toBe(7); // not 7.000000000000001
    expect(fromDisplay('minimumDetectionSize', 8.5)).toBe(0.085);
    expect(fromDisplay('runningThreshold', 0.5)).toBe(0.005);
    expect(fromDisplay('detectionFrameThreshold', 12)).toBe(12);
    expect(fromDisplay('vigilantTime', 600)).toBe(600);
  });

  it('advanced.md §5: the person detection threshold is shown as a whole percentage of confidence', () => {
    expect(toDisplay('personDetectionThreshold', 0.3)).toBe(30);
    expect(toDisplay('personDetectionThreshold', 0.07)).toBe(7);
    expect(fromDisplay('personDetectionThreshold', 45)).toBe(0.45);
    expect(thresholdProblem('personDetectionThreshold', 0)).toBeNull();
    expect(thresholdProblem('personDetectionThreshold', 100)).toBeNull();
    expect(thresholdProblem('personDetectionThreshold', 101)).toBe('range');
    expect(thresholdProblem('personDetectionThreshold', '30.5')).toBe('integer');
    expect(thresholdProblem('personDetectionThreshold', '')).toBe('required');
    const strict = draft({ thresholds: { ...draft().thresholds, personDetectionThreshold: 65 } });
    expect(toInput(strict, [])!.personDetectionThreshold).toBe(0.65);
    expect(draftChanged(strict, draftOf(seeded))).toBe(true);
  });

  it('a finer stored value that is shown unchanged is kept as stored', () => {
    expect(toDisplay('minimumDetectionSize', 0.0833)).toBe(8.3);
    expect(fromDisplay('minimumDetectionSize', 8.3, 0.0833)).toBe(0.0833);
    expect(fromDisplay('minimumDetectionSize', 8.4, 0.0833)).toBe(0.084);
    const fine = { ...seeded, minimumDetectionSize: 0.0833 };
    expect(toInput(draftOf(fine), [], fine)!.minimumDetectionSize).toBe(0.0833);
    expect(draftChanged(draftOf(fine), draftOf(fine))).toBe(false);
  });

  it('advanced.md §3: the ranges as shown', () => {
    expect(displayRange('detectionFrameThreshold')).toEqual({ min: 1, max: 50, decimals: 0 });
    expect(displayRange('minimumDetectionSize')).toEqual({ min: 1, max: 100, decimals: 1 });
    expect(displayRange('runningThreshold')).toEqual({ min: 0, max: 100, decimals: 1 });
    expect(displayRange('personDetectionThreshold')).toEqual({ min: 0, max: 100, decimals: 0 });
    expect(displayRange('vigilantTime')).toEqual({ min: 0, max: 600, decimals: 0 });
  });

  it('advanced.md §3: frames are analysed at 5 a second', () => {
    expect(framesToSeconds(3)).toBe(0.6);
    expect(framesToSeconds(50)).toBe(10);
    expect(framesToSeconds(1)).toBe(0.2);
  });

  it('checks what is typed: required, a number, whole where counted, decimals, range', () => {
    expect(thresholdProblem('vigilantTime', '')).toBe('required');
    expect(thresholdProblem('vigilantTime', 'abc')).toBe('not_number');
    expect(thresholdProblem('detectionFrameThreshold', 2.5)).toBe('integer');
    expect(thresholdProblem('minimumDetectionSize', '8.25')).toBe('decimals');
    expect(thresholdProblem('minimumDetectionSize', 0.5)).toBe('range');
    expect(thresholdProblem('minimumDetectionSize', 101)).toBe('range');
    expect(thresholdProblem('detectionFrameThreshold', 51)).toBe('range');
    expect(thresholdProblem('vigilantTime', 601)).toBe('range');
    expect(thresholdProblem('runningThreshold', 0)).toBeNull();
    expect(thresholdProblem('minimumDetectionSize', '8.5')).toBeNull();
  });

  it('a draft with a problem sends nothing', () => {
    const bad = draft({ thresholds: { ...draft().thresholds, vigilantTime: 700 } });
    expect(hasProblems(draftProblems(bad, []))).toBe(true);
    expect(toInput(bad, [])).toBeNull();
    expect(toInput(draft({ areaName: 'プレス機前' }), ['プレス機前'])).toBeNull();
    expect(toInput(draft({ entryArea: [] }), [])).toBeNull();
  });

  it('a new link starts with the default thresholds, no areas and no name', () => {
    const fresh = draftOf(null);
    expect(fresh).toEqual({
      areaName: '',
      entryArea: [],
      machineArea: [],
      thresholds: {
        detectionFrameThreshold: 3,
        minimumDetectionSize: 8,
        personDetectionThreshold: 30,
        runningThreshold: 2,
        vigilantTime: 10,
      },
    });
    const problems = draftProblems(fresh, []);
    expect(problems.areaName).toBe('required');
    expect(problems.entryArea).toBe('missing');
    expect(problems.machineArea).toBeNull();
  });

  it('the list’s words for a link', () => {
    expect(thresholdSummary(seeded)).toEqual({
      frames: 3,
      seconds: 0.6,
      sizePercent: 8,
      personPercent: 30,
      runningPercent: 2,
      vigilantSeconds: 10,
    });
  });
});

describe('what changed since the last save', () => {
  it('sees names (trimmed), outlines and thresholds (as numbers)', () => {
    const base = draftOf(seeded);
    expect(draftChanged(draft(), base)).toBe(false);
    expect(draftChanged(draft({ areaName: ' プレス機前 ' }), base)).toBe(false);
    expect(draftChanged(draft({ areaName: 'プレス機横' }), base)).toBe(true);
    expect(draftChanged(draft({ entryArea: square.slice(0, 3) }), base)).toBe(true);
    expect(draftChanged(draft({ machineArea: square }), base)).toBe(true);
    expect(draftChanged(draft({ thresholds: { ...base.thresholds, vigilantTime: '10' } }), base)).toBe(false);
    expect(draftChanged(draft({ thresholds: { ...base.thresholds, vigilantTime: 20 } }), base)).toBe(true);
  });
});

describe('core.md §8: the server’s 400 by field', () => {
  it('places each message by the field it names; anything else goes to the form', () => {
    expect(
      serverFieldErrors({
        errors: {
          areaName: ['is already used by another area link of this camera'],
          'entryArea.2.x': ['Too big'],
          machineArea: ['lines must not intersect'],
          vigilantTime: ['Too big', 'second'],
          body: ['is invalid'],
        },
      }),
    ).toEqual({
      areaName: 'is already used by another area link of this camera',
      entryArea: 'Too big',
      machineArea: 'lines must not intersect',
      vigilantTime: 'Too big',
      form: 'is invalid',
    });
    expect(serverFieldErrors(null)).toEqual({});
    expect(serverFieldErrors({ error: { code: 'limit_reached' } })).toEqual({});
  });
});
