// GET api/people-counter/camera/{cameraCode}/counts/csv and …/location/{locationCode}/counts/csv: the counts
// shown, as a CSV file in the reader's language.
import type { PeopleCountUnit } from '@camwatch/contract/people-counts-rules';
import { routes } from '@camwatch/contract/routes';
import { callApiFile } from '../../../lib/api-client.ts';
import type { Period } from '../people-counter-rules.ts';
import type { CounterTarget } from './counter-target.ts';

export const fetchPeopleCountsCsv = (
  target: CounterTarget,
  period: Period,
  unit: PeopleCountUnit,
  timeZone: string,
  lang: 'ja' | 'en',
) =>
  callApiFile(
    target.kind === 'camera' ? routes.peopleCountCameraCsv : routes.peopleCountLocationCsv,
    {
      params: target.kind === 'camera' ? { cameraCode: target.code } : { locationCode: target.code },
      query: { start: period.start, end: period.end, unit, time_zone: timeZone, lang },
    },
    `people-counts-${target.code}.csv`,
  );
