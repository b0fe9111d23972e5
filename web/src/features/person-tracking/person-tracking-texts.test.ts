// The person tracking screens' own texts: Japanese and English have the same keys, and the lookup finds them.
import { describe, expect, it } from 'vitest';
import { setCatalog, t } from '../../lib/i18n.ts';
import en from '../../locales/en.ts';
import ja from '../../locales/ja.ts';
import { personTrackingTexts } from './person-tracking-texts.ts';

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

describe('person tracking texts', () => {
  it('has the same keys in both languages', () => {
    expect(keys(personTrackingTexts.en).sort()).toEqual(keys(personTrackingTexts.ja).sort());
  });
  it('is read in the chosen language next to the shell catalogue', () => {
    setCatalog('en', en as unknown as typeof ja);
    expect(t('personTracking.errors.no_recordings')).toBe('There is no recording in the period.');
    expect(t('nav.personTracking')).toBe('Person tracking');
    setCatalog('ja', ja);
    expect(t('personTracking.errors.no_recordings')).toBe('期間内に録画がありません。');
  });
});
