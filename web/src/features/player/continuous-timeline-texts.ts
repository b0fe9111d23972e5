// The continuous timeline's texts (ja, en), loaded with its own chunk, read as `continuousTimeline.*`.
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  label: '連続タイムライン',
  valueText: '{{time}}（{{state}}）',
  state: {
    recorded: '録画あり',
    partial: '一部録画あり',
    gap: '録画なし',
    future: 'これから',
  },
  hint: 'ドラッグでその時刻を再生、Shift＋ドラッグで範囲を選択、ホイールで拡大・縮小。キーボード：左右の矢印で移動、＋/－で拡大・縮小、Enterで中央の時刻を再生。',
  zoomIn: '拡大',
  zoomOut: '縮小',
  back: '前へ移動',
  forward: '次へ移動',
  now: '現在へ',
  selectRange: '範囲を選んで書き出す',
  selectHint:
    '書き出す範囲をドラッグで選んでください（キーボード：Enterで始点、もう一度Enterで終点、Escで取り消し）。',
  span: '表示幅：{{span}}',
  minutes: '{{n}}分',
  hours: '{{n}}時間',
  days: '{{n}}日',
  legend: {
    recorded: '録画あり',
    partial: '一部録画',
    gap: '録画なし',
    motion: '動体',
    enterAlert: '侵入',
    people: '人数カウント',
    person: '人物',
    cameraDown: 'カメラ停止',
    cameraUp: 'カメラ復帰',
  },
  eventsCut: 'イベントが多いため、一部のみ表示しています。拡大すると全て表示されます。',
  loadFailed: '録画の有無を読み込めませんでした。',
  retry: '再読み込み',
  checking: '範囲の録画を確認しています…',
  nothing: '{{from}}〜{{to}}には録画がありません。',
  beforeFirst: 'このカメラの録画は{{first}}からです。',
  noRecordings: 'このカメラにはまだ録画がありません。',
  afterLast: '最後の録画は{{last}}です。',
  tooLong:
    '書き出せるのは{{max}}時間までです。選んだ範囲の録画は{{hours}}時間にわたります。短い範囲を選んでください。',
  trimmed: '範囲を録画のある{{from}}〜{{to}}に合わせました。',
  partialNote:
    'この{{span}}分のうち録画があるのは{{recorded}}分です。録画のある部分だけがファイルになります。',
  checkFailed: '範囲の録画を確認できませんでした。もう一度お試しください。',
  nothingAfter: '{{time}}より後に録画はありません。',
  close: '閉じる',
};

const en: typeof ja = {
  label: 'Continuous timeline',
  valueText: '{{time}} ({{state}})',
  state: {
    recorded: 'recorded',
    partial: 'partly recorded',
    gap: 'not recorded',
    future: 'not yet',
  },
  hint: 'Drag to play that moment, Shift+drag to select a range, wheel to zoom. Keyboard: left/right arrows move, +/− zoom, Enter plays the moment in the middle.',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  back: 'Move back',
  forward: 'Move forward',
  now: 'Go to now',
  selectRange: 'Select a range to export',
  selectHint:
    'Drag over the range to export (keyboard: Enter sets the start, Enter again the end, Esc cancels).',
  span: 'Showing {{span}}',
  minutes: '{{n}} min',
  hours: '{{n}} h',
  days: '{{n}} days',
  legend: {
    recorded: 'Recorded',
    partial: 'Partly recorded',
    gap: 'Not recorded',
    motion: 'Motion',
    enterAlert: 'Entry',
    people: 'People counter',
    person: 'Person',
    cameraDown: 'Camera down',
    cameraUp: 'Camera back up',
  },
  eventsCut: 'Too many events to show them all here; zoom in to see every one.',
  loadFailed: 'Could not load what was recorded.',
  retry: 'Try again',
  checking: 'Checking the recordings of the range…',
  nothing: 'Nothing was recorded from {{from}} to {{to}}.',
  beforeFirst: 'The recordings of this camera begin at {{first}}.',
  noRecordings: 'This camera has no recordings yet.',
  afterLast: 'The last recording is at {{last}}.',
  tooLong:
    'An export covers at most {{max}} hours; the recordings in the selected range span {{hours}} hours. Select a shorter range.',
  trimmed: 'The range was trimmed to the recordings, {{from}} to {{to}}.',
  partialNote:
    '{{recorded}} of these {{span}} minutes were recorded; the file holds the recorded parts only.',
  checkFailed: 'Could not check the recordings of the range. Please try again.',
  nothingAfter: 'Nothing was recorded after {{time}}.',
  close: 'Close',
};

addScreenTexts('continuousTimeline', { ja, en });

export const continuousTimelineTexts = { ja, en };
