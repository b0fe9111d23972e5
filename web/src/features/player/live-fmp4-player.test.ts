import { describe, expect, it } from 'vitest';
import { fmp4SocketUrl, lagFloorSec, mimeOfInit } from './live-fmp4-player.ts';

describe('live fMP4 player rules', () => {
  it('aims at least a frame plus room for a late one behind the newest frame', () => {
    // Unknown frame rate: the base aim.
    expect(lagFloorSec(null)).toBe(0.25);
    // 5 fps: one frame (0.2 s) + 0.12 s room; the old fixed 0.25 s left 50 ms for a late frame.
    expect(lagFloorSec(0.2)).toBeCloseTo(0.32);
    // 25 fps: the base aim already holds several frames.
    expect(lagFloorSec(0.04)).toBe(0.25);
    // 1 fps: capped, so a slow camera still plays within a second.
    expect(lagFloorSec(1)).toBe(0.6);
  });

  it('opens the WebSocket at the live playlist’s signed address, ws or wss as the page', () => {
    expect(fmp4SocketUrl('/api/streams/abc.def/index.m3u8', 'http://127.0.0.1:3000/list/1')).toBe(
      'ws://127.0.0.1:3000/api/streams/abc.def/live.fmp4',
    );
    expect(fmp4SocketUrl('/api/streams/abc.def/index.m3u8', 'https://cam.example.com/detail/x')).toBe(
      'wss://cam.example.com/api/streams/abc.def/live.fmp4',
    );
  });

  it('reads the codec from the init segment’s avcC box (profile, compatibility, level)', () => {
    const init = new Uint8Array([0, 0, 0, 8, 0x61, 0x76, 0x63, 0x43, 1, 0x64, 0x00, 0x1f, 0xff]);
    expect(mimeOfInit(init)).toBe('video/mp4; codecs="avc1.64001f"');
    expect(mimeOfInit(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9]))).toBeNull();
  });
});
