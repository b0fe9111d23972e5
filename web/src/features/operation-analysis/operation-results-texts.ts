// The operation analysis results screens' texts (ja, en), loaded with their chunk rather than the shell's catalogue
// (/login has no room for them), read as `operationResults.*`. The navigation, page names, notification texts and
// the detection setting's field names are in the shell's catalogue (locales/).
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  title: '作業分析の結果一覧',
  intro:
    '録画映像から、作業エリアごとに人が作業していた時間（手がエリアに入っていた時間）を測ります（1回の分析は最大3時間）。分析には数分かかり、完了するとお知らせが届きます。',
  newAnalysis: '分析を依頼',
  camera: 'カメラ',
  chooseCamera: '分析するカメラを選んでください',
  empty: 'まだ分析の依頼はありません。',
  loadFailed: '作業分析の結果を読み込めませんでした。',
  errors: {
    no_recordings: '期間内に録画がありません。',
    camera_unavailable: 'このカメラでは作業分析を利用できなくなりました。',
    analysis_failed: '分析中にエラーが発生しました。もう一度依頼してください。',
  },
  request: {
    title: '作業分析を依頼',
    start: '開始日時',
    end: '終了日時',
    submit: '依頼する',
    note: 'カメラに保存された作業エリアで分析します。しきい値はこの分析だけ変更できます（保存された設定は変わりません）。期間は最大3時間です。',
    areas: '作業エリア：{{names}}',
    noAreas: 'このカメラには作業エリアがありません。先に作業分析設定でエリアを作成してください。',
    openSetting: '作業分析設定を開く',
    thresholds: 'しきい値',
    help: {
      personDetectionTargetAreaRate:
        '人物の枠が作業エリアの何割以上に重なっていれば「その場所にいる」とみなすか（0〜1）。大きいほど、エリアの前にしっかり立っている人だけを数えます。',
      detectionFrameThreshold:
        '手がエリアに入った（または出た）状態が何枚続いたら作業の開始（終了）とみなすか。1秒2枚です。大きいほど、一瞬だけ手が入った・見失った場合を無視します。',
      personDetectionThreshold:
        '人として数える検出の確からしさ（0〜1）。大きいほど、はっきり写った人だけを数えます。',
      keypointDetectionThreshold:
        '手首の位置の確からしさ（0〜1）。大きいほど、手がはっきり見えているときだけ「手がエリアに入った」とみなします。',
    },
    problems: {
      required: '開始と終了の日時を入力してください。',
      order: '終了は開始より後にしてください。',
      tooLong: '期間は3時間以内にしてください。',
      future: '未来の期間は分析できません。',
    },
    fieldProblems: {
      required: '値を入力してください',
      not_number: '数値を入力してください',
      integer: '整数で入力してください',
      decimals: '小数点以下2桁までで入力してください',
      range: '{{min}}〜{{max}} の範囲で入力してください',
    },
    tooMany: 'リクエスト数の上限に達しました。しばらく待ってから再度お試しください。',
    noPermission: '作業分析設定の権限がないため、分析を依頼できません。',
    requested: '分析を依頼しました。',
    failed: '依頼できませんでした。',
  },
  result: {
    title: '作業分析の結果',
    back: '結果一覧へ',
    running: '分析中です…',
    csv: 'CSVダウンロード',
    skipped: '読み込めなかった録画 {{count}} 本は除外しました。',
    recorded: '録画のある時間 {{time}}（期間 {{period}}）',
    noRecording: '録画なし',
    area: '作業エリア',
    working: '作業時間',
    idle: '非作業時間',
    share: '作業率',
    sessions: '作業回数',
    timeline: '作業の時系列',
    timelineHelp:
      '各作業エリアで作業していた時間帯（色の帯）。灰色は録画のない時間です。帯をクリックすると、その時刻の録画を再生します。',
    chartTitle: '時間帯ごとの作業時間',
    chartHelp: '{{bucket}}ごとの作業時間（分）',
    minutes: '分',
    bucketSeconds: '{{n}}秒',
    bucketMinutes: '{{n}}分',
    sessionList: '作業の一覧',
    start: '開始',
    end: '終了',
    duration: '時間',
    watchAt: '{{time}}の録画を見る',
    noSessions: '期間内に作業はありませんでした。',
    settingsUsed: '分析の設定',
  },
};

