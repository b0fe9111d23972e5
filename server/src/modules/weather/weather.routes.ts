// HTTP for the map's weather overlay: GET api/weather/{date}/{time}/{type}.
import { weatherCall } from '@camwatch/contract/weather';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { WeatherService } from './weather.service.ts';

export function registerWeatherRoutes(ctx: ServeContext, weather: WeatherService): void {
  serve(ctx, weatherCall, async ({ params }) => weather.at(params));
}
