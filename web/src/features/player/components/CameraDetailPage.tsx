// The camera detail screen on detail/{code} (core.md §2): the camera's name, the player (live images or the
// archive video), its controller, and the minutes of the chosen hour. `date` in the query picks the hour and
// minute to show; the rest of the query string is left as it came. The controller's screenshot saves the live
// canvas as a JPEG; full screen shows the player and its controller alone; the more-menu opens PTZ control
// (a panel over the picture) and the archive download dialog. The controller lies over the picture and fades
// when idle; video info draws the clip's time, the motion area and what moved over it. Streaming cameras play
// live over HLS. Below: the archive timeline of the chosen period (1H, 6H, 24H) with its event filter.
import { Alert, Box, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconClockPlay } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { CameraDetail } from '@camwatch/contract/cameras';
import { isTltMode } from '@camwatch/contract/environment';
import {
  DEFAULT_ARCHIVE_EVENT_FILTER,
  effectiveEventFilter,
  nextPlaySpeed,
  type ArchiveEventFilter,
} from '@camwatch/contract/archive-rules';
import {
  canTakeScreenshot,
  cameraHasLive,
  isLivePossible,
  liveSwitchVisible,
} from '@camwatch/contract/permissions';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { useEnvSettings } from '../../../lib/env-settings.tsx';
import { saveBlob } from '../../../lib/save-file.ts';
import { showToast } from '../../../lib/toast.ts';
import { useMe } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useArchives, useFutureHour } from '../api/get-archives.ts';
import { useCameraDetailQuery } from '../../../lib/api/camera-detail.ts';
import {
  analysisSettingLinks,
  eventSpans,
  futureHourToRefetch,
  hourStartOf,
  initialVolume,
  latestArchiveStart,
  liveModeOf,
  mergeArchives,
  openingMinute,
  parseDateQuery,
  periodStartOf,
  playableArchives,
  playSpeedsForUserAgent,
  setVolume,
  timelineCells,
  toggleMute,
  videoInfoOptions,
  type TimelineHours,
  type VolumeState,
} from '../player-rules.ts';
import { dateTimeInputValue, localDateMinute } from '../../../lib/local-time.ts';
import { moreMenuState, screenshotFileName } from '../more-menu-rules.ts';
import { useDetailSlots } from '../detail-slots.ts';
import { ArchiveTimeline } from './ArchiveTimeline.tsx';
import { ArchiveVideos } from './ArchiveVideos.tsx';
import { DownloadDialog } from './DownloadDialog.tsx';
import { EnterAlertCsvDialog } from './EnterAlertCsvDialog.tsx';
import { HourPicker } from './HourPicker.tsx';
import { LiveHlsPlayer } from './LiveHlsPlayer.tsx';
import { LiveImageViewer } from './LiveImageViewer.tsx';
import { MoreMenu } from './MoreMenu.tsx';
import { PlayerControls } from './PlayerControls.tsx';
import { PtzPanel } from './PtzPanel.tsx';
import { TimelineOptions } from './TimelineOptions.tsx';
import { useArchivePlayback } from '../hooks/use-archive-playback.ts';
import { useControllerVisibility } from '../hooks/use-controller-visibility.ts';
import { VideoInfoMenu, VideoInfoOverlay } from './VideoInfo.tsx';

const NOW_REFRESH_MS = 30_000;
const speeds = playSpeedsForUserAgent(navigator.userAgent);
const SCREENSHOT_JPEG_QUALITY = 0.92;

/** The picture on screen as a canvas: the live canvas itself, or a live HLS video's current frame drawn. */
function pictureCanvas(root: HTMLElement | null): HTMLCanvasElement | null {
  const canvas = root?.querySelector<HTMLCanvasElement>('[data-testid="live-canvas"]');
  if (canvas) return canvas;
  const video = root?.querySelector<HTMLVideoElement>('[data-testid="live-video"]');
  if (!video || video.videoWidth === 0) return null;
  const copy = document.createElement('canvas');
  copy.width = video.videoWidth;
  copy.height = video.videoHeight;
  copy.getContext('2d')?.drawImage(video, 0, 0);
  return copy;
}

