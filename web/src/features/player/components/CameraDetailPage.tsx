// The camera detail screen on detail/{code} (core.md §2): the camera's name, the player (live images or the
// archive video), its controller, and the minutes of the chosen hour. `date` in the query picks the hour and
// minute to show; the rest of the query string is left as it came. The controller's screenshot saves the live
// canvas as a JPEG; full screen shows the player and its controller alone; the more-menu opens PTZ control
// (a panel over the picture) and the archive download dialog. The controller lies over the picture and fades
// when idle; video info draws the clip's time, the motion area and what moved over it. Streaming cameras play
// live over HLS. Below: the archive timeline of the chosen period (1H, 6H, 24H) with its event filter. Above: links
// to the camera's analyses (its heat map, with the heatmap right; in TLT modes its entry detection and operation
// analysis settings). Player tools (issue 22): digital zoom and pan of the live and recorded picture, and frame
// step of a paused recording; their keys (+ - 0, arrows and Escape on the picture, `,` and `.`) work while focus
// is in the player, outside its text fields, sliders and menus.
import { Box, Button, Group, Stack } from '@mantine/core';
import { IconAdjustments, IconFlame } from '@tabler/icons-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { CameraDetail } from '@camwatch/contract/cameras';
import { isTltMode } from '@camwatch/contract/environment';
import { cameraHasLive, canTakeScreenshot } from '@camwatch/contract/permissions';
import { PageTitle } from '../../../components/ui/PageTitle.tsx';
import { useCameraDetailQuery } from '../../../lib/api/camera-detail.ts';
import { useMe } from '../../../lib/current-user.ts';
import { useEnvSettings } from '../../../lib/env-settings.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useDetailSlots } from '../detail-slots.ts';
import { useControllerVisibility } from '../hooks/use-controller-visibility.ts';
import { useDetailPlayer } from '../hooks/use-detail-player.ts';
import { useFullscreen } from '../hooks/use-fullscreen.ts';
import { usePlayerPicture } from '../hooks/use-player-picture.ts';
import { usePlayerZoom } from '../hooks/use-player-zoom.ts';
import { frameStepKey } from '../player-tools-rules.ts';
import '../player-tools-texts.ts';
import { moreMenuState } from '../more-menu-rules.ts';
import { analysisSettingLinks, videoInfoOptions } from '../video-info-rules.ts';
import { DetailArchives } from './DetailArchives.tsx';
import { DownloadDialog } from './DownloadDialog.tsx';
import { EnterAlertCsvDialog } from './EnterAlertCsvDialog.tsx';
import { MoreMenu } from './MoreMenu.tsx';
import { PlayerControls } from './PlayerControls.tsx';
import { PlayerPicture } from './PlayerPicture.tsx';
import { VideoInfoMenu } from './VideoInfo.tsx';

