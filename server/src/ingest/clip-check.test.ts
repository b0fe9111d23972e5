// The clip rules of issue "Video pipeline" item 5 on probe results, and the JPEG check.
import { describe, expect, it } from 'vitest';
import type { ProbeResult, ProbedStream } from '../video/probe.ts';
import { checkClip, isJpeg } from './clip-check.ts';

const h264: ProbedStream = {
  index: 0,
  type: 'video',
  codec: 'h264',
  width: 640,
  height: 360,
  announcedFrames: 300,
  readPackets: 300,
};
const probe = (over: Partial<ProbeResult> = {}): ProbeResult => ({
  formatNames: ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2'],
  majorBrand: 'isom',
  durationMs: 60_000,
  streams: [h264],
  warnings: [],
  ...over,
});
const reason = (p: ProbeResult | null, ms = 60_000) => {
  const result = checkClip(p, ms);
  return result.ok ? null : result.reason;
};

describe('checkClip', () => {
  it('accepts one complete H.264 stream within 1.5 s of the stated length', () => {
    expect(checkClip(probe(), 61_500)).toEqual({
      ok: true,
      clip: { width: 640, height: 360, durationMs: 60_000 },
    });
    expect(reason(probe(), 58_500)).toBeNull();
    expect(reason(probe({ streams: [h264, { ...h264, index: 1, type: 'audio', codec: 'aac' }] }))).toBeNull();
  });

  it.each([
    ['unreadable', null, /not a readable video/],
    ['Matroska', probe({ formatNames: ['matroska', 'webm'] }), /must be an MP4 file, not matroska/],
    ['QuickTime', probe({ majorBrand: 'qt' }), /not QuickTime/],
    ['no video', probe({ streams: [] }), /exactly one video stream, found 0/],
    ['two videos', probe({ streams: [h264, { ...h264, index: 1 }] }), /found 2/],
    ['MJPEG', probe({ streams: [{ ...h264, codec: 'mjpeg' }] }), /H\.264, not mjpeg/],
    ['truncated', probe({ streams: [{ ...h264, readPackets: 150 }] }), /truncated: 150 of 300 frames/],
    ['partial file', probe({ warnings: ['stream 0, offset 0x1: partial file'] }), /corrupt or truncated/],
    ['no duration', probe({ durationMs: null }), /no duration/],
  ])('refuses %s', (_name, p, message) => {
    expect(reason(p)).toMatch(message);
  });

  it('refuses a clip more than 1.5 s off the stated length', () => {
    expect(reason(probe(), 61_501)).toMatch(/lasts 60\.0 s, but duration_ms says 61\.5 s/);
    expect(reason(probe(), 58_499)).toMatch(/duration_ms says 58\.5 s/);
  });
});

describe('isJpeg', () => {
  it('wants the start and end markers', () => {
    expect(isJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0xff, 0xd9]))).toBe(true);
    expect(isJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0xff]))).toBe(false);
    expect(isJpeg(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xd9]))).toBe(false);
    expect(isJpeg(Buffer.alloc(0))).toBe(false);
  });
});
