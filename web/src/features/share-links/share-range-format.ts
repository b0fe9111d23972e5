// A shared range as the screens write it: the start's date and minute, then the end's minute (its date too when
// it falls on another day), in the browser's zone.
import { localDate, localDateMinute, localTime } from '../../lib/local-time.ts';

export function formatRange(startIso: string, endIso: string): string {
  const start = Date.parse(startIso);
  const end = Date.parse(endIso);
  const endText = localDate(start) === localDate(end) ? localTime(end) : localDateMinute(end);
  return `${localDateMinute(start)} – ${endText}`;
}
