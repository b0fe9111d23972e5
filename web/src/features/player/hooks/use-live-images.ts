// The live image loop (advanced.md §4; core.md §7-§9): start live and renew it every 60 s, then ask for each
// newer JPEG in turn and draw it on the canvas. Failed or stale images are retried with a growing delay; an
// image that cannot be decoded ends in the no-live-data state; a refused start (4xx: offline, no right) in
// 'cannot live'. Passing failures are retried, but the spinner never stays for ever: starts that keep failing
// say 'cannot live' and no fresh picture for the stale age says live is unavailable, both while still trying
// (lib/live-failure.ts). The first start and still may already be on their way from the route's loader
// (live-prestart.ts).
import { useEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { LIVE_RENEWAL_INTERVAL_MS } from '@camwatch/contract/constants';
import { ApiError } from '../../../lib/api-client.ts';
import { startLive } from '../../../lib/api/start-live.ts';
import { fetchLiveImage } from '../../../lib/live-image.ts';
import { takeLiveHeadStart, type DecodedLiveImage } from '../live-prestart.ts';
import { isLiveImageStale, liveRetryDelayMs } from '../player-rules.ts';
import { liveStateAfterImageFailure, type LiveViewState } from '../live-failure-rules.ts';
import { hasStartKeptFailing, isLiveQuietTooLong } from '../../../lib/live-failure.ts';

export type { LiveViewState };

/** Waits `ms`, or less when aborted; leaves no listener behind on the long-lived signal. */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });

/** Runs while mounted; the viewer mounts it afresh (by key) for each camera. */
export function useLiveImages(
  cameraCode: string,
  liveIntervalSec: number,
  canvasRef: RefObject<HTMLCanvasElement | null>,
): LiveViewState {
  const [state, setState] = useState<LiveViewState>('loading');

  useEffect(() => {
    const abort = new AbortController();
    const { signal } = abort;
    let source: { url: string; isApi: boolean } | null = null;
    // Live and the first still may have been asked for already, while the screen loaded (live-prestart.ts).
    const headStart = takeLiveHeadStart(cameraCode);
    let earlyStart = headStart?.start ?? null;
    let earlyImage = headStart?.firstImage ?? null;

    const start = async (): Promise<boolean> => {
      try {
        const asked = earlyStart ?? startLive(cameraCode, signal);
        earlyStart = null;
        source = await asked;
        return true;
      } catch (error) {
        if (signal.aborted) return false;
        // 403 (no right, no live on this camera), 404, 409 (offline): live cannot start.
        if (error instanceof ApiError && error.status < 500) {
          setState('startFailed');
          abort.abort();
        }
        return false;
      }
    };

    /** Draws a still (a JPEG, or one the head start decoded already; null: it could not be decoded). */
    const draw = async (image: Blob | ImageBitmap | null): Promise<boolean> => {
      let bitmap: ImageBitmap;
      if (image === null) return false;
      try {
        bitmap = image instanceof Blob ? await createImageBitmap(image) : image;
      } catch {
        return false;
      }
      const canvas = canvasRef.current;
      if (canvas && !signal.aborted) {
        if (canvas.width !== bitmap.width) canvas.width = bitmap.width;
        if (canvas.height !== bitmap.height) canvas.height = bitmap.height;
        canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
      }
      bitmap.close();
      return true;
    };

    const loop = async () => {
      let after = 0;
      let lastModified: number | null = null;
      let attempt = 0;
      let shown = false;
      // Since when live has gone without a fresh picture: the start, then each picture drawn.
      let quietSince = Date.now();
      const fail = async () => {
        const isQuietTooLong = isLiveQuietTooLong(quietSince, Date.now(), liveIntervalSec);
        setState((current) => liveStateAfterImageFailure(current, isQuietTooLong));
        await sleep(liveRetryDelayMs(attempt++), signal);
      };
      let startFailures = 0;
      while (!signal.aborted && source === null) {
        if (await start()) break;
        if (signal.aborted) return; // refused: 'cannot live' is final
        startFailures++;
        if (hasStartKeptFailing(startFailures)) setState('startFailed');
        await sleep(liveRetryDelayMs(startFailures - 1), signal);
      }
      if (signal.aborted) return;
      quietSince = Date.now();
      setState((current) => (current === 'startFailed' ? 'loading' : current));
      while (!signal.aborted && source) {
        try {
          const asked = earlyImage ?? fetchLiveImage(source.url, after, source.isApi, signal);
          earlyImage = null;
          const answer: DecodedLiveImage = await asked;
          if (answer.kind === 'none') {
            // Nothing newer came: the image on screen goes stale once it is too old.
            if (
              (lastModified !== null && isLiveImageStale(lastModified, Date.now(), liveIntervalSec)) ||
              isLiveQuietTooLong(quietSince, Date.now(), liveIntervalSec)
            )
              await fail();
            continue;
          }
          after = answer.frameTime;
          lastModified = answer.lastModified;
          const decoded = answer.bitmap;
          if (isLiveImageStale(answer.lastModified, Date.now(), liveIntervalSec)) {
            decoded?.close();
            await fail();
            continue;
          }
          if (!(await draw(decoded === undefined ? answer.blob : decoded))) {
            if (!signal.aborted) setState('noLiveData');
            return;
          }
          attempt = 0;
          quietSince = Date.now();
          if (signal.aborted) return;
          // The canvas is hidden until then: show the still in this task rather than at React's next turn.
          if (shown) setState('playing');
          else flushSync(() => setState('playing'));
          shown = true;
        } catch {
          if (signal.aborted) return;
          await fail();
        }
      }
    };
    void loop();

    const renewal = setInterval(() => {
      if (source) void start();
    }, LIVE_RENEWAL_INTERVAL_MS);
    return () => {
      clearInterval(renewal);
      abort.abort();
    };
  }, [cameraCode, liveIntervalSec, canvasRef]);

  return state;
}
