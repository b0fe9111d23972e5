// Operation analysis' measuring rules (issue 15): a person's box over the area, a wrist inside it, for the frame
// threshold's consecutive pictures; each threshold of the detection setting changes the result.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPERATION_DETECTION_SETTING,
  DETECTION_SETTING_RANGES,
  type DetectionSettingValues,
} from '@camwatch/contract/operation-analysis-rules';
import {
  boxCoverOfArea,
  handInArea,
  measureOperationTime,
  pointInPolygon,
  polygonArea,
  type AnalysedPicture,
  type MeasuredArea,
} from './operation-time.ts';
import type { Detection, NormBox } from './types.ts';

const rect = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];
const tray: MeasuredArea = { operationAreaName: 'tray', points: rect(0.4, 0.4, 0.6, 0.6) };
const setting: DetectionSettingValues = {
  ...DEFAULT_OPERATION_DETECTION_SETTING,
  detectionFrameThreshold: 3,
};

/** A person standing over the tray (box covering it all) with the right wrist at (x, y). */
function worker(
  wrist: [number, number],
  { score = 0.8, wristScore = 0.8, box = { x: 0.3, y: 0.2, w: 0.4, h: 0.7 } as NormBox } = {},
): Detection {
  const keypoints: [number, number, number][] = Array.from({ length: 17 }, () => [0.35, 0.3, 0.9]);
  keypoints[9] = [0.32, 0.7, 0.9]; // left hand at the side
  keypoints[10] = [wrist[0], wrist[1], wristScore];
  return { box, score, keypoints };
}
const IN: [number, number] = [0.5, 0.5];
const OUT: [number, number] = [0.32, 0.75];

/** Pictures at 2 a second, each with the worker's hand in (1) or out (0) of the tray. */
function pictures(pattern: string, person: (wrist: [number, number]) => Detection = (w) => worker(w)) {
  return [...pattern].map<AnalysedPicture>((c, i) => ({
    t: i / 2,
    detections: c === '.' ? null : c === '-' ? [] : [person(c === '1' ? IN : OUT)],
  }));
}
const measure = (p: AnalysedPicture[], s: DetectionSettingValues = setting, areas = [tray]) =>
  measureOperationTime(p, areas, s);

describe('area geometry', () => {
  it('measures the share of an area a box covers, also of a polygon that is not convex', () => {
    expect(polygonArea(tray.points)).toBeCloseTo(0.04);
    expect(boxCoverOfArea({ x: 0, y: 0, w: 1, h: 1 }, tray.points)).toBeCloseTo(1);
    expect(boxCoverOfArea({ x: 0.5, y: 0, w: 1, h: 1 }, tray.points)).toBeCloseTo(0.5);
    expect(boxCoverOfArea({ x: 0.45, y: 0.45, w: 0.1, h: 0.1 }, tray.points)).toBeCloseTo(0.25);
    expect(boxCoverOfArea({ x: 0.7, y: 0, w: 0.2, h: 1 }, tray.points)).toBe(0);
    // An L: the square 0..2 without its upper right quarter (area 3); the box over the right half covers 1 of it.
    const l = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 1 },
      { x: 2, y: 2 },
      { x: 0, y: 2 },
    ];
    expect(polygonArea(l)).toBeCloseTo(3);
    expect(boxCoverOfArea({ x: 1, y: 0, w: 1, h: 2 }, l)).toBeCloseTo(1 / 3);
    expect(pointInPolygon(l, 1.5, 0.5)).toBe(false);
    expect(pointInPolygon(l, 1.5, 1.5)).toBe(true);
  });
});

