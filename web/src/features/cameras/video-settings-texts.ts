// The camera video settings section's texts (ja, en), loaded with the section's own chunk (admins only), read
// as `videoSettings.*`.
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  title: '録画設定',
  description: '保存すると、カメラの録画は次の分の始まりから新しい設定になります（ライブ間隔はすぐに）。',
  loading: '録画設定を読み込んでいます…',
  loadFailed: '録画設定を読み込めませんでした',
  retry: '再読み込み',
  resolution: '解像度',
  fps: 'フレームレート（fps）',
  bitrateCap: 'ビットレート上限（kbit/s）',
  noBitrateCap: '上限なし',
  liveInterval: 'ライブ画像の間隔（秒）',
  save: '保存',
  saving: '保存中…',
  savedConnected: '保存しました。カメラは次の分から新しい設定で録画します。',
  savedOffline: '保存しました。カメラが接続したときに適用されます。',
  saveFailed: '保存できませんでした',
  errors: {
    resolution: '一覧の解像度を選んでください',
    range: '{{min}}〜{{max}}の整数で入力してください',
  },
};

const en: typeof ja = {
  title: 'Recording settings',
  description:
    'Once saved, the camera records with the new settings from the start of the next minute (the live interval at once).',
  loading: 'Loading the recording settings…',
  loadFailed: 'Could not load the recording settings',
  retry: 'Try again',
  resolution: 'Resolution',
  fps: 'Frame rate (fps)',
  bitrateCap: 'Bitrate cap (kbit/s)',
  noBitrateCap: 'No cap',
  liveInterval: 'Live image interval (s)',
  save: 'Save',
  saving: 'Saving…',
  savedConnected: 'Saved. The camera records with the new settings from the next minute.',
  savedOffline: 'Saved. It applies when the camera connects.',
  saveFailed: 'Could not save',
  errors: {
    resolution: 'Choose a resolution from the list',
    range: 'Enter a whole number from {{min}} to {{max}}',
  },
};

addScreenTexts('videoSettings', { ja, en });
