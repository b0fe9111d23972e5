// The selected camera's card on the map (core.md §5): name, site, address, whether it is down, and the button
// that opens its detail player.
import { Badge, Button, Text } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CameraListItem } from '@camwatch/contract/cameras';
import { useTranslation } from '../../../lib/i18n.ts';
import { MapPanelCard } from './MapPanelCard.tsx';
import '../map-texts.ts';

interface Props {
  camera: CameraListItem;
  onClose: () => void;
}

export function SelectedCameraCard({ camera, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <MapPanelCard
      testId="camera-card"
      label={t('map.cameraCard')}
      title={camera.camera_name}
      onClose={onClose}
    >
      <Text size="xs">{camera.location_name}</Text>
      <Text size="xs" c="dimmed">
        {camera.location_address}
      </Text>
      {camera.watch_status === 'down' && (
        <Badge color="red" size="xs" mt={4}>
          {t('cameras.down')}
        </Badge>
      )}
      <Button
        component={Link}
        to={`/detail/${encodeURIComponent(camera.camera_code)}`}
        size="xs"
        mt="xs"
        leftSection={<IconVideo size={14} aria-hidden />}
      >
        {t('map.watchVideo')}
      </Button>
    </MapPanelCard>
  );
}
