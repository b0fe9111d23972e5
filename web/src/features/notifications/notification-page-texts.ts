// The notifications screen's texts (ja, en), loaded with the screens that show them rather than the shell's catalogue, which every
// first screen downloads (issue 19), read as `notificationPage.*`.
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  empty: 'お知らせはありません。',
  loadFailed: 'お知らせを読み込めませんでした。',
  new: '未読',
  open: '開く',
  kinds: {
    down: 'カメラが停止しました。',
    up: 'カメラが復旧しました。',
    downloadReady: 'アーカイブのダウンロードの準備ができました。',
    heatmapReady: 'ヒートマップの一括ダウンロードの準備ができました。',
    downloadFailed: 'ファイルの生成に失敗しました。',
    motion: '動きを検知しました。',
    entry: '侵入を検知しました（{{area}}）。',
    personTrackingCompleted: '人物追跡の分析が完了しました。',
    personTrackingFailed: '人物追跡の分析に失敗しました。',
    operationAnalysisCompleted: '作業分析が完了しました。',
    operationAnalysisFailed: '作業分析に失敗しました。',
  },
  pager: { first: '最初のページ', previous: '前のページ', next: '次のページ', last: '最後のページ' },
};

const en = {
  empty: 'No notifications.',
  loadFailed: 'The notifications could not be loaded.',
  new: 'New',
  open: 'Open',
  kinds: {
    down: 'The camera went down.',
    up: 'The camera is back.',
    downloadReady: 'Your archive download is ready.',
    heatmapReady: 'Your heat map batch download is ready.',
    downloadFailed: 'The file could not be generated.',
    motion: 'Motion was detected.',
    entry: 'Entry detected ({{area}}).',
    personTrackingCompleted: 'The person tracking analysis is complete.',
    personTrackingFailed: 'The person tracking analysis failed.',
    operationAnalysisCompleted: 'The operation analysis is complete.',
    operationAnalysisFailed: 'The operation analysis failed.',
  },
  pager: { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' },
};

addScreenTexts('notificationPage', { ja, en });
