// GET api/locations/range over the whole world with func[]=people_counter: the customer's sites that have
// people-counter cameras, each with those cameras by code (the same call the map asks for its markers). The camera
// screen finds its site here (the camera's details do not name the site's code) to link to the site's sum.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { locationRangeCall } from '@camwatch/contract/locations';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const counterSitesQueryOptions = queryOptions({
  queryKey: ['people-counter', 'sites'] as const,
  queryFn: async ({ signal }) =>
    (
      await callApi<typeof locationRangeCall>(routes.locationRange, {
        query: { lat_min: -90, lat_max: 90, lng_min: -180, lng_max: 180, func: ['people_counter'] },
        signal,
      })
    ).data.locations,
  staleTime: 60_000,
});

export const useCounterSites = (enabled: boolean) => useQuery({ ...counterSitesQueryOptions, enabled });
