// What a push says (core.md §3 "Push message: to, body.event, dateTime"): the event, its time, a title and
// a text in the reader's language, and the page to open: the notification screen's tab of the event, or
// the notification's own link (a ready download). Stored texts of the fixed kinds are Japanese, so those
// kinds get their words here, as the web app's notification screen does.
import { notificationTabEvent, type NotificationTab } from '@camwatch/contract/notification-tabs';
import type { NotificationsTable } from '../../db/schema.ts';

export type PushLanguage = 'ja' | 'en';

export interface PushNotificationRow {
  id: number;
  customer_id: number;
  user_id: number;
  event: NotificationsTable['event'];
  kind: NotificationsTable['kind'];
  message: string;
  url: string | null;
  created_at: Date;
  camera_code: string | null;
  camera_name: string | null;
}

/** The JSON the service worker receives. */
export interface PushPayload {
  /** The user the push is for. */
  to: number;
  dateTime: string;
  body: {
    event: NotificationsTable['event'];
    kind: NotificationsTable['kind'];
    notificationId: number;
    title: string;
    text: string;
    /** Where a click leads, relative to the site. */
    url: string;
    camera_code: string | null;
  };
}

type Texts = Record<PushLanguage, string>;

const eventTitles: Record<NotificationsTable['event'], Texts> = {
  motion: { ja: '動体検知', en: 'Motion detected' },
  entry: { ja: '侵入検知', en: 'Enter alert' },
  down: { ja: 'カメラ停止', en: 'Camera down' },
  download: { ja: 'ダウンロード', en: 'Download' },
  person_tracking: { ja: '人物追跡', en: 'Person tracking' },
  operation_analysis: { ja: '作業分析', en: 'Operation analysis' },
  announcement: { ja: 'お知らせ', en: 'Announcement' },
};

/** Titles and texts of the kinds whose stored message is a fixed Japanese text. */
const kindTexts: Partial<Record<string, { title: Texts; text: Texts }>> = {
  'down:down': {
    title: { ja: 'カメラ停止', en: 'Camera down' },
    text: { ja: 'カメラが停止しました。', en: 'The camera stopped.' },
  },
  'down:up': {
    title: { ja: 'カメラ復旧', en: 'Camera back' },
    text: { ja: 'カメラが復旧しました。', en: 'The camera is working again.' },
  },
  'download:archive': {
    title: { ja: 'ダウンロード準備完了', en: 'Download ready' },
    text: { ja: 'アーカイブのダウンロードの準備ができました。', en: 'The archive download is ready.' },
  },
  'download:heatmap': {
    title: { ja: 'ダウンロード準備完了', en: 'Download ready' },
    text: { ja: 'ヒートマップのダウンロードの準備ができました。', en: 'The heat map download is ready.' },
  },
  'person_tracking:completed': {
    title: { ja: '人物追跡の分析完了', en: 'Person tracking complete' },
    text: { ja: '人物追跡の分析が完了しました。', en: 'The person tracking analysis is complete.' },
  },
  'person_tracking:failed': {
    title: { ja: '人物追跡の分析失敗', en: 'Person tracking failed' },
    text: { ja: '人物追跡の分析に失敗しました。', en: 'The person tracking analysis failed.' },
  },
  'operation_analysis:completed': {
    title: { ja: '作業分析の完了', en: 'Operation analysis complete' },
    text: { ja: '作業分析が完了しました。', en: 'The operation analysis is complete.' },
  },
  'operation_analysis:failed': {
    title: { ja: '作業分析の失敗', en: 'Operation analysis failed' },
    text: { ja: '作業分析に失敗しました。', en: 'The operation analysis failed.' },
  },
  'download:failed': {
    title: { ja: 'ダウンロード失敗', en: 'Download failed' },
    text: { ja: 'ファイルの生成に失敗しました。', en: 'The file could not be made.' },
  },
};

/** Events whose notifications carry no kind and a fixed Japanese text (the motion job's). */
const eventTexts: Partial<Record<NotificationsTable['event'], { title: Texts; text: Texts }>> = {
  motion: {
    title: { ja: '動体検知', en: 'Motion detected' },
    text: { ja: '動きを検知しました。', en: 'Motion was detected.' },
  },
};

/** An entry notification's message is the name of the area entered. */
const entryText = (area: string, language: PushLanguage) =>
  language === 'en' ? `Entry detected (${area}).` : `侵入を検知しました（${area}）。`;

const tabOfEvent = Object.fromEntries(
  Object.entries(notificationTabEvent).map(([tab, event]) => [event, tab]),
) as Record<NotificationsTable['event'], NotificationTab>;

export const languageOf = (value: string): PushLanguage => (value === 'en' ? 'en' : 'ja');

export function pushPayloadFor(n: PushNotificationRow, language: PushLanguage): PushPayload {
  const fixed = n.kind === null ? eventTexts[n.event] : kindTexts[`${n.event}:${n.kind}`];
  const title = fixed?.title[language] ?? eventTitles[n.event][language];
  const text = n.event === 'entry' ? entryText(n.message, language) : (fixed?.text[language] ?? n.message);
  return {
    to: n.user_id,
    dateTime: n.created_at.toISOString(),
    body: {
      event: n.event,
      kind: n.kind,
      notificationId: n.id,
      title,
      text: n.camera_name ? `${n.camera_name}: ${text}` : text,
      url: n.url ?? `/notification?actTab=${tabOfEvent[n.event]}`,
      camera_code: n.camera_code,
    },
  };
}
