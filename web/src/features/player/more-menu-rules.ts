// Pure rules of the player's more-menu, screenshot and archive download (core.md §2, §4; advanced.md §6, §8, §9):
// which items show and which are enabled for the user's rights and the camera, the PTZ axes a camera can
// move, the checks on a download range and the screenshot's file name.
import type { ExperimentalFeature } from '@camwatch/contract/environment';
import { DOWNLOAD_MAX_HOURS } from '@camwatch/contract/constants';
import { ENTER_ALERT_CSV_MAX_DAYS } from '@camwatch/contract/entry-detection-rules';
import { localDate, localTimeWithSeconds, nextLocalMidnight, parseDateInput } from '../../lib/local-time.ts';
import {
  canDownloadArchive,
  canUseLighting,
  canUsePtz,
  isMoreMenuEnabled,
  type Permissions,
} from '@camwatch/contract/permissions';

const HOUR_MS = 3_600_000;

export interface MoreMenuCamera {
  use_ptz: boolean;
  use_enter_alert: boolean;
  can_pan: boolean;
  can_tilt: boolean;
  can_zoom: boolean;
}

export interface MoreMenuState {
  /** The menu button itself. */
  isEnabled: boolean;
  /** Lighting: live on, the lighting right and the experimental feature. */
  showLighting: boolean;
  /** PTZ control: live on, the live and ptz rights and a PTZ camera. */
  showPtz: boolean;
  /** Archive download is always listed; without archive and batchDownload it is disabled with a tooltip. */
  canDownload: boolean;
  /** Enter-alert CSV download: TLT modes, a camera with entry detection and the configEnterAlert right. */
  showEnterAlertCsv: boolean;
}

export function moreMenuState(opts: {
  perms: Permissions;
  camera: MoreMenuCamera;
  isLiveOn: boolean;
  isSingleView: boolean;
  experimentalFeatures: readonly ExperimentalFeature[];
  isTlt: boolean;
}): MoreMenuState {
  const { perms, camera, isLiveOn } = opts;
  return {
    isEnabled: isMoreMenuEnabled({ isLiveOn, isSingleView: opts.isSingleView, perms }),
    showLighting: isLiveOn && canUseLighting(perms, opts.experimentalFeatures),
    showPtz: isLiveOn && canUsePtz(perms) && camera.use_ptz,
    canDownload: canDownloadArchive(perms),
    showEnterAlertCsv: opts.isTlt && camera.use_enter_alert && perms.configEnterAlert,
  };
}

export type PtzAxis = 'pan' | 'tilt' | 'zoom';
/** The step one press of a PTZ button sends, of the axis's range (-1..1). */
export const PTZ_STEP = 0.2;

/** The axes the camera can move, in the panel's order. */
export const ptzAxes = (camera: MoreMenuCamera): PtzAxis[] =>
  (['pan', 'tilt', 'zoom'] as const).filter((axis) => camera[`can_${axis}`]);

/** The body of one PTZ press: one axis a step in a direction. */
export const ptzStep = (axis: PtzAxis, direction: 1 | -1): Record<PtzAxis, number> => ({
  pan: 0,
  tilt: 0,
  zoom: 0,
  [axis]: direction * PTZ_STEP,
});

export type DownloadRangeError = 'invalid' | 'endBeforeStart' | 'future' | 'tooLong';

/** What is wrong with a download range, or null: start before end, nothing in the future, at most 24 h. */
export function downloadRangeError(startMs: number, endMs: number, nowMs: number): DownloadRangeError | null {
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs)) return 'invalid';
  if (startMs > nowMs || endMs > nowMs) return 'future';
  if (endMs <= startMs) return 'endBeforeStart';
  if (endMs - startMs > DOWNLOAD_MAX_HOURS * HOUR_MS) return 'tooLong';
  return null;
}

/** The range the download dialog opens with: the selected hour, cut at now (whole minutes). */
export function defaultDownloadRange(hourStart: number, nowMs: number): { startMs: number; endMs: number } {
  const nowMinute = nowMs - (nowMs % 60_000);
  const endMs = Math.min(hourStart + HOUR_MS, nowMinute);
  const startMs = Math.min(hourStart, endMs - 60_000);
  return { startMs, endMs };
}

/** `<camera name>_<YYYYMMDD-HHmmss>.jpg`, local time; characters no file system accepts become `_`. */
export function screenshotFileName(cameraName: string, ms: number): string {
  const stamp = `${localDate(ms).replaceAll('-', '')}-${localTimeWithSeconds(ms).replaceAll(':', '')}`;
  // eslint-disable-next-line no-control-regex
  const safeName = cameraName.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'camera';
  return `${safeName}_${stamp}.jpg`;
}

export type CsvRangeError = 'invalid' | 'order' | 'future' | 'tooLong';

/**
 * The enter-alert CSV's period from two date inputs, whole local days from the first to the last included:
 * in order, none after today, at most ENTER_ALERT_CSV_MAX_DAYS days.
 */
export function csvDayRange(
  fromDate: string,
  toDate: string,
  nowMs: number,
): { startMs: number; endMs: number } | { error: CsvRangeError } {
  const startMs = parseDateInput(fromDate);
  const lastMs = parseDateInput(toDate);
  if (!Number.isFinite(startMs) || !Number.isFinite(lastMs)) return { error: 'invalid' };
  if (lastMs < startMs) return { error: 'order' };
  if (lastMs > nowMs) return { error: 'future' };
  const endMs = nextLocalMidnight(lastMs);
  const days = Math.round((endMs - startMs) / 86_400_000);
  if (days > ENTER_ALERT_CSV_MAX_DAYS) return { error: 'tooLong' };
  return { startMs, endMs };
}
