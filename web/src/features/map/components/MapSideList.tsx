// The map tab's side list (core.md §5): the list page's cameras (a down camera marked), the selected one
// current; choosing one shows it on the map. The list's pager sits under it.
import { Box, Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertCircleFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CameraListItem } from '@camwatch/contract/cameras';
import { useTranslation } from '../../../lib/i18n.ts';
import classes from './CameraMapView.module.css';
import '../map-texts.ts';

interface Props {
  id: string;
  cameras: readonly CameraListItem[];
  selected: string | null;
  onShow: (camera: CameraListItem) => void;
  pager: ReactNode;
}

export function MapSideList({ id, cameras, selected, onShow, pager }: Props) {
  const { t } = useTranslation();
  return (
    <Paper withBorder className={classes.side} id={id} component="section" aria-label={t('map.sideList')}>
      <ScrollArea className={classes.sideScroll}>
        <Stack gap={0} component="ul" className={classes.plainList}>
          {cameras.map((camera) => (
            <li key={camera.camera_code}>
              <UnstyledButton
                className={classes.sideItem}
                data-active={camera.camera_code === selected || undefined}
                aria-current={camera.camera_code === selected ? 'true' : undefined}
                onClick={() => onShow(camera)}
              >
                <Group gap={6} wrap="nowrap">
                  {camera.watch_status === 'down' && (
                    <IconAlertCircleFilled
                      size={14}
                      color="var(--mantine-color-red-6)"
                      aria-label={t('cameras.down')}
                    />
                  )}
                  <Box style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {camera.camera_name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {camera.location_name || t('cameras.noLocation')}
                    </Text>
                  </Box>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      </ScrollArea>
      <Box p={4}>{pager}</Box>
    </Paper>
  );
}
