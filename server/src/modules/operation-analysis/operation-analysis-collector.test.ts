// Operation analysis' part of a job, without the engine: where the detector looks around the areas, and how the
// analysed pictures of the recordings become each area's sessions (a gap in the recordings ends a session; idle
// is recorded time without work; pictures outside the period are left out), and the CSV.
import { describe, expect, it } from 'vitest';
import { DEFAULT_OPERATION_DETECTION_SETTING } from '@camwatch/contract/operation-analysis-rules';
import type { AnalysisResult } from '../../vision/analyze.ts';
import type { Detection } from '../../vision/types.ts';
import { operationAnalysisCsv } from './operation-analysis-csv.ts';
import {
  OperationAnalysisCollector,
  operationEngineOptions,
  operationLookBoxes,
  operationSettingsOf,
} from './operation-analysis-job.ts';

const rect = (x: number, y: number, w: number, h: number) => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];
const area = { operationAreaName: 'Tray', points: rect(0.4, 0.4, 0.1, 0.1) };
const setting = { ...DEFAULT_OPERATION_DETECTION_SETTING, detectionFrameThreshold: 2 };

/** A worker over the tray, their right wrist in it or at their side. */
function worker(handIn: boolean): Detection {
  const keypoints = Array.from({ length: 17 }, (): readonly [number, number, number] => [0.45, 0.3, 0.9]);
  keypoints[10] = handIn ? [0.45, 0.45, 0.9] : [0.3, 0.7, 0.9];
  return { box: { x: 0.35, y: 0.2, w: 0.2, h: 0.7 }, score: 0.9, keypoints };
}

/** An engine result of pictures at 2 a second whose hand is in the tray between the given seconds. */
function analysed(seconds: number, inFrom: number, inTo: number): AnalysisResult {
  return {
    pictures: Array.from({ length: seconds * 2 }, (_, i) => ({
      t: i / 2,
      detections: [worker(i / 2 >= inFrom && i / 2 < inTo)],
    })),
  } as AnalysisResult;
}

describe('operation analysis job rules', () => {
  it('looks around each area with room for the person, joining crops that overlap, else the whole picture', () => {
    expect(operationLookBoxes([area])).toEqual([
      {
        x: expect.closeTo(0.3, 5),
        y: expect.closeTo(0.3, 5),
        w: expect.closeTo(0.3, 5),
        h: expect.closeTo(0.4, 5),
      },
    ]);
    // Two areas side by side: one crop over both.
    const next = { operationAreaName: 'Press', points: rect(0.55, 0.4, 0.1, 0.1) };
    const joined = operationLookBoxes([area, next]);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.x).toBeCloseTo(0.3, 5);
    expect(joined[0]!.x + joined[0]!.w).toBeCloseTo(0.75, 5);
    // Far apart: two crops.
    const far = { operationAreaName: 'Far', points: rect(0.85, 0.05, 0.05, 0.05) };
    expect(operationLookBoxes([area, far])).toHaveLength(2);
    // Large areas: the whole picture.
    expect(operationLookBoxes([{ points: rect(0.2, 0.2, 0.5, 0.5) }])).toEqual([{ x: 0, y: 0, w: 1, h: 1 }]);
    const options = operationEngineOptions({ operationAreaList: [area], detectionSetting: setting });
    expect(options.refreshSeconds).toBe(0);
    expect(options.detector?.minScore).toBe(0.15);
    const loose = operationEngineOptions({
      operationAreaList: [area],
      detectionSetting: { ...setting, personDetectionThreshold: 0.05 },
    });
    expect(loose.detector?.minScore).toBe(0.05);
  });

  it('measures each stretch of continuing recordings apart: a gap ends the session, idle is recorded time', () => {
    const start = Date.UTC(2026, 10, 21, 3, 0, 0);
    const collector = new OperationAnalysisCollector(
      { operationAreaList: [area], detectionSetting: setting },
      { startMs: start, endMs: start + 120_000 },
    );
    // 0-20 s, hand in from 5 s on (still in at the end); 20-40 s continues, hand in until 30 s.
    collector.add({ clipId: 1, beginsAtMs: start, durationMs: 20_000 }, analysed(20, 5, 99));
    collector.add({ clipId: 2, beginsAtMs: start + 20_000, durationMs: 20_000 }, analysed(20, 0, 10));
    // After a gap, 60-80 s: hand in from 10 s to the end.
    collector.add({ clipId: 3, beginsAtMs: start + 60_000, durationMs: 20_000 }, analysed(20, 10, 99));
    const stored = collector.finish();
    expect(stored.recorded).toEqual([
      [start, start + 40_000],
      [start + 60_000, start + 80_000],
    ]);
    expect(stored.recordedSec).toBe(60);
    expect(stored.areas).toEqual([
      {
        name: 'Tray',
        sessions: [
          [start + 5_000, start + 30_000],
          [start + 70_000, start + 80_000],
        ],
        workingSec: 35,
        idleSec: 25,
      },
    ]);
    const csv = operationAnalysisCsv(stored, { startMs: start, endMs: start + 120_000 }, 'ja').split('\r\n');
    expect(csv[0]).toBe('\uFEFF作業エリア,開始時刻,終了時刻,作業秒数,非作業秒数,作業回数');
    expect(csv[1]).toBe('Tray,2026-11-21 12:00:05,2026-11-21 12:00:30,25,,');
    expect(csv[3]).toBe('Tray (合計),2026-11-21 12:00:00,2026-11-21 12:02:00,35,25,2');
  });

  it('leaves out pictures outside the period, and reads stored settings under the defaults', () => {
    const start = Date.UTC(2026, 10, 21, 3, 0, 0);
    const collector = new OperationAnalysisCollector(
      { operationAreaList: [area], detectionSetting: setting },
      { startMs: start + 10_000, endMs: start + 15_000 },
    );
    collector.add({ clipId: 1, beginsAtMs: start, durationMs: 20_000 }, analysed(20, 0, 99));
    const stored = collector.finish();
    expect(stored.recorded).toEqual([[start + 10_000, start + 15_000]]);
    expect(stored.areas[0]!.sessions).toEqual([[start + 10_000, start + 15_000]]);
    expect(operationSettingsOf(null)).toEqual({
      operationAreaList: [],
      detectionSetting: DEFAULT_OPERATION_DETECTION_SETTING,
    });
  });
});
