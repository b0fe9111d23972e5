// HTTP for a camera's people counter setting (advanced.md §3, §5, §6): read it, replace it.
import { peopleCounterSettingCall, peopleCounterSettingUpdateCall } from '@camwatch/contract/people-counter';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { PeopleCounterSettingService } from './people-counter-setting.service.ts';

export function registerPeopleCounterSettingRoutes(
  ctx: ServeContext,
  peopleCounterSetting: PeopleCounterSettingService,
): void {
  serve(ctx, peopleCounterSettingCall, async ({ auth, params }) => ({
    data: await peopleCounterSetting.get(auth, params.cameraCode),
  }));
  serve(ctx, peopleCounterSettingUpdateCall, async ({ auth, params, body, record }) => {
    const saved = await peopleCounterSetting.save(auth, params.cameraCode, body);
    await record({
      kind: 'camera_setting_changed',
      cameraCode: params.cameraCode,
      detail: { setting: 'people_counter', hasDifferenceArea: body.differenceArea !== null },
    });
    return { data: saved };
  });
}
