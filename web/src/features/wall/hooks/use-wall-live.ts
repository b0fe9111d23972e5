// Live tiles of the wall: one LivePoller for the page's live cameras while the wall shows live, drawing
// each still on its tile's canvas (no React render per frame) and reporting each tile's state changes.
// The poller's counts are kept on window for the wall benchmark (bench/src/wall-16.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchLiveImage } from '../../../lib/live-image.ts';
import { startLive } from '../../../lib/api/start-live.ts';
import { LivePoller, type LiveTileState } from '../live-poller.ts';

declare global {
  interface Window {
    /** The running wall poller's counts: requests sent, frames drawn, ticks. */
    __wallLiveStats?: LivePoller['stats'] & { cameras: number; startedAt: number };
  }
}

async function drawOn(canvas: HTMLCanvasElement | undefined, blob: Blob): Promise<boolean> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    return false;
  }
  if (canvas) {
    if (canvas.width !== bitmap.width) canvas.width = bitmap.width;
    if (canvas.height !== bitmap.height) canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    canvas.dataset.frames = String(Number(canvas.dataset.frames ?? 0) + 1);
  }
  bitmap.close();
  return true;
}

export function useWallLive(codes: readonly string[], isActive: boolean, isPaused: boolean) {
  const canvases = useRef(new Map<string, HTMLCanvasElement>());
  const poller = useRef<LivePoller | null>(null);
  const [states, setStates] = useState<Record<string, LiveTileState>>({});
  const key = codes.join(',');

  const onCanvas = useCallback((code: string, canvas: HTMLCanvasElement | null) => {
    if (canvas) canvases.current.set(code, canvas);
    else canvases.current.delete(code);
  }, []);

  useEffect(() => {
    if (!isActive || key === '') return;
    const list = key.split(',');
    const current = new LivePoller(list, {
      startLive,
      fetchImage: fetchLiveImage,
      isRefusal: (error) => error instanceof ApiError && error.status < 500,
      onFrame: (code, blob) => drawOn(canvases.current.get(code), blob),
      onState: (code, state) => setStates((previous) => ({ ...previous, [code]: state })),
    });
    poller.current = current;
    window.__wallLiveStats = Object.assign(current.stats, { cameras: list.length, startedAt: Date.now() });
    current.start();
    return () => {
      current.stop();
      poller.current = null;
      setStates({});
    };
  }, [key, isActive]);

  useEffect(() => {
    if (isPaused) poller.current?.pause();
    else poller.current?.resume();
  }, [isPaused, key, isActive]);

  return { states, onCanvas };
}
