// The camera detail screen on detail/{code} (core.md §2): the camera's name, the player (live images or the
// archive video), its controller, and the minutes of the chosen hour. `date` in the query picks the hour and
// minute to show; the rest of the query string is left as it came. The controller's screenshot saves the live
// canvas as a JPEG; full screen shows the player and its controller alone; the more-menu opens PTZ control
// (a panel over the picture) and the archive download dialog.
import { Alert, Box, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { CameraDetail } from '@camwatch/contract/cameras';
import { browserFromUserAgent, nextPlaySpeed, playSpeedsFor } from '@camwatch/contract/archive-rules';
import { DEFAULT_VOLUME } from '@camwatch/contract/constants';
import {
  canTakeScreenshot,
  cameraHasLive,
  isLivePossible,
  liveSwitchVisible,
} from '@camwatch/contract/permissions';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { useEnvSettings } from '../../../lib/env-settings.tsx';
import { showToast } from '../../../lib/toast.ts';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useArchives } from '../api/get-archives.ts';
import { useCameraDetail } from '../api/get-camera-detail.ts';
import {
  dateQueryValue,
  hourStartOf,
  latestArchiveStart,
  localDate,
  localTime,
  parseDateQuery,
} from '../player-rules.ts';
import { moreMenuState, screenshotFileName } from '../more-menu-rules.ts';
import { ArchiveVideos } from './ArchiveVideos.tsx';
import { DownloadDialog } from './DownloadDialog.tsx';
import { HourPicker } from './HourPicker.tsx';
import { LiveImageViewer } from './LiveImageViewer.tsx';
import { MinuteStrip } from './MinuteStrip.tsx';
import { MoreMenu } from './MoreMenu.tsx';
import { PlayerControls } from './PlayerControls.tsx';
import { PtzPanel } from './PtzPanel.tsx';
import { useArchivePlayback } from './use-archive-playback.ts';

const NOW_REFRESH_MS = 30_000;
const speeds = playSpeedsFor(browserFromUserAgent(navigator.userAgent));
const SCREENSHOT_JPEG_QUALITY = 0.92;

/** Saves the canvas's picture as a JPEG file; answers false when there is no picture to save. */
function saveCanvasAsJpeg(canvas: HTMLCanvasElement | null | undefined, fileName: string): Promise<boolean> {
  if (!canvas || canvas.width === 0 || canvas.height === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    canvas.toBlob(
      (blob) => {
        if (!blob) return resolve(false);
        const url = URL.createObjectURL(blob);
        const link = document.createElement('a');
        link.href = url;
        link.download = fileName;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        resolve(true);
      },
      'image/jpeg',
      SCREENSHOT_JPEG_QUALITY,
    );
  });
}

/** Whether `element` is the one in full screen, kept up to date. */
function useIsFullscreen(element: HTMLElement | null): boolean {
  const [isFullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const update = () => setFullscreen(element !== null && document.fullscreenElement === element);
    update();
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [element]);
  return isFullscreen;
}

export default function CameraDetailPage() {
  const { code = '' } = useParams();
  // A new camera starts afresh: its own live loop, hour and playback.
  return <CameraDetailScreen key={code} camera={useCameraDetail(code)} />;
}

