// One tile of the multi-video wall: the camera's name (a link to its detail page), and either its live
// canvas (drawn by the wall's shared poller) or its archive video (kept on the wall's clock by the wall), with
// the tile's message: not supported, cannot live, no data (core.md §4, §8).
import { Anchor, Box, Center, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ArchiveEntry } from '@camwatch/contract/archives';
import { useTranslation } from '../../../lib/i18n.ts';
import { getArchiveVideoUrl } from '../../../lib/api/archive-video-url.ts';
import type { LiveTileState } from '../live-poller.ts';
import { archiveTileMessage, liveTileMessage, type TileMessage } from '../wall-rules.ts';

export interface WallTileCamera {
  camera_code: string;
  camera_name: string;
  hasLive: boolean;
}

interface Props {
  camera: WallTileCamera;
  mode: 'live' | 'archive';
  liveState: LiveTileState;
  /** The minute's archive entry; undefined while its hour loads. */
  entry: ArchiveEntry | null | undefined;
  onCanvas: (code: string, canvas: HTMLCanvasElement | null) => void;
  onVideo: (code: string, video: HTMLVideoElement | null) => void;
}

const messageKey: Record<Exclude<TileMessage, null>, string> = {
  notSupported: 'messages.notSupported',
  cannotLive: 'wall.cannotLive',
  noData: 'messages.noData',
};

export function WallTile({ camera, mode, liveState, entry, onCanvas, onVideo }: Props) {
  const { t } = useTranslation();
  const code = camera.camera_code;
  const archiveId = mode === 'archive' && entry?.has_data ? entry.archive_id : null;
  const [video, setVideo] = useState<{ id: string; url: string | null; failed: boolean } | null>(null);

  useEffect(() => {
    if (!archiveId) return;
    const abort = new AbortController();
    getArchiveVideoUrl(archiveId, abort.signal).then(
      (url) => setVideo({ id: archiveId, url, failed: false }),
      () => !abort.signal.aborted && setVideo({ id: archiveId, url: null, failed: true }),
    );
    return () => abort.abort();
  }, [archiveId]);

  const current = video && video.id === archiveId ? video : null;
  const message =
    mode === 'live'
      ? liveTileMessage(camera.hasLive, liveState === 'cannotLive')
      : entry === undefined
        ? null
        : archiveTileMessage(!!entry?.has_data, current?.failed ?? false);
  const isLoading =
    message === null &&
    (mode === 'live' ? liveState === 'loading' || liveState === 'retrying' : !current?.url);

  return (
    <Box
      pos="relative"
      bg="black"
      data-testid="wall-tile"
      data-camera={code}
      data-message={message ?? undefined}
      style={{ overflow: 'hidden', minHeight: 0, minWidth: 0 }}
    >
      {mode === 'live' && camera.hasLive && (
        <canvas
          ref={(element) => onCanvas(code, element)}
          role="img"
          aria-label={t('player.liveImage', { name: camera.camera_name })}
          data-testid="wall-live-canvas"
          style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      )}
      {mode === 'archive' && current?.url && (
        <video
          ref={(element) => onVideo(code, element)}
          src={current.url}
          data-testid="wall-video"
          data-offset={entry?.clip_offset_sec ?? 0}
          aria-label={t('player.archiveVideo', { name: camera.camera_name })}
          muted
          playsInline
          preload="auto"
          onError={() => setVideo({ id: current.id, url: null, failed: true })}
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
        />
      )}
      {(message || isLoading) && (
        <Center pos="absolute" inset={0}>
          {message ? (
            <Text c="gray.3" size="sm" role="status" ta="center" px="xs">
              {t(messageKey[message])}
            </Text>
          ) : (
            <Loader color="gray.4" size="sm" aria-label={t('common.loading')} />
          )}
        </Center>
      )}
      <Anchor
        component={Link}
        to={`/detail/${encodeURIComponent(code)}`}
        size="xs"
        c="white"
        pos="absolute"
        top={0}
        left={0}
        px={6}
        py={2}
        bg="rgba(0,0,0,0.55)"
        style={{ borderBottomRightRadius: 4, maxWidth: '100%' }}
        truncate
      >
        {camera.camera_name}
      </Anchor>
    </Box>
  );
}
