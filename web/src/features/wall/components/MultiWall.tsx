// The multi-video wall of the camera list's `multi` tab (core.md §2, §4, §9): a grid of `division` tiles
// (the page of cameras), live or archive. Live: one shared poller draws every tile. Archive: synced playback
// (use-wall-sync.ts): one clock in wall time drives every tile's video (rate nudges, seeks past 0.3 s), the
// next minute's clips are preloaded so all tiles move on together, a tile without the moment says so; the wall
// starts paused and plays by itself once a minute has loaded (until the auto-play counter reaches 60), and
// retries with backoff while no camera has data. The header holds the mode, the time picker, the pager and the
// collapse toggle; the controller below holds play/pause, seek, speed and the more-menu.
import { ActionIcon, Box, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { FirstUseTooltip as Tooltip } from '../../../components/ui/FirstUseTooltip.tsx';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import type { CameraListItem } from '@camwatch/contract/cameras';
import { browserFromUserAgent, nextPlaySpeed, playSpeedsFor } from '@camwatch/contract/archive-rules';
import type { MultiVideoDivision } from '@camwatch/contract/constants';
import {
  cameraHasLive,
  canToggleMultiVideoMode,
  canUseArchiveControls,
  initialMultiVideoMode,
  isMoreMenuEnabled,
  multiVideoModes,
  type MultiVideoMode,
} from '@camwatch/contract/permissions';
import { meQueryOptions } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { initialWallMinute, wallGrid } from '../wall-rules.ts';
import { useWallArchive } from '../hooks/use-wall-archive.ts';
import { useWallSync } from '../hooks/use-wall-sync.ts';
import { useWallLive } from '../hooks/use-wall-live.ts';
import { WallController } from './WallController.tsx';
import { WallTile } from './WallTile.tsx';
import { WallTimePicker } from './WallTimePicker.tsx';

/** Height of the page around the grid (header, tabs, the wall's header and controller, footer). */
const WALL_CHROME_PX = 380;
const speeds = playSpeedsFor(browserFromUserAgent(navigator.userAgent));

export interface WallMoreMenuProps {
  isEnabled: boolean;
  division: MultiVideoDivision;
  onDivisionChange: (division: MultiVideoDivision) => void;
}

export interface MultiWallProps {
  cameras: readonly CameraListItem[];
  division: MultiVideoDivision;
  onDivisionChange: (division: MultiVideoDivision) => void;
  /** The list's pager, shown in the header. */
  pager: ReactNode;
  /** The player's more-menu with its number-of-divisions item, composed by the app. */
  renderMoreMenu?: (props: WallMoreMenuProps) => ReactNode;
}

export function MultiWall({ cameras, division, onDivisionChange, pager, renderMoreMenu }: MultiWallProps) {
  const { t } = useTranslation();
  const { data: perms } = useQuery({ ...meQueryOptions, select: (user) => user.permissions });
  const modes = perms ? multiVideoModes(perms) : [];
  const [chosenMode, setChosenMode] = useState<MultiVideoMode | null>(null);
  const mode: MultiVideoMode | null = perms
    ? chosenMode && modes.includes(chosenMode)
      ? chosenMode
      : initialMultiVideoMode(perms)
    : null;
  const [isCollapsed, setCollapsed] = useState(false);
  const [minuteMs, setMinuteMs] = useState(() => initialWallMinute(Date.now()));
  const [isLivePaused, setLivePaused] = useState(false);

  const tiles = useMemo(
    () =>
      cameras.slice(0, division).map((camera) => ({
        camera_code: camera.camera_code,
        camera_name: camera.camera_name,
        hasLive: cameraHasLive(camera),
      })),
    [cameras, division],
  );
  const codes = useMemo(() => tiles.map((tile) => tile.camera_code), [tiles]);
  const liveCodes = useMemo(
    () => tiles.filter((tile) => tile.hasLive).map((tile) => tile.camera_code),
    [tiles],
  );

  const live = useWallLive(liveCodes, mode === 'live', isLivePaused);
  const archive = useWallArchive(codes, minuteMs, mode === 'archive');

  // ── The archive clock and the tiles that follow it (synced playback) ──────────────────────
  const sync = useWallSync({ enabled: mode === 'archive', minuteMs, onMinute: setMinuteMs, archive });

  const togglePlay = () => {
    if (mode === 'live') setLivePaused(!isLivePaused);
    else sync.togglePlay();
  };
  const changeSpeed = () => sync.setSpeed(nextPlaySpeed(sync.speed, speeds));
  const clockSec = Math.max(0, Math.min(60, (sync.clockMs - minuteMs) / 1000));

  const { rows, columns } = wallGrid(division);
  const canPickTime = perms ? canUseArchiveControls(perms) : false;

  return (
    <Stack gap={0} data-testid="multi-wall" data-mode={mode ?? undefined} data-minute={minuteMs}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="wrap" component="header">
        <Group gap="xs" wrap="wrap">
          {perms && canToggleMultiVideoMode(perms) && mode && (
            <SegmentedControl
              size="xs"
              value={mode}
              onChange={(value) => setChosenMode(value)}
              aria-label={t('wall.mode')}
              data={[
                { value: 'live', label: t('wall.live') },
                { value: 'archive', label: t('wall.archive') },
              ]}
            />
          )}
          {!isCollapsed && canPickTime && (
            <WallTimePicker
              minuteMs={minuteMs}
              onChange={(ms) => {
                setChosenMode('archive');
                sync.goToMinute(ms);
              }}
            />
          )}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {!isCollapsed && pager}
          <Tooltip label={isCollapsed ? t('wall.expand') : t('wall.collapse')}>
            <ActionIcon
              variant="default"
              aria-label={isCollapsed ? t('wall.expand') : t('wall.collapse')}
              aria-expanded={!isCollapsed}
              onClick={() => setCollapsed(!isCollapsed)}
            >
              {isCollapsed ? (
                <IconChevronDown size={16} aria-hidden />
              ) : (
                <IconChevronUp size={16} aria-hidden />
              )}
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {mode === null ? null : modes.length === 0 ? (
        <Text c="dimmed" role="alert">
          {t('messages.noPermission')}
        </Text>
      ) : (
        <Box
          w="100%"
          mx="auto"
          style={{
            maxWidth: `calc(max(240px, 100vh - ${WALL_CHROME_PX}px) * ${(columns * 16) / (rows * 9)})`,
          }}
        >
          <Box
            ref={sync.rootRef}
            role="region"
            aria-label={t('wall.grid', { count: division })}
            data-division={division}
            style={{
              display: 'grid',
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
              gap: 2,
              aspectRatio: `${columns * 16} / ${rows * 9}`,
              background: 'var(--mantine-color-dark-7)',
              borderRadius: 'var(--mantine-radius-sm) var(--mantine-radius-sm) 0 0',
              overflow: 'hidden',
            }}
          >
            {Array.from({ length: division }, (_, index) => {
              const tile = tiles[index];
              if (!tile) return <Box key={`empty-${index}`} bg="dark.8" data-testid="wall-tile-empty" />;
              return (
                <WallTile
                  key={`${mode}-${tile.camera_code}`}
                  camera={tile}
                  mode={mode}
                  liveState={live.states[tile.camera_code] ?? 'loading'}
                  entry={archive.isSettled || archive.entries[index] ? archive.entries[index] : undefined}
                  nextEntry={archive.next.entries[index]}
                  place={sync.places[tile.camera_code] ?? null}
                  onCanvas={live.onCanvas}
                />
              );
            })}
          </Box>
          <WallController
            mode={mode}
            isPlaying={mode === 'live' ? !isLivePaused : sync.isPlaying}
            onTogglePlay={togglePlay}
            minuteMs={minuteMs}
            clockSec={clockSec}
            onSeek={sync.seek}
            speed={sync.speed}
            onNextSpeed={changeSpeed}
            status={
              mode === 'archive' && archive.isSettled && !archive.hasAnyData
                ? archive.hasGivenUp
                  ? 'noData'
                  : 'retrying'
                : null
            }
            moreMenu={renderMoreMenu?.({
              isEnabled: perms
                ? isMoreMenuEnabled({ isLiveOn: mode === 'live', isSingleView: false, perms })
                : false,
              division,
              onDivisionChange,
            })}
          />
        </Box>
      )}
    </Stack>
  );
}