/** Where the player's keys are left to the element: text fields, sliders, menus, dialogs and the PTZ panel. */
const PLAYER_KEYS_IGNORED =
  'input, textarea, select, [contenteditable="true"], [role="slider"], [role="menu"], [role="dialog"], [data-zoom-ignore]';

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
  const player = useDetailPlayer(camera);
  const { live, playback, hasArchive, clipOffset } = player;
  const picture = usePlayerPicture(live.isOn, camera.camera_name);
  const fullscreen = useFullscreen();
  const controller = useControllerVisibility();
  const [isFullSize, setFullSize] = useState(false);
  // The time-lapse dialog and the 360-degree viewer come from their own features.
  const { TimeLapseDialog, FisheyeViewer } = useDetailSlots();
  const [isTimeLapseOpen, setTimeLapseOpen] = useState(false);
  const [panel, setPanel] = useState<'ptz' | 'download' | 'enterAlertCsv' | null>(null);
  // Digital zoom: of whatever picture shows, but not in the 360-degree viewer, which zooms by itself.
  const hasOwnZoom = !!FisheyeViewer && camera.image_type === 'fisheye';
  const zoom = usePlayerZoom(picture.playerRef, !hasOwnZoom && (live.isOn || hasArchive), picture.getPicture);
  const { reset: resetZoom } = zoom;
  // Live and a recording are different pictures: switching starts at 1×.
  useEffect(() => {
    resetZoom();
  }, [live.isOn, resetZoom]);
  const canStepFrame = !live.isOn && playback.status === 'ready' && !playback.isPlaying;
  const stepFrame = (direction: 1 | -1) => {
    if (canStepFrame) playback.stepFrame(direction, camera.image_fps);
  };
  const onPlayerKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (target.closest(PLAYER_KEYS_IGNORED)) return;
    const direction = frameStepKey(event.key);
    if (direction !== null) {
      if (!canStepFrame) return;
      event.preventDefault();
      stepFrame(direction);
      return;
    }
    if (zoom.handleKey(event.key, target === picture.playerRef.current)) event.preventDefault();
  };

  const menu = moreMenuState({
    perms,
    camera,
    isLiveOn: live.isOn,
    isSingleView: true,
    experimentalFeatures,
    isTlt,
  });
  const features = {
    isTlt,
    useEnterAlert: camera.use_enter_alert,
    useOperationAnalysis: camera.use_operation_analysis,
  };
  const settingLinks = analysisSettingLinks(camera.camera_code, {
    ...features,
    usePersonTracking: camera.use_person_tracking,
  });
  // The heat map screen opens on this camera (features/heatmap reads `cameras` from the address).
  const heatmapLink =
    camera.use_heatmap && perms.heatmap
      ? `/heatmap?${new URLSearchParams({ cameras: camera.camera_code }).toString()}`
      : null;
  const infoOptions = videoInfoOptions(features);
  const openDownload = () => {
    // Dialogs open on the page, outside the full-screen player: leave full screen first.
    fullscreen.exit();
    setPanel('download');
  };

  const isFullscreen = fullscreen.isFullscreen;
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
      {(settingLinks.length > 0 || heatmapLink) && (
        <Group gap="xs" mt={-8} mb="sm" component="nav" aria-label={t('player.analysisSettings.label')}>
          {heatmapLink && (
            <Button
              component={Link}
              to={heatmapLink}
              variant="light"
              size="xs"
              leftSection={<IconFlame size={14} aria-hidden />}
            >
              {t('heatmap.detailLink')}
            </Button>
          )}
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
        ref={fullscreen.boxRef}
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
          onKeyDown={onPlayerKey}
        >
          <PlayerPicture
            camera={camera}
            player={player}
            playerRef={picture.playerRef}
            pictureRef={picture.pictureRef}
            getPicture={picture.getPicture}
            infoOptions={infoOptions}
            isPtzOpen={panel === 'ptz' && menu.showPtz}
            onClosePtz={() => setPanel(null)}
            zoom={zoom}
          />
          <PlayerControls
            isShown={controller.isShown}
            controllerProps={controller.controllerProps}
            cameraCode={camera.camera_code}
            minuteMs={player.selectedMs}
            isLive={live.isOn}
            hasArchiveRight={hasArchive}
            canPlay={playback.status === 'ready' || playback.status === 'loading'}
            isPlaying={playback.isPlaying}
            onTogglePlay={playback.togglePlay}
            currentTime={playback.currentTime + clipOffset}
            markers={player.markers}
            onSeek={(seconds) => playback.seek(Math.max(0, seconds - clipOffset))}
            volume={player.sound.volume}
            isMuted={player.sound.isMuted}
            onVolume={player.changeVolume}
            onToggleMute={player.toggleMute}
            speed={player.speed}
            onNextSpeed={player.nextSpeed}
            onSkipLatest={player.skipLatest}
            live={{
              isVisible: live.isSwitchVisible,
              isOn: live.isOn,
              onChange: live.setLive,
              isSupported: cameraHasLive(camera),
            }}
            canScreenshot={canTakeScreenshot({ isLivePossible: live.isPossible, isLiveOn: live.isOn })}
            onScreenshot={() => void picture.takeScreenshot()}
            isFullscreen={isFullscreen}
            onToggleFullscreen={fullscreen.toggle}
            isFullSize={isFullSize}
            onToggleFullSize={() => setFullSize(!isFullSize)}
            canStepFrame={canStepFrame}
            onStepFrame={stepFrame}
            frameEdge={playback.frameEdge}
            zoom={zoom}
            videoInfo={<VideoInfoMenu options={infoOptions} />}
            moreMenu={
              <MoreMenu
                cameraCode={camera.camera_code}
                state={menu}
                onOpenPtz={() => setPanel('ptz')}
                onOpenDownload={openDownload}
                onOpenEnterAlertCsv={() => setPanel('enterAlertCsv')}
                share={
                  hasArchive
                    ? {
                        minuteMs: live.isOn ? null : player.selectedMs,
                        canAllowDownload: perms.batchDownload,
                        beforeOpen: fullscreen.exit,
                      }
                    : undefined
                }
              />
            }
          />
        </Box>
      </Stack>
      {panel === 'download' && menu.canDownload && (
        <DownloadDialog
          cameraCode={camera.camera_code}
          hourStart={player.hourStart}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === 'enterAlertCsv' && menu.showEnterAlertCsv && (
        <EnterAlertCsvDialog
          cameraCode={camera.camera_code}
          dayMs={live.isOn || player.selectedMs === null ? player.hourStart : player.selectedMs}
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
        <DetailArchives
          cameraCode={camera.camera_code}
          player={player}
          onOpenTimeLapse={camera.use_time_lapse && TimeLapseDialog ? () => setTimeLapseOpen(true) : null}
        />
      )}
    </Box>
  );
}
