// The list of every call of the API (core.md §7, advanced.md §7 and the paths fixed by the issues).
// The server serves a subset of these as modules land; a test checks each served route is listed here.
import type { CallDef } from './call.ts';
import {
  appKeyCreateCall,
  appKeyDeleteCall,
  appKeyListCall,
  checkLoginCall,
  deviceAuthSetCall,
  loginCall,
  logoutCall,
  meCall,
  passwordUpdateCall,
} from './auth.ts';
import { auditCsvCall, auditListCall, auditOptionsCall } from './audit.ts';
import { archiveMotionCall, archiveVideoCall, archivesCall } from './archives.ts';
import { coverageCall } from './coverage.ts';
import { cameraHealthCall, cameraHealthListCall } from './camera-health.ts';
import { cameraVideoSettingsCall, cameraVideoSettingsUpdateCall } from './camera-video-settings.ts';
import { cameraDetailCall, cameraListCall } from './cameras.ts';
import { childUserAppKeyDeleteCall, childUserListCall, childUserUpdateCall } from './child-users.ts';
import { feedbackCall } from './feedback.ts';
import {
  clientErrorReportCall,
  debugClientErrorsCall,
  debugEnvironmentCall,
  debugMailOutboxCall,
} from './debug.ts';
import { motionNotificationGetCall, motionNotificationSetCall } from './motion-alerts.ts';
import {
  liveImageCall,
  liveStartCall,
  mediaCall,
  snapshotsCall,
  streamingCall,
  streamPlaylistCall,
  streamSegmentCall,
} from './live.ts';
import {
  lightingCall,
  ptzCall,
  ptzPresetGotoCall,
  ptzPresetSaveCall,
  ptzPresetsCall,
} from './camera-control.ts';
import { allowanceCall, downloadFileCall, downloadRequestCall, downloadStatusCall } from './downloads.ts';
import {
  clipUploadCall,
  deviceSelfCall,
  heartbeatCall,
  liveSegmentUploadCall,
  stillUploadCall,
  thumbnailUploadCall,
} from './device.ts';
import { locationAreaCall, locationCityCall, locationDetailCall, locationRangeCall } from './locations.ts';
import {
  notificationListCall,
  notificationMarkReadCall,
  notificationReadListCall,
  pushSubscribeCall,
  pushUnsubscribeCall,
  vapidKeyCall,
} from './notifications.ts';
import {
  operationAnalysisSettingCall,
  operationAreaSettingUpdateCall,
  operationAnalysisCsvCall,
  operationAnalysisListCall,
  operationAnalysisRequestCall,
  operationAnalysisResultCall,
  operationDetectionSettingUpdateCall,
} from './operation-analysis.ts';
import { peopleCounterSettingCall, peopleCounterSettingUpdateCall } from './people-counter.ts';
import {
  personTrackingCsvCall,
  personTrackingListCall,
  personTrackingRequestCall,
  personTrackingResultCall,
  personTrackingSettingCall,
  personTrackingSettingUpdateCall,
} from './person-tracking.ts';
import {
  areaLinkCreateCall,
  areaLinkDeleteCall,
  areaLinkGetCall,
  areaLinkListCall,
  areaLinkUpdateCall,
  enterAlertCsvCall,
  enterAlertListCall,
} from './entry-detection.ts';
import {
  eventFilterOptionsCall,
  eventListCall,
  eventMarkReviewedCall,
  eventUnreviewedCountCall,
} from './events.ts';
import { heatmapCameraCall } from './heatmap.ts';
import {
  heatmapDownloadFileCall,
  heatmapDownloadListCall,
  heatmapDownloadRequestCall,
  heatmapDownloadStatusCall,
} from './heatmap-downloads.ts';
import { passwordResetCall, passwordResetRequestCall } from './password-reset.ts';
import {
  peopleCountCameraCall,
  peopleCountCameraCsvCall,
  peopleCountLocationCall,
  peopleCountLocationCsvCall,
} from './people-counts.ts';
import { releaseListCall } from './releases.ts';
import {
  publicShareCall,
  publicShareClipCall,
  publicShareDownloadCall,
  shareLinkCreateCall,
  shareLinkListCall,
  shareLinkRevokeCall,
} from './share-links.ts';
import { envSettingsCall } from './settings.ts';
import { tagAssignCall, tagCreateCall, tagDeleteCall, tagListCall, tagUpdateCall } from './tags.ts';
import { weatherCall } from './weather.ts';

