// The operation analysis results screens' rules: sessions placed on the period's time line, the chart's working
// minutes per bucket, shares and durations, and the request dialog's period (the server's own rule).
import { describe, expect, it } from 'vitest';
import {
  analysisPeriodInputProblem,
  analysisPollInterval,
  analysisProgress,
  clockDuration,
  recordingAt,
} from '../../lib/analysis-job-rules.ts';
import { dateTimeInputValue } from '../../lib/local-time.ts';
import {
  bucketLength,
  CHART_BUCKETS_MAX,
  formatShare,
  timelineSegments,
  workingPerBucket,
  workingShare,
} from './operation-results-rules.ts';

const T0 = Date.parse('2026-11-21T03:00:00.000Z');
const at = (sec: number) => new Date(T0 + sec * 1000).toISOString();

describe('operation results rules', () => {
  it('places each session on the period in percent, cut to the period', () => {
    const segments = timelineSegments(
      [
        { start: at(-30), end: at(60) },
        { start: at(300), end: at(450) },
        { start: at(590), end: at(700) },
        { start: at(700), end: at(800) },
      ],
      T0,
      T0 + 600_000,
    );
    expect(segments.map(({ left, width }) => [left, width])).toEqual([
      [0, 10],
      [50, 25],
      [98.33, 1.67],
    ]);
    expect(segments[1]!.start).toBe(at(300));
    expect(timelineSegments([{ start: at(0), end: at(10) }], T0, T0)).toEqual([]);
  });

  it('chooses a bucket giving at most 36 bars, and shares a session out between the buckets it spans', () => {
    expect(bucketLength(5 * 60_000)).toBe(10_000);
    expect(bucketLength(15 * 60_000)).toBe(30_000);
    expect(bucketLength(30 * 60_000)).toBe(60_000);
    expect(bucketLength(3 * 3_600_000)).toBe(300_000);
    for (const minutes of [1, 7, 45, 60, 100, 180])
      expect(Math.ceil((minutes * 60_000) / bucketLength(minutes * 60_000))).toBeLessThanOrEqual(
        CHART_BUCKETS_MAX,
      );
    // 30 minutes: 1-minute buckets; area 0 works 0:30-2:15, area 1 nothing.
    const { bucketMs, rows } = workingPerBucket(
      [{ sessions: [{ start: at(30), end: at(135) }] }, { sessions: [] }],
      T0,
      T0 + 30 * 60_000,
    );
    expect(bucketMs).toBe(60_000);
    expect(rows).toHaveLength(30);
    expect(rows.slice(0, 4).map((r) => r.a0)).toEqual([0.5, 1, 0.25, 0]);
    expect(rows.every((r) => r.a1 === 0)).toBe(true);
    expect(rows[2]!.startMs).toBe(T0 + 120_000);
  });

  it('gives the working share of the recorded time, and durations as clocks', () => {
    expect(workingShare({ working_sec: 90 }, 360)).toBe(0.25);
    expect(workingShare({ working_sec: 90 }, 0)).toBe(0);
    expect(formatShare(0.2567)).toBe('25.7 %');
    expect(clockDuration(65)).toBe('1:05');
    expect(clockDuration(3_725)).toBe('1:02:05');
    expect(recordingAt('cam 1', at(30))).toBe('/detail/cam%201?date=2026-11-21T03%3A00%3A30.000Z');
  });

  it('checks the period as the server does, and asks again only while a job runs', () => {
    const now = T0 + 10 * 3_600_000;
    const value = (ms: number) => dateTimeInputValue(ms);
    expect(analysisPeriodInputProblem(value(T0), value(T0 + 3_600_000), now)).toBeNull();
    expect(analysisPeriodInputProblem(value(T0), value(T0 + 3 * 3_600_000), now)).toBeNull();
    expect(analysisPeriodInputProblem(value(T0), value(T0 + 3 * 3_600_000 + 60_000), now)).toBe('tooLong');
    expect(analysisPeriodInputProblem(value(T0), value(T0), now)).toBe('order');
    expect(analysisPeriodInputProblem(value(now), value(now + 60_000), now)).toBe('future');
    expect(analysisPeriodInputProblem('', value(T0), now)).toBe('required');
    expect(analysisPollInterval(['completed', 'running'])).toBe(2_000);
    expect(analysisPollInterval(['completed', 'failed'])).toBe(false);
    expect(analysisProgress({ state: 'running', clips_done: 15, clips_total: 60 })).toBe(0.25);
    expect(analysisProgress({ state: 'completed', clips_done: 0, clips_total: 0 })).toBe(1);
  });
});
