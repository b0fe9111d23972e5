// HTTP for the map: api/locations/area, /city, /range and /:location_code.
import {
  locationAreaCall,
  locationCityCall,
  locationDetailCall,
  locationRangeCall,
} from '@camwatch/contract/locations';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { LocationService } from './location.service.ts';

export function registerLocationRoutes(ctx: ServeContext, locations: LocationService): void {
  serve(ctx, locationAreaCall, async ({ auth, query }) => ({
    data: { areas: await locations.areas(auth, query) },
  }));
  serve(ctx, locationCityCall, async ({ auth, query }) => ({
    data: { cities: await locations.cities(auth, query) },
  }));
  serve(ctx, locationRangeCall, async ({ auth, query }) => ({
    data: { locations: await locations.range(auth, query) },
  }));
  serve(ctx, locationDetailCall, async ({ auth, params, query }) => ({
    data: await locations.detail(auth, params.location_code, query),
  }));
}
