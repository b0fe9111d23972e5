// A PTZ camera's presets (issue 20): the list (asked of the camera through its agent), saving where the camera
// looks now (new, or over a preset) and moving the camera back to one. A refused command answers 200 with
// `{ result: 'failed', data: { reason } }`, kept as the answer's value rather than thrown.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ptzPresetGotoCall, ptzPresetSaveCall, ptzPresetsCall } from '@camwatch/contract/camera-control';
import type { PtzPreset, PtzState } from '@camwatch/contract/device';
import { callApi, type Route } from '../../../lib/api-client.ts';
import type { CommandResult } from './camera-control.ts';

// The calls' methods and paths, tied to their calls' types (contract/routes.ts does not list them yet).
const presetsRoute: Route<typeof ptzPresetsCall> = {
  method: 'GET',
  path: '/api/cameras/:camera_code/ptz/presets',
};
const presetSaveRoute: Route<typeof ptzPresetSaveCall> = {
  method: 'POST',
  path: '/api/cameras/:camera_code/ptz/presets',
};
const presetGotoRoute: Route<typeof ptzPresetGotoCall> = {
  method: 'POST',
  path: '/api/cameras/:camera_code/ptz/presets/:token/goto',
};

const presetsKey = (code: string) => ['ptz-presets', code] as const;

export const ptzPresetsQueryOptions = (code: string) =>
  queryOptions({
    queryKey: presetsKey(code),
    queryFn: async ({ signal }): Promise<CommandResult<PtzPreset[]>> => {
      const answer = await callApi<typeof ptzPresetsCall>(presetsRoute, {
        params: { camera_code: code },
        signal,
      });
      return 'result' in answer
        ? { ok: false, reason: answer.data.reason }
        : { ok: true, value: answer.data.presets };
    },
    // Asked of the camera each time the panel opens: another viewer may have saved one meanwhile.
    staleTime: 0,
    gcTime: 0,
    // A camera command is not retried on its own: the error and a retry button show instead.
    retry: false,
  });

/** The camera's presets while `enabled` (the panel is open, the user may steer the camera). */
export const usePtzPresets = (code: string, enabled: boolean) =>
  useQuery({ ...ptzPresetsQueryOptions(code), enabled });

/** Saves where the camera looks now under `name`, over the preset `token` when given; the list is asked again. */
export function useSavePtzPreset(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; token?: string }): Promise<CommandResult<PtzPreset>> => {
      const answer = await callApi<typeof ptzPresetSaveCall>(presetSaveRoute, {
        params: { camera_code: code },
        body,
      });
      return 'result' in answer
        ? { ok: false, reason: answer.data.reason }
        : { ok: true, value: answer.data.preset };
    },
    onSettled: () => client.invalidateQueries({ queryKey: presetsKey(code) }),
  });
}

/** Moves the camera to a preset; answers where it is now. */
export function useGotoPtzPreset(code: string) {
  return useMutation({
    mutationFn: async (token: string): Promise<CommandResult<PtzState>> => {
      const answer = await callApi<typeof ptzPresetGotoCall>(presetGotoRoute, {
        params: { camera_code: code, token },
      });
      return 'result' in answer
        ? { ok: false, reason: answer.data.reason }
        : { ok: true, value: answer.data.ptz };
    },
  });
}
