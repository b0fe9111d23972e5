// GET api/weather/{date}/{time}/{type}: the warnings in force as GeoJSON (core.md §7).
import type { weatherCall } from '@camwatch/contract/weather';
import type { WeatherType } from '@camwatch/contract/map-rules';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export const getWeather = (date: string, time: string, type: WeatherType) =>
  callApi<typeof weatherCall>(routes.weather, { params: { date, time, type } });
