// The map's calls (core.md §7): camera counts per area and city, the sites in the visible box, one site's
// cameras; each with the camera list's conditions so the map shows the same cameras as the list.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  locationAreaCall,
  locationCityCall,
  locationDetailCall,
  locationRangeCall,
} from '@camwatch/contract/locations';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';
import type { rangeQueryOf } from '../map-rules.ts';

/** The list's narrowing conditions, as the camera calls take them. */
export interface MapConditions {
  filter: readonly string[];
  tags: readonly string[];
  func: readonly string[];
  watch_status?: 'down' | 'normal';
}

export const useMapAreas = (conditions: MapConditions, enabled: boolean) =>
  useQuery({
    queryKey: ['map', 'areas', conditions] as const,
    queryFn: async ({ signal }) =>
      (await callApi<typeof locationAreaCall>(routes.locationArea, { query: { ...conditions }, signal })).data
        .areas,
    enabled,
  });

export const useMapCities = (conditions: MapConditions, enabled: boolean) =>
  useQuery({
    queryKey: ['map', 'cities', conditions] as const,
    queryFn: async ({ signal }) =>
      (await callApi<typeof locationCityCall>(routes.locationCity, { query: { ...conditions }, signal })).data
        .cities,
    enabled,
  });

export const useMapRange = (
  conditions: MapConditions,
  box: ReturnType<typeof rangeQueryOf> | null,
  enabled: boolean,
) =>
  useQuery({
    queryKey: ['map', 'range', conditions, box] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof locationRangeCall>(routes.locationRange, {
          query: { ...conditions, ...box },
          signal,
        })
      ).data.locations,
    enabled: enabled && box !== null,
    placeholderData: keepPreviousData,
  });

export const useMapLocation = (conditions: MapConditions, locationCode: string | null) =>
  useQuery({
    queryKey: ['map', 'location', conditions, locationCode] as const,
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof locationDetailCall>(routes.locationDetail, {
          params: { location_code: locationCode ?? '' },
          query: { ...conditions },
          signal,
        })
      ).data,
    enabled: locationCode !== null,
  });
