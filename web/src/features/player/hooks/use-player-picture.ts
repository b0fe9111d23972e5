// The picture on screen in the player (core.md §2, §4): the live canvas or video, or the playing archive video,
// for video info and the 360-degree viewer; and the controller's screenshot, which saves it as a JPEG.
import { useCallback, useMemo, useRef, type RefObject } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { saveBlob } from '../../../lib/save-file.ts';
import { showToast } from '../../../lib/toast.ts';
import { screenshotFileName } from '../more-menu-rules.ts';

const SCREENSHOT_JPEG_QUALITY = 0.92;
const LIVE_PICTURE = '[data-testid="live-canvas"], [data-testid="live-video"]';
const ARCHIVE_PICTURE = '[data-testid="archive-video"]';

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

export function usePlayerPicture(isLive: boolean, cameraName: string) {
  const { t } = useTranslation();
  const playerRef = useRef<HTMLDivElement>(null);
  // The element showing the picture now, looked up when asked (the players mount and unmount their own).
  const pictureRef = useMemo<RefObject<HTMLVideoElement | HTMLCanvasElement | null>>(
    () => ({
      get current() {
        return (
          playerRef.current?.querySelector<HTMLVideoElement | HTMLCanvasElement>(
            isLive ? LIVE_PICTURE : ARCHIVE_PICTURE,
          ) ?? null
        );
      },
    }),
    [isLive],
  );
  const getPicture = useCallback(() => pictureRef.current, [pictureRef]);
  const takeScreenshot = async () => {
    const saved = await saveCanvasAsJpeg(
      pictureCanvas(playerRef.current),
      screenshotFileName(cameraName, Date.now()),
    );
    if (!saved) showToast({ color: 'red', message: t('player.screenshotFailed') });
  };
  return { playerRef, pictureRef, getPicture, takeScreenshot };
}
