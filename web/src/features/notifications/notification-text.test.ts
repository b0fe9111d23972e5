import { afterEach, describe, expect, it } from 'vitest';
import { setCatalog, t } from '../../lib/i18n.ts';
import en from '../../locales/en.ts';
import ja from '../../locales/ja.ts';
import { notificationText } from './notification-text.ts';

afterEach(() => setCatalog('ja', ja));

describe('notification texts (advanced.md notification types: download ready, archive and heat map)', () => {
  it('says which download is ready, in Japanese and in English, not the stored server text', () => {
    setCatalog('ja', ja);
    const heatmap = {
      event: 'download',
      kind: 'heatmap',
      message: 'ヒートマップのダウンロード準備ができました',
    } as const;
    const archive = { event: 'download', kind: 'archive', message: 'stored' } as const;
    expect(notificationText(heatmap, t)).toBe('ヒートマップの一括ダウンロードの準備ができました。');
    expect(notificationText(archive, t)).toBe('アーカイブのダウンロードの準備ができました。');
    setCatalog('en', en as unknown as typeof ja);
    expect(notificationText(heatmap, t)).toBe('Your heat map batch download is ready.');
    expect(notificationText(archive, t)).toBe('Your archive download is ready.');
  });

  it('a failed download reads as failed whichever download it was; other kinds keep their own text', () => {
    setCatalog('ja', ja);
    expect(notificationText({ event: 'download', kind: 'failed', message: 'x' }, t)).toBe(
      'ファイルの生成に失敗しました。',
    );
    expect(notificationText({ event: 'entry', kind: null, message: '通路' }, t)).toBe(
      '侵入を検知しました（通路）。',
    );
    expect(
      notificationText({ event: 'announcement', kind: null, message: 'メンテナンスのお知らせ' }, t),
    ).toBe('メンテナンスのお知らせ');
  });

  it('says a person tracking analysis completed or failed (PersonTracking tab), in both languages', () => {
    setCatalog('ja', ja);
    const done = { event: 'person_tracking', kind: 'completed', message: 'stored' } as const;
    const failed = { event: 'person_tracking', kind: 'failed', message: 'stored' } as const;
    expect(notificationText(done, t)).toBe('人物追跡の分析が完了しました。');
    expect(notificationText(failed, t)).toBe('人物追跡の分析に失敗しました。');
    setCatalog('en', en as unknown as typeof ja);
    expect(notificationText(done, t)).toBe('The person tracking analysis is complete.');
    expect(notificationText(failed, t)).toBe('The person tracking analysis failed.');
  });

  it('says an operation analysis completed or failed (OperationAnalysis tab), in both languages', () => {
    setCatalog('ja', ja);
    const done = { event: 'operation_analysis', kind: 'completed', message: 'stored' } as const;
    const failed = { event: 'operation_analysis', kind: 'failed', message: 'stored' } as const;
    expect(notificationText(done, t)).toBe('作業分析が完了しました。');
    expect(notificationText(failed, t)).toBe('作業分析に失敗しました。');
    setCatalog('en', en as unknown as typeof ja);
    expect(notificationText(done, t)).toBe('The operation analysis is complete.');
    expect(notificationText(failed, t)).toBe('The operation analysis failed.');
  });
});
