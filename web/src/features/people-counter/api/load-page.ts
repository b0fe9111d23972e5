// What a people counter screen needs before it renders, asked for by its route loader while the screen's code
// downloads: the camera (or the site) and the counts of the address's view. A user without the analytics right
// gets the screen's no-permission state and the server is asked nothing (it would answer 403). A camera or site
// code that is unknown, another customer's or without people counting answers 404, which the loader turns into
// notfound; other failures of the counts show on the screen, which asks again.
import { todayIn } from '@camwatch/contract/people-counts-rules';
import { ApiError } from '../../../lib/api-client.ts';
import { cameraDetailQueryOptions } from '../../../lib/api/camera-detail.ts';
import { meQueryOptions } from '../../../lib/current-user.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { viewOf } from '../people-counter-rules.ts';
import { countTimeZone, type CounterTarget } from './counter-target.ts';
import { counterLocationQueryOptions } from './get-counter-location.ts';
import { peopleCountsQueryOptions } from './get-people-counts.ts';

export async function loadPeopleCounterPage(target: CounterTarget, search: URLSearchParams): Promise<void> {
  const me = await queryClient.ensureQueryData(meQueryOptions);
  if (!me.permissions.analytics) return;
  const timeZone = countTimeZone();
  const view = viewOf(search, todayIn(timeZone));
  const head =
    target.kind === 'camera'
      ? queryClient.ensureQueryData(cameraDetailQueryOptions(target.code))
      : queryClient.ensureQueryData(counterLocationQueryOptions(target.code));
  const counts = queryClient
    .ensureQueryData(peopleCountsQueryOptions(target, view, view.unit, timeZone))
    .catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw error;
    });
  await Promise.all([head, counts]);
}
