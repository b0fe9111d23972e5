// How camera health reads (issue 22): uptime never rounds a lost moment up to 100 %, spans in their two largest
// units, the three states, the page in the address, and the "since" line.
import { beforeAll, describe, expect, it } from 'vitest';
import { setCatalog, t } from '../../../lib/i18n.ts';
import ja from '../../../locales/ja.ts';
import './camera-health-texts.ts';
import { durationParts, formatUptime, healthState, pageOf, sinceText } from './health-format.ts';

beforeAll(() => setCatalog('ja', ja));

describe('camera health formats', () => {
  it('shows uptime floored to two decimals, whole at 0 and 100 %, a dash when not counted', () => {
    expect(formatUptime(1, 'ja')).toBe('100 %');
    expect(formatUptime(0.99999, 'ja')).toBe('99.99 %');
    expect(formatUptime(0.5, 'ja')).toBe('50.00 %');
    expect(formatUptime(0.123456, 'en')).toBe('12.34 %');
    expect(formatUptime(0, 'ja')).toBe('0 %');
    expect(formatUptime(null, 'ja')).toBe('—');
  });

  it('reads a span in its two largest units', () => {
    expect(durationParts(0)).toEqual([[0, 'seconds']]);
    expect(durationParts(42_500)).toEqual([[42, 'seconds']]);
    expect(durationParts(3 * 60_000 + 5_000)).toEqual([
      [3, 'minutes'],
      [5, 'seconds'],
    ]);
    expect(durationParts(2 * 86_400_000 + 3 * 3_600_000 + 59_000)).toEqual([
      [2, 'days'],
      [3, 'hours'],
    ]);
    expect(durationParts(86_400_000 + 60_000)).toEqual([[1, 'days']]);
    expect(durationParts(-5_000)).toEqual([[0, 'seconds']]);
  });

  it('tells offline, online and never connected apart', () => {
    expect(healthState({ watch_status: 'down', last_seen_at: null })).toBe('down');
    expect(healthState({ watch_status: 'normal', last_seen_at: '2026-01-01T00:00:00Z' })).toBe('normal');
    expect(healthState({ watch_status: 'normal', last_seen_at: null })).toBe('never');
  });

  it('takes the page from the address, 1 when missing or not a page', () => {
    for (const [query, page] of [
      ['', 1],
      ['page=3', 3],
      ['page=0', 1],
      ['page=-2', 1],
      ['page=1.5', 1],
      ['page=x', 1],
    ] as const)
      expect(pageOf(new URLSearchParams(query)), query).toBe(page);
  });

  it('says since when, and for how long', () => {
    const since = new Date(2026, 10, 26, 9, 0, 0);
    const now = since.getTime() + 2 * 3_600_000 + 5 * 60_000;
    expect(sinceText(t, { watch_status: 'down', status_since: since.toISOString() }, now)).toBe(
      '2026-11-26 09:00:00 から停止中（2時間 5分）',
    );
    expect(sinceText(t, { watch_status: 'normal', status_since: since.toISOString() }, now)).toBe(
      '2026-11-26 09:00:00 から稼働中（2時間 5分）',
    );
    expect(sinceText(t, { watch_status: 'normal', status_since: null }, now)).toBe(
      'まだ一度も通信していません',
    );
  });
});
