// The audit log as CSV (core.md §9 exports: UTF-8 with byte-order mark, dates `YYYY-MM-DD HH:mm:ss`, the
// enter-alert CSV's cell rules): one row per event, newest first, in the UTC offset the reader asked for.
import type { AuditKind } from '@camwatch/contract/audit-rules';
import { formatInOffset } from '../archives/archive-minutes.ts';
import { csvCell } from '../entry-detection/entry-detection-csv.ts';

export type CsvLanguage = 'ja' | 'en';

const HEADERS: Record<CsvLanguage, string[]> = {
  ja: [
    '日時',
    '種類',
    'ユーザー',
    'IPアドレス',
    'カメラコード',
    'カメラ名',
    '対象',
    '詳細',
    '経路',
    'ブラウザー',
  ],
  en: ['Time', 'Kind', 'User', 'IP address', 'Camera code', 'Camera', 'Target', 'Detail', 'Via', 'Browser'],
};

/** The kinds in the two languages (the web app's catalogs say the same). */
export const AUDIT_KIND_LABELS: Record<AuditKind, Record<CsvLanguage, string>> = {
  login_succeeded: { ja: 'ログイン', en: 'Logged in' },
  login_failed: { ja: 'ログイン失敗', en: 'Login failed' },
  logout: { ja: 'ログアウト', en: 'Logged out' },
  password_changed: { ja: 'パスワード変更', en: 'Password changed' },
  password_reset: { ja: 'パスワード再発行', en: 'Password reset' },
  appkey_registered: { ja: '端末登録', en: 'Device key registered' },
  appkey_revoked: { ja: '端末登録解除', en: 'Device key revoked' },
  devauth_changed: { ja: '端末認証の設定変更', en: 'Device authentication changed' },
  live_viewed: { ja: 'ライブ視聴', en: 'Watched live' },
  archive_viewed: { ja: '録画視聴', en: 'Watched recording' },
  camera_controlled: { ja: 'カメラ操作', en: 'Camera controlled' },
  download_requested: { ja: 'ダウンロード依頼', en: 'Download requested' },
  download_fetched: { ja: 'ダウンロード', en: 'Downloaded' },
  csv_exported: { ja: 'CSV出力', en: 'CSV exported' },
  share_link_created: { ja: '共有リンク作成', en: 'Share link created' },
  share_link_revoked: { ja: '共有リンク取り消し', en: 'Share link revoked' },
  share_link_viewed: { ja: '共有リンク閲覧', en: 'Share link opened' },
  camera_setting_changed: { ja: 'カメラ設定変更', en: 'Camera setting changed' },
  motion_notification_changed: { ja: '動体通知の設定変更', en: 'Motion notification changed' },
  tag_created: { ja: 'タグ追加', en: 'Tag added' },
  tag_renamed: { ja: 'タグ名変更', en: 'Tag renamed' },
  tag_deleted: { ja: 'タグ削除', en: 'Tag deleted' },
  tags_assigned: { ja: 'タグ設定', en: 'Tags assigned' },
  user_created: { ja: 'ユーザー作成', en: 'User created' },
  child_user_changed: { ja: '子アカウント設定変更', en: 'Child account changed' },
  child_appkeys_cleared: { ja: '子アカウントの端末認証解除', en: 'Child device keys cleared' },
  user_rights_changed: { ja: '権限変更', en: 'Rights changed' },
  user_locked: { ja: 'アカウントロック', en: 'Account locked' },
  user_unlocked: { ja: 'アカウントロック解除', en: 'Account unlocked' },
  ip_allow_added: { ja: 'IP制限の追加', en: 'IP allow rule added' },
  ip_allow_removed: { ja: 'IP制限の削除', en: 'IP allow rule removed' },
};

export interface CsvEvent {
  occurredAt: Date;
  kind: string;
  via: string;
  userEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  cameraCode: string | null;
  cameraName: string | null;
  target: string | null;
  detail: Record<string, unknown>;
}

/** `key=value; key=value`, arrays joined by commas. */
export const detailText = (detail: Record<string, unknown>): string =>
  Object.entries(detail)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(',') : String(value)}`)
    .join('; ');

const kindLabel = (kind: string, lang: CsvLanguage) =>
  (AUDIT_KIND_LABELS as Record<string, Record<CsvLanguage, string>>)[kind]?.[lang] ?? kind;

export const auditCsvHeader = (lang: CsvLanguage): string =>
  `\uFEFF${HEADERS[lang].map(csvCell).join(',')}\r\n`;

export function auditCsvRow(event: CsvEvent, lang: CsvLanguage, offset: string): string {
  return `${[
    formatInOffset(event.occurredAt.getTime(), offset).slice(0, 19).replace('T', ' '),
    kindLabel(event.kind, lang),
    event.userEmail ?? '',
    event.ip ?? '',
    event.cameraCode ?? '',
    event.cameraName ?? '',
    event.target ?? '',
    detailText(event.detail),
    event.via,
    event.userAgent ?? '',
  ]
    .map(csvCell)
    .join(',')}\r\n`;
}
