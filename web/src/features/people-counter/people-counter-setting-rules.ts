// The rules of the people counter setting dialog (advanced.md §3 "People counter setting", §5), pure: the form
// as typed (areas as point lists, periods as "HH:MM" texts, staff numbers as typed), the problems the dialog
// shows before sending (the contract's own rules, without zod), the body PUT sends, and where the server's 400
// reasons belong on the form.
import type { PeopleCounterSetting, PeopleCounterSettingBody } from '@camwatch/contract/people-counter';
import {
  ANALYSIS_DAYS,
  ANALYSIS_PERIODS_PER_DAY_MAX,
  STAFF_ADMISSION_THRESHOLD_RANGE,
  STAFF_JUDGMENT_DAYS_RANGE,
  clockToMinutes,
  minutesToClock,
  periodProblem,
  polygonsOverlap,
  type AnalysisDay,
  type AnalysisPeriod,
} from '@camwatch/contract/people-counter-rules';
import type { Point } from '@camwatch/contract/polygon-rules';
import { canClose } from '../../components/area-editor/area-editor-rules.ts';
import { numberOfInput } from '../../lib/number-input.ts';

export { ANALYSIS_DAYS, ANALYSIS_PERIODS_PER_DAY_MAX, type AnalysisDay };

/** The three areas, in the order they are listed and drawn. */
export const AREA_KINDS = ['differenceArea', 'entranceStartArea', 'entranceEndArea'] as const;
export type AreaKind = (typeof AREA_KINDS)[number];

export const STAFF_FIELDS = ['staffJudgmentDays', 'staffAdmissionThreshold'] as const;
export type StaffField = (typeof STAFF_FIELDS)[number];

export const STAFF_RANGES: Readonly<Record<StaffField, { min: number; max: number }>> = {
  staffJudgmentDays: STAFF_JUDGMENT_DAYS_RANGE,
  staffAdmissionThreshold: STAFF_ADMISSION_THRESHOLD_RANGE,
};

export interface PeriodForm {
  /** Stable while the period exists, for React keys. */
  key: string;
  from: string;
  to: string;
}

export interface SettingForm {
  areas: Record<AreaKind, Point[]>;
  periods: Record<AnalysisDay, PeriodForm[]>;
  staff: Record<StaffField, number | string>;
}

let nextKey = 0;
export const newPeriodKey = (): string => `period-${++nextKey}`;

const periodForm = (period: AnalysisPeriod): PeriodForm => ({
  key: newPeriodKey(),
  from: minutesToClock(period.from),
  to: minutesToClock(period.to),
});

/** The form of a setting as answered (a setting never saved has no entrance areas yet). */
export const formOf = (setting: PeopleCounterSetting): SettingForm => ({
  areas: {
    differenceArea: setting.differenceArea ?? [],
    entranceStartArea: setting.entranceStartArea ?? [],
    entranceEndArea: setting.entranceEndArea ?? [],
  },
  periods: Object.fromEntries(
    ANALYSIS_DAYS.map((day) => [day, setting.analysisPeriods[day].map(periodForm)]),
  ) as Record<AnalysisDay, PeriodForm[]>,
  staff: {
    staffJudgmentDays: setting.staffJudgmentDays,
    staffAdmissionThreshold: setting.staffAdmissionThreshold,
  },
});

/** A new period of a day: the hour after the day's last period (09:00-10:00 on an empty day). */
export function nextPeriod(periods: readonly PeriodForm[]): PeriodForm {
  const ends = periods.map((p) => clockToMinutes(p.to)).filter((m): m is number => m !== null);
  const start = ends.length ? Math.min(Math.max(...ends), 1380) : 540;
  return { key: newPeriodKey(), from: minutesToClock(start), to: minutesToClock(start + 60) };
}

// ── Problems shown before sending ───────────────────────────────────────────────────────────

export type AreaProblem = 'missing' | 'too_few' | 'crossing' | 'overlapping';
export type PeriodTimeProblem = 'format';
export type DayProblem = 'bad_range' | 'overlapping' | 'too_many';
export type StaffProblem = 'required' | 'integer' | 'range' | 'above_judgment';

export interface FormProblems {
  areas: Record<AreaKind, AreaProblem | null>;
  /** Per day: a time that is not "HH:MM", by period key and end. */
  times: Record<AnalysisDay, Record<string, { from?: PeriodTimeProblem; to?: PeriodTimeProblem }>>;
  days: Record<AnalysisDay, DayProblem | null>;
  staff: Record<StaffField, StaffProblem | null>;
}

function outlineProblem(points: readonly Point[], isRequired: boolean): AreaProblem | null {
  if (points.length === 0) return isRequired ? 'missing' : null;
  if (points.length < 3) return 'too_few';
  return canClose(points) ? null : 'crossing';
}

/** The periods of a day in minutes, or null when a time is not "HH:MM". */
function dayMinutes(periods: readonly PeriodForm[]): AnalysisPeriod[] | null {
  const out: AnalysisPeriod[] = [];
  for (const p of periods) {
    const from = clockToMinutes(p.from);
    const to = clockToMinutes(p.to);
    if (from === null || to === null) return null;
    out.push({ from, to });
  }
  return out;
}