function CameraDetailScreen({ camera }: { camera: CameraDetail }) {
  const { t } = useTranslation();
  const perms = useMe().permissions;
  const { experimentalFeatures } = useEnvSettings();
  const [search, setSearch] = useSearchParams();
  const [nowMs, setNowMs] = useState(() => Date.now());
  const [initialDate] = useState(() => parseDateQuery(search.get('date'), Date.now()));

  const livePossible = isLivePossible(perms, camera);
  const switchVisible = liveSwitchVisible({ isLivePossible: livePossible, perms });
  const [storedLive, setStoredLive] = useBrowserState('liveSwitch');
  // A link to a moment (date query) opens the archive without changing the remembered choice.
  const [liveOverride, setLiveOverride] = useState<boolean | null>(initialDate !== null ? false : null);
  const isLive = livePossible && (switchVisible ? (liveOverride ?? storedLive) : true);
  const hasArchive = perms.archive;

  const [hourStart, setHourStart] = useState(() =>
    hourStartOf(initialDate ?? latestArchiveStart(Date.now())),
  );
  const [speed, setSpeed] = useState<number>(1);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [isMuted, setIsMuted] = useState(false);

  useEffect(() => {
    const timer = setInterval(() => setNowMs(Date.now()), NOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const changeHour = useCallback(
    (next: number) => {
      setHourStart(next);
      setSearch(
        (previous) => {
          const query = new URLSearchParams(previous);
          query.set('date', dateQueryValue(next));
          return query;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  const archives = useArchives(camera.camera_code, hourStart, hasArchive);
  const hourArchives = archives.data;
  const playback = useArchivePlayback({
    archives: hourArchives,
    hourStart,
    onHourChange: changeHour,
    speed,
    volume,
    isMuted,
  });

  // The minute of the date query plays once its hour has loaded (when it names a time).
  const { selectLater } = playback;
  const askedInitial = useRef(false);
  useEffect(() => {
    if (askedInitial.current || initialDate === null || !hasArchive) return;
    askedInitial.current = true;
    selectLater(hourStartOf(initialDate), initialDate - (initialDate % 60_000));
  }, [initialDate, hasArchive, selectLater]);

  const setLive = (on: boolean) => {
    setLiveOverride(null);
    setStoredLive(on);
    if (on) playback.stop();
  };
  const leaveLive = () => {
    if (isLive && switchVisible) setLive(false);
  };

  const playerRef = useRef<HTMLDivElement>(null);
  const [fullscreenBox, setFullscreenBox] = useState<HTMLDivElement | null>(null);
  const isFullscreen = useIsFullscreen(fullscreenBox);
  const [panel, setPanel] = useState<'ptz' | 'download' | null>(null);
  const menu = moreMenuState({ perms, camera, isLiveOn: isLive, isSingleView: true, experimentalFeatures });
  const isPtzOpen = panel === 'ptz' && menu.showPtz;

  const toggleFullscreen = () => {
    if (isFullscreen) void document.exitFullscreen().catch(() => {});
    else void fullscreenBox?.requestFullscreen().catch(() => {});
  };
  const takeScreenshot = async () => {
    const canvas = playerRef.current?.querySelector('canvas');
    const saved = await saveCanvasAsJpeg(canvas, screenshotFileName(camera.camera_name, Date.now()));
    if (!saved) showToast({ color: 'red', message: t('player.screenshotFailed') });
  };
  const openDownload = () => {
    // Dialogs open on the page, outside the full-screen player: leave full screen first.
    if (isFullscreen) void document.exitFullscreen().catch(() => {});
    setPanel('download');
  };

  const selectedEntry = hourArchives?.find((a) => a.start_time === playback.selected);
  const hourLabel = `${localDate(hourStart)} ${localTime(hourStart)}`;

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{camera.camera_name}</PageTitle>
      <Stack
        gap={0}
        maw={isFullscreen ? undefined : 960}
        ref={setFullscreenBox}
        bg={isFullscreen ? 'black' : undefined}
        h={isFullscreen ? '100%' : undefined}
        data-fullscreen={isFullscreen || undefined}
      >
        <Box
          ref={playerRef}
          role="region"
          aria-label={t('player.area')}
          bg="black"
          pos="relative"
          style={
            isFullscreen
              ? { flex: 1, minHeight: 0, width: '100%' }
              : {
                  aspectRatio: `${camera.image_rs_width || 16} / ${camera.image_rs_height || 9}`,
                  maxHeight: 'calc(100vh - 280px)',
                  marginInline: 'auto',
                  width: '100%',
                  borderRadius: 'var(--mantine-radius-sm) var(--mantine-radius-sm) 0 0',
                  overflow: 'hidden',
                }
          }
        >
          {isLive && (
            <LiveImageViewer
              cameraCode={camera.camera_code}
              cameraName={camera.camera_name}
              liveIntervalSec={camera.live_interval}
            />
          )}
          {hasArchive && (
            <ArchiveVideos playback={playback} cameraName={camera.camera_name} isHidden={isLive} />
          )}
          {!isLive && !hasArchive && (
            <Center pos="absolute" inset={0}>
              <Text c="gray.3" role="alert">
                {cameraHasLive(camera) ? t('messages.noPermission') : t('messages.notSupported')}
              </Text>
            </Center>
          )}
          {isPtzOpen && (
            <PtzPanel cameraCode={camera.camera_code} camera={camera} onClose={() => setPanel(null)} />
          )}
        </Box>
        <PlayerControls
          isLive={isLive}
          hasArchiveRight={hasArchive}
          canPlay={playback.status === 'ready' || playback.status === 'loading'}
          isPlaying={playback.isPlaying}
          onTogglePlay={playback.togglePlay}
          currentTime={playback.currentTime}
          markers={selectedEntry?.events.motionDetect ?? []}
          onSeek={playback.seek}
          volume={volume}
          isMuted={isMuted}
          onVolume={(value) => {
            setVolume(value);
            setIsMuted(value === 0);
          }}
          onToggleMute={() => setIsMuted(!isMuted)}
          speed={speed}
          onNextSpeed={() => setSpeed(nextPlaySpeed(speed, speeds))}
          onSkipLatest={() => {
            leaveLive();
            const latest = latestArchiveStart(Date.now());
            playback.selectLater(hourStartOf(latest), latest);
          }}
          live={{
            isVisible: switchVisible,
            isOn: isLive,
            onChange: setLive,
            isSupported: cameraHasLive(camera),
          }}
          canScreenshot={canTakeScreenshot({ isLivePossible: livePossible, isLiveOn: isLive })}
          onScreenshot={() => void takeScreenshot()}
          isFullscreen={isFullscreen}
          onToggleFullscreen={toggleFullscreen}
          moreMenu={
            <MoreMenu
              cameraCode={camera.camera_code}
              state={menu}
              onOpenPtz={() => setPanel('ptz')}
              onOpenDownload={openDownload}
            />
          }
        />
      </Stack>
      {panel === 'download' && menu.canDownload && (
        <DownloadDialog
          cameraCode={camera.camera_code}
          hourStart={hourStart}
          onClose={() => setPanel(null)}
        />
      )}
      {hasArchive && (
        <Stack gap="sm" mt="md" maw={960} component="section" aria-label={t('player.archives')}>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <HourPicker hourStart={hourStart} nowMs={nowMs} onChange={changeHour} />
            {selectedEntry && !isLive && (
              <Text size="sm" c="dimmed" data-testid="playing-minute">
                {t('player.playing', {
                  time: `${localDate(Date.parse(selectedEntry.start_time))} ${localTime(Date.parse(selectedEntry.start_time))}`,
                })}
              </Text>
            )}
          </Group>
          {archives.isError ? (
            <Alert color="red" variant="light" role="alert">
              <Group justify="space-between">
                <Text size="sm">{t('messages.archiveLoadFailed')}</Text>
                <Text
                  component="button"
                  size="sm"
                  c="blue"
                  onClick={() => void archives.refetch()}
                  style={{ background: 'none', border: 0, cursor: 'pointer' }}
                >
                  {t('player.retry')}
                </Text>
              </Group>
            </Alert>
          ) : hourArchives ? (
            <MinuteStrip
              archives={hourArchives}
              selected={playback.selected}
              nowMs={nowMs}
              hourLabel={hourLabel}
              onSelect={(entry) => {
                leaveLive();
                void playback.select(entry);
              }}
            />
          ) : (
            <Center py="md">
              <Loader size="sm" aria-label={t('player.archivesLoading')} />
            </Center>
          )}
        </Stack>
      )}
    </Box>
  );
}
