// The one set of analysis options the worker's jobs and the operator's CLI share, so `analyze people` on an
// exported clip gives the counts the service gives on the same video.
import { defaultAnalysisOptions, type AnalysisOptions } from './analysis-options.ts';

/** Consecutive analysed points the feet must stand in an entrance area before the person counts as there. */
export const PASS_MIN_POINTS_IN_AREA = 1;

export function visionAnalysisOptions(): AnalysisOptions {
  return { ...defaultAnalysisOptions };
}