function staffProblem(value: number | string, max: number, min: number): StaffProblem | null {
  if (typeof value === 'string' && value.trim() === '') return 'required';
  const number = numberOfInput(value);
  if (number === null || !Number.isInteger(number)) return 'integer';
  return number < min || number > max ? 'range' : null;
}

export function formProblems(form: SettingForm): FormProblems {
  const start = outlineProblem(form.areas.entranceStartArea, true);
  const end = outlineProblem(form.areas.entranceEndArea, true);
  const areasApart =
    start !== null ||
    end !== null ||
    !polygonsOverlap(form.areas.entranceStartArea, form.areas.entranceEndArea);
  const times = {} as FormProblems['times'];
  const days = {} as FormProblems['days'];
  for (const day of ANALYSIS_DAYS) {
    const periods = form.periods[day];
    times[day] = {};
    for (const p of periods) {
      const problem = {
        ...(clockToMinutes(p.from) === null ? { from: 'format' as const } : {}),
        ...(clockToMinutes(p.to) === null ? { to: 'format' as const } : {}),
      };
      if (problem.from || problem.to) times[day][p.key] = problem;
    }
    const minutes = dayMinutes(periods);
    days[day] =
      periods.length > ANALYSIS_PERIODS_PER_DAY_MAX
        ? 'too_many'
        : minutes === null
          ? null
          : (periodProblem(minutes)?.problem ?? null);
  }
  const judgment = staffProblem(
    form.staff.staffJudgmentDays,
    STAFF_JUDGMENT_DAYS_RANGE.max,
    STAFF_JUDGMENT_DAYS_RANGE.min,
  );
  let admission = staffProblem(
    form.staff.staffAdmissionThreshold,
    STAFF_ADMISSION_THRESHOLD_RANGE.max,
    STAFF_ADMISSION_THRESHOLD_RANGE.min,
  );
  if (
    admission === null &&
    judgment === null &&
    Number(form.staff.staffAdmissionThreshold) > Number(form.staff.staffJudgmentDays)
  )
    admission = 'above_judgment';
  return {
    areas: {
      differenceArea: outlineProblem(form.areas.differenceArea, false),
      entranceStartArea: start,
      entranceEndArea: end ?? (areasApart ? null : 'overlapping'),
    },
    times,
    days,
    staff: { staffJudgmentDays: judgment, staffAdmissionThreshold: admission },
  };
}

export const hasProblems = (problems: FormProblems): boolean =>
  Object.values(problems.areas).some((p) => p !== null) ||
  ANALYSIS_DAYS.some((day) => problems.days[day] !== null || Object.keys(problems.times[day]).length > 0) ||
  Object.values(problems.staff).some((p) => p !== null);

/** The body PUT sends; null while the form has a problem. */
export function toBody(form: SettingForm): PeopleCounterSettingBody | null {
  if (hasProblems(formProblems(form))) return null;
  const analysisPeriods = Object.fromEntries(
    ANALYSIS_DAYS.map((day) => [day, dayMinutes(form.periods[day]) ?? []]),
  ) as Record<AnalysisDay, AnalysisPeriod[]>;
  return {
    differenceArea: form.areas.differenceArea.length ? form.areas.differenceArea : null,
    entranceStartArea: form.areas.entranceStartArea,
    entranceEndArea: form.areas.entranceEndArea,
    analysisPeriods,
    staffJudgmentDays: Number(form.staff.staffJudgmentDays),
    staffAdmissionThreshold: Number(form.staff.staffAdmissionThreshold),
  };
}

/** What a save would send differs from what is saved (the untouched form of a saved setting does not). */
export const formChanged = (form: SettingForm, baseline: SettingForm): boolean =>
  JSON.stringify(comparable(form)) !== JSON.stringify(comparable(baseline));

const comparable = (form: SettingForm) => ({
  areas: form.areas,
  periods: ANALYSIS_DAYS.map((day) => form.periods[day].map((p) => [p.from.trim(), p.to.trim()])),
  staff: STAFF_FIELDS.map((field) => String(form.staff[field]).trim()),
});

// ── The server's 400 ────────────────────────────────────────────────────────────────────────

/** Where a refused field shows: an area, a day's periods, a staff number, or the form as a whole. */
export type ServerErrorPlace = AreaKind | `day.${AnalysisDay}` | StaffField | 'form';

/**
 * The place on the form of each refused field of a 400 (`entranceEndArea.2.x` → the end area,
 * `analysisPeriods.tue.0.to` → Tuesday), with the first field's path kept to look its reason up.
 */
export function serverErrorPlaces(fields: readonly string[]): Partial<Record<ServerErrorPlace, string>> {
  const places: Partial<Record<ServerErrorPlace, string>> = {};
  for (const field of fields) {
    const [first, second] = field.split('.');
    let place: ServerErrorPlace = 'form';
    if ((AREA_KINDS as readonly string[]).includes(first ?? '')) place = first as AreaKind;
    else if ((STAFF_FIELDS as readonly string[]).includes(first ?? '')) place = first as StaffField;
    else if (first === 'analysisPeriods' && (ANALYSIS_DAYS as readonly string[]).includes(second ?? ''))
      place = `day.${second as AnalysisDay}`;
    places[place] ??= field;
  }
  return places;
}
