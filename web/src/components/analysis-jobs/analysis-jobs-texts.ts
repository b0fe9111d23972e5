// The texts the TLT analyses' screens share (person tracking, operation analysis: their results lists and job
// states), loaded with their chunks rather than the shell's catalogue, read as `analysisJobs.*`. Each kind keeps
// its own texts for the rest (person-tracking-texts.ts, operation-results-texts.ts), the reasons of a failure too
// (they name the kind).
import { addScreenTexts } from '../../lib/i18n.ts';

const ja = {
  camera: 'カメラ',
  period: '期間',
  state: '状態',
  progress: '進捗',
  requestedAt: '依頼日時',
  requestedBy: '依頼者',
  open: '結果を見る',
  states: { running: '分析中', completed: '完了', failed: '失敗', request_failed: '依頼失敗' },
  clips: '{{done}} / {{total}} 本の録画',
};

const en: typeof ja = {
  camera: 'Camera',
  period: 'Period',
  state: 'State',
  progress: 'Progress',
  requestedAt: 'Requested',
  requestedBy: 'Requested by',
  open: 'Open result',
  states: { running: 'Running', completed: 'Completed', failed: 'Failed', request_failed: 'Request failed' },
  clips: '{{done}} of {{total}} recordings',
};

export const analysisJobsTexts = { ja, en };
addScreenTexts('analysisJobs', analysisJobsTexts);
