// The 360-degree viewer over the detail player of a fisheye camera (advanced.md §2, §4, §9). At the minimum
// zoom it shows the picture as it comes (display state normal); the mouse wheel (or + and -) zooms into the
// dewarped view (state fisheye), a drag (or the arrow keys) turns it. The live canvas or the archive video is
// sampled every 1000/fps ms (at most 200 ms) into a WebGL texture. A coach mark says so for 3 s, once per
// session; a browser without WebGL gets a message and the plain picture.
import { Badge, Box, Paper, Text } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { COACH_MARK_MS } from '@camwatch/contract/constants';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  clampPitch,
  displayState,
  initialView,
  radiusInPicture,
  renderIntervalMs,
  zoomAfterWheel,
  type View,
} from '../dewarp.ts';
import { canUseWebgl, FisheyeRenderer, type PictureSource } from '../fisheye-gl.ts';
import { shouldShowCoachMark, markCoachMarkShown } from '../coach-mark.ts';
import '../fisheye-texts.ts';

export interface FisheyeViewerProps {
  cameraName: string;
  /** The camera's own resolution (the calibration table's key). */
  imageWidth: number;
  imageHeight: number;
  fps: number;
  /** The element holding the current picture: the live canvas or the archive video. */
  getSource: () => PictureSource | null;
}

const TURN_STEP = 0.1;

export function FisheyeViewer({ cameraName, imageWidth, imageHeight, fps, getSource }: FisheyeViewerProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [view, setView] = useState<View>(() => initialView(16 / 9));
  const [hasWebgl] = useState(canUseWebgl);
  const [isCoachMarkShown, setCoachMarkShown] = useState(shouldShowCoachMark);
  const viewRef = useRef(view);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const state = displayState(view.zoom);

  useEffect(() => {
    viewRef.current = view;
  }, [view]);

  useEffect(() => {
    if (!isCoachMarkShown) return;
    markCoachMarkShown();
    const timer = setTimeout(() => setCoachMarkShown(false), COACH_MARK_MS);
    return () => clearTimeout(timer);
  }, [isCoachMarkShown]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!hasWebgl || state !== 'fisheye' || !canvas) return;
    let renderer: FisheyeRenderer;
    try {
      renderer = new FisheyeRenderer(canvas);
    } catch {
      return;
    }
    const draw = () => {
      const source = getSource();
      if (!source) return;
      const picture = renderer.pictureSize(source);
      const radius = radiusInPicture({ width: imageWidth, height: imageHeight }, picture);
      if (renderer.render(source, viewRef.current, radius)) canvas.dataset.rendered = String(Date.now());
    };
    draw();
    const timer = setInterval(draw, renderIntervalMs(fps));
    canvas.addEventListener('fisheye-view', draw);
    return () => {
      clearInterval(timer);
      canvas.removeEventListener('fisheye-view', draw);
      renderer.dispose();
    };
  }, [hasWebgl, state, fps, getSource, imageWidth, imageHeight]);

  // Redraw at once when the view changes, not only on the next interval.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas) canvas.dispatchEvent(new Event('fisheye-view'));
  }, [view]);

  // React's wheel listener is passive; this one must prevent the page from scrolling.
  useEffect(() => {
    const element = canvasRef.current?.parentElement;
    if (!element || !hasWebgl) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      setView((current) => ({ ...current, zoom: zoomAfterWheel(current.zoom, event.deltaY) }));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [hasWebgl]);

  const turn = (dYaw: number, dPitch: number) =>
    setView((current) => ({
      ...current,
      yaw: current.yaw + dYaw,
      pitch: clampPitch(current.pitch + dPitch),
    }));

  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowLeft: () => turn(-TURN_STEP, 0),
      ArrowRight: () => turn(TURN_STEP, 0),
      ArrowUp: () => turn(0, TURN_STEP),
      ArrowDown: () => turn(0, -TURN_STEP),
      '+': () => setView((c) => ({ ...c, zoom: zoomAfterWheel(c.zoom, -100) })),
      '-': () => setView((c) => ({ ...c, zoom: zoomAfterWheel(c.zoom, 100) })),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    drag.current = { x: event.clientX, y: event.clientY };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (!drag.current || state !== 'fisheye') return;
    const dx = event.clientX - drag.current.x;
    const dy = event.clientY - drag.current.y;
    drag.current = { x: event.clientX, y: event.clientY };
    turn(-dx * 0.005, dy * 0.005);
  };

  if (!hasWebgl)
    return (
      <Paper pos="absolute" bottom={8} left={8} px="xs" py={4} bg="rgba(0,0,0,0.7)" role="alert">
        <Text size="xs" c="gray.1">
          {t('messages.no360Support')}
        </Text>
      </Paper>
    );

  return (
    <Box
      pos="absolute"
      inset={0}
      tabIndex={0}
      role="application"
      aria-label={t('fisheye.viewer', { name: cameraName })}
      aria-description={t('fisheye.hint')}
      data-testid="fisheye-viewer"
      data-display-state={state}
      data-zoom={view.zoom}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => (drag.current = null)}
      style={{ cursor: state === 'fisheye' ? 'grab' : 'zoom-in', touchAction: 'none' }}
    >
      <canvas
        ref={canvasRef}
        data-testid="fisheye-canvas"
        aria-hidden
        style={{
          width: '100%',
          height: '100%',
          display: 'block',
          visibility: state === 'fisheye' ? 'visible' : 'hidden',
          background: 'black',
        }}
      />
      <Badge
        pos="absolute"
        top={8}
        right={8}
        variant="filled"
        color={state === 'fisheye' ? 'blue' : 'gray'}
        aria-live="polite"
      >
        {state === 'fisheye'
          ? `${t('fisheye.panorama')} · ${t('fisheye.zoom')} ${Math.round(((view.zoom - MIN_ZOOM) / (MAX_ZOOM - MIN_ZOOM)) * 100)}%`
          : t('fisheye.normal')}
      </Badge>
      {isCoachMarkShown && (
        <Paper
          pos="absolute"
          top="50%"
          left="50%"
          px="md"
          py="xs"
          shadow="md"
          role="status"
          data-testid="fisheye-coach-mark"
          style={{ transform: 'translate(-50%, -50%)', pointerEvents: 'none' }}
        >
          <Text size="sm">{t('fisheye.coachMark')}</Text>
        </Paper>
      )}
    </Box>
  );
}
