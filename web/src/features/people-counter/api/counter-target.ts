// What a people counter screen counts: one camera, or a site (the sum of its people-counter cameras).
import { browserTimeZone } from '../../../lib/local-time.ts';

export interface CounterTarget {
  kind: 'camera' | 'location';
  code: string;
}

/** The time zone counts are asked in: the browser's own, so days and hours are the reader's. */
export const countTimeZone = (): string => browserTimeZone() ?? 'UTC';
