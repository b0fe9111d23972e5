// GET / PUT api/cameras/{camera_code}/video-settings: a camera's recording resolution, frame rate, bitrate cap
// and live interval (admin; issue 20).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CameraVideoSettings,
  CameraVideoSettingsAnswer,
  cameraVideoSettingsCall,
  cameraVideoSettingsUpdateCall,
} from '@camwatch/contract/camera-video-settings';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

const videoSettingsKey = (code: string) => ['cameras', 'video-settings', code] as const;

export const useVideoSettings = (code: string) =>
  useQuery({
    queryKey: videoSettingsKey(code),
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof cameraVideoSettingsCall>(routes.cameraVideoSettings, {
          params: { camera_code: code },
          signal,
        })
      ).data,
  });

export function useSaveVideoSettings(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: CameraVideoSettings) =>
      (
        await callApi<typeof cameraVideoSettingsUpdateCall>(routes.cameraVideoSettingsUpdate, {
          params: { camera_code: code },
          body: settings,
        })
      ).data,
    onSuccess: async (saved: CameraVideoSettingsAnswer) => {
      client.setQueryData(videoSettingsKey(code), saved);
      // The camera's detail (resolution, rate, live interval) changed too.
      await client.invalidateQueries({ queryKey: ['cameras', 'detail', code] });
    },
  });
}
