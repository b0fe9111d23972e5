// The synced wall's texts: Japanese and English have the same keys, and the lookup finds them.
import { describe, expect, it } from 'vitest';
import { setCatalog, t } from '../../lib/i18n.ts';
import en from '../../locales/en.ts';
import ja from '../../locales/ja.ts';
import { syncedWallTexts } from './synced-wall-texts.ts';

describe('synced wall texts', () => {
  it('has the same keys in both languages', () => {
    expect(Object.keys(syncedWallTexts.en).sort()).toEqual(Object.keys(syncedWallTexts.ja).sort());
  });
  it('is read in the chosen language next to the shell catalogue', () => {
    setCatalog('en', en as unknown as typeof ja);
    expect(t('syncedWall.noRecording')).toBe('No recording at this time');
    expect(t('syncedWall.recordingFrom', { time: '10:15:23' })).toBe('Recording from 10:15:23');
    setCatalog('ja', ja);
    expect(t('syncedWall.noRecording')).toBe('この時刻の録画はありません');
  });
});
