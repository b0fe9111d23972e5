// The people counter setting's rules (advanced.md §3 "People counter setting", §5 area polygons).
import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_DAYS,
  DEFAULT_STAFF_ADMISSION_THRESHOLD,
  DEFAULT_STAFF_JUDGMENT_DAYS,
  defaultAnalysisPeriods,
  peopleCounterSettingBody,
  type PeopleCounterSettingBody,
} from './people-counter.ts';
import {
  ANALYSIS_PERIODS_PER_DAY_MAX,
  clockToMinutes,
  minutesToClock,
  periodProblem,
  polygonsOverlap,
} from './people-counter-rules.ts';

const square = (x: number, y: number, size = 0.2) => [
  { x, y },
  { x: x + size, y },
  { x: x + size, y: y + size },
  { x, y: y + size },
];

const valid: PeopleCounterSettingBody = {
  differenceArea: null,
  entranceStartArea: square(0.1, 0.1),
  entranceEndArea: square(0.6, 0.1),
  analysisPeriods: defaultAnalysisPeriods(),
  staffJudgmentDays: DEFAULT_STAFF_JUDGMENT_DAYS,
  staffAdmissionThreshold: DEFAULT_STAFF_ADMISSION_THRESHOLD,
};

/** The fields a refused body names, with their reasons (as the server's 400 gives them). */
function refusals(body: unknown): Record<string, string[]> {
  const result = peopleCounterSettingBody.safeParse(body);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const reason = (issue as { params?: { reason?: string } }).params?.reason ?? issue.code;
    (out[issue.path.join('.')] ??= []).push(reason);
  }
  return out;
}

describe('people counter setting', () => {
  it('the defaults: every day (and holidays) analysed in full, staff seen on 10 of 30 days', () => {
    expect(ANALYSIS_DAYS).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'holiday']);
    expect(defaultAnalysisPeriods().sat).toEqual([{ from: 0, to: 1440 }]);
    expect([DEFAULT_STAFF_JUDGMENT_DAYS, DEFAULT_STAFF_ADMISSION_THRESHOLD]).toEqual([30, 10]);
    expect(peopleCounterSettingBody.safeParse(valid).success).toBe(true);
  });

  it('takes a difference area, empty days, and touching periods', () => {
    const body = {
      ...valid,
      differenceArea: square(0, 0, 1),
      analysisPeriods: {
        ...defaultAnalysisPeriods(),
        sun: [],
        mon: [
          { from: 720, to: 780 },
          { from: 540, to: 720 },
        ],
      },
    };
    expect(refusals(body)).toEqual({});
  });

  it.each([
    [
      'a period ending at its start',
      { mon: [{ from: 600, to: 600 }] },
      'analysisPeriods.mon.0.to',
      'bad_range',
    ],
    ['a period past midnight', { tue: [{ from: 600, to: 1441 }] }, 'analysisPeriods.tue.0.to', 'too_big'],
    ['a fractional minute', { wed: [{ from: 0.5, to: 60 }] }, 'analysisPeriods.wed.0.from', 'invalid_type'],
    [
      'overlapping periods',
      {
        thu: [
          { from: 540, to: 720 },
          { from: 700, to: 800 },
        ],
      },
      'analysisPeriods.thu',
      'overlapping',
    ],
    [
      `${ANALYSIS_PERIODS_PER_DAY_MAX + 1} periods`,
      { fri: Array.from({ length: 5 }, (_, i) => ({ from: i * 60, to: i * 60 + 30 })) },
      'analysisPeriods.fri',
      'too_big',
    ],
    ['a missing holiday list', { holiday: undefined }, 'analysisPeriods.holiday', 'invalid_type'],
  ])('refuses %s, naming the field', (_case, days, field, reason) => {
    const found = refusals({ ...valid, analysisPeriods: { ...defaultAnalysisPeriods(), ...days } });
    expect(Object.keys(found)).toEqual([field]);
    expect(found[field]).toContain(
      reason === 'invalid_type' && field.endsWith('from') ? 'invalid_type' : reason,
    );
  });

  it('refuses staff numbers out of range, and a threshold above the judgment period', () => {
    expect(Object.keys(refusals({ ...valid, staffJudgmentDays: 0 }))).toEqual(['staffJudgmentDays']);
    expect(Object.keys(refusals({ ...valid, staffJudgmentDays: 91 }))).toEqual(['staffJudgmentDays']);
    expect(Object.keys(refusals({ ...valid, staffAdmissionThreshold: 0 }))).toEqual([
      'staffAdmissionThreshold',
    ]);
    expect(refusals({ ...valid, staffJudgmentDays: 7, staffAdmissionThreshold: 8 })).toEqual({
      staffAdmissionThreshold: ['too_big'],
    });
    expect(refusals({ ...valid, staffJudgmentDays: 7, staffAdmissionThreshold: 7 })).toEqual({});
  });

  it('needs both entrance areas, apart from each other; each a valid polygon', () => {
    expect(Object.keys(refusals({ ...valid, entranceStartArea: null }))).toEqual(['entranceStartArea']);
    expect(Object.keys(refusals({ ...valid, entranceEndArea: undefined }))).toEqual(['entranceEndArea']);
    expect(refusals({ ...valid, entranceEndArea: square(0.2, 0.2) })).toEqual({
      entranceEndArea: ['overlapping'],
    });
    const bowtie = [
      { x: 0.1, y: 0.1 },
      { x: 0.5, y: 0.5 },
      { x: 0.5, y: 0.1 },
      { x: 0.1, y: 0.5 },
    ];
    expect(Object.keys(refusals({ ...valid, differenceArea: bowtie }))).toEqual(['differenceArea']);
  });
});

describe('people counter rules', () => {
  it('periodProblem names the first bad or overlapping period by its place in the list', () => {
    expect(periodProblem([])).toBeNull();
    expect(periodProblem([{ from: 60, to: 30 }])).toEqual({ index: 0, problem: 'bad_range' });
    expect(
      periodProblem([
        { from: 600, to: 700 },
        { from: 0, to: 120 },
        { from: 100, to: 200 },
      ]),
    ).toEqual({ index: 2, problem: 'overlapping' });
  });

  it('polygonsOverlap: crossing edges, one inside the other, touching; apart is fine', () => {
    expect(polygonsOverlap(square(0.1, 0.1), square(0.2, 0.2))).toBe(true);
    expect(polygonsOverlap(square(0.1, 0.1, 0.6), square(0.3, 0.3, 0.1))).toBe(true);
    expect(polygonsOverlap(square(0.3, 0.3, 0.1), square(0.1, 0.1, 0.6))).toBe(true);
    expect(polygonsOverlap(square(0.1, 0.1), square(0.3, 0.1))).toBe(true); // shared edge
    expect(polygonsOverlap(square(0.1, 0.1), square(0.5, 0.5))).toBe(false);
  });

  it('clock texts and minutes convert both ways, 24:00 being the end of the day', () => {
    expect(minutesToClock(570)).toBe('09:30');
    expect(minutesToClock(1440)).toBe('24:00');
    expect(clockToMinutes('9:30')).toBe(570);
    expect(clockToMinutes('24:00')).toBe(1440);
    for (const bad of ['24:01', '12:60', '1230', '', 'ab:cd']) expect(clockToMinutes(bad), bad).toBeNull();
  });
});