/** Saves the canvas's picture as a JPEG file; answers false when there is no picture to save. */
function saveCanvasAsJpeg(canvas: HTMLCanvasElement | null | undefined, fileName: string): Promise<boolean> {
  if (!canvas || canvas.width === 0 || canvas.height === 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    canvas.toBlob(
      (blob) => {
        if (!blob) return resolve(false);
        saveBlob(blob, fileName);
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
  return <CameraDetailScreen key={code} camera={useCameraDetailQuery(code)} />;
}

function CameraDetailScreen({ camera }: { camera: CameraDetail }) {
  const { t } = useTranslation();
  const perms = useMe().permissions;
  const { experimentalFeatures, environmentMode } = useEnvSettings();
  const isTlt = isTltMode(environmentMode);
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
  const [sound, setSound] = useState<VolumeState>(initialVolume);
  const [periodHours, setPeriodHours] = useState<TimelineHours>(1);
  const [eventFilter, setEventFilter] = useState<ArchiveEventFilter>(DEFAULT_ARCHIVE_EVENT_FILTER);
  const [isFullSize, setFullSize] = useState(false);
  const controller = useControllerVisibility();
  const liveMode = liveModeOf(camera);
  const liveVideoRef = useRef<HTMLVideoElement>(null);

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
          query.set('date', dateTimeInputValue(next));
          return query;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  const periodStart = periodStartOf(hourStart, periodHours);
  const archives = useArchives(camera.camera_code, periodStart, periodHours, hasArchive);
  // The hour of the first future archive is asked again and again, so new minutes appear (core.md §4).
  const [futureHour, setFutureHour] = useState<number | null>(null);
  const futureUpdate = useFutureHour(camera.camera_code, hasArchive ? futureHour : null);
  const periodArchives = useMemo(
    () => (archives.data ? mergeArchives(archives.data, futureUpdate.data) : undefined),
    [archives.data, futureUpdate.data],
  );
  useEffect(() => {
    setFutureHour(periodArchives ? futureHourToRefetch(periodArchives, nowMs) : null);
  }, [periodArchives, nowMs]);
  const playable = useMemo(
    () => (periodArchives ? playableArchives(periodArchives, camera) : undefined),
    [periodArchives, camera],
  );
  const cells = useMemo(
    () => (periodArchives ? timelineCells(periodArchives, camera, eventFilter, nowMs) : undefined),
    [periodArchives, camera, eventFilter, nowMs],
  );
  const playback = useArchivePlayback({
    archives: playable,
    rangeStart: periodStart,
    rangeHours: periodHours,
    onRangeChange: changeHour,
    speed,
    volume: sound.volume,
    isMuted: sound.isMuted,
    // Streaming cameras play recorded minutes as on-demand HLS streams too (stream mode on_demand).
    onDemandCamera: liveMode === 'hls' ? camera.camera_code : null,
  });

  // The minute of the date query plays once its hour has loaded; without one, with LIVE off, the latest
  // archive does (not a black picture asking for a time).
  const { selectLater } = playback;
  const askedInitial = useRef(false);
  useEffect(() => {
    if (askedInitial.current) return;
    askedInitial.current = true;
    const minute = openingMinute({ dateQueryMs: initialDate, isLive, hasArchive, nowMs: Date.now() });
    if (minute !== null) selectLater(hourStartOf(minute), minute);
    // Only what the page opened with counts; later LIVE changes are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setLive = (on: boolean) => {
    setLiveOverride(null);
    setStoredLive(on);
    if (on) playback.stop();
  };
  const leaveLive = () => {
    if (isLive && switchVisible) setLive(false);
  };

  const playerRef = useRef<HTMLDivElement>(null);
  // The 360-degree viewer (fisheye cameras) and the time-lapse dialog come from their own features.
  const { FisheyeViewer, TimeLapseDialog } = useDetailSlots();
  const [isTimeLapseOpen, setTimeLapseOpen] = useState(false);
  const getPicture = useCallback(
    () =>
      playerRef.current?.querySelector<HTMLCanvasElement | HTMLVideoElement>(
        isLive ? '[data-testid="live-canvas"], [data-testid="live-video"]' : '[data-testid="archive-video"]',
      ) ?? null,
    [isLive],
  );
  const [fullscreenBox, setFullscreenBox] = useState<HTMLDivElement | null>(null);
  const isFullscreen = useIsFullscreen(fullscreenBox);
  // Leaving the page leaves full screen too (core.md §4).
  useEffect(
    () => () => {
      if (fullscreenBox && document.fullscreenElement === fullscreenBox)
        void document.exitFullscreen().catch(() => {});
    },
    [fullscreenBox],
  );
  const [panel, setPanel] = useState<'ptz' | 'download' | 'enterAlertCsv' | null>(null);
  const menu = moreMenuState({
    perms,
    camera,
    isLiveOn: isLive,
    isSingleView: true,
    experimentalFeatures,
    isTlt,
  });
  const settingLinks = analysisSettingLinks(camera.camera_code, {
    isTlt,
    useEnterAlert: camera.use_enter_alert,
    useOperationAnalysis: camera.use_operation_analysis,
  });
  const infoOptions = videoInfoOptions({
    isTlt,
    useEnterAlert: camera.use_enter_alert,
    useOperationAnalysis: camera.use_operation_analysis,
  });
  const isPtzOpen = panel === 'ptz' && menu.showPtz;

  const toggleFullscreen = () => {
    if (isFullscreen) void document.exitFullscreen().catch(() => {});
    else void fullscreenBox?.requestFullscreen().catch(() => {});
  };
  const takeScreenshot = async () => {
    const canvas = pictureCanvas(playerRef.current);
    const saved = await saveCanvasAsJpeg(canvas, screenshotFileName(camera.camera_name, Date.now()));
    if (!saved) showToast({ color: 'red', message: t('player.screenshotFailed') });
  };
  const openDownload = () => {
    // Dialogs open on the page, outside the full-screen player: leave full screen first.
    if (isFullscreen) void document.exitFullscreen().catch(() => {});
    setPanel('download');
  };

  const selectedEntry = periodArchives?.find((a) => a.start_time === playback.selected);
  const selectedMs = selectedEntry ? Date.parse(selectedEntry.start_time) : null;
  // The seek bar covers the minute; a clip that began late in its minute starts further along it.
  const clipOffset = selectedEntry?.clip_offset_sec ?? 0;
  const markers = selectedEntry ? eventSpans(selectedEntry, effectiveEventFilter(eventFilter, camera)) : [];
  // The element showing the picture now (for video info): the live canvas or video, or the playing archive.
  const pictureRef = useMemo<RefObject<HTMLVideoElement | HTMLCanvasElement | null>>(
    () => ({
      get current() {
        return (
          playerRef.current?.querySelector<HTMLVideoElement | HTMLCanvasElement>(
            isLive
              ? '[data-testid="live-canvas"], [data-testid="live-video"]'
              : '[data-testid="archive-video"]',
          ) ?? null
        );
      },
    }),
    [isLive],
  );
  const infoSource =
    isLive && livePossible
      ? ({ kind: 'live' } as const)
      : selectedEntry && selectedMs !== null && playback.status === 'ready'
        ? ({
            kind: 'archive',
            minuteMs: selectedMs,
            archiveId: selectedEntry.archive_id,
            clipOffsetSec: clipOffset,
          } as const)
        : null;
  const stageStyle = isFullscreen
    ? { flex: 1, minHeight: 0, width: '100%' }
    : {
        aspectRatio: `${camera.image_rs_width || 16} / ${camera.image_rs_height || 9}`,
        maxHeight: isFullSize ? undefined : 'calc(100vh - 280px)',
        marginInline: 'auto',
        width: isFullSize ? `${camera.image_rs_width || 1280}px` : '100%',
        maxWidth: isFullSize ? 'none' : '100%',
        borderRadius: 'var(--mantine-radius-sm)',
        overflow: 'hidden',
      };

  return (
    <Box p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="page-title">
      <PageTitle>{camera.camera_name}</PageTitle>
      {settingLinks.length > 0 && (
        <Group gap="xs" mt={-8} mb="sm" component="nav" aria-label={t('player.analysisSettings.label')}>
          {settingLinks.map((link) => (
            <Button
              key={link.key}
              component={Link}
              to={link.to}
              variant="light"
              size="xs"
              leftSection={<IconAdjustments size={14} aria-hidden />}
            >
              {t(`player.analysisSettings.${link.key}`)}
            </Button>
          ))}
        </Group>
      )}
      <Stack
        gap={0}
        maw={isFullscreen || isFullSize ? undefined : 960}
        style={isFullSize && !isFullscreen ? { overflowX: 'auto' } : undefined}
        ref={setFullscreenBox}
        bg={isFullscreen ? 'black' : undefined}
        h={isFullscreen ? '100%' : undefined}
        data-fullscreen={isFullscreen || undefined}
      >
        <Box
          pos="relative"
          bg="black"
          style={stageStyle}
          data-testid="player-stage"
          {...controller.stageProps}
        >
          <Box ref={playerRef} role="region" aria-label={t('player.area')} pos="absolute" inset={0}>
            {isLive && liveMode === 'hls' && (
              <LiveHlsPlayer
                cameraCode={camera.camera_code}
                cameraName={camera.camera_name}
                videoRef={liveVideoRef}
              />
            )}
            {isLive && liveMode === 'images' && (
              <LiveImageViewer
                cameraCode={camera.camera_code}
                cameraName={camera.camera_name}
                liveIntervalSec={camera.live_interval}
              />
            )}
            {hasArchive && (
              <ArchiveVideos playback={playback} cameraName={camera.camera_name} isHidden={isLive} />
            )}
            {FisheyeViewer && camera.image_type === 'fisheye' && (isLive || hasArchive) && (
              <FisheyeViewer
                key={isLive ? 'live' : 'archive'}
                cameraName={camera.camera_name}
                imageWidth={camera.image_rs_width}
                imageHeight={camera.image_rs_height}
                fps={camera.image_fps}
                getSource={getPicture}
              />
            )}
            {!isLive && !hasArchive && (
              <Center pos="absolute" inset={0}>
                <Text c="gray.3" role="alert">
                  {cameraHasLive(camera) ? t('messages.noPermission') : t('messages.notSupported')}
                </Text>
              </Center>
            )}
            <VideoInfoOverlay
              source={infoSource}
              mediaRef={pictureRef}
              fallbackSize={{ width: camera.image_rs_width || 16, height: camera.image_rs_height || 9 }}
              motionArea={camera.motion_area}
              useMotion={camera.use_motion}
              cameraCode={camera.camera_code}
              options={infoOptions}
            />
            {isPtzOpen && (
              <PtzPanel cameraCode={camera.camera_code} camera={camera} onClose={() => setPanel(null)} />
            )}
          </Box>
          <PlayerControls
            isShown={controller.isShown}
            controllerProps={controller.controllerProps}
            cameraCode={camera.camera_code}
            minuteMs={selectedMs}
            isLive={isLive}
            hasArchiveRight={hasArchive}
            canPlay={playback.status === 'ready' || playback.status === 'loading'}
            isPlaying={playback.isPlaying}
            onTogglePlay={playback.togglePlay}
            currentTime={playback.currentTime + clipOffset}
            markers={markers}
            onSeek={(seconds) => playback.seek(Math.max(0, seconds - clipOffset))}
            volume={sound.volume}
            isMuted={sound.isMuted}
            onVolume={(value) => setSound((current) => setVolume(current, value))}
            onToggleMute={() => setSound(toggleMute)}
            speed={speed}
            onNextSpeed={() => setSpeed(nextPlaySpeed(speed, speeds))}
            onSkipLatest={() => {
              leaveLive();
              const latest = latestArchiveStart(Date.now());
              playback.selectLater(periodStartOf(latest, periodHours), latest);
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
            isFullSize={isFullSize}
            onToggleFullSize={() => setFullSize(!isFullSize)}
            videoInfo={<VideoInfoMenu options={infoOptions} />}
            moreMenu={
              <MoreMenu
                cameraCode={camera.camera_code}
                state={menu}
                onOpenPtz={() => setPanel('ptz')}
                onOpenDownload={openDownload}
                onOpenEnterAlertCsv={() => setPanel('enterAlertCsv')}
              />
            }
          />
        </Box>
      </Stack>
      {panel === 'download' && menu.canDownload && (
        <DownloadDialog
          cameraCode={camera.camera_code}
          hourStart={hourStart}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === 'enterAlertCsv' && menu.showEnterAlertCsv && (
        <EnterAlertCsvDialog
          cameraCode={camera.camera_code}
          dayMs={isLive || selectedMs === null ? hourStart : selectedMs}
          onClose={() => setPanel(null)}
        />
      )}
      {TimeLapseDialog && camera.use_time_lapse && hasArchive && (
        <TimeLapseDialog
          cameraCode={camera.camera_code}
          cameraName={camera.camera_name}
          opened={isTimeLapseOpen}
          onClose={() => setTimeLapseOpen(false)}
        />
      )}
      {hasArchive && (
        <Stack gap="sm" mt="md" maw={960} component="section" aria-label={t('player.archives')}>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <HourPicker hourStart={hourStart} periodHours={periodHours} nowMs={nowMs} onChange={changeHour} />
            <TimelineOptions
              hours={periodHours}
              onHours={setPeriodHours}
              filter={eventFilter}
              onFilter={setEventFilter}
            />
            {camera.use_time_lapse && TimeLapseDialog && (
              <Button
                variant="default"
                leftSection={<IconClockPlay size={16} aria-hidden />}
                onClick={() => setTimeLapseOpen(true)}
              >
                {t('timeLapse.open')}
              </Button>
            )}
            {selectedEntry && !isLive && (
              <Text size="sm" c="dimmed" data-testid="playing-minute">
                {t('player.playing', {
                  time: localDateMinute(Date.parse(selectedEntry.start_time)),
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
          ) : cells ? (
            <ArchiveTimeline
              cameraCode={camera.camera_code}
              cells={cells}
              hours={periodHours}
              selected={playback.selected}
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
