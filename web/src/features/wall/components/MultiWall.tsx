// The multi-video wall of the camera list's `multi` tab (core.md §2, §4, §9): a grid of `division` tiles
// (the page of cameras), live or archive. Live: one shared poller draws every tile. Archive: one clock drives
// every tile's video (tiles more than 0.3 s off are sought back), the wall starts paused and plays by itself
// once a minute has loaded (until the auto-play counter reaches 60), moves on minute by minute, and retries
// with backoff while no camera has data. The header holds the mode, the time picker, the pager and the
// collapse toggle; the controller below holds play/pause, seek, speed and the more-menu.
import { ActionIcon, Box, Group, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CameraListItem } from '@camwatch/contract/cameras';
import { browserFromUserAgent, nextPlaySpeed, playSpeedsFor } from '@camwatch/contract/archive-rules';
import { PLAYBACK_POLLING_MS, type MultiVideoDivision } from '@camwatch/contract/constants';
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
import {
  WallClock,
  canAutoplay,
  driftSeekTarget,
  initialWallMinute,
  isMinuteOver,
  nextWallMinute,
  tileClipTime,
  wallGrid,
} from '../wall-rules.ts';
import { useWallArchive } from '../hooks/use-wall-archive.ts';
import { useWallLive } from '../hooks/use-wall-live.ts';
import { WallController } from './WallController.tsx';
import { WallTile } from './WallTile.tsx';
import { WallTimePicker } from './WallTimePicker.tsx';

/** Height of the page around the grid (header, tabs, the wall's header and controller, footer). */
const WALL_CHROME_PX = 380;
/** How long the wall waits for its videos before it autoplays anyway (a slow tile must not hold all). */
const LOAD_WAIT_MS = 4_000;
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
  const [isPlaying, setPlaying] = useState(false);
  const [clockSec, setClockSec] = useState(0);
  const [speed, setSpeed] = useState(1);
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

  // ── The archive clock and the tiles that follow it ─────────────────────────────────────────
  const clock = useRef(new WallClock());
  const videos = useRef(new Map<string, HTMLVideoElement>());
  /** Counts plays the wall started by itself; a press on play sets it back to 0. */
  const autoPlays = useRef(0);
  /** Set while a newly chosen minute loads: the wall autoplays once its videos are ready. */
  const pendingAutoplay = useRef<number | null>(Date.now());
  const archiveRef = useRef(archive);
  const minuteRef = useRef(minuteMs);
  useEffect(() => {
    archiveRef.current = archive;
    minuteRef.current = minuteMs;
  });

  const onVideo = useCallback((code: string, video: HTMLVideoElement | null) => {
    if (video) videos.current.set(code, video);
    else videos.current.delete(code);
  }, []);

  const goToMinute = useCallback((ms: number) => {
    clock.current.pause();
    clock.current.seek(0);
    setPlaying(false);
    setClockSec(0);
    setMinuteMs(ms);
    pendingAutoplay.current = Date.now();
  }, []);

  useEffect(() => {
    if (mode !== 'archive') {
      clock.current.pause();
      setPlaying(false);
      for (const video of videos.current.values()) video.pause();
      return;
    }
    pendingAutoplay.current = Date.now();
    const timer = setInterval(() => {
      const wall = clock.current;
      const now = Date.now();
      const loading = pendingAutoplay.current;
      const state = archiveRef.current;
      if (loading !== null && state.isSettled && state.hasAnyData) {
        const expected = state.entries.filter((entry) => entry?.has_data).length;
        const ready =
          videos.current.size >= expected &&
          [...videos.current.values()].every((video) => video.readyState >= 2);
        if (ready || now - loading > LOAD_WAIT_MS) {
          pendingAutoplay.current = null;
          if (canAutoplay(autoPlays.current)) {
            autoPlays.current++;
            wall.play();
            setPlaying(true);
          }
        }
      }
      const position = wall.position();
      setClockSec(position);
      for (const video of videos.current.values()) {
        if (video.readyState < 1 || video.error) continue;
        const clipTime = tileClipTime(position, Number(video.dataset.offset) || 0);
        if (clipTime === null) {
          // Its clip begins later in the minute: wait at the start.
          if (!video.paused) video.pause();
          if (video.currentTime > 0) video.currentTime = 0;
          continue;
        }
        if (wall.isRunning) {
          if (video.paused && !video.ended && video.currentTime < (video.duration || 60))
            video.play().catch(() => {});
        } else if (!video.paused) video.pause();
        const target = driftSeekTarget(clipTime, video.currentTime, video.duration);
        if (target !== null) video.currentTime = target;
      }
      if (wall.isRunning && isMinuteOver(position)) {
        const next = nextWallMinute(minuteRef.current).minuteMs;
        wall.pause();
        wall.seek(0);
        pendingAutoplay.current = now;
        minuteRef.current = next;
        setMinuteMs(next);
        setPlaying(false);
      }
    }, PLAYBACK_POLLING_MS);
    return () => clearInterval(timer);
  }, [mode]);

  useEffect(() => {
    for (const video of videos.current.values()) {
      video.defaultPlaybackRate = speed;
      video.playbackRate = speed;
    }
  }, [speed, minuteMs]);

  const togglePlay = () => {
    if (mode === 'live') {
      setLivePaused(!isLivePaused);
      return;
    }
    if (clock.current.isRunning) {
      clock.current.pause();
      setPlaying(false);
    } else {
      autoPlays.current = 0; // a person is watching
      pendingAutoplay.current = null;
      clock.current.play();
      setPlaying(true);
    }
  };
  const seek = (seconds: number) => {
    clock.current.seek(seconds);
    setClockSec(seconds);
  };
  const changeSpeed = () => {
    const next = nextPlaySpeed(speed, speeds);
    clock.current.setSpeed(next);
    setSpeed(next);
  };

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
                goToMinute(ms);
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
                  onCanvas={live.onCanvas}
                  onVideo={onVideo}
                />
              );
            })}
          </Box>
          <WallController
            mode={mode}
            isPlaying={mode === 'live' ? !isLivePaused : isPlaying}
            onTogglePlay={togglePlay}
            minuteMs={minuteMs}
            clockSec={clockSec}
            onSeek={seek}
            speed={speed}
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
