// Texts of the share dialog (issue 22), loaded with it.
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  title: '共有リンクを作成',
  intro: 'アカウントのない人にも、この範囲の録画だけを見せるリンクを作ります。',
  start: '開始日時',
  end: '終了日時',
  hint: '1分単位で最長{{minutes}}分',
  expiry: '有効期間',
  expiryHours: '{{count}}時間',
  expiryDays: '{{count}}日',
  allowDownload: 'ダウンロードも許可する',
  allowDownloadHint: '範囲を1つのMP4にまとめます（今月のダウンロード量に数えます）',
  create: 'リンクを作成',
  created: 'リンクを作成しました。このリンクは今だけ表示されます。',
  link: '共有リンク',
  copy: 'コピー',
  copied: 'コピーしました',
  expiresAt: '{{time}}まで有効',
  list: '共有リンクの一覧',
  errors: {
    invalid: '日時を入力してください',
    order: '終了日時は開始日時より後にしてください',
    too_long: '{{minutes}}分以内の範囲にしてください',
    future: '未来の日時は選べません',
  },
  noRecordings: 'この範囲には録画がありません。録画のある時間を選んでください。',
  downloadRefused: '今月のダウンロード量を超えるため、ダウンロードを許可できません。',
  failed: '共有リンクを作成できませんでした',
};

const en: typeof ja = {
  title: 'Create a share link',
  intro: 'Makes a link that shows only this range of recordings, to anyone, without an account.',
  start: 'Start',
  end: 'End',
  hint: 'Whole minutes, at most {{minutes}} minutes',
  expiry: 'Valid for',
  expiryHours: '{{count}} hours',
  expiryDays: '{{count}} days',
  allowDownload: 'Allow download too',
  allowDownloadHint: 'Joins the range into one MP4 (counts towards this month’s downloads)',
  create: 'Create link',
  created: 'The link is ready. It is shown only now.',
  link: 'Share link',
  copy: 'Copy',
  copied: 'Copied',
  expiresAt: 'Valid until {{time}}',
  list: 'Your share links',
  errors: {
    invalid: 'Enter a date and time',
    order: 'The end must be after the start',
    too_long: 'Choose at most {{minutes}} minutes',
    future: 'The range cannot start in the future',
  },
  noRecordings: 'Nothing was recorded in this range. Choose minutes the camera recorded.',
  downloadRefused:
    'The camera’s download allowance for this month would be exceeded; download cannot be allowed.',
  failed: 'The share link could not be created',
};

addScreenTexts('shareDialog', { ja, en });
