// Video info (core.md §2): the toggle with its checkboxes, kept in the browser (detail display options), and
// what they draw over the picture: the date and time of what plays (the archive clip's wall-clock time, or the
// clock while live), the camera's motion detection area, and the boxes of what moved in the playing minute at
// the playing position; in TLT environment modes also the entry detection area (and machine area) of each of the
// camera's area links and its operation areas, each with its name. Drawings are scaled to the rectangle the
// picture really occupies (object-fit: contain), which the overlay measures itself, and follow the player's
// digital zoom (the same transform as the picture); the date and time stay where they are.
import { ActionIcon, Box, Checkbox, Stack, Text } from '@mantine/core';
import { IconInfoSquareRounded } from '@tabler/icons-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { MotionArea } from '@camwatch/contract/device';
import { FirstUsePopover } from '../../../components/ui/FirstUsePopover.tsx';
import { useBrowserState } from '../../../lib/browser-state.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useArchiveMotion } from '../api/get-archive-motion.ts';
import { useAreaLinks, useOperationAnalysisSetting } from '../api/get-analysis-areas.ts';
import {
  areaLabelAt,
  containedRect,
  motionBoxesAt,
  playingWallClock,
  polygonPoints,
  type Rect,
  type VideoInfoOption,
} from '../video-info-rules.ts';
import { zoomedStyle } from '../player-tools-rules.ts';

/** `options`: the checkboxes this camera offers (videoInfoOptions). */
export function VideoInfoMenu({ options }: { options: readonly VideoInfoOption[] }) {
  const { t } = useTranslation();
  const [display, setDisplay] = useBrowserState('detailDisplay');
  const anyOn = options.some((key) => display[key]);
  return (
    // The controller's light text colour must not reach the light dropdown. The popover's code loads on first use.
    <FirstUsePopover
      position="top-end"
      withinPortal={false}
      shadow="md"
      trapFocus={false}
      dropdownProps={{ style: { color: 'var(--mantine-color-text)' } }}
      target={
        <ActionIcon
          variant="subtle"
          color={anyOn ? 'yellow.4' : 'gray.1'}
          style={{ backgroundColor: 'transparent' }}
          size="lg"
          aria-label={t('player.videoInfo.toggle')}
          aria-pressed={anyOn}
        >
          <IconInfoSquareRounded size={20} aria-hidden />
        </ActionIcon>
      }
    >
      <Stack gap={8} role="group" aria-label={t('player.videoInfo.toggle')}>
        {options.map((key) => (
          <Checkbox
            key={key}
            label={t(`player.videoInfo.${key}`)}
            checked={display[key]}
            onChange={(event) => setDisplay({ ...display, [key]: event.currentTarget.checked })}
          />
        ))}
      </Stack>
    </FirstUsePopover>
  );
}

/** The size of an element's box, kept up to date. */
function useBoxSize(ref: RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** A value re-read on every animation frame while `active` (the video's position for smooth boxes). */
function useFrameValue<T>(read: () => T, active: boolean, initial: T): T {
  const [value, setValue] = useState(initial);
  const readRef = useRef(read);
  readRef.current = read;
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const loop = () => {
      const next = readRef.current();
      setValue((current) => (Object.is(current, next) ? current : next));
      frame = requestAnimationFrame(loop);
    };
    frame = requestAnimationFrame(loop);
    return () => cancelAnimationFrame(frame);
  }, [active]);
  return value;
}

interface OverlayProps {
  /** What plays: an archive minute (its start and id) in the video, or live. */
  source:
    | { kind: 'archive'; minuteMs: number; archiveId: string | null; clipOffsetSec: number }
    | { kind: 'live' }
    | null;
  /** The element showing the picture (video or canvas), for its intrinsic size and position. */
  mediaRef: RefObject<HTMLVideoElement | HTMLCanvasElement | null>;
  fallbackSize: { width: number; height: number };
  motionArea: MotionArea;
  useMotion: boolean;
  cameraCode: string;
  /** The video info options this camera offers; the TLT areas are drawn only when offered and checked. */
  options: readonly VideoInfoOption[];
}

const ENTRY_COLOR = 'rgb(250, 82, 82)';
const MACHINE_COLOR = 'rgb(253, 126, 20)';
const OPERATION_COLOR = 'rgb(34, 139, 230)';

/** A named area: its outline and its name at the top-most point, readable on any picture. */
function NamedArea(props: {
  testId: string;
  points: readonly { x: number; y: number }[];
  rect: Rect;
  color: string;
  fill: string;
  name: string;
  dashed?: boolean;
}) {
  const label = areaLabelAt(props.points, props.rect);
  return (
    <g data-testid={props.testId} data-name={props.name}>
      <polygon
        points={polygonPoints(props.points, props.rect)}
        fill={props.fill}
        stroke={props.color}
        strokeWidth={2}
        strokeDasharray={props.dashed ? '6 4' : undefined}
      />
      <text
        x={label.x}
        y={label.y}
        fill="white"
        stroke="rgba(0, 0, 0, 0.75)"
        strokeWidth={3}
        paintOrder="stroke"
        fontSize={12}
        fontWeight={600}
      >
        {props.name}
      </text>
    </g>
  );
}

