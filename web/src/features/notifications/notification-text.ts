// What a notification says in the reader's language (core.md §9; advanced.md notification types): camera-status,
// motion, entry, download (ready: archive or heat map; generation failed), person tracking and operation analysis
// (complete, failed) texts from the catalogs;
// other kinds carry their own text. Pure but for the lookup it is given.
import type { Notification } from '@camwatch/contract/notifications';
import './notification-page-texts.ts';

type Translate = (key: string, values?: Record<string, string | number>) => string;

export function notificationText(n: Pick<Notification, 'event' | 'kind' | 'message'>, t: Translate): string {
  if (n.event === 'down' && n.kind === 'down') return t('notificationPage.kinds.down');
  if (n.event === 'down' && n.kind === 'up') return t('notificationPage.kinds.up');
  if (n.event === 'download' && n.kind === 'archive') return t('notificationPage.kinds.downloadReady');
  if (n.event === 'download' && n.kind === 'heatmap') return t('notificationPage.kinds.heatmapReady');
  if (n.event === 'download' && n.kind === 'failed') return t('notificationPage.kinds.downloadFailed');
  if (n.event === 'person_tracking' && n.kind === 'completed')
    return t('notificationPage.kinds.personTrackingCompleted');
  if (n.event === 'person_tracking' && n.kind === 'failed')
    return t('notificationPage.kinds.personTrackingFailed');
  if (n.event === 'operation_analysis' && n.kind === 'completed')
    return t('notificationPage.kinds.operationAnalysisCompleted');
  if (n.event === 'operation_analysis' && n.kind === 'failed')
    return t('notificationPage.kinds.operationAnalysisFailed');
  if (n.event === 'motion') return t('notificationPage.kinds.motion');
  // An entry notification's message is the name of the area entered.
  if (n.event === 'entry') return t('notificationPage.kinds.entry', { area: n.message });
  return n.message;
}
