import { describe, expect, it } from 'vitest';
import { noPermissions, type Permissions } from '@camwatch/contract/permissions';
import {
  defaultDownloadRange,
  downloadRangeError,
  csvDayRange,
  moreMenuState,
  ptzAxes,
  ptzStep,
  screenshotFileName,
} from './more-menu-rules.ts';
import { dateTimeInputValue, parseDateTimeInput } from '../../lib/local-time.ts';

const ptzCamera = { use_ptz: true, use_enter_alert: true, can_pan: true, can_tilt: true, can_zoom: true };
const fixedCamera = {
  use_ptz: false,
  use_enter_alert: false,
  can_pan: false,
  can_tilt: false,
  can_zoom: false,
};
const all: Permissions = Object.fromEntries(Object.keys(noPermissions).map((k) => [k, true])) as Permissions;
const only = (...flags: (keyof Permissions)[]): Permissions => ({
  ...noPermissions,
  ...Object.fromEntries(flags.map((f) => [f, true])),
});
const state = (perms: Permissions, opts: Partial<Parameters<typeof moreMenuState>[0]> = {}) =>
  moreMenuState({
    perms,
    camera: ptzCamera,
    isLiveOn: true,
    isSingleView: true,
    experimentalFeatures: ['lighting'],
    isTlt: true,
    ...opts,
  });

describe('the more-menu button (advanced.md §6)', () => {
  it('is enabled when live is off in single view', () => {
    expect(state(only('archive'), { isLiveOn: false }).isEnabled).toBe(true);
    expect(state(only('archive'), { isLiveOn: false, isSingleView: false }).isEnabled).toBe(false);
  });
  it('is enabled with batchDownload, ptz or configEnterAlert, and disabled otherwise while live is on', () => {
    expect(state(only('live')).isEnabled).toBe(false);
    expect(state(only('live', 'batchDownload')).isEnabled).toBe(true);
    expect(state(only('live', 'ptz')).isEnabled).toBe(true);
    expect(state(only('live', 'configEnterAlert')).isEnabled).toBe(true);
  });
});

describe('more-menu items (advanced.md §6)', () => {
  it('shows everything to a user with every right on a PTZ camera with live on', () => {
    expect(state(all)).toEqual({
      isEnabled: true,
      showLighting: true,
      showPtz: true,
      canDownload: true,
      showEnterAlertCsv: true,
    });
  });
  it('lighting needs live on, live and lighting rights and the experimental feature', () => {
    expect(state(all, { experimentalFeatures: [] }).showLighting).toBe(false);
    expect(state(all, { isLiveOn: false }).showLighting).toBe(false);
    expect(state({ ...all, lighting: false }).showLighting).toBe(false);
    expect(state({ ...all, live: false }).showLighting).toBe(false);
  });
  it('enter-alert CSV needs a TLT mode, a camera with entry detection and configEnterAlert (core.md §2)', () => {
    expect(state(all, { isTlt: false }).showEnterAlertCsv).toBe(false);
    expect(state(all, { camera: fixedCamera }).showEnterAlertCsv).toBe(false);
    expect(state({ ...all, configEnterAlert: false }).showEnterAlertCsv).toBe(false);
    expect(state(only('configEnterAlert'), { isLiveOn: false }).showEnterAlertCsv).toBe(true);
  });
  it('PTZ needs live on, live and ptz rights and a PTZ camera', () => {
    expect(state(all, { camera: fixedCamera }).showPtz).toBe(false);
    expect(state(all, { isLiveOn: false }).showPtz).toBe(false);
    expect(state({ ...all, ptz: false }).showPtz).toBe(false);
    expect(state({ ...all, live: false }).showPtz).toBe(false);
  });
  it('archive download needs archive and batchDownload', () => {
    expect(state(only('archive', 'batchDownload')).canDownload).toBe(true);
    expect(state(only('archive')).canDownload).toBe(false);
    expect(state(only('batchDownload')).canDownload).toBe(false);
  });
});

