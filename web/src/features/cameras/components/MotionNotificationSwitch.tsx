// The motion notification switch of the camera information dialog: notify me when motion is found in this
// camera's recordings (at most once per cooldown). Disabled for a camera without motion detection.
import { Switch, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { useMotionNotification, useSetMotionNotification } from '../api/motion-notification.ts';

export function MotionNotificationSwitch({ code }: { code: string }) {
  const { t } = useTranslation();
  const setting = useMotionNotification(code);
  const update = useSetMotionNotification(code);
  if (!setting.data) return null;
  const { enabled, available, cooldownMinutes } = setting.data;
  return (
    <Switch
      mt="md"
      label={t('cameras.motionNotification.label')}
      description={
        <Text size="xs" c="dimmed" component="span">
          {available
            ? t('cameras.motionNotification.description', { minutes: cooldownMinutes })
            : t('cameras.motionNotification.unavailable')}
        </Text>
      }
      checked={enabled}
      disabled={!available || update.isPending}
      onChange={(event) =>
        update.mutate(event.currentTarget.checked, {
          onError: () => showToast({ color: 'red', message: t('cameras.motionNotification.failed') }),
        })
      }
    />
  );
}
