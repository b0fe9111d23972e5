// The weather overlay (core.md §2, §3, §4, §8): the warnings in force at a date and time in Japan, as GeoJSON
// features, most severe drawn last. 404 when nothing was imported for that date.
import { WEATHER_CATEGORIES, type WeatherCategory } from '@camwatch/contract/constants';
import type { WeatherType } from '@camwatch/contract/map-rules';
import type { WeatherFeature, WeatherFeatureCollection, WeatherParams } from '@camwatch/contract/weather';
import { FieldErrors, NotFoundError } from '../../lib/errors.ts';
import { JMA_WARNING_KINDS } from './jma-warning-kinds.ts';
import type { WeatherRepository } from './weather.repository.ts';

/** Drawing order: the most severe last, so it lies on top. */
const SEVERITY: Readonly<Record<WeatherCategory, number>> = { advisory: 0, warning: 1, special_warning: 2 };

const categoriesOf = (type: WeatherType): readonly WeatherCategory[] =>
  type === 'all' ? WEATHER_CATEGORIES : [type];

/** The end of the chosen minute in Japan time: a report issued during that minute counts. */
export function endOfMinuteInJapan(date: string, time: string): Date | null {
  const start = new Date(`${date}T${time}:00+09:00`);
  if (Number.isNaN(start.getTime())) return null;
  return new Date(start.getTime() + 60_000);
}

export class WeatherService {
  constructor(private readonly weather: WeatherRepository) {}

  async at(params: WeatherParams): Promise<WeatherFeatureCollection> {
    const before = endOfMinuteInJapan(params.date, params.time);
    if (!before) throw FieldErrors.of('date', 'not a date');
    if (!(await this.weather.hasReportOn(params.date)))
      throw new NotFoundError('weather', 'no weather data for that date');
    const rows = await this.weather.warningsInForce(before, categoriesOf(params.type));
    const features: WeatherFeature[] = rows.map((row) => ({
      type: 'Feature',
      geometry: row.geometry as WeatherFeature['geometry'],
      properties: {
        category: row.category,
        subtype: JMA_WARNING_KINDS[row.kind_code]?.subtype ?? 'other',
        kind_code: row.kind_code,
        area_code: row.area_code,
        area_name: row.area_name,
        reported_at: row.reported_at.toISOString(),
      },
    }));
    features.sort((a, b) => SEVERITY[a.properties.category] - SEVERITY[b.properties.category]);
    return { type: 'FeatureCollection', features };
  }
}