describe('PTZ axes and steps', () => {
  it('offers only the axes the camera can move', () => {
    expect(ptzAxes(ptzCamera)).toEqual(['pan', 'tilt', 'zoom']);
    expect(ptzAxes({ ...ptzCamera, can_zoom: false })).toEqual(['pan', 'tilt']);
    expect(ptzAxes(fixedCamera)).toEqual([]);
  });
  it('sends one axis a 0.2 step', () => {
    expect(ptzStep('pan', 1)).toEqual({ pan: 0.2, tilt: 0, zoom: 0 });
    expect(ptzStep('zoom', -1)).toEqual({ pan: 0, tilt: 0, zoom: -0.2 });
  });
});

describe('download range (advanced.md §8, contract: at most 24 h)', () => {
  const now = new Date(2024, 4, 1, 12, 30).getTime();
  const h = 3_600_000;
  it('accepts a past range of up to 24 hours', () => {
    expect(downloadRangeError(now - h, now, now)).toBeNull();
    expect(downloadRangeError(now - 24 * h, now, now)).toBeNull();
  });
  it('refuses longer, reversed, empty, future and unreadable ranges', () => {
    expect(downloadRangeError(now - 24 * h - 60_000, now, now)).toBe('tooLong');
    expect(downloadRangeError(now, now - h, now)).toBe('endBeforeStart');
    expect(downloadRangeError(now - h, now - h, now)).toBe('endBeforeStart');
    expect(downloadRangeError(now - h, now + 60_000, now)).toBe('future');
    expect(downloadRangeError(Number.NaN, now, now)).toBe('invalid');
  });
  it('starts as the selected hour, cut at the current minute', () => {
    const past = new Date(2024, 4, 1, 9).getTime();
    expect(defaultDownloadRange(past, now)).toEqual({ startMs: past, endMs: past + h });
    const current = new Date(2024, 4, 1, 12).getTime();
    expect(defaultDownloadRange(current, now + 15_000)).toEqual({ startMs: current, endMs: now });
    // At the very start of an hour the range still covers a minute.
    expect(defaultDownloadRange(current, current)).toEqual({ startMs: current - 60_000, endMs: current });
  });
  it('round-trips the datetime-local value in local time', () => {
    const ms = new Date(2024, 4, 1, 9, 5).getTime();
    expect(dateTimeInputValue(ms)).toBe('2024-05-01T09:05');
    expect(parseDateTimeInput('2024-05-01T09:05')).toBe(ms);
    expect(parseDateTimeInput('')).toBeNaN();
    expect(parseDateTimeInput('2024-02-31T09:05')).toBeNaN();
  });
});

describe('formatting', () => {
  it('names a screenshot <camera name>_<YYYYMMDD-HHmmss>.jpg', () => {
    const ms = new Date(2024, 4, 1, 9, 5, 7).getTime();
    expect(screenshotFileName('渋谷店 入口', ms)).toBe('渋谷店 入口_20240501-090507.jpg');
    expect(screenshotFileName('a/b:c', ms)).toBe('a_b_c_20240501-090507.jpg');
  });
});

describe('the enter-alert CSV period (core.md §2, §9)', () => {
  const now = new Date(2026, 10, 21, 15, 30).getTime();
  it('covers whole local days from the first to the last, included', () => {
    expect(csvDayRange('2026-11-20', '2026-11-21', now)).toEqual({
      startMs: new Date(2026, 10, 20).getTime(),
      endMs: new Date(2026, 10, 22).getTime(),
    });
    expect(csvDayRange('2026-11-21', '2026-11-21', now)).toEqual({
      startMs: new Date(2026, 10, 21).getTime(),
      endMs: new Date(2026, 10, 22).getTime(),
    });
  });
  it('refuses empty or impossible dates, reversed days, days after today and more than 31 days', () => {
    expect(csvDayRange('', '2026-11-21', now)).toEqual({ error: 'invalid' });
    expect(csvDayRange('2026-02-30', '2026-03-01', now)).toEqual({ error: 'invalid' });
    expect(csvDayRange('2026-11-21', '2026-11-20', now)).toEqual({ error: 'order' });
    expect(csvDayRange('2026-11-21', '2026-11-22', now)).toEqual({ error: 'future' });
    expect(csvDayRange('2026-10-22', '2026-11-21', now)).not.toHaveProperty('error');
    expect(csvDayRange('2026-10-21', '2026-11-21', now)).toEqual({ error: 'tooLong' });
  });
});
