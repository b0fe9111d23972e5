import { describe, expect, it } from 'vitest';
import { OPERATION_AREAS_MAX } from '@camwatch/contract/constants';
import {
  DEFAULT_OPERATION_DETECTION_SETTING,
  OPERATION_AREA_NAME_MAX,
} from '@camwatch/contract/operation-analysis-rules';
import {
  areaFieldErrors,
  areaNameProblem,
  areaPointsProblem,
  areaProblems,
  areasChanged,
  canAddArea,
  detectionChanged,
  detectionFieldErrors,
  detectionFieldProblem,
  detectionProblems,
  hasAreaProblems,
  nextAreaName,
  parseDetectionForm,
  toDrafts,
  toSavedAreas,
  type DraftArea,
} from './operation-analysis-rules.ts';

const square = (x: number) => [
  { x, y: 0.1 },
  { x: x + 0.1, y: 0.1 },
  { x: x + 0.1, y: 0.2 },
  { x, y: 0.2 },
];
const draft = (name: string, points = square(0.1)): DraftArea => ({ key: name, name, points });
const nameFor = (n: number) => `作業エリア${n}`;

describe('operation areas (advanced.md §3, §5)', () => {
  it('advanced.md §5: at most 10 operation areas', () => {
    expect(OPERATION_AREAS_MAX).toBe(10);
    expect(canAddArea(9)).toBe(true);
    expect(canAddArea(10)).toBe(false);
    const eleven = Array.from({ length: 11 }, (_, i) => draft(`Area ${i}`, square(i * 0.08)));
    expect(hasAreaProblems(eleven)).toBe(true);
    expect(hasAreaProblems(eleven.slice(0, 10))).toBe(false);
  });

  it('advanced.md §3: a new area gets the first free default name', () => {
    expect(nextAreaName([], nameFor)).toBe('作業エリア1');
    expect(nextAreaName(['作業エリア1', 'ライン A 作業台'], nameFor)).toBe('作業エリア2');
    expect(nextAreaName(['作業エリア2', ' 作業エリア1 '], nameFor)).toBe('作業エリア3');
  });

  it('advanced.md §3: an area name is required, at most 50 characters and unique (compared trimmed)', () => {
    expect(OPERATION_AREA_NAME_MAX).toBe(50);
    expect(areaNameProblem('  ', [])).toBe('required');
    expect(areaNameProblem('あ'.repeat(50), [])).toBeNull();
    expect(areaNameProblem('あ'.repeat(51), [])).toBe('too_long');
    expect(areaNameProblem('ライン A 作業台 ', ['ライン A 作業台'])).toBe('duplicate');
    expect(areaNameProblem('ライン C', ['ライン A 作業台'])).toBeNull();
  });

  it('advanced.md §5: an area needs a complete outline: 3 points or more, lines not crossing', () => {
    expect(areaPointsProblem(square(0.1).slice(0, 2))).toBe('too_few');
    expect(areaPointsProblem(square(0.1))).toBeNull();
    const bowtie = [square(0.1)[0]!, square(0.1)[2]!, square(0.1)[1]!, square(0.1)[3]!];
    expect(areaPointsProblem(bowtie)).toBe('crossing');
  });

  it('advanced.md §5: each area’s problems are listed in order; both duplicates are marked', () => {
    const problems = areaProblems([draft('A'), draft('A', square(0.3)), draft('', [])]);
    expect(problems).toEqual([
      { name: 'duplicate', points: null },
      { name: 'duplicate', points: null },
      { name: 'required', points: 'too_few' },
    ]);
  });

  it('advanced.md §7: what is saved is the names trimmed; a change is seen against the last save', () => {
    const saved = [{ operationAreaName: 'ライン A 作業台', points: square(0.1) }];
    const drafts = toDrafts(saved);
    expect(drafts[0]!.key).not.toBe(toDrafts(saved)[0]!.key);
    expect(areasChanged(drafts, saved)).toBe(false);
    expect(areasChanged([{ ...drafts[0]!, name: ' ライン A 作業台 ' }], saved)).toBe(false);
    expect(toSavedAreas([{ ...drafts[0]!, name: ' B ' }])[0]!.operationAreaName).toBe('B');
    expect(areasChanged([{ ...drafts[0]!, points: square(0.2) }], saved)).toBe(true);
    expect(areasChanged([], saved)).toBe(true);
  });

  it('core.md §8: a 400 is shown by the field it names', () => {
    const placed = areaFieldErrors({
      errors: {
        'operationAreaList.1.points': ['lines must not intersect'],
        'operationAreaList.0.operationAreaName': ['is required'],
        'operationAreaList.2.points.3.x': ['Too big'],
        operationAreaList: ['area names must be unique'],
      },
    });
    expect(placed).toEqual({
      list: ['area names must be unique'],
      areas: {
        0: { name: 'is required' },
        1: { points: 'lines must not intersect' },
        2: { points: 'Too big' },
      },
    });
    expect(areaFieldErrors(null)).toEqual({ list: [], areas: {} });
  });
});

