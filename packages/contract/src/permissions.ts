// Rights are flags, not roles (core.md §6, advanced.md §6). Pure: no zod, so the web app can use it cheaply.
import { NO_LIVE_MODEL_CODE } from './constants.ts';
import { isTltMode, type EnvironmentMode, type ExperimentalFeature } from './environment.ts';

/** Every permission flag of core.md §3 in the spec's spelling, in the order the privileges dialog lists them. */
export const permissionFlags = [
  'live',
  'archive',
  'ptz',
  'modPassword',
  'modDevauth',
  'heatmap',
  'analytics',
  'configMotion',
  'configEnterAlert',
  'configPersonTracking',
  'configOperationAnalysis',
  'batchDownload',
  'lighting',
  'debug',
] as const;
export type PermissionFlag = (typeof permissionFlags)[number];

/** Account-kind flags that ride along with the rights in the user info. */
export const accountFlags = ['admin', 'partner'] as const;
export type AccountFlag = (typeof accountFlags)[number];

/** A user's rights and account flags, as the user info carries them (core.md §3). */
export type Permissions = Record<PermissionFlag | AccountFlag, boolean>;

/** A user with no rights at all; the starting point for building one. */
export const noPermissions: Permissions = {
  live: false,
  archive: false,
  ptz: false,
  modPassword: false,
  modDevauth: false,
  heatmap: false,
  analytics: false,
  configMotion: false,
  configEnterAlert: false,
  configPersonTracking: false,
  configOperationAnalysis: false,
  batchDownload: false,
  lighting: false,
  debug: false,
  admin: false,
  partner: false,
};

// ── Rules built on the flags (core.md §4, §6; advanced.md §6) ───────────────────────────

type Rights = Pick<Permissions, PermissionFlag>;

/** PTZ control needs live and ptz. */
export const canUsePtz = (perms: Rights): boolean => perms.live && perms.ptz;

/** Lighting needs live, the lighting flag and the experimental feature 'lighting'. */
export const canUseLighting = (
  perms: Rights,
  experimentalFeatures: readonly ExperimentalFeature[],
): boolean => perms.live && perms.lighting && experimentalFeatures.includes('lighting');

/** Archive download needs archive and batchDownload; otherwise the client shows a no-permission tooltip. */
export const canDownloadArchive = (perms: Rights): boolean => perms.archive && perms.batchDownload;

/** Skip-to-latest and the multi-video date picker need archive. */
export const canUseArchiveControls = (perms: Rights): boolean => perms.archive;

/** The more-menu is enabled when live is off in single view, or when batchDownload, ptz or configEnterAlert is held. */
export const isMoreMenuEnabled = (opts: {
  isLiveOn: boolean;
  isSingleView: boolean;
  perms: Rights;
}): boolean =>
  (!opts.isLiveOn && opts.isSingleView) ||
  opts.perms.batchDownload ||
  opts.perms.ptz ||
  opts.perms.configEnterAlert;

/** What a camera brings to the live decision. */
export interface LiveCamera {
  use_nolive: boolean;
  model_code: string;
}

/** Live is possible with the live right on a camera that has live (not flagged no-live, not model L21). */
/** A camera has live functions unless it is flagged no-live or is model L21 (core.md §3). */
export const cameraHasLive = (camera: LiveCamera): boolean =>
  !camera.use_nolive && camera.model_code !== NO_LIVE_MODEL_CODE;

export const isLivePossible = (perms: Rights, camera: LiveCamera): boolean =>
  perms.live && cameraHasLive(camera);

/** The LIVE switch shows when live is possible and the user has archive permission (there is something to switch to). */
export const liveSwitchVisible = (opts: { isLivePossible: boolean; perms: Rights }): boolean =>
  opts.isLivePossible && opts.perms.archive;

/** Screenshot is enabled only when live is possible and on. */
export const canTakeScreenshot = (opts: { isLivePossible: boolean; isLiveOn: boolean }): boolean =>
  opts.isLivePossible && opts.isLiveOn;

export type MultiVideoMode = 'live' | 'archive';

/** Multi-video modes the user may pick: both only with both rights; otherwise live follows the live right. */
export const multiVideoModes = (perms: Rights): MultiVideoMode[] => {
  if (perms.live && perms.archive) return ['live', 'archive'];
  if (perms.live) return ['live'];
  if (perms.archive) return ['archive'];
  return [];
};

/** Whether the multi-video wall offers the live/archive toggle. */
export const canToggleMultiVideoMode = (perms: Rights): boolean => perms.live && perms.archive;

/** The mode the multi-video wall starts in: live when the live right is held. */
export const initialMultiVideoMode = (perms: Rights): MultiVideoMode => (perms.live ? 'live' : 'archive');

export const privilegeKeys = [
  'liveControl',
  'viewArchive',
  'ptz',
  'passwordChange',
  'deviceAuthentication',
  'multiVideoPlayback',
  'heatmap',
  'peopleCount',
  'motionDetectionSetting',
  'enterAlertSetting',
  'personTrackingSetting',
  'operationAnalysisSetting',
  'batchDownload',
  'lighting',
  'debug',
] as const;
export type PrivilegeKey = (typeof privilegeKeys)[number];

export interface Privilege {
  key: PrivilegeKey;
  available: boolean;
  /** Shown with a "PC only" note. */
  pcOnly: boolean;
}

const tltOnlyPrivileges: readonly PrivilegeKey[] = [
  'enterAlertSetting',
  'personTrackingSetting',
  'operationAnalysisSetting',
];

/**
 * The check-privileges dialog (core.md §6 "lists each right"; advanced.md §6): each right, in the spec's order,
 * as available or not, then the two rights of core.md §3 the advanced list leaves out: lighting and debug.
 * The TLT-only settings are listed only in TLT environment modes, lighting only with the experimental feature
 * 'lighting' (without it there is no lighting to have, core.md §6).
 */
export function privilegeList(
  perms: Rights,
  environmentMode: EnvironmentMode,
  experimentalFeatures: readonly ExperimentalFeature[] = [],
): Privilege[] {
  const available: Record<PrivilegeKey, boolean> = {
    liveControl: perms.live,
    viewArchive: perms.archive,
    ptz: canUsePtz(perms),
    passwordChange: perms.modPassword,
    deviceAuthentication: perms.modDevauth,
    multiVideoPlayback: perms.live || perms.archive,
    heatmap: perms.heatmap,
    peopleCount: perms.analytics,
    motionDetectionSetting: perms.configMotion,
    enterAlertSetting: perms.configEnterAlert,
    personTrackingSetting: perms.configPersonTracking,
    operationAnalysisSetting: perms.configOperationAnalysis,
    batchDownload: perms.batchDownload,
    lighting: canUseLighting(perms, experimentalFeatures),
    debug: perms.debug,
  };
  const isTlt = isTltMode(environmentMode);
  const hasLighting = experimentalFeatures.includes('lighting');
  return privilegeKeys
    .filter((key) => isTlt || !tltOnlyPrivileges.includes(key))
    .filter((key) => hasLighting || key !== 'lighting')
    .map((key) => ({ key, available: available[key], pcOnly: key === 'multiVideoPlayback' }));
}
