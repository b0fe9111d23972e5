// What the detail page's player shows (core.md §2, §4): live images or live HLS, the archive videos (kept
// mounted, hidden while live), the 360-degree viewer for fisheye cameras, a reason when there is nothing to
// show, video info over the picture and the PTZ panel. With `zoom` (issue 22) the frame takes focus, wheel,
// pinch and drag, its pictures and video info's drawings follow the zoom, and the level shows at the top with a
// reset button while zoomed.
import { ActionIcon, Box, Center, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconZoomReset } from '@tabler/icons-react';
import { lazy, Suspense, useRef, type RefObject } from 'react';
import type { CameraDetail } from '@camwatch/contract/cameras';
import { cameraHasLive } from '@camwatch/contract/permissions';
import { useTranslation } from '../../../lib/i18n.ts';
import { useDetailSlots } from '../detail-slots.ts';
import type { DetailPlayer } from '../hooks/use-detail-player.ts';
import type { PlayerZoom } from '../hooks/use-player-zoom.ts';
import type { VideoInfoOption } from '../video-info-rules.ts';
import { ArchiveVideos } from './ArchiveVideos.tsx';
import { LiveHlsPlayer } from './LiveHlsPlayer.tsx';
import { LiveImageViewer } from './LiveImageViewer.tsx';
import { VideoInfoOverlay } from './VideoInfo.tsx';

/** The PTZ panel (with its presets' scroll area) loads when it is first opened (issue 19). */
const PtzPanel = lazy(async () => ({ default: (await import('./PtzPanel.tsx')).PtzPanel }));

interface Props {
  camera: CameraDetail;
  player: DetailPlayer;
  playerRef: RefObject<HTMLDivElement | null>;
  pictureRef: RefObject<HTMLVideoElement | HTMLCanvasElement | null>;
  getPicture: () => HTMLVideoElement | HTMLCanvasElement | null;
  infoOptions: readonly VideoInfoOption[];
  isPtzOpen: boolean;
  onClosePtz: () => void;
  /** Digital zoom of the picture; without it the picture is shown as it comes. */
  zoom?: PlayerZoom;
}

export function PlayerPicture({ camera, player, playerRef, pictureRef, getPicture, zoom, ...props }: Props) {
  const { t } = useTranslation();
  // The 360-degree viewer (fisheye cameras) comes from its own feature.
  const { FisheyeViewer } = useDetailSlots();
  const liveVideoRef = useRef<HTMLVideoElement>(null);
  const { isOn: isLive, mode: liveMode } = player.live;
  const { hasArchive } = player;
  return (
    <Box
      ref={playerRef}
      role="region"
      aria-label={t('player.area')}
      aria-description={zoom?.isEnabled ? t('playerTools.picture') : undefined}
      aria-keyshortcuts={
        zoom?.isEnabled ? '+ - 0 , . ArrowLeft ArrowRight ArrowUp ArrowDown Escape' : undefined
      }
      tabIndex={zoom?.isEnabled ? 0 : undefined}
      data-zoom={zoom?.isZoomed ? zoom.view.scale.toFixed(2) : undefined}
      pos="absolute"
      inset={0}
      // The focus ring inside the frame: the stage clips what is outside.
      style={{ overflow: 'hidden', outlineOffset: -3, ...zoom?.frameStyle }}
    >
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
        <ArchiveVideos playback={player.playback} cameraName={camera.camera_name} isHidden={isLive} />
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
        source={player.infoSource}
        mediaRef={pictureRef}
        fallbackSize={{ width: camera.image_rs_width || 16, height: camera.image_rs_height || 9 }}
        motionArea={camera.motion_area}
        useMotion={camera.use_motion}
        cameraCode={camera.camera_code}
        options={props.infoOptions}
      />
      {zoom?.isZoomed && (
        <Group
          pos="absolute"
          top={8}
          left="50%"
          gap={2}
          pl={10}
          pr={2}
          py={2}
          wrap="nowrap"
          data-zoom-ignore
          data-testid="zoom-level"
          style={{
            transform: 'translateX(-50%)',
            zIndex: 3,
            background: 'rgba(0, 0, 0, 0.6)',
            borderRadius: 16,
            cursor: 'default',
          }}
        >
          <Text size="sm" c="white" ff="monospace">
            <VisuallyHidden>{t('playerTools.zoomLevel', { level: zoom.label })}</VisuallyHidden>
            <span aria-hidden>{zoom.label}</span>
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray.1"
            radius="xl"
            size="md"
            aria-label={t('playerTools.zoomReset')}
            onClick={zoom.reset}
          >
            <IconZoomReset size={16} aria-hidden />
          </ActionIcon>
        </Group>
      )}
      {props.isPtzOpen && (
        <Box data-zoom-ignore>
          <Suspense fallback={null}>
            <PtzPanel cameraCode={camera.camera_code} camera={camera} onClose={props.onClosePtz} />
          </Suspense>
        </Box>
      )}
    </Box>
  );
}
