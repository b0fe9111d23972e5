// The person tracking screens' rules (advanced.md §2, §4, §5): the request dialog's period, how far a job got,
// when to ask again, each person's colour and path, and the link into the recording at a moment. Pure.
import { analysisPeriodProblem, type AnalysisJobState } from '@camwatch/contract/analysis-job-rules';
import { parseDateTimeInput } from '../../lib/local-time.ts';

/** A running analysis is asked about again this often. */
export const POLL_MS = 2_000;

export const pollInterval = (states: readonly AnalysisJobState[] | undefined): number | false =>
  states?.some((s) => s === 'running') ? POLL_MS : false;

/** How far a job got, 0..1 (nothing known before it has listed its recordings). */
export const progressOf = (job: { clips_done: number; clips_total: number; state: AnalysisJobState }) =>
  job.state === 'completed' ? 1 : job.clips_total > 0 ? Math.min(1, job.clips_done / job.clips_total) : 0;

/** The dialog's first period: the last full hour before now, to the minute. */
export function defaultPeriod(nowMs: number): { start: number; end: number } {
  const end = Math.floor(nowMs / 60_000) * 60_000;
  return { start: end - 3_600_000, end };
}

export type PeriodProblem = 'required' | 'order' | 'tooLong' | 'future';

/** What is wrong with the dialog's period (datetime-local values), or null: the server's own rule. */
export function periodProblem(startValue: string, endValue: string, nowMs: number): PeriodProblem | null {
  const start = parseDateTimeInput(startValue);
  const end = parseDateTimeInput(endValue);
  if (Number.isNaN(start) || Number.isNaN(end)) return 'required';
  const problem = analysisPeriodProblem(start, end, nowMs);
  if (!problem) return null;
  if (problem.message.includes('future')) return 'future';
  if (problem.message.includes('hours')) return 'tooLong';
  return 'order';
}

/** Colours of the people's paths, in turn: distinct on a grey camera picture. */
export const PERSON_COLORS = [
  '#e8590c',
  '#1c7ed6',
  '#2f9e44',
  '#c2255c',
  '#7048e8',
  '#f59f00',
  '#0c8599',
  '#e03131',
] as const;
export const personColor = (index: number): string => PERSON_COLORS[index % PERSON_COLORS.length]!;

/** An SVG polyline's points for a path of picture fractions, in a viewBox of width × height. */
export const pathPoints = (path: readonly { x: number; y: number }[], width: number, height: number) =>
  path.map((p) => `${Math.round(p.x * width * 10) / 10},${Math.round(p.y * height * 10) / 10}`).join(' ');

/** The camera's detail page playing its recording at a moment (the player's `date` query). */
export const recordingLink = (cameraCode: string, iso: string): string =>
  `/detail/${encodeURIComponent(cameraCode)}?date=${encodeURIComponent(iso)}`;

/** Seconds as `m:ss` (or `h:mm:ss`). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
