// The PTZ preset texts: Japanese and English have the same keys, and the lookup finds them.
import { describe, expect, it } from 'vitest';
import { setCatalog, t } from '../../lib/i18n.ts';
import en from '../../locales/en.ts';
import ja from '../../locales/ja.ts';
import { presetNameError } from './ptz-preset-rules.ts';
import { ptzPresetTexts } from './ptz-preset-texts.ts';

const keys = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

describe('PTZ preset texts and name rule', () => {
  it('has the same keys in both languages', () => {
    expect(keys(ptzPresetTexts.en).sort()).toEqual(keys(ptzPresetTexts.ja).sort());
  });
  it('is read in the chosen language next to the shell catalogue', () => {
    setCatalog('en', en as unknown as typeof ja);
    expect(t('ptzPresets.save')).toBe('Save current position');
    setCatalog('ja', ja);
    expect(t('ptzPresets.save')).toBe('今の位置を保存');
  });
  it('takes 1 to 64 characters once trimmed, as the server does', () => {
    expect(presetNameError('   ')).toBe('required');
    expect(presetNameError(` ${'x'.repeat(64)} `)).toBeNull();
    expect(presetNameError('x'.repeat(65))).toBe('tooLong');
    expect(presetNameError('入口')).toBeNull();
  });
});
