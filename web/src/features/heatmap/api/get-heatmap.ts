// GET api/heatmap/camera/{cameraCode}: where people stood in one camera's picture over a period (person-seconds
// per cell), limited to some hours of the day and some weekdays, on the reader's time zone (advanced.md heat map).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { heatmapCameraCall } from '@camwatch/contract/heatmap';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/local-time.ts';
import { heatmapQueryOf, type HeatmapView, type Period } from '../heatmap-rules.ts';

export type HeatmapFilter = Pick<HeatmapView, 'hourFrom' | 'hourTo' | 'weekdays'>;

/** The time zone days, hours and weekdays are read in: the browser's own, so they are the reader's. */
export const heatmapTimeZone = (): string => browserTimeZone() ?? 'UTC';

export const heatmapQueryOptions = (
  cameraCode: string,
  period: Period,
  filter: HeatmapFilter,
  timeZone: string,
) => {
  const query = heatmapQueryOf(period, filter, timeZone);
  return queryOptions({
    queryKey: [
      'heatmap',
      'camera',
      cameraCode,
      query.start,
      query.end,
      query.hour_from,
      query.hour_to,
      query.weekdays ?? 'all',
      query.time_zone,
    ],
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof heatmapCameraCall>(routes.heatmapCamera, {
          params: { cameraCode },
          query,
          signal,
        })
      ).data,
    // Past days change only as their recordings get analysed; a minute is fresh enough for a period with today.
    staleTime: 60_000,
  });
};

export const useHeatmap = (
  cameraCode: string,
  period: Period,
  filter: HeatmapFilter,
  timeZone: string,
  enabled = true,
) =>
  useQuery({
    ...heatmapQueryOptions(cameraCode, period, filter, timeZone),
    // A new period keeps the last picture on screen (dimmed) until its answer comes.
    placeholderData: keepPreviousData,
    enabled,
  });
