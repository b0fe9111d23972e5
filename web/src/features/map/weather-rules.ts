// The weather dialog's rules (core.md §4, §5, §8, §9): date and time are required, the future is not
// allowed (for today only up to the current minute), and each warning category has its overlay colour.
import { WEATHER_CATEGORY_COLORS, type WeatherCategory } from '@camwatch/contract/constants';

export interface WeatherForm {
  date: string;
  time: string;
}

export type WeatherFieldError = 'pleaseSelect' | 'future';

const pad = (n: number) => String(n).padStart(2, '0');
/** Today as YYYY-MM-DD in the browser's time zone. */
export const localDate = (now: Date) =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
export const localTime = (now: Date) => `${pad(now.getHours())}:${pad(now.getMinutes())}`;

/** The latest time the time field allows: the current minute for today, none for past days. */
export const maxTimeFor = (date: string, now: Date): string | undefined =>
  date === localDate(now) ? localTime(now) : undefined;

/** Field errors of the form; an empty object when it can be sent. */
export function validateWeatherForm(
  form: WeatherForm,
  now: Date,
): Partial<Record<keyof WeatherForm, WeatherFieldError>> {
  const errors: Partial<Record<keyof WeatherForm, WeatherFieldError>> = {};
  const today = localDate(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date)) errors.date = 'pleaseSelect';
  else if (form.date > today) errors.date = 'future';
  if (!/^\d{2}:\d{2}$/.test(form.time)) errors.time = 'pleaseSelect';
  else if (!errors.date && form.date === today && form.time > localTime(now)) errors.time = 'future';
  return errors;
}

/** Overlay colours: advisory yellow, warning red, special (emergency) warning purple. */
export const weatherColor = (category: WeatherCategory): string => WEATHER_CATEGORY_COLORS[category];

/** Legend order, most severe first. */
export const LEGEND_ORDER: readonly WeatherCategory[] = ['special_warning', 'warning', 'advisory'];
