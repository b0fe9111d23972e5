// The list view (core.md §2): per camera its thumbnail, name, a red error icon when down, location name,
// address, tags, function icons and a menu (video, show on map, select tag, information, people counter, heat map);
// in tag-setting mode a checkbox per row. Rows stack on phones.
import { ActionIcon, Anchor, Badge, Box, Checkbox, Flex, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertCircleFilled,
  IconDots,
  IconFlame,
  IconInfoCircle,
  IconMapPin,
  IconTags,
  IconUsers,
  IconVideo,
} from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import type { CameraListItem } from '@camwatch/contract/cameras';
import { FirstUseMenu } from '../../../components/ui/FirstUseMenu.tsx';
import { HintTooltip } from '../../../components/ui/HintTooltip.tsx';
import { cameraFunctionsOf } from '../camera-functions.ts';
import { CameraThumb } from './CameraThumb.tsx';
import { FunctionIcons } from './FunctionIcons.tsx';

export interface CameraRowsProps {
  cameras: CameraListItem[];
  tltMode: boolean;
  canAnalytics: boolean;
  /** The heatmap right: a heat map camera's menu leads to its heat map (advanced.md heat map). */
  canHeatmap?: boolean;
  onInfo: (code: string) => void;
  /** The row menu's 'select tag', for this one camera. */
  onSelectTag?: (code: string) => void;
  /** The row menu's 'show on map' (the cameras list only). */
  onShowOnMap?: (camera: CameraListItem) => void;
  /** Tag-setting mode: the checked cameras; no checkboxes outside the mode (core.md §2). */
  selection?: { selected: ReadonlySet<string>; onToggle: (code: string) => void } | null;
}

export function CameraRows({
  cameras,
  tltMode,
  canAnalytics,
  canHeatmap = false,
  onInfo,
  onSelectTag,
  onShowOnMap,
  selection,
}: CameraRowsProps) {
  const { t } = useTranslation();
  return (
    <Stack
      component="ul"
      aria-label={t('cameras.listLabel')}
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {cameras.map((camera) => {
        const detail = `/detail/${encodeURIComponent(camera.camera_code)}`;
        const name = camera.camera_name;
        return (
          <Box
            component="li"
            key={camera.camera_code}
            aria-label={name}
            data-camera={camera.camera_code}
            p="xs"
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-sm)',
            }}
          >
            <Flex
              direction={{ base: 'column', sm: 'row' }}
              gap="xs"
              align={{ base: 'stretch', sm: 'center' }}
            >
              <Flex gap="sm" align="center" style={{ flex: 1, minWidth: 0 }}>
                {selection && (
                  <Checkbox
                    aria-label={t('cameraList.selectCamera', { name })}
                    checked={selection.selected.has(camera.camera_code)}
                    onChange={() => selection.onToggle(camera.camera_code)}
                    size="md"
                  />
                )}
                <Box w={{ base: 112, sm: 144 }} style={{ flexShrink: 0 }}>
                  <Link to={detail} tabIndex={-1} aria-hidden>
                    <CameraThumb name={name} url={camera.thumb_url} width="100%" />
                  </Link>
                </Box>
                <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={detail} fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Anchor>
                    {camera.watch_status === 'down' && (
                      <HintTooltip label={t('cameras.down')}>
                        <Box
                          component="span"
                          role="img"
                          aria-label={t('cameras.downLabel', { name })}
                          c="red.7"
                          data-testid="down-icon"
                          style={{ display: 'inline-flex' }}
                        >
                          <IconAlertCircleFilled size={20} aria-hidden />
                        </Box>
                      </HintTooltip>
                    )}
                  </Group>
                  <Text size="sm">{camera.location_name ?? t('cameras.noLocation')}</Text>
                  {camera.location_address && (
                    <Text size="sm" c="dimmed">
                      {camera.location_address}
                    </Text>
                  )}
                  {camera.tags.length > 0 && (
                    <Group gap={4} role="group" aria-label={t('cameras.tags')}>
                      {camera.tags.map((tag) => (
                        <Badge key={tag.tag_code} variant="outline" color="gray" radius="sm" tt="none">
                          {tag.tag_name}
                        </Badge>
                      ))}
                    </Group>
                  )}
                </Stack>
              </Flex>
              <Group gap="xs" justify="space-between" wrap="nowrap" style={{ flexShrink: 0 }}>
                <FunctionIcons functions={cameraFunctionsOf(camera, tltMode)} />
                <FirstUseMenu
                  position="bottom-end"
                  withinPortal
                  target={
                    <ActionIcon variant="subtle" size="lg" aria-label={t('cameras.menu', { name })}>
                      <IconDots size={20} aria-hidden />
                    </ActionIcon>
                  }
                  items={(Menu) => (
                    <>
                      <Menu.Item
                        component={Link}
                        to={detail}
                        leftSection={<IconVideo size={16} aria-hidden />}
                      >
                        {t('cameras.video')}
                      </Menu.Item>
                      {onShowOnMap && (
                        <Menu.Item
                          onClick={() => onShowOnMap(camera)}
                          leftSection={<IconMapPin size={16} aria-hidden />}
                        >
                          {t('cameras.showOnMap')}
                        </Menu.Item>
                      )}
                      {onSelectTag && (
                        <Menu.Item
                          onClick={() => onSelectTag(camera.camera_code)}
                          leftSection={<IconTags size={16} aria-hidden />}
                        >
                          {t('cameraList.selectTag')}
                        </Menu.Item>
                      )}
                      <Menu.Item
                        onClick={() => onInfo(camera.camera_code)}
                        leftSection={<IconInfoCircle size={16} aria-hidden />}
                      >
                        {t('cameras.info')}
                      </Menu.Item>
                      {canAnalytics && camera.use_people_counter && (
                        <Menu.Item
                          component={Link}
                          to={`${detail}/people-counter`}
                          leftSection={<IconUsers size={16} aria-hidden />}
                        >
                          {t('cameras.peopleCounter')}
                        </Menu.Item>
                      )}
                      {canHeatmap && camera.use_heatmap && (
                        <Menu.Item
                          component={Link}
                          to={`/heatmap?${new URLSearchParams({ cameras: camera.camera_code }).toString()}`}
                          leftSection={<IconFlame size={16} aria-hidden />}
                        >
                          {t('cameras.heatmap')}
                        </Menu.Item>
                      )}
                    </>
                  )}
                />
              </Group>
            </Flex>
          </Box>
        );
      })}
    </Stack>
  );
}
