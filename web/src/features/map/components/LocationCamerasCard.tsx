// A site's camera list on the map (core.md §5), opened from its marker: the site's name and its cameras
// (choosing one shows its card), a loader, or why there is nothing to show.
import { Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import type { useMapLocation } from '../api/get-map-data.ts';
import classes from './CameraMapView.module.css';
import { MapPanelCard } from './MapPanelCard.tsx';
import '../map-texts.ts';

interface Props {
  location: ReturnType<typeof useMapLocation>;
  selected: string | null;
  onSelect: (cameraCode: string) => void;
  onClose: () => void;
}

export function LocationCamerasCard({ location, selected, onSelect, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <MapPanelCard
      testId="location-cameras"
      label={t('map.locationCameras')}
      title={location.data?.location_name ?? t('map.locationCameras')}
      onClose={onClose}
    >
      {location.isPending ? (
        <Loader size="xs" />
      ) : location.isError ? (
        <Text size="sm" c="red">
          {t('messages.communicationFailed')}
        </Text>
      ) : location.data.cameras.length === 0 ? (
        <Text size="sm">{t('messages.noRelatedCamera')}</Text>
      ) : (
        <Stack gap={2} component="ul" className={classes.plainList}>
          {location.data.cameras.map((camera) => (
            <li key={camera.camera_code}>
              <UnstyledButton
                className={classes.sideItem}
                data-active={camera.camera_code === selected || undefined}
                onClick={() => onSelect(camera.camera_code)}
              >
                <Text size="sm">{camera.camera_name}</Text>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </MapPanelCard>
  );
}