const intrinsicSize = (element: HTMLVideoElement | HTMLCanvasElement | null) => {
  if (!element) return null;
  const width = element instanceof HTMLVideoElement ? element.videoWidth : element.width;
  const height = element instanceof HTMLVideoElement ? element.videoHeight : element.height;
  return width > 0 && height > 0 ? { width, height } : null;
};

export function VideoInfoOverlay({
  source,
  mediaRef,
  fallbackSize,
  motionArea,
  useMotion,
  cameraCode,
  options,
}: OverlayProps) {
  const { t } = useTranslation();
  const [display] = useBrowserState('detailDisplay');
  const boxRef = useRef<HTMLDivElement>(null);
  const box = useBoxSize(boxRef);
  const isArchive = source?.kind === 'archive';
  const wantsPosition = source !== null && (display.dateTime || (display.motionInfo && isArchive));
  // Position in the clip (archive) or the clock (live), re-read each frame while something shows it.
  const position = useFrameValue(
    () => {
      const element = mediaRef.current;
      if (isArchive)
        return element instanceof HTMLVideoElement ? Math.round(element.currentTime * 10) / 10 : 0;
      return Math.floor(Date.now() / 1000);
    },
    wantsPosition,
    0,
  );
  const motion = useArchiveMotion(
    source?.kind === 'archive' ? source.archiveId : null,
    display.motionInfo && isArchive && useMotion,
  );
  const showEntry = options.includes('enterAlertArea') && display.enterAlertArea && source !== null;
  const showOperation = options.includes('operationArea') && display.operationArea && source !== null;
  const areaLinks = useAreaLinks(cameraCode, showEntry).data;
  const operation = useOperationAnalysisSetting(cameraCode, showOperation).data;
  const size = intrinsicSize(mediaRef.current) ?? fallbackSize;
  const rect: Rect = containedRect(box.width, box.height, size.width, size.height);
  if (!source) return <Box ref={boxRef} pos="absolute" inset={0} style={{ pointerEvents: 'none' }} />;

  const clock =
    source.kind === 'archive'
      ? formatDateTime(playingWallClock(source.minuteMs, position, source.clipOffsetSec))
      : formatDateTime(position * 1000);
  // Boxes are written in seconds of the minute, like the events.
  const boxes =
    source.kind === 'archive' && display.motionInfo
      ? motionBoxesAt(motion.data ?? [], position + source.clipOffsetSec)
      : [];
  const area = display.motionArea && useMotion ? (motionArea.length > 0 ? motionArea : null) : undefined;

  return (
    <Box
      ref={boxRef}
      pos="absolute"
      inset={0}
      style={{ pointerEvents: 'none', zIndex: 2 }}
      aria-label={t('player.videoInfo.overlay')}
      role="group"
    >
      <svg
        width={box.width}
        height={box.height}
        style={{ position: 'absolute', inset: 0, ...zoomedStyle }}
        aria-hidden
      >
        {area === null && (
          <rect
            data-testid="motion-area"
            x={rect.x + 1}
            y={rect.y + 1}
            width={Math.max(0, rect.width - 2)}
            height={Math.max(0, rect.height - 2)}
            fill="rgba(64, 192, 87, 0.12)"
            stroke="rgb(64, 192, 87)"
            strokeWidth={2}
          />
        )}
        {area?.map((polygon, i) => (
          <polygon
            key={i}
            data-testid="motion-area"
            points={polygonPoints(polygon, rect)}
            fill="rgba(64, 192, 87, 0.15)"
            stroke="rgb(64, 192, 87)"
            strokeWidth={2}
          />
        ))}
        {showOperation &&
          operation?.operationAreaList.map((area) => (
            <NamedArea
              key={area.operationAreaName}
              testId="operation-area"
              points={area.points}
              rect={rect}
              color={OPERATION_COLOR}
              fill="rgba(34, 139, 230, 0.12)"
              name={area.operationAreaName}
            />
          ))}
        {showEntry &&
          areaLinks?.map((link) =>
            link.machineArea ? (
              <NamedArea
                key={`machine-${link.id}`}
                testId="machine-area"
                points={link.machineArea}
                rect={rect}
                color={MACHINE_COLOR}
                fill="rgba(253, 126, 20, 0.1)"
                name={t('player.videoInfo.machineOf', { area: link.areaName })}
                dashed
              />
            ) : null,
          )}
        {showEntry &&
          areaLinks?.map((link) => (
            <NamedArea
              key={`entry-${link.id}`}
              testId="enter-alert-area"
              points={link.entryArea}
              rect={rect}
              color={ENTRY_COLOR}
              fill="rgba(250, 82, 82, 0.15)"
              name={link.areaName}
            />
          ))}
        {boxes.map((b, i) => (
          <rect
            key={i}
            data-testid="motion-box"
            x={rect.x + b.x * rect.width}
            y={rect.y + b.y * rect.height}
            width={b.w * rect.width}
            height={b.h * rect.height}
            fill="none"
            stroke="rgb(250, 82, 82)"
            strokeWidth={2}
          />
        ))}
      </svg>
      {display.dateTime && (
        <Text
          data-testid="video-datetime"
          pos="absolute"
          top={rect.y + 8}
          left={rect.x + 8}
          px={6}
          py={2}
          ff="monospace"
          size="sm"
          c="white"
          style={{ background: 'rgba(0, 0, 0, 0.55)', borderRadius: 4 }}
        >
          {clock}
        </Text>
      )}
    </Box>
  );
}
