// The rules every analysis job shares (advanced.md: person tracking and operation analysis, TLT only; §4 analysis
// job states; §5 "person tracking archive download at most 3 hours"), apart from the zod schemas so the browser's
// request dialogs check the same period without loading zod. Pure.

/** The kinds of analysis a job runs; each has its own settings and results (modules of the server). */
export const ANALYSIS_KINDS = ['person_tracking', 'operation_analysis'] as const;
export type AnalysisKind = (typeof ANALYSIS_KINDS)[number];

/**
 * A job's states (advanced.md §4): `running` from the request until it ends (queued or analysing), `completed`
 * with its results, `failed` when the analysis broke (after its retries), `request_failed` when there was nothing
 * it could analyse (no recording in the period, the camera gone or its feature off before it started).
 */
export const ANALYSIS_JOB_STATES = ['running', 'completed', 'failed', 'request_failed'] as const;
export type AnalysisJobState = (typeof ANALYSIS_JOB_STATES)[number];

/** The longest period one request may analyse (advanced.md §5: at most 3 hours). */
export const ANALYSIS_PERIOD_MAX_HOURS = 3;
export const ANALYSIS_PERIOD_MAX_MS = ANALYSIS_PERIOD_MAX_HOURS * 3_600_000;

/**
 * Analyses of one customer that may be running at once; one more is refused with the spec's "The maximum number
 * of requests has been reached" (advanced.md §8).
 */
export const ANALYSIS_RUNNING_MAX = 3;

export interface PeriodProblem {
  field: 'start' | 'end';
  message: string;
  reason: 'bad_range';
}

/**
 * What is wrong with an analysis period (ms since the epoch), or null: the end after the start, at most
 * ANALYSIS_PERIOD_MAX_HOURS long, and not in the future (there is no recording of it yet).
 */
export function analysisPeriodProblem(startMs: number, endMs: number, nowMs: number): PeriodProblem | null {
  if (!(endMs > startMs)) return { field: 'end', message: 'must be after start', reason: 'bad_range' };
  if (endMs - startMs > ANALYSIS_PERIOD_MAX_MS)
    return {
      field: 'end',
      message: `must be at most ${ANALYSIS_PERIOD_MAX_HOURS} hours after start`,
      reason: 'bad_range',
    };
  if (endMs > nowMs) return { field: 'end', message: 'must not be in the future', reason: 'bad_range' };
  return null;
}

/** Whether a job in this state will still change (the screens keep asking for its progress). */
export const isAnalysisRunning = (state: AnalysisJobState): boolean => state === 'running';
