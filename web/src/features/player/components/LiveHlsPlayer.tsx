// Live video of a streaming camera (use_streaming; core.md §4, §7, §9): the streaming call in live mode gives a
// signed address. Where Media Source Extensions play H.264 (Chromium, Firefox, Edge), the low-latency fMP4
// stream at that address is played over a WebSocket (live-fmp4-player.ts, loaded only now); when it gives no
// picture or fails, the HLS playlist takes over, played by hls.js (also loaded only then). Browsers that play
// HLS themselves (Safari) get the playlist directly. A refused or failed stream shows 'cannot live'; the
// spinner shows until the first frame. data-live-transport says which one plays.
import { Box } from '@mantine/core';
import { useEffect, useState, type RefObject } from 'react';
import { STREAMING_EXPIRES_LIVE_SEC } from '@camwatch/contract/constants';
import { useTranslation } from '../../../lib/i18n.ts';
import { startStreaming } from '../api/start-streaming.ts';
import { zoomedStyle } from '../player-tools-rules.ts';
import { LiveLoadingOverlay, LiveProblemOverlay } from './LiveOverlays.tsx';

type HlsState = 'loading' | 'playing' | 'failed';
type Transport = 'fmp4' | 'hls' | 'native-hls' | null;

/** hls.js settings for the agents' 1 s segments: stay two segments behind the live edge. */
const HLS_CONFIG = { liveSyncDurationCount: 2, liveMaxLatencyDurationCount: 6, maxLiveSyncPlaybackRate: 1.2 };

interface Props {
  cameraCode: string;
  cameraName: string;
  videoRef: RefObject<HTMLVideoElement | null>;
}

export function LiveHlsPlayer({ cameraCode, cameraName, videoRef }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<HlsState>('loading');
  const [transport, setTransport] = useState<Transport>(null);

  useEffect(() => {
    const abort = new AbortController();
    let destroy = () => {};
    const run = async () => {
      const video = videoRef.current;
      if (!video) return;
      let answer;
      try {
        answer = await startStreaming(
          cameraCode,
          { mode: 'live', expires: STREAMING_EXPIRES_LIVE_SEC },
          abort.signal,
        );
      } catch {
        if (!abort.signal.aborted) setState('failed');
        return;
      }
      if (abort.signal.aborted) return;
      if (!answer.ok) return setState('failed');
      const { url } = answer;
      const fmp4 = await import('../live-fmp4-player.ts');
      if (abort.signal.aborted) return;
      if (fmp4.canPlayFmp4()) {
        setTransport('fmp4');
        const fellBack = await new Promise<boolean>((resolve) => {
          const player = new fmp4.LiveFmp4Player(video, fmp4.fmp4SocketUrl(url, location.href), (next) => {
            if (next === 'failed') resolve(true);
          });
          destroy = () => {
            player.destroy();
            resolve(false);
          };
          player.start();
        });
        if (!fellBack || abort.signal.aborted) return;
        // No picture, or the stream broke for good: HLS from here (the same signed address).
        setState('loading');
      }
      await playHls(video, url);
    };
    const playHls = async (video: HTMLVideoElement, url: string) => {
      const { default: Hls } = await import('hls.js');
      if (abort.signal.aborted) return;
      if (Hls.isSupported()) {
        setTransport('hls');
        const hls = new Hls(HLS_CONFIG);
        destroy = () => hls.destroy();
        let recoveries = 0;
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // One recovery of each kind, then give up: the stream is really gone.
          if (recoveries++ < 2 && data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
          else if (recoveries < 3 && data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
          else setState('failed');
        });
        hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch(() => {}));
        hls.loadSource(url);
        hls.attachMedia(video);
      } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
        setTransport('native-hls');
        video.src = url;
        destroy = () => video.removeAttribute('src');
        void video.play().catch(() => {});
      } else {
        setState('failed');
      }
    };
    void run();
    return () => {
      abort.abort();
      destroy();
    };
  }, [cameraCode, videoRef]);

  return (
    <Box pos="absolute" inset={0} data-live-state={state} data-live-transport={transport ?? undefined}>
      <video
        ref={videoRef}
        data-testid="live-video"
        aria-label={t('player.liveImage', { name: cameraName })}
        muted
        playsInline
        autoPlay
        onPlaying={() => setState('playing')}
        style={{
          width: '100%',
          height: '100%',
          objectFit: 'contain',
          display: 'block',
          visibility: state === 'playing' ? 'visible' : 'hidden',
          ...zoomedStyle,
        }}
      />
      {state === 'loading' && <LiveLoadingOverlay />}
      {state === 'failed' && <LiveProblemOverlay message={t('messages.cannotLiveContact')} />}
    </Box>
  );
}
