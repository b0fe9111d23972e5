// GET api/locations/{location_code} with func[]=people_counter: the site's name and its people-counter cameras,
// for the site's people counter screen (404 for a code that is not the customer's site: the screen's loader
// sends that to notfound).
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { locationDetailCall } from '@camwatch/contract/locations';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const counterLocationQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['people-counter', 'location', code] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof locationDetailCall>(routes.locationDetail, {
          params: { location_code: code },
          query: { func: ['people_counter'] },
          signal,
        })
      ).data,
    staleTime: 30_000,
  });

/** The screen's site, once its route loader has loaded it. */
export const useCounterLocation = (code: string) => useSuspenseQuery(counterLocationQueryOptions(code)).data;
