// The entry report's texts (ja, en), loaded with its chunk rather than the shell's catalogue (/login has no room
// for them), read as `entryReport.*`.
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  title: '{{name}} の侵入検知レポート',
  options: '表示の条件',
  date: '日付',
  interval: '集計の間隔',
  continueTime: '継続とみなす時間',
  minutes: '{{count}}分',
  chartType: 'グラフ',
  chart: { Stack: '積み上げ', set: '並列' },
  total: '侵入 {{count}} 件',
  chartSummary: '侵入は合計 {{total}} 件。最も多いのは {{from}}〜{{to}} の {{count}} 件です。',
  chartEmpty: 'この日の侵入はありません。',
  history: '侵入の履歴',
  none: 'この日の侵入はありません。',
  columns: { start: '開始', end: '終了', duration: '継続時間', area: 'エリア', video: '映像' },
  seconds: '{{count}}秒',
  watch: '録画を見る',
  loading: '読み込んでいます',
  loadFailed: '侵入の記録を読み込めませんでした。時間をおいてもう一度お試しください。',
};

const en: typeof ja = {
  title: 'Entry detection report of {{name}}',
  options: 'Report options',
  date: 'Date',
  interval: 'Interval',
  continueTime: 'Counted as one within',
  minutes: '{{count}} min',
  chartType: 'Chart',
  chart: { Stack: 'Stacked', set: 'Side by side' },
  total: '{{count}} entries',
  chartSummary: '{{total}} entries in all; the most, {{count}}, between {{from}} and {{to}}.',
  chartEmpty: 'No entries on this day.',
  history: 'Entry history',
  none: 'No entries on this day.',
  columns: { start: 'Start', end: 'End', duration: 'Duration', area: 'Area', video: 'Video' },
  seconds: '{{count}} s',
  watch: 'Watch the recording',
  loading: 'Loading',
  loadFailed: 'The entries could not be loaded. Please try again later.',
};

addScreenTexts('entryReport', { ja, en });