describe('detection setting form (advanced.md §3)', () => {
  it('advanced.md §3: rates and thresholds 0..1, the frame threshold a whole number 1..1000', () => {
    expect(detectionFieldProblem('personDetectionTargetAreaRate', 0)).toBeNull();
    expect(detectionFieldProblem('personDetectionTargetAreaRate', 1)).toBeNull();
    expect(detectionFieldProblem('personDetectionThreshold', 1.2)).toBe('range');
    expect(detectionFieldProblem('keypointDetectionThreshold', -0.1)).toBe('range');
    expect(detectionFieldProblem('detectionFrameThreshold', 1)).toBeNull();
    expect(detectionFieldProblem('detectionFrameThreshold', 1000)).toBeNull();
    expect(detectionFieldProblem('detectionFrameThreshold', 0)).toBe('range');
    expect(detectionFieldProblem('detectionFrameThreshold', 1001)).toBe('range');
    expect(detectionFieldProblem('detectionFrameThreshold', 2.5)).toBe('integer');
  });

  it('core.md §5: empty is required, text is not a number, at most 2 decimals', () => {
    expect(detectionFieldProblem('personDetectionThreshold', '')).toBe('required');
    expect(detectionFieldProblem('personDetectionThreshold', 'abc')).toBe('not_number');
    expect(detectionFieldProblem('personDetectionThreshold', '0.25')).toBeNull();
    expect(detectionFieldProblem('personDetectionThreshold', '0.255')).toBe('decimals');
    expect(detectionFieldProblem('personDetectionThreshold', 0.125)).toBe('decimals');
    expect(detectionFieldProblem('personDetectionThreshold', '.5')).toBeNull();
  });

  it('advanced.md §3: the defaults are valid, and a form is sent as numbers', () => {
    expect(
      Object.values(detectionProblems({ ...DEFAULT_OPERATION_DETECTION_SETTING })).every((p) => p === null),
    ).toBe(true);
    expect(
      parseDetectionForm({
        personDetectionTargetAreaRate: '0.4',
        detectionFrameThreshold: 12,
        personDetectionThreshold: 0.5,
        keypointDetectionThreshold: '0.35',
      }),
    ).toEqual({
      personDetectionTargetAreaRate: 0.4,
      detectionFrameThreshold: 12,
      personDetectionThreshold: 0.5,
      keypointDetectionThreshold: 0.35,
    });
    expect(
      parseDetectionForm({ ...DEFAULT_OPERATION_DETECTION_SETTING, detectionFrameThreshold: '' }),
    ).toBeNull();
  });

  it('advanced.md §7: a change is seen against the last save; a 400 is shown by its field', () => {
    const saved = { ...DEFAULT_OPERATION_DETECTION_SETTING };
    expect(detectionChanged({ ...saved }, saved)).toBe(false);
    expect(detectionChanged({ ...saved, personDetectionThreshold: '0.5' }, saved)).toBe(false);
    expect(detectionChanged({ ...saved, personDetectionThreshold: 0.6 }, saved)).toBe(true);
    expect(
      detectionFieldErrors({
        errors: { detectionFrameThreshold: ['Too big: expected number to be <=1000'], '': ['Invalid input'] },
      }),
    ).toEqual({ detectionFrameThreshold: 'Too big: expected number to be <=1000', form: 'Invalid input' });
  });
});
