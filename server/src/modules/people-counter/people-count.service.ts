// The people counter's results (advanced.md §2 people counter screens, §5 aggregation dates, §6 analytics right,
// §9 default range): a camera's entries and exits, or a site's summed over its people-counter cameras, per bucket
// of the reader's time zone, with staff apart; and the same as CSV. The analytics right is checked first (403);
// a camera without use_people_counter, a site without such cameras, or another customer's is not found (404).
import type { PeopleCountCsvQuery, PeopleCountQuery, PeopleCounts } from '@camwatch/contract/people-counts';
import {
  DEFAULT_PEOPLE_COUNT_TIME_ZONE,
  DEFAULT_PEOPLE_COUNT_UNIT,
  peopleCountRangeProblem,
  resolvePeopleCountRange,
  todayIn,
} from '@camwatch/contract/people-counts-rules';
import type { AuthContext } from '../../http/auth-context.ts';
import { FieldErrors, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { layBuckets } from './people-count-buckets.ts';
import { peopleCountCsv } from './people-count-csv.ts';
import type { PeopleCountRepository } from './people-count.repository.ts';

type Cameras = { id: number; code: string; name: string }[];

export class PeopleCountService {
  constructor(
    private readonly repo: PeopleCountRepository,
    /** Today is read from this clock (tests move it). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  private assertRight(auth: AuthContext): void {
    if (!auth.user.permissions.analytics) throw new ForbiddenError();
  }

  private async cameraOf(auth: AuthContext, code: string): Promise<{ code: string; cameras: Cameras }> {
    this.assertRight(auth);
    const camera = await this.repo.findCamera(auth.user.customerId, code);
    if (!camera?.use_people_counter) throw new NotFoundError('camera');
    return { code: camera.code, cameras: [{ id: camera.id, code: camera.code, name: camera.name }] };
  }

  private async locationOf(auth: AuthContext, code: string): Promise<{ code: string; cameras: Cameras }> {
    this.assertRight(auth);
    const location = await this.repo.findLocation(auth.user.customerId, code);
    const cameras = location ? await this.repo.locationCameras(auth.user.customerId, location.id) : [];
    if (!location || cameras.length === 0) throw new NotFoundError('location');
    return { code: location.code, cameras };
  }

  private async count(customerId: number, cameras: Cameras, query: PeopleCountQuery): Promise<PeopleCounts> {
    const unit = query.unit ?? DEFAULT_PEOPLE_COUNT_UNIT;
    const timeZone = query.time_zone ?? DEFAULT_PEOPLE_COUNT_TIME_ZONE;
    const today = todayIn(timeZone, this.now());
    const { start, end } = resolvePeopleCountRange(query, today);
    const problem = peopleCountRangeProblem({ start, end, unit }, today);
    if (problem) throw FieldErrors.of(problem.field, problem.message, problem.reason);
    if (!(await this.repo.knowsTimeZone(timeZone)))
      throw FieldErrors.of('time_zone', 'is not a time zone the database knows', 'invalid_value');
    const period = { start, end, unit, timeZone };
    const sums = await this.repo.sums(
      customerId,
      cameras.map((c) => c.id),
      period,
    );
    return {
      start,
      end,
      unit,
      time_zone: timeZone,
      cameras: cameras.map((c) => ({ camera_code: c.code, camera_name: c.name })),
      ...layBuckets(period, sums),
    };
  }

  async cameraCounts(auth: AuthContext, code: string, query: PeopleCountQuery): Promise<PeopleCounts> {
    const { cameras } = await this.cameraOf(auth, code);
    return this.count(auth.user.customerId, cameras, query);
  }

  async locationCounts(auth: AuthContext, code: string, query: PeopleCountQuery): Promise<PeopleCounts> {
    const { cameras } = await this.locationOf(auth, code);
    return this.count(auth.user.customerId, cameras, query);
  }

  private async csv(
    auth: AuthContext,
    scope: { code: string; cameras: Cameras },
    kind: 'camera' | 'location',
    query: PeopleCountCsvQuery,
  ): Promise<{ filename: string; text: string; counts: PeopleCounts }> {
    const counts = await this.count(auth.user.customerId, scope.cameras, query);
    const text = peopleCountCsv({ lang: query.lang ?? 'ja', counts });
    const days = `${counts.start.replaceAll('-', '')}-${counts.end.replaceAll('-', '')}`;
    return { filename: `people-count_${kind}_${scope.code}_${days}_${counts.unit}.csv`, text, counts };
  }

  async cameraCsv(auth: AuthContext, code: string, query: PeopleCountCsvQuery) {
    return this.csv(auth, await this.cameraOf(auth, code), 'camera', query);
  }

  async locationCsv(auth: AuthContext, code: string, query: PeopleCountCsvQuery) {
    return this.csv(auth, await this.locationOf(auth, code), 'location', query);
  }
}
