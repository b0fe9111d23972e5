// The password reissue screen's texts (ja, en), loaded with the screens that show them rather than the shell's catalogue, which every
// first screen downloads (issue 19), read as `reissue.*`.
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  description: '新しいパスワードを設定してください。',
  newPassword: '新しいパスワード',
  confirm: '新しいパスワード（確認）',
  submit: 'パスワードを設定',
  success: 'パスワードを設定しました。新しいパスワードでログインしてください。',
  invalidLink: 'このURLは無効か、有効期限（1時間）が切れています。もう一度パスワード再発行をお試しください。',
  toLogin: 'ログイン画面へ',
};

const en = {
  description: 'Set a new password.',
  newPassword: 'New password',
  confirm: 'New password (again)',
  submit: 'Set password',
  success: 'Your password has been set. Log in with the new password.',
  invalidLink: 'This link is invalid or has expired (it lasts one hour). Please ask for a new one.',
  toLogin: 'Go to login',
};

addScreenTexts('reissue', { ja, en });
