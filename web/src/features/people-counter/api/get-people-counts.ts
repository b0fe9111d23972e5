// GET api/people-counter/camera/{cameraCode}/counts and api/people-counter/location/{locationCode}/counts: the
// entries and exits (staff's among them) per hour, day, week or month of a camera, or summed over a site's
// people-counter cameras, counted on the browser's time zone.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { peopleCountCameraCall, peopleCountLocationCall } from '@camwatch/contract/people-counts';
import type { PeopleCountUnit } from '@camwatch/contract/people-counts-rules';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import type { Period } from '../people-counter-rules.ts';
import type { CounterTarget } from './counter-target.ts';

export const peopleCountsQueryOptions = (
  target: CounterTarget,
  period: Period,
  unit: PeopleCountUnit,
  timeZone: string,
) =>
  queryOptions({
    queryKey: [
      'people-counter',
      'counts',
      target.kind,
      target.code,
      period.start,
      period.end,
      unit,
      timeZone,
    ],
    queryFn: async ({ signal }) => {
      const query = { start: period.start, end: period.end, unit, time_zone: timeZone };
      const answer =
        target.kind === 'camera'
          ? await callApi<typeof peopleCountCameraCall>(routes.peopleCountCamera, {
              params: { cameraCode: target.code },
              query,
              signal,
            })
          : await callApi<typeof peopleCountLocationCall>(routes.peopleCountLocation, {
              params: { locationCode: target.code },
              query,
              signal,
            });
      return answer.data;
    },
    // Past days do not change once counted; the screen never shows today alone.
    staleTime: 60_000,
  });

export const usePeopleCounts = (
  target: CounterTarget,
  period: Period,
  unit: PeopleCountUnit,
  timeZone: string,
  enabled = true,
) =>
  useQuery({
    ...peopleCountsQueryOptions(target, period, unit, timeZone),
    placeholderData: keepPreviousData,
    enabled,
  });
