// The people counter setting of a camera (advanced.md §3 "People counter setting", §5, §6). Only cameras with
// use_people_counter have one; any other camera answers as unknown (404), like an unknown code or another
// customer's camera. Reading and saving both need the analytics right ("people count"; the spec has no
// separate people counter setting right). A camera without a saved setting is shown the defaults.
import {
  DEFAULT_STAFF_ADMISSION_THRESHOLD,
  DEFAULT_STAFF_JUDGMENT_DAYS,
  defaultAnalysisPeriods,
  type PeopleCounterSettingAnswer,
  type PeopleCounterSettingValues,
} from '@camwatch/contract/people-counter';
import type { AuthContext } from '../../http/auth-context.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type {
  PeopleCounterSettingRepository,
  StoredPeopleCounterSetting,
} from './people-counter-setting.repository.ts';

const answer = (stored: StoredPeopleCounterSetting | null): PeopleCounterSettingAnswer =>
  stored
    ? { saved: true, setting: stored }
    : {
        saved: false,
        setting: {
          differenceArea: null,
          entranceStartArea: null,
          entranceEndArea: null,
          analysisPeriods: defaultAnalysisPeriods(),
          staffJudgmentDays: DEFAULT_STAFF_JUDGMENT_DAYS,
          staffAdmissionThreshold: DEFAULT_STAFF_ADMISSION_THRESHOLD,
        },
      };

export class PeopleCounterSettingService {
  constructor(private readonly repo: PeopleCounterSettingRepository) {}

  /** The caller's people counter camera, or 404; then 403 without the analytics right. */
  private async camera(auth: AuthContext, code: string) {
    const camera = await this.repo.findCamera(auth.user.customerId, code);
    if (!camera?.use_people_counter) throw new NotFoundError('camera');
    if (!auth.user.permissions.analytics) throw new ForbiddenError();
    return camera;
  }

  async get(auth: AuthContext, code: string): Promise<PeopleCounterSettingAnswer> {
    return answer((await this.camera(auth, code)).setting);
  }

  async save(
    auth: AuthContext,
    code: string,
    setting: PeopleCounterSettingValues,
  ): Promise<PeopleCounterSettingAnswer> {
    const camera = await this.camera(auth, code);
    const stored = await this.repo.save(auth.user.customerId, camera.id, setting);
    if (!stored) throw new NotFoundError('camera');
    return answer(stored);
  }
}
