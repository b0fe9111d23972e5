import { describe, expect, it } from 'vitest';
import { cameraHasLive as hasLive } from '@camwatch/contract/permissions';
import { cameraFunctionsOf, type FunctionCamera } from './camera-functions.ts';

const none: FunctionCamera = {
  model_code: 'CW-BOX2',
  use_motion: false,
  use_camera_motion: false,
  use_heatmap: false,
  use_nolive: false,
  use_audio: false,
  use_people_counter: false,
  use_ptz: false,
  use_time_lapse: false,
  use_enter_alert: false,
  use_person_tracking: false,
  use_dewarp: false,
  use_operation_analysis: false,
};

describe('function icons (core.md §2, §3)', () => {
  it('shows live unless no-live or model L21', () => {
    expect(hasLive(none)).toBe(true);
    expect(hasLive({ ...none, use_nolive: true })).toBe(false);
    expect(hasLive({ ...none, model_code: 'L21' })).toBe(false);
  });
  it('lists the flags in order', () => {
    expect(
      cameraFunctionsOf({ ...none, use_motion: true, use_ptz: true, use_people_counter: true }, false),
    ).toEqual(['motion', 'live', 'people_counter', 'ptz']);
  });
  it('L21 has no live-related function', () => {
    expect(
      cameraFunctionsOf({ ...none, model_code: 'L21', use_time_lapse: true, use_audio: true }, false),
    ).toEqual(['time_lapse']);
  });
  it('shows TLT functions only in TLT modes', () => {
    const tlt = { ...none, model_code: 'TLT-V3', use_enter_alert: true, use_operation_analysis: true };
    expect(cameraFunctionsOf(tlt, false)).toEqual(['live']);
    expect(cameraFunctionsOf(tlt, true)).toEqual(['live', 'enter_alert', 'operation_analysis']);
  });
});
