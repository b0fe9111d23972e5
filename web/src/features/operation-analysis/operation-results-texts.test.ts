// The operation analysis results screens' own texts: Japanese and English have the same keys, every threshold
// has a plain-words explanation, and the lookup finds them next to the shell catalogue.
import { describe, expect, it } from 'vitest';
import { setCatalog, t } from '../../lib/i18n.ts';
import en from '../../locales/en.ts';
import ja from '../../locales/ja.ts';
import { DETECTION_FIELDS } from './operation-analysis-rules.ts';
import { operationResultsTexts } from './operation-results-texts.ts';

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

describe('operation results texts', () => {
  it('has the same keys in both languages, and explains every threshold', () => {
    expect(keys(operationResultsTexts.en).sort()).toEqual(keys(operationResultsTexts.ja).sort());
    for (const lang of ['ja', 'en'] as const)
      expect(Object.keys(operationResultsTexts[lang].request.help).sort()).toEqual(
        [...DETECTION_FIELDS].sort(),
      );
  });
  it('is read in the chosen language next to the shell catalogue', () => {
    setCatalog('en', en as unknown as typeof ja);
    expect(t('operationResults.errors.no_recordings')).toBe('There is no recording in the period.');
    expect(t('nav.operationAnalysis')).toBe('Operation analysis');
    expect(t('operationAnalysis.fields.detectionFrameThreshold')).toBe(
      en.operationAnalysis.fields.detectionFrameThreshold,
    );
    setCatalog('ja', ja);
    expect(t('operationResults.errors.no_recordings')).toBe('期間内に録画がありません。');
    expect(t('pages.operation_analysis_results')).toBe('作業分析の結果一覧');
  });
});