describe('measureOperationTime', () => {
  it('finds a work session from the first of the frame threshold’s pictures in to the first picture out', () => {
    const result = measure(pictures('0001111111100000'));
    expect(result.periodSec).toBe(8);
    const [area] = result.areas;
    expect(area!.sessions).toEqual([{ startSec: 1.5, endSec: 5.5 }]);
    expect(area!.workingSec).toBe(4);
    expect(area!.idleSec).toBe(4);
    expect(area!.sessionCount).toBe(1);
    expect(area!.operationAreaName).toBe('tray');
  });

  it('the detection frame threshold: short glimpses and short losses of the hand count or not', () => {
    // Two pictures in, then a two-picture loss inside a long session.
    const seq = pictures('0110000111110011111000');
    const at = (frames: number) =>
      measure(seq, { ...setting, detectionFrameThreshold: frames }).areas[0]!.sessions;
    expect(at(1)).toEqual([
      { startSec: 0.5, endSec: 1.5 },
      { startSec: 3.5, endSec: 6 },
      { startSec: 7, endSec: 9.5 },
    ]);
    expect(at(2)).toEqual([
      { startSec: 0.5, endSec: 1.5 },
      { startSec: 3.5, endSec: 6 },
      { startSec: 7, endSec: 9.5 },
    ]);
    // From three pictures on, the glimpse is no session and the loss no break.
    expect(at(3)).toEqual([{ startSec: 3.5, endSec: 9.5 }]);
    expect(at(6)).toEqual([]);
    expect(DETECTION_SETTING_RANGES.detectionFrameThreshold.min).toBe(1);
  });

  it('the person detection threshold: a doubtful person does not work', () => {
    const seq = pictures('001111110000', (w) => worker(w, { score: 0.45 }));
    expect(measure(seq, { ...setting, personDetectionThreshold: 0.4 }).areas[0]!.workingSec).toBe(3);
    expect(measure(seq, { ...setting, personDetectionThreshold: 0.5 }).areas[0]!.workingSec).toBe(0);
  });

  it('the keypoint (hand) detection threshold: an unsure wrist is not a hand in the area', () => {
    const seq = pictures('001111110000', (w) => worker(w, { wristScore: 0.35 }));
    expect(measure(seq, { ...setting, keypointDetectionThreshold: 0.3 }).areas[0]!.workingSec).toBe(3);
    expect(measure(seq, { ...setting, keypointDetectionThreshold: 0.4 }).areas[0]!.workingSec).toBe(0);
  });

  it('the person detection target area rate: a person must stand over enough of the area', () => {
    // The box covers the tray's left 40 % only (a hand reaching in from someone standing beside it).
    const beside = { x: 0.2, y: 0.2, w: 0.28, h: 0.7 };
    expect(boxCoverOfArea(beside, tray.points)).toBeCloseTo(0.4);
    const seq = pictures('001111110000', (w) => worker(w, { box: beside }));
    expect(measure(seq, { ...setting, personDetectionTargetAreaRate: 0.3 }).areas[0]!.workingSec).toBe(3);
    expect(measure(seq, { ...setting, personDetectionTargetAreaRate: 0.5 }).areas[0]!.workingSec).toBe(0);
    // Rate 0: any hand inside counts; rate 1: the box must cover the whole area.
    expect(measure(seq, { ...setting, personDetectionTargetAreaRate: 0 }).areas[0]!.workingSec).toBe(3);
  });

  it('needs the same person to stand at the area and have a hand in it', () => {
    const bystander: Detection = { ...worker(OUT), box: { x: 0.35, y: 0.2, w: 0.3, h: 0.7 } };
    const reacher = worker(IN, { box: { x: 0.1, y: 0.2, w: 0.2, h: 0.7 } });
    expect(handInArea([bystander, reacher], tray.points, setting)).toBe(false);
    expect(handInArea([bystander, worker(IN)], tray.points, setting)).toBe(true);
    // The left wrist counts as well as the right one.
    const left = worker(OUT);
    left.keypoints = left.keypoints!.map((k, i) => (i === 9 ? [0.5, 0.55, 0.9] : k));
    expect(handInArea([left], tray.points, setting)).toBe(true);
    // No keypoints, no hand.
    expect(handInArea([{ box: worker(IN).box, score: 0.9 }], tray.points, setting)).toBe(false);
  });

  it('keeps the previous judgement on pictures the detector skipped, and ends an open session with the period', () => {
    // '.' = not looked at (nothing moved), '-' = looked at, nobody there.
    const result = measure(pictures('0011....11..'));
    expect(result.periodSec).toBe(6);
    expect(result.areas[0]!.sessions).toEqual([{ startSec: 1, endSec: 6 }]);
    expect(result.areas[0]!.idleSec).toBe(1);
    const gone = measure(pictures('00111111---111'));
    expect(gone.areas[0]!.sessions).toEqual([
      { startSec: 1, endSec: 4 },
      { startSec: 5.5, endSec: 7 },
    ]);
    const explicit = measureOperationTime(pictures('0011111111'), [tray], setting, { periodSec: 60 });
    expect(explicit.areas[0]!.sessions).toEqual([{ startSec: 1, endSec: 60 }]);
    expect(explicit.areas[0]!.idleSec).toBe(1);
  });

  it('measures each area on its own', () => {
    const other: MeasuredArea = { operationAreaName: 'press', points: rect(0.05, 0.4, 0.25, 0.6) };
    const result = measure(pictures('001111110000'), setting, [tray, other]);
    expect(result.areas.map((a) => [a.operationAreaName, a.workingSec])).toEqual([
      ['tray', 3],
      ['press', 0],
    ]);
    expect(result.areas[1]!.idleSec).toBe(6);
    expect(measure([], setting).areas[0]).toMatchObject({ workingSec: 0, idleSec: 0, sessionCount: 0 });
  });
});
