// The people counter setting of one camera (advanced.md §2 "people counter setting" dialog, §3, §5): the
// difference area, the entrance start and end areas, the analysis periods per day, and the staff judgment
// period and admission threshold. Cameras with use_people_counter only. The spec names the setting but not its
// calls: the paths are ours. Reading and saving both need the `analytics` right ("people count", advanced.md §6):
// the spec has no separate people counter setting right, unlike the TLT settings' config* rights.
import { z } from 'zod';
import { defineCall } from './call.ts';
import { cameraCodeSchema } from './cameras.ts';
import { dataEnvelope, errorBody, validationErrorBody } from './envelope.ts';
import { polygonSchema } from './polygon.ts';
import {
  ANALYSIS_DAYS,
  ANALYSIS_PERIODS_PER_DAY_MAX,
  MINUTES_PER_DAY,
  STAFF_ADMISSION_THRESHOLD_RANGE,
  STAFF_JUDGMENT_DAYS_RANGE,
  periodProblem,
  polygonsOverlap,
  type AnalysisDay,
} from './people-counter-rules.ts';

export {
  ANALYSIS_DAYS,
  DEFAULT_STAFF_ADMISSION_THRESHOLD,
  DEFAULT_STAFF_JUDGMENT_DAYS,
  defaultAnalysisPeriods,
} from './people-counter-rules.ts';

/** Minutes from midnight; `from` is included and `to` is not, so a whole day is 0..1440. */
export const analysisPeriodSchema = z
  .object({
    from: z
      .number()
      .int()
      .min(0)
      .max(MINUTES_PER_DAY - 1),
    to: z.number().int().min(1).max(MINUTES_PER_DAY),
  })
  .refine((p) => p.from < p.to, {
    message: 'must be after from',
    path: ['to'],
    params: { reason: 'bad_range' },
  })
  .meta({ id: 'PeopleCounterAnalysisPeriod' });

/** One day's periods: at most ANALYSIS_PERIODS_PER_DAY_MAX, none sharing a minute; empty = not analysed. */
export const dayPeriodsSchema = z
  .array(analysisPeriodSchema)
  .max(ANALYSIS_PERIODS_PER_DAY_MAX, { message: `at most ${ANALYSIS_PERIODS_PER_DAY_MAX} periods a day` })
  // Only well-formed periods are compared, so a period ending before it starts is named once, by itself.
  .refine((periods) => periodProblem(periods.filter((p) => p.from < p.to)) === null, {
    message: 'periods must not overlap',
    params: { reason: 'overlapping' },
  });

export const analysisPeriodsSchema = z
  .object(
    Object.fromEntries(ANALYSIS_DAYS.map((day) => [day, dayPeriodsSchema])) as Record<
      AnalysisDay,
      typeof dayPeriodsSchema
    >,
  )
  .meta({ id: 'PeopleCounterAnalysisPeriods' });

const inRange = (value: number, { min, max }: { min: number; max: number }) =>
  Number.isInteger(value) && value >= min && value <= max;

const wholeDays = ({ min, max }: { min: number; max: number }) => z.number().int().min(min).max(max);

/** What PUT takes: both entrance areas are needed to count; no difference area means the whole picture. */
export const peopleCounterSettingBody = z
  .object({
    /** Where changes between frames are analysed; null for the whole picture. */
    differenceArea: polygonSchema.nullable(),
    /** A person passing from the start area to the end area goes in; the other way, out. */
    entranceStartArea: polygonSchema,
    entranceEndArea: polygonSchema,
    analysisPeriods: analysisPeriodsSchema,
    staffJudgmentDays: wholeDays(STAFF_JUDGMENT_DAYS_RANGE),
    /** Days seen within the judgment period above which a person is staff; at most that period. */
    staffAdmissionThreshold: wholeDays(STAFF_ADMISSION_THRESHOLD_RANGE),
  })
  // Compared only when both are in their own ranges, so a bad one is named once, by itself.
  .refine(
    (s) =>
      !inRange(s.staffJudgmentDays, STAFF_JUDGMENT_DAYS_RANGE) ||
      s.staffAdmissionThreshold <= s.staffJudgmentDays,
    {
      message: 'must be at most staffJudgmentDays',
      path: ['staffAdmissionThreshold'],
      params: { reason: 'too_big' },
    },
  )
  .refine((s) => !polygonsOverlap(s.entranceStartArea, s.entranceEndArea), {
    message: 'must not overlap entranceStartArea',
    path: ['entranceEndArea'],
    params: { reason: 'overlapping' },
  });
export type PeopleCounterSettingBody = z.input<typeof peopleCounterSettingBody>;
export type PeopleCounterSettingValues = z.output<typeof peopleCounterSettingBody>;

/** A setting as answered; the entrance areas are null only while nothing was saved. */
export const peopleCounterSettingSchema = z
  .object({
    differenceArea: polygonSchema.nullable(),
    entranceStartArea: polygonSchema.nullable(),
    entranceEndArea: polygonSchema.nullable(),
    analysisPeriods: analysisPeriodsSchema,
    staffJudgmentDays: z.number().int(),
    staffAdmissionThreshold: z.number().int(),
  })
  .meta({ id: 'PeopleCounterSetting' });
export type PeopleCounterSetting = z.infer<typeof peopleCounterSettingSchema>;

/** `saved` false: nothing was saved yet, the setting is the defaults and the camera is not counted. */
export const peopleCounterSettingAnswer = z
  .object({ saved: z.boolean(), setting: peopleCounterSettingSchema })
  .meta({ id: 'PeopleCounterSettingAnswer' });
export type PeopleCounterSettingAnswer = z.infer<typeof peopleCounterSettingAnswer>;

export const peopleCounterParams = z.object({ cameraCode: cameraCodeSchema });

const errors = { 400: validationErrorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;
const SOURCE = 'advanced.md §2, §3, §5, §6 (paths not in the spec)';

export const peopleCounterSettingCall = defineCall({
  method: 'GET',
  path: '/api/people-counter/camera/:cameraCode/setting',
  summary: 'A camera’s people counter setting, or the defaults while none is saved (right analytics)',
  source: SOURCE,
  tags: ['people-counter'],
  access: 'session',
  params: peopleCounterParams,
  responses: { 200: dataEnvelope(peopleCounterSettingAnswer), ...errors },
});

export const peopleCounterSettingUpdateCall = defineCall({
  method: 'PUT',
  path: '/api/people-counter/camera/:cameraCode/setting',
  summary: 'Replace a camera’s people counter setting (right analytics)',
  source: SOURCE,
  tags: ['people-counter'],
  access: 'session',
  params: peopleCounterParams,
  body: peopleCounterSettingBody,
  responses: { 200: dataEnvelope(peopleCounterSettingAnswer), ...errors },
});
