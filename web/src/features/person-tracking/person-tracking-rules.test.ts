import { describe, expect, it } from 'vitest';
import { dateTimeInputValue } from '../../lib/local-time.ts';
import {
  analysisPeriodInputProblem,
  analysisPollInterval,
  analysisProgress,
  clockDuration,
  lastHour,
  recordingAt,
} from '../../lib/analysis-job-rules.ts';
import { pathPoints, personColor, PERSON_COLORS } from './person-tracking-rules.ts';

const now = new Date(2026, 10, 26, 12, 30, 15).getTime();
const at = (h: number, m = 0) => dateTimeInputValue(new Date(2026, 10, 26, h, m).getTime());

describe('the request period (advanced.md §5: at most 3 hours)', () => {
  it('starts as the last hour, to the minute', () => {
    const p = lastHour(now);
    expect(p.end).toBe(new Date(2026, 10, 26, 12, 30).getTime());
    expect(p.end - p.start).toBe(3_600_000);
    expect(
      analysisPeriodInputProblem(dateTimeInputValue(p.start), dateTimeInputValue(p.end), now),
    ).toBeNull();
  });
  it('names what is wrong', () => {
    expect(analysisPeriodInputProblem('', at(10), now)).toBe('required');
    expect(analysisPeriodInputProblem(at(10), at(9), now)).toBe('order');
    expect(analysisPeriodInputProblem(at(8), at(11, 1), now)).toBe('tooLong');
    expect(analysisPeriodInputProblem(at(8), at(11), now)).toBeNull();
    expect(analysisPeriodInputProblem(at(12), at(13), now)).toBe('future');
  });
});

describe('job progress (advanced.md §4 states)', () => {
  it('asks again only while something runs', () => {
    expect(analysisPollInterval(['completed', 'running'])).toBe(2000);
    expect(analysisPollInterval(['completed', 'failed', 'request_failed'])).toBe(false);
    expect(analysisPollInterval(undefined)).toBe(false);
  });
  it('is the share of recordings done, whole once completed', () => {
    expect(analysisProgress({ state: 'running', clips_done: 0, clips_total: 0 })).toBe(0);
    expect(analysisProgress({ state: 'running', clips_done: 30, clips_total: 120 })).toBe(0.25);
    expect(analysisProgress({ state: 'completed', clips_done: 0, clips_total: 0 })).toBe(1);
  });
});

describe('drawing and links', () => {
  it('gives each person a colour in turn and draws the path in the picture', () => {
    expect(personColor(0)).toBe(PERSON_COLORS[0]);
    expect(personColor(PERSON_COLORS.length + 1)).toBe(PERSON_COLORS[1]);
    expect(
      pathPoints(
        [
          { x: 0.5, y: 0.25 },
          { x: 1, y: 1 },
        ],
        640,
        360,
      ),
    ).toBe('320,90 640,360');
  });
  it('links into the recording at the moment', () => {
    expect(recordingAt('cam 1', '2026-11-20T01:00:00.000Z')).toBe(
      '/detail/cam%201?date=2026-11-20T01%3A00%3A00.000Z',
    );
  });
  it('writes durations as m:ss', () => {
    expect(clockDuration(5.4)).toBe('0:05');
    expect(clockDuration(125)).toBe('2:05');
    expect(clockDuration(3725)).toBe('1:02:05');
  });
});
