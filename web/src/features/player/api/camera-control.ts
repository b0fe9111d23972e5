// POST api/cameras/{camera_code}/ptz and PUT …/lighting (core.md §2 more-menu; advanced.md §6): commands relayed
// to the camera. A refused command answers 200 with `{ result: 'failed', data: { reason } }`.
import type { lightingCall, ptzCall, PtzBody } from '@camwatch/contract/camera-control';
import type { commandFailureCodes, PtzState } from '@camwatch/contract/device';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

export type CommandFailure = (typeof commandFailureCodes)[number];

export type CommandResult<T> = { ok: true; value: T } | { ok: false; reason: CommandFailure };

export async function sendPtz(code: string, body: PtzBody): Promise<CommandResult<PtzState>> {
  const answer = await callApi<typeof ptzCall>(routes.ptz, { params: { camera_code: code }, body });
  return 'result' in answer
    ? { ok: false, reason: answer.data.reason }
    : { ok: true, value: answer.data.ptz };
}

export async function setLighting(code: string, on: boolean): Promise<CommandResult<boolean>> {
  const answer = await callApi<typeof lightingCall>(routes.lighting, {
    params: { camera_code: code },
    body: { on },
  });
  return 'result' in answer
    ? { ok: false, reason: answer.data.reason }
    : { ok: true, value: answer.data.lighting };
}
