// One tile of the multi-video wall: the camera's name (a link to its detail page), and either its live
// canvas (drawn by the wall's shared poller) or its archive videos (kept on the wall's clock by the wall's
// sync loop: the clock's minute, shown, and the next minute's, preloaded hidden so the tiles move on
// together), with the tile's message: not supported, cannot live, no data, no recording at this time (core.md
// §4, §8; issue 22).
import { Anchor, Box, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ArchiveEntry } from '@camwatch/contract/archives';
import { useTranslation } from '../../../lib/i18n.ts';
import { getArchiveVideoUrl } from '../../../lib/api/archive-video-url.ts';
import { localTimeWithSeconds } from '../../../lib/local-time.ts';
import type { LiveTileState } from '../live-poller.ts';
import type { ClipPlace } from '../sync-rules.ts';
import { archiveTileMessage, liveTileMessage, type TileMessage } from '../wall-rules.ts';
import '../synced-wall-texts.ts';

export interface WallTileCamera {
  camera_code: string;
  camera_name: string;
  hasLive: boolean;
}

interface Props {
  camera: WallTileCamera;
  mode: 'live' | 'archive';
  liveState: LiveTileState;
  /** The clock's minute's archive entry; undefined while its hour loads. */
  entry: ArchiveEntry | null | undefined;
  /** The next minute's entry, preloaded. */
  nextEntry: ArchiveEntry | null | undefined;
  /** Where the wall's clock stands in this tile's clip (set by the wall's sync loop); null: not known yet. */
  place: ClipPlace | null;
  onCanvas: (code: string, canvas: HTMLCanvasElement | null) => void;
}

const messageKey: Record<Exclude<TileMessage, null>, string> = {
  notSupported: 'messages.notSupported',
  cannotLive: 'wall.cannotLive',
  noData: 'messages.noData',
  noRecording: 'syncedWall.noRecording',
};

interface Clip {
  id: string;
  minuteMs: number;
  offsetSec: number;
  isCurrent: boolean;
}

function clipOf(entry: ArchiveEntry | null | undefined, isCurrent: boolean): Clip | null {
  if (!entry?.has_data || !entry.archive_id) return null;
  return {
    id: entry.archive_id,
    minuteMs: Date.parse(entry.start_time),
    offsetSec: entry.clip_offset_sec,
    isCurrent,
  };
}

type Address = { url: string | null; failed: boolean };

/** The signed addresses of the tile's clips, asked once per clip (the next minute's ahead of time). */
function useClipAddresses(ids: readonly string[]) {
  const [addresses, setAddresses] = useState<Record<string, Address>>({});
  const asked = useRef(new Map<string, AbortController>());
  const idsKey = ids.join(' ');
  useEffect(() => {
    const wanted = new Set(idsKey.split(' ').filter(Boolean));
    for (const [id, abort] of asked.current)
      if (!wanted.has(id)) {
        abort.abort();
        asked.current.delete(id);
      }
    const keep = (all: Record<string, Address>) =>
      Object.fromEntries(Object.entries(all).filter(([id]) => asked.current.has(id)));
    for (const id of wanted) {
      if (asked.current.has(id)) continue;
      const abort = new AbortController();
      asked.current.set(id, abort);
      getArchiveVideoUrl(id, abort.signal).then(
        (url) => setAddresses((all) => ({ ...keep(all), [id]: { url, failed: false } })),
        () =>
          !abort.signal.aborted &&
          setAddresses((all) => ({ ...keep(all), [id]: { url: null, failed: true } })),
      );
    }
  }, [idsKey]);
  useEffect(() => {
    const all = asked.current;
    return () => {
      for (const abort of all.values()) abort.abort();
      all.clear();
    };
  }, []);
  const fail = (id: string) => setAddresses((all) => ({ ...all, [id]: { url: null, failed: true } }));
  return { addresses, fail };
}

export function WallTile({ camera, mode, liveState, entry, nextEntry, place, onCanvas }: Props) {
  const { t } = useTranslation();
  const code = camera.camera_code;
  const clips =
    mode === 'archive'
      ? [clipOf(entry, true), clipOf(nextEntry, false)].filter((clip): clip is Clip => clip !== null)
      : [];
  const { addresses, fail } = useClipAddresses(clips.map((clip) => clip.id));
  const current = clips[0]?.isCurrent ? clips[0] : null;
  const currentAddress = current ? addresses[current.id] : undefined;

  const message =
    mode === 'live'
      ? liveTileMessage(camera.hasLive, liveState === 'cannotLive')
      : entry === undefined
        ? null
        : archiveTileMessage(!!entry?.has_data, currentAddress?.failed ?? false, place);
  const isLoading =
    message === null &&
    (mode === 'live' ? liveState === 'loading' || liveState === 'retrying' : !currentAddress?.url);
  const isShown = place !== 'before' && place !== 'after';

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
      {clips.map((clip) => {
        const url = addresses[clip.id]?.url;
        if (!url) return null;
        // Keyed by the clip: the preloaded next minute's element becomes the shown one as it is.
        return (
          <video
            key={clip.id}
            src={url}
            data-testid={clip.isCurrent ? 'wall-video' : 'wall-video-next'}
            data-camera={code}
            data-minute={clip.minuteMs}
            data-clip-start={clip.minuteMs + clip.offsetSec * 1000}
            data-offset={clip.offsetSec}
            aria-label={t('player.archiveVideo', { name: camera.camera_name })}
            aria-hidden={clip.isCurrent && isShown ? undefined : true}
            muted
            playsInline
            preload="auto"
            onError={() => fail(clip.id)}
            style={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'contain',
              visibility: clip.isCurrent && isShown ? 'visible' : 'hidden',
            }}
          />
        );
      })}
      {(message || isLoading) && (
        <Center pos="absolute" inset={0}>
          {message ? (
            <Stack gap={2} align="center" role="status" px="xs">
              <Text c="gray.3" size="sm" ta="center">
                {t(messageKey[message])}
              </Text>
              {message === 'noRecording' && place === 'before' && current && (
                <Text c="gray.5" size="xs" ta="center">
                  {t('syncedWall.recordingFrom', {
                    time: localTimeWithSeconds(current.minuteMs + current.offsetSec * 1000),
                  })}
                </Text>
              )}
            </Stack>
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
