// Pure rules of what is drawn over the detail player's video (core.md §2; advanced.md §2): the wall-clock time
// of the playing position, where the letterboxed video sits in its box, areas and motion boxes over it, which
// video info checkboxes a camera offers, and the analysis screens the page links to.
import type { MotionFrame } from '@camwatch/contract/archives';

/**
 * The wall-clock time shown over the video: the playing minute's start, plus where its clip begins in the
 * minute, plus the position in the clip.
 */
export const playingWallClock = (minuteStartMs: number, currentTimeSec: number, clipOffsetSec = 0): number =>
  minuteStartMs + Math.floor(Math.max(0, currentTimeSec) + clipOffsetSec) * 1000;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a video of the given size is drawn inside its box with object-fit: contain (letterboxed, centred). */
export function containedRect(
  boxWidth: number,
  boxHeight: number,
  videoWidth: number,
  videoHeight: number,
): Rect {
  if (boxWidth <= 0 || boxHeight <= 0 || videoWidth <= 0 || videoHeight <= 0)
    return { x: 0, y: 0, width: Math.max(0, boxWidth), height: Math.max(0, boxHeight) };
  const scale = Math.min(boxWidth / videoWidth, boxHeight / videoHeight);
  const width = videoWidth * scale;
  const height = videoHeight * scale;
  return { x: (boxWidth - width) / 2, y: (boxHeight - height) / 2, width, height };
}

/** A polygon of 0..1 picture coordinates as SVG points inside the displayed video rectangle. */
export const polygonPoints = (polygon: readonly { x: number; y: number }[], rect: Rect): string =>
  polygon.map((p) => `${rect.x + p.x * rect.width},${rect.y + p.y * rect.height}`).join(' ');

/** Frames are analysed 5 times a second: a frame's boxes show until the next one is due. */
const MOTION_FRAME_SHOW_SEC = 0.4;

/** The boxes of the analysed frame at the playing position (the latest frame not after it, if recent). */
export function motionBoxesAt(frames: readonly MotionFrame[], positionSec: number): MotionFrame['boxes'] {
  let found: MotionFrame | undefined;
  for (const frame of frames) {
    if (frame.sec > positionSec + 0.05) break;
    found = frame;
  }
  return found && positionSec - found.sec <= MOTION_FRAME_SHOW_SEC ? found.boxes : [];
}

export type VideoInfoOption = 'dateTime' | 'motionArea' | 'motionInfo' | 'enterAlertArea' | 'operationArea';

/**
 * The video info checkboxes (core.md §2, advanced.md §2): date/time, motion detection area and motion analysis
 * info always; the enter alert area and the operation analysis area only in TLT environment modes, each for a
 * camera with that feature.
 */
export function videoInfoOptions(opts: {
  isTlt: boolean;
  useEnterAlert: boolean;
  useOperationAnalysis: boolean;
}): VideoInfoOption[] {
  const options: VideoInfoOption[] = ['dateTime', 'motionArea', 'motionInfo'];
  if (opts.isTlt && opts.useEnterAlert) options.push('enterAlertArea');
  if (opts.isTlt && opts.useOperationAnalysis) options.push('operationArea');
  return options;
}

/** Where an area's name is written: at its top-most point (the left-most of those), inside the picture. */
export function areaLabelAt(
  polygon: readonly { x: number; y: number }[],
  rect: Rect,
): { x: number; y: number } {
  const top = polygon.reduce((best, p) => (p.y < best.y || (p.y === best.y && p.x < best.x) ? p : best));
  return {
    x: Math.min(rect.x + rect.width - 4, Math.max(rect.x + 4, rect.x + top.x * rect.width)),
    y: Math.max(rect.y + 14, rect.y + top.y * rect.height - 4),
  };
}

export type AnalysisSetting =
  'entryDetection' | 'entryDetectionReport' | 'operationAnalysis' | 'personTracking';

/**
 * The camera's analysis screens the detail page links to (advanced.md §2 routes): the entry detection setting
 * and report, the operation analysis setting and the person tracking results, each in TLT modes for a camera with
 * the feature.
 */
export function analysisSettingLinks(
  code: string,
  opts: {
    isTlt: boolean;
    useEnterAlert: boolean;
    useOperationAnalysis: boolean;
    usePersonTracking?: boolean;
  },
): { key: AnalysisSetting; to: string }[] {
  if (!opts.isTlt) return [];
  const base = `/detail/${encodeURIComponent(code)}`;
  return [
    ...(opts.useEnterAlert
      ? [
          { key: 'entryDetection' as const, to: `${base}/entry-detection` },
          { key: 'entryDetectionReport' as const, to: `${base}/entry-detection-report` },
        ]
      : []),
    ...(opts.useOperationAnalysis
      ? [{ key: 'operationAnalysis' as const, to: `${base}/operation-analysis` }]
      : []),
    // The person tracking results of the camera, where its analyses are asked for (issue 15).
    ...(opts.usePersonTracking
      ? [
          {
            key: 'personTracking' as const,
            to: `/person-tracking/results?${new URLSearchParams({ camera: code }).toString()}`,
          },
        ]
      : []),
  ];
}