const en: typeof ja = {
  title: 'Operation analysis results',
  intro:
    'Measures, from a camera’s recordings, when someone was working in each operation area (their hand in the area); up to 3 hours per analysis. An analysis takes a few minutes; a notification tells you when it is done.',
  newAnalysis: 'Request an analysis',
  camera: 'Camera',
  chooseCamera: 'Choose the camera to analyse',
  empty: 'No analysis has been requested yet.',
  loadFailed: 'The operation analysis results could not be read.',
  errors: {
    no_recordings: 'There is no recording in the period.',
    camera_unavailable: 'Operation analysis is no longer available for this camera.',
    analysis_failed: 'The analysis ran into an error. Please request it again.',
  },
  request: {
    title: 'Request an operation analysis',
    start: 'Start',
    end: 'End',
    submit: 'Request',
    note: 'The camera’s saved operation areas are analysed. The thresholds can be changed for this analysis only (the saved setting stays). The period is at most 3 hours.',
    areas: 'Operation areas: {{names}}',
    noAreas: 'This camera has no operation area. Draw them in the operation analysis setting first.',
    openSetting: 'Open the operation analysis setting',
    thresholds: 'Thresholds',
    help: {
      personDetectionTargetAreaRate:
        'How much of the operation area a person’s box must cover for them to count as standing at it (0 to 1). Higher: only people right in front of the area count.',
      detectionFrameThreshold:
        'How many pictures in a row a hand must be in (or out of) the area before work starts (or ends); 2 pictures a second. Higher: a hand seen in the area for a moment, or lost for a moment, is ignored.',
      personDetectionThreshold:
        'How sure the detector must be that it sees a person (0 to 1). Higher: only people seen clearly count.',
      keypointDetectionThreshold:
        'How sure the detector must be of where a wrist is (0 to 1). Higher: a hand counts as in the area only when it is seen clearly.',
    },
    problems: {
      required: 'Enter the start and end.',
      order: 'The end must be after the start.',
      tooLong: 'The period must be at most 3 hours.',
      future: 'A period in the future cannot be analysed.',
    },
    fieldProblems: {
      required: 'Enter a value',
      not_number: 'Enter a number',
      integer: 'Enter a whole number',
      decimals: 'Use at most 2 decimals',
      range: 'Enter a value from {{min}} to {{max}}',
    },
    tooMany: 'The maximum number of requests has been reached. Please wait for a while and try again.',
    noPermission: 'You need the operation analysis setting right to request an analysis.',
    requested: 'The analysis has been requested.',
    failed: 'The analysis could not be requested.',
  },
  result: {
    title: 'Operation analysis result',
    back: 'Back to the results',
    running: 'Analysing…',
    csv: 'Download CSV',
    skipped: '{{count}} recordings could not be read and were left out.',
    recorded: 'Recorded {{time}} (period {{period}})',
    noRecording: 'No recording',
    area: 'Operation area',
    working: 'Working',
    idle: 'Idle',
    share: 'Working share',
    sessions: 'Sessions',
    timeline: 'Work over time',
    timelineHelp:
      'When someone worked in each operation area (coloured bars); grey is time without recordings. Click a bar to play the recording from then.',
    chartTitle: 'Working time per stretch of the period',
    chartHelp: 'Working minutes per {{bucket}}',
    minutes: 'min',
    bucketSeconds: '{{n}} s',
    bucketMinutes: '{{n}} min',
    sessionList: 'Work sessions',
    start: 'Start',
    end: 'End',
    duration: 'Time',
    watchAt: 'Watch the recording at {{time}}',
    noSessions: 'No work in the period.',
    settingsUsed: 'Setting used',
  },
};

addScreenTexts('operationResults', { ja, en });

export const operationResultsTexts = { ja, en };
