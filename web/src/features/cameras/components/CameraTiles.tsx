// The tile view (core.md §2): thumbnails with names, 4 px apart, each a link to the camera's detail.
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconAlertCircleFilled } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import type { CameraListItem } from '@camwatch/contract/cameras';
import { TILE_GAP_PX } from '@camwatch/contract/constants';
import { CameraThumb } from './CameraThumb.tsx';

export function CameraTiles({ cameras }: { cameras: CameraListItem[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('cameras.tileLabel')}
      p={0}
      m={0}
      style={{
        listStyle: 'none',
        display: 'grid',
        gap: TILE_GAP_PX,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(180px, 45%), 1fr))',
      }}
    >
      {cameras.map((camera) => (
        <li key={camera.camera_code} data-camera={camera.camera_code}>
          <UnstyledButton
            component={Link}
            to={`/detail/${encodeURIComponent(camera.camera_code)}`}
            display="block"
            style={{ position: 'relative' }}
          >
            <CameraThumb name={camera.camera_name} url={camera.thumb_url} width="100%" decorative />
            <Group
              gap={4}
              wrap="nowrap"
              px={6}
              py={2}
              style={{
                position: 'absolute',
                left: 0,
                right: 0,
                bottom: 0,
                background: 'rgba(0, 0, 0, 0.6)',
                borderRadius: '0 0 var(--mantine-radius-sm) var(--mantine-radius-sm)',
              }}
            >
              {camera.watch_status === 'down' && (
                <Box
                  component="span"
                  role="img"
                  aria-label={t('cameras.downLabel', { name: camera.camera_name })}
                  c="red.5"
                  style={{ display: 'inline-flex' }}
                >
                  <IconAlertCircleFilled size={16} aria-hidden />
                </Box>
              )}
              <Text size="sm" c="white" truncate>
                {camera.camera_name}
              </Text>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Box>
  );
}
