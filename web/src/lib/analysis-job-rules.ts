// What the screens of the TLT analyses (person tracking, operation analysis) share about an
// analysis job (advanced.md §4, §5): when to ask again, how far it got, the request dialog's period checked with
// the server's own rule, the link into the recording at a moment, and durations. Pure.
import { analysisPeriodProblem, type AnalysisJobState } from '@camwatch/contract/analysis-job-rules';
import { parseDateTimeInput } from './local-time.ts';

/** A running analysis is asked about again this often. */
export const ANALYSIS_POLL_MS = 2_000;

export const analysisPollInterval = (states: readonly AnalysisJobState[] | undefined): number | false =>
  states?.some((s) => s === 'running') ? ANALYSIS_POLL_MS : false;

/** How far a job got, 0..1 (nothing known before it has listed its recordings). */
export const analysisProgress = (job: {
  clips_done: number;
  clips_total: number;
  state: AnalysisJobState;
}) =>
  job.state === 'completed' ? 1 : job.clips_total > 0 ? Math.min(1, job.clips_done / job.clips_total) : 0;

/** A request dialog's first period: the last full hour before now, to the minute. */
export function lastHour(nowMs: number): { start: number; end: number } {
  const end = Math.floor(nowMs / 60_000) * 60_000;
  return { start: end - 3_600_000, end };
}

export type AnalysisPeriodProblem = 'required' | 'order' | 'tooLong' | 'future';

/** What is wrong with a dialog's period (datetime-local values), or null: the server's own rule. */
export function analysisPeriodInputProblem(
  startValue: string,
  endValue: string,
  nowMs: number,
): AnalysisPeriodProblem | null {
  const start = parseDateTimeInput(startValue);
  const end = parseDateTimeInput(endValue);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'required';
  const problem = analysisPeriodProblem(start, end, nowMs);
  if (!problem) return null;
  if (problem.message.includes('future')) return 'future';
  if (problem.message.includes('hours')) return 'tooLong';
  return 'order';
}

/** The camera's detail page playing its recording at a moment (the player's `date` query). */
export const recordingAt = (cameraCode: string, iso: string): string =>
  `/detail/${encodeURIComponent(cameraCode)}?date=${encodeURIComponent(iso)}`;

/** Seconds as `m:ss` (or `h:mm:ss`). */
export function clockDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