export const allCalls: readonly CallDef[] = [
  meCall,
  loginCall,
  logoutCall,
  checkLoginCall,
  appKeyListCall,
  appKeyCreateCall,
  appKeyDeleteCall,
  deviceAuthSetCall,
  passwordUpdateCall,
  envSettingsCall,
  passwordResetRequestCall,
  passwordResetCall,
  cameraListCall,
  cameraDetailCall,
  liveStartCall,
  streamingCall,
  streamPlaylistCall,
  streamSegmentCall,
  snapshotsCall,
  archivesCall,
  archiveVideoCall,
  archiveMotionCall,
  coverageCall,
  tagListCall,
  tagCreateCall,
  tagUpdateCall,
  tagDeleteCall,
  tagAssignCall,
  locationAreaCall,
  locationCityCall,
  locationRangeCall,
  locationDetailCall,
  weatherCall,
  notificationListCall,
  notificationReadListCall,
  notificationMarkReadCall,
  vapidKeyCall,
  pushSubscribeCall,
  pushUnsubscribeCall,
  feedbackCall,
  motionNotificationGetCall,
  motionNotificationSetCall,
  clientErrorReportCall,
  debugEnvironmentCall,
  debugMailOutboxCall,
  debugClientErrorsCall,
  releaseListCall,
  childUserListCall,
  childUserUpdateCall,
  childUserAppKeyDeleteCall,
  operationAnalysisSettingCall,
  operationDetectionSettingUpdateCall,
  operationAreaSettingUpdateCall,
  operationAnalysisRequestCall,
  operationAnalysisListCall,
  operationAnalysisResultCall,
  operationAnalysisCsvCall,
  personTrackingSettingCall,
  personTrackingSettingUpdateCall,
  personTrackingRequestCall,
  personTrackingListCall,
  personTrackingResultCall,
  personTrackingCsvCall,
  peopleCounterSettingCall,
  peopleCounterSettingUpdateCall,
  cameraVideoSettingsCall,
  cameraVideoSettingsUpdateCall,
  cameraHealthCall,
  cameraHealthListCall,
  areaLinkListCall,
  areaLinkGetCall,
  areaLinkCreateCall,
  areaLinkUpdateCall,
  areaLinkDeleteCall,
  enterAlertListCall,
  enterAlertCsvCall,
  peopleCountCameraCall,
  peopleCountLocationCall,
  peopleCountCameraCsvCall,
  peopleCountLocationCsvCall,
  heatmapCameraCall,
  heatmapDownloadRequestCall,
  heatmapDownloadListCall,
  heatmapDownloadStatusCall,
  heatmapDownloadFileCall,
  auditListCall,
  auditCsvCall,
  auditOptionsCall,
  eventListCall,
  eventUnreviewedCountCall,
  eventMarkReviewedCall,
  eventFilterOptionsCall,
  liveImageCall,
  mediaCall,
  ptzCall,
  ptzPresetsCall,
  ptzPresetSaveCall,
  ptzPresetGotoCall,
  lightingCall,
  downloadRequestCall,
  allowanceCall,
  downloadStatusCall,
  downloadFileCall,
  clipUploadCall,
  thumbnailUploadCall,
  stillUploadCall,
  heartbeatCall,
  deviceSelfCall,
  liveSegmentUploadCall,
  shareLinkCreateCall,
  shareLinkListCall,
  shareLinkRevokeCall,
  publicShareCall,
  publicShareClipCall,
  publicShareDownloadCall,
];

/** `METHOD /path` of a call, the key used to match served routes against the contract. */
export const callKey = (call: Pick<CallDef, 'method' | 'path'>): string => `${call.method} ${call.path}`;
