// The PTZ panel's preset texts (ja, en), loaded with the detail page's chunk rather than the shell's catalogue
// (/login has no room for them), read as `ptzPresets.*`. The panel's other texts are `player.ptz.*` (locales/).
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  title: 'プリセット',
  loading: 'プリセットを読み込んでいます…',
  empty: 'プリセットはまだありません。',
  loadFailed: 'プリセットを読み込めませんでした：{{reason}}',
  retry: '再読み込み',
  goto: '「{{name}}」の位置へ移動',
  saveOver: '「{{name}}」を今の位置で上書き',
  confirmSaveOver: '「{{name}}」を今の位置で上書きしますか？',
  confirm: '上書き',
  cancel: 'キャンセル',
  name: 'プリセット名',
  namePlaceholder: '例：入口',
  save: '今の位置を保存',
  saving: '保存中…',
  saved: '「{{name}}」に今の位置を保存しました',
  savedOver: '「{{name}}」を今の位置で上書きしました',
  recalled: '「{{name}}」へ移動しました（パン {{pan}}、チルト {{tilt}}、ズーム {{zoom}}）',
  saveFailed: '保存できませんでした：{{reason}}',
  recallFailed: '移動できませんでした：{{reason}}',
  errors: {
    required: 'プリセット名を入力してください',
    tooLong: 'プリセット名は{{max}}文字以内で入力してください（{{count}}文字）',
  },
};

const en: typeof ja = {
  title: 'Presets',
  loading: 'Loading presets…',
  empty: 'No presets yet.',
  loadFailed: 'Could not load the presets: {{reason}}',
  retry: 'Try again',
  goto: 'Go to “{{name}}”',
  saveOver: 'Save the current position over “{{name}}”',
  confirmSaveOver: 'Save the current position over “{{name}}”?',
  confirm: 'Save over',
  cancel: 'Cancel',
  name: 'Preset name',
  namePlaceholder: 'e.g. Entrance',
  save: 'Save current position',
  saving: 'Saving…',
  saved: 'Saved the current position as “{{name}}”',
  savedOver: 'Saved the current position over “{{name}}”',
  recalled: 'Moved to “{{name}}” (pan {{pan}}, tilt {{tilt}}, zoom {{zoom}})',
  saveFailed: 'Could not save: {{reason}}',
  recallFailed: 'Could not move: {{reason}}',
  errors: {
    required: 'Enter a preset name',
    tooLong: 'Use at most {{max}} characters for a preset name ({{count}} now)',
  },
};

addScreenTexts('ptzPresets', { ja, en });

export const ptzPresetTexts = { ja, en };
