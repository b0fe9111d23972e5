// The child accounts screen's texts (ja, en), loaded with the screens that show them rather than the shell's catalogue, which every
// first screen downloads (issue 19), read as `childUsers.*`.
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  list: '子アカウント一覧',
  empty: '子アカウントはありません。',
  loadFailed: '子アカウントを読み込めませんでした。',
  email: 'メールアドレス',
  name: 'ユーザー名',
  status: '状態',
  active: '利用中',
  lockedByParent: '親アカウントがロック中',
  lockedByAdmin: '管理者がロック中',
  lock: 'ロックする',
  unlock: 'ロックを解除する',
  adminLockHint: '管理者によるロックは管理者のみが解除できます。',
  modPassword: 'パスワード変更権限',
  modDevauth: 'デバイス認証設定権限',
  devauth: 'デバイス認証',
  hasAppKey: '登録済みの端末あり',
  noAppKey: '登録済みの端末なし',
  clearAppKey: 'デバイス認証を解除',
  clearAppKeyConfirm: '{{name}} の登録済みの端末をすべて解除します。よろしいですか？',
  updated: '{{name}} の設定を変更しました。',
  appKeyCleared: '{{name}} のデバイス認証を解除しました。',
  updateFailed: '設定を変更できませんでした。',
};

const en = {
  list: 'Child accounts',
  empty: 'There are no child accounts.',
  loadFailed: 'Could not load the child accounts.',
  email: 'Email address',
  name: 'User name',
  status: 'Status',
  active: 'Active',
  lockedByParent: 'Locked by parent',
  lockedByAdmin: 'Locked by administrator',
  lock: 'Lock',
  unlock: 'Unlock',
  adminLockHint: 'A lock set by an administrator can only be lifted by an administrator.',
  modPassword: 'Password change authority',
  modDevauth: 'Device authentication setting authority',
  devauth: 'Device authentication',
  hasAppKey: 'Registered browsers',
  noAppKey: 'No registered browsers',
  clearAppKey: 'Clear device authentication',
  clearAppKeyConfirm: 'All browsers registered by {{name}} will be removed. Continue?',
  updated: 'The settings of {{name}} were changed.',
  appKeyCleared: 'The device authentication of {{name}} was cleared.',
  updateFailed: 'The settings could not be changed.',
};

addScreenTexts('childUsers', { ja, en });
