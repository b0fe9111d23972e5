// GET / PUT api/cameras/{camera_code}/motion-notification: whether the user is notified of motion in a camera.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MotionNotificationSetting,
  motionNotificationGetCall,
  motionNotificationSetCall,
} from '@camwatch/contract/motion-alerts';
import { routes } from '@camwatch/contract/routes';
import { callApi } from '../../../lib/api-client.ts';

const motionNotificationKey = (code: string) => ['cameras', 'motion-notification', code] as const;

export const useMotionNotification = (code: string) =>
  useQuery({
    queryKey: motionNotificationKey(code),
    queryFn: async ({ signal }) =>
      (
        await callApi<typeof motionNotificationGetCall>(routes.motionNotificationGet, {
          params: { camera_code: code },
          signal,
        })
      ).data,
  });

export function useSetMotionNotification(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      (
        await callApi<typeof motionNotificationSetCall>(routes.motionNotificationSet, {
          params: { camera_code: code },
          body: { enabled },
        })
      ).data,
    onSuccess: (setting: MotionNotificationSetting) =>
      client.setQueryData(motionNotificationKey(code), setting),
  });
}
