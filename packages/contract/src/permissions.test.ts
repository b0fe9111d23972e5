import { describe, expect, it } from 'vitest';
import {
  canDownloadArchive,
  canTakeScreenshot,
  canToggleMultiVideoMode,
  canUseLighting,
  canUsePtz,
  initialMultiVideoMode,
  isLivePossible,
  isMoreMenuEnabled,
  liveSwitchVisible,
  multiVideoModes,
  noPermissions,
  privilegeKeys,
  privilegeList,
  type Permissions,
} from './permissions.ts';

const perms = (granted: Partial<Permissions>): Permissions => ({ ...noPermissions, ...granted });
const camera = { use_nolive: false, model_code: 'STD' };

describe('PTZ and lighting', () => {
  it('core.md §6: ptz needs live and ptz', () => {
    expect(canUsePtz(perms({ live: true, ptz: true }))).toBe(true);
    expect(canUsePtz(perms({ ptz: true }))).toBe(false);
    expect(canUsePtz(perms({ live: true }))).toBe(false);
  });

  it('core.md §6: lighting needs live, the lighting flag and the experimental feature', () => {
    const all = perms({ live: true, lighting: true });
    expect(canUseLighting(all, ['lighting'])).toBe(true);
    expect(canUseLighting(all, [])).toBe(false);
    expect(canUseLighting(perms({ lighting: true }), ['lighting'])).toBe(false);
    expect(canUseLighting(perms({ live: true }), ['lighting'])).toBe(false);
  });
});

describe('archive download', () => {
  it('core.md §6: archive download needs archive and batchDownload', () => {
    expect(canDownloadArchive(perms({ archive: true, batchDownload: true }))).toBe(true);
    expect(canDownloadArchive(perms({ batchDownload: true }))).toBe(false);
    expect(canDownloadArchive(perms({ archive: true }))).toBe(false);
  });
});

describe('more-menu', () => {
  const none = perms({});
  it('core.md §6: enabled when live is off in single view', () => {
    expect(isMoreMenuEnabled({ isLiveOn: false, isSingleView: true, perms: none })).toBe(true);
    expect(isMoreMenuEnabled({ isLiveOn: true, isSingleView: true, perms: none })).toBe(false);
    expect(isMoreMenuEnabled({ isLiveOn: false, isSingleView: false, perms: none })).toBe(false);
  });

  it('core.md §6: enabled with batchDownload, ptz or configEnterAlert', () => {
    for (const flag of ['batchDownload', 'ptz', 'configEnterAlert'] as const)
      expect(isMoreMenuEnabled({ isLiveOn: true, isSingleView: false, perms: perms({ [flag]: true }) })).toBe(
        true,
      );
    expect(isMoreMenuEnabled({ isLiveOn: true, isSingleView: false, perms: perms({ heatmap: true }) })).toBe(
      false,
    );
  });
});

describe('live switch and screenshot', () => {
  it('core.md §3: live is possible only with the live right on a camera that has live (not L21)', () => {
    expect(isLivePossible(perms({ live: true }), camera)).toBe(true);
    expect(isLivePossible(perms({}), camera)).toBe(false);
    expect(isLivePossible(perms({ live: true }), { ...camera, use_nolive: true })).toBe(false);
    expect(isLivePossible(perms({ live: true }), { ...camera, model_code: 'L21' })).toBe(false);
  });

  it('core.md §4: the LIVE switch shows when live is possible and the user has archive', () => {
    expect(liveSwitchVisible({ isLivePossible: true, perms: perms({ archive: true }) })).toBe(true);
    expect(liveSwitchVisible({ isLivePossible: true, perms: perms({}) })).toBe(false);
    expect(liveSwitchVisible({ isLivePossible: false, perms: perms({ archive: true }) })).toBe(false);
  });

  it('core.md §4: screenshot only when live is possible and on', () => {
    expect(canTakeScreenshot({ isLivePossible: true, isLiveOn: true })).toBe(true);
    expect(canTakeScreenshot({ isLivePossible: true, isLiveOn: false })).toBe(false);
    expect(canTakeScreenshot({ isLivePossible: false, isLiveOn: true })).toBe(false);
  });
});

describe('multi-video modes', () => {
  it('core.md §4: both live and archive only with both rights', () => {
    expect(multiVideoModes(perms({ live: true, archive: true }))).toEqual(['live', 'archive']);
    expect(canToggleMultiVideoMode(perms({ live: true, archive: true }))).toBe(true);
    expect(canToggleMultiVideoMode(perms({ live: true }))).toBe(false);
  });

  it('core.md §4: otherwise live follows the live right', () => {
    expect(multiVideoModes(perms({ live: true }))).toEqual(['live']);
    expect(multiVideoModes(perms({ archive: true }))).toEqual(['archive']);
    expect(multiVideoModes(perms({}))).toEqual([]);
    expect(initialMultiVideoMode(perms({ live: true, archive: true }))).toBe('live');
    expect(initialMultiVideoMode(perms({ archive: true }))).toBe('archive');
  });
});

describe('privilege list', () => {
  it('advanced.md §6: lists every right in order in a TLT mode', () => {
    const list = privilegeList(perms({ live: true, heatmap: true }), 'TLT:3', ['lighting']);
    expect(list.map((p) => p.key)).toEqual([...privilegeKeys]);
    expect(list.find((p) => p.key === 'liveControl')?.available).toBe(true);
    expect(list.find((p) => p.key === 'heatmap')?.available).toBe(true);
    expect(list.find((p) => p.key === 'viewArchive')?.available).toBe(false);
  });

  it('advanced.md §6: TLT-only settings are listed only in TLT modes', () => {
    const keys = privilegeList(perms({ configEnterAlert: true }), 'normal').map((p) => p.key);
    expect(keys).not.toContain('enterAlertSetting');
    expect(keys).not.toContain('personTrackingSetting');
    expect(keys).not.toContain('operationAnalysisSetting');
    expect(keys).toContain('motionDetectionSetting');
    expect(privilegeList(perms({}), 'L21', ['lighting'])).toHaveLength(privilegeKeys.length - 3);
  });

  it('issue 17 / core.md §3, §6: debug and lighting are listed too; lighting only with the experimental feature', () => {
    const demo = perms({ live: true, lighting: true, debug: true });
    const withLighting = privilegeList(demo, 'normal', ['lighting']);
    expect(withLighting.slice(-2)).toEqual([
      { key: 'lighting', available: true, pcOnly: false },
      { key: 'debug', available: true, pcOnly: false },
    ]);
    const without = privilegeList(demo, 'normal', []).map((p) => p.key);
    expect(without).not.toContain('lighting');
    expect(without).toContain('debug');
    // Lighting needs live too (core.md §6); no debug right is listed as not available.
    const noLive = privilegeList(perms({ lighting: true }), 'normal', ['lighting']);
    expect(noLive.find((p) => p.key === 'lighting')?.available).toBe(false);
    expect(noLive.find((p) => p.key === 'debug')?.available).toBe(false);
  });

  it('advanced.md §6: PTZ counts as available only with live too; multi video is marked PC only', () => {
    const list = privilegeList(perms({ ptz: true, archive: true }), 'normal');
    expect(list.find((p) => p.key === 'ptz')?.available).toBe(false);
    expect(list.find((p) => p.key === 'multiVideoPlayback')).toEqual({
      key: 'multiVideoPlayback',
      available: true,
      pcOnly: true,
    });
  });
});
