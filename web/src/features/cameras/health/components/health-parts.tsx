// Pieces the health page and the information dialog's health section share: the status badge and a moment.
import { Badge, Text } from '@mantine/core';
import type { CameraHealth } from '@camwatch/contract/camera-health';
import { formatDateTime } from '../../../../lib/format.ts';
import { useTranslation } from '../../../../lib/i18n.ts';
import '../camera-health-texts.ts';
import { healthState, STATE_COLORS } from '../health-format.ts';

export function HealthBadge({ camera }: { camera: Pick<CameraHealth, 'watch_status' | 'last_seen_at'> }) {
  const { t } = useTranslation();
  const state = healthState(camera);
  return (
    <Badge
      color={STATE_COLORS[state]}
      variant={state === 'normal' ? 'light' : 'filled'}
      // The label's ellipsis would let a table cell shrink the badge to "停…".
      styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible', textOverflow: 'clip' } }}
      data-health={state}
    >
      {t(`cameraHealth.statuses.${state}`)}
    </Badge>
  );
}

export function Moment({ at }: { at: string | null }) {
  const { t } = useTranslation();
  if (!at)
    return (
      <Text span c="dimmed" size="sm">
        {t('cameraHealth.none')}
      </Text>
    );
  return <time dateTime={at}>{formatDateTime(new Date(at))}</time>;
}
