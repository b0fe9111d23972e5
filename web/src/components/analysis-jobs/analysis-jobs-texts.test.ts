// The TLT analyses' shared texts: Japanese and English have the same keys, and the lookup finds them.
import { describe, expect, it } from 'vitest';
import { setCatalog, t } from '../../lib/i18n.ts';
import en from '../../locales/en.ts';
import ja from '../../locales/ja.ts';
import { analysisJobsTexts } from './analysis-jobs-texts.ts';

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

describe('analysis jobs texts', () => {
  it('has the same keys in both languages', () => {
    expect(keys(analysisJobsTexts.en).sort()).toEqual(keys(analysisJobsTexts.ja).sort());
  });
  it('is read in the chosen language next to the shell catalogue', () => {
    setCatalog('en', en as unknown as typeof ja);
    expect(t('analysisJobs.states.request_failed')).toBe('Request failed');
    expect(t('analysisJobs.clips', { done: 2, total: 60 })).toBe('2 of 60 recordings');
    setCatalog('ja', ja);
    expect(t('analysisJobs.states.request_failed')).toBe('依頼失敗');
  });
});
