// What the agent records: the server's configuration within the embedder's limits.
import { describe, expect, it } from 'vitest';
import type { DeviceConfig } from '@camwatch/contract/device';
import { formatOf } from '../src/agent.ts';

const config = (width: number, height: number, fps: number, maxBitrateKbps?: number): DeviceConfig => ({
  camera_code: 'cam-x',
  fps,
  width,
  height,
  live_interval_sec: 1,
  ...(maxBitrateKbps ? { max_bitrate_kbps: maxBitrateKbps } : {}),
  motion_area: [],
  can_pan: false,
  can_tilt: false,
  can_zoom: false,
});

describe('formatOf', () => {
  it('records the configuration as it is without limits', () => {
    expect(formatOf(config(1280, 720, 5))).toEqual({
      width: 1280,
      height: 720,
      fps: 5,
      maxBitrateKbps: null,
    });
  });

  it('scales down keeping the aspect ratio, to even sizes, and caps the frame rate', () => {
    const limits = { maxWidth: 320, maxHeight: 180, maxFps: 2 };
    expect(formatOf(config(1920, 1080, 15), limits)).toEqual({
      width: 320,
      height: 180,
      fps: 2,
      maxBitrateKbps: null,
    });
    expect(formatOf(config(1280, 1280, 5), limits)).toEqual({
      width: 180,
      height: 180,
      fps: 2,
      maxBitrateKbps: null,
    });
    expect(formatOf(config(160, 90, 1), limits)).toEqual({
      width: 160,
      height: 90,
      fps: 1,
      maxBitrateKbps: null,
    });
  });

  it('carries the bitrate cap of the camera setting (issue 20)', () => {
    expect(formatOf(config(1920, 1080, 15, 2000))).toMatchObject({ maxBitrateKbps: 2000 });
  });

  it('records at least 1 fps so every second has a keyframe (interval cameras upload 1 frame per minutes)', () => {
    expect(formatOf(config(640, 360, 1 / 600))).toMatchObject({ fps: 1 });
  });
});
