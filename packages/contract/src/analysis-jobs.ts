// The shape every analysis job answers with (person tracking, operation analysis; advanced.md §4 job states), and
// the request's period. The spec does not show the records: fields are ours.
import { z } from 'zod';
import { ANALYSIS_JOB_STATES, ANALYSIS_KINDS } from './analysis-job-rules.ts';
import { dateTimeSchema } from './cameras.ts';

export * from './analysis-job-rules.ts';

export const analysisKindSchema = z.enum(ANALYSIS_KINDS);
export const analysisJobStateSchema = z.enum(ANALYSIS_JOB_STATES);

/** The period of recorded video to analyse: [start, end), at most 3 hours, not in the future. */
export const analysisPeriodBody = z.object({ start: dateTimeSchema, end: dateTimeSchema });

export const analysisIdParams = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,15}$/, { message: 'must be an analysis id' }),
});

export const analysisJobSchema = z
  .object({
    id: z.string(),
    kind: analysisKindSchema,
    camera_code: z.string(),
    camera_name: z.string(),
    /** The analysed period (ISO, UTC). */
    start: z.string(),
    end: z.string(),
    state: analysisJobStateSchema,
    /** Recordings of the period analysed so far, of clips_total (0 of 0 until the job has listed them). */
    clips_done: z.number().int(),
    clips_total: z.number().int(),
    /** Why it failed or could not be analysed (a reason code the screens translate), when it did. */
    error: z.string().nullable(),
    requested_by: z.string().nullable(),
    requested_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'AnalysisJob' });
export type AnalysisJob = z.infer<typeof analysisJobSchema>;
