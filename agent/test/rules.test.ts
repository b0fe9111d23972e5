// The agent's small pure rules: where a clip sits in its minute, when a live still is due, which picture
// becomes a minute's thumbnail, retry delays, control messages and command results, log lines.
import { describe, expect, it } from 'vitest';
import { FIXED_CAMERA } from '../src/control/camera-controls.ts';
import { controlChannelUrl, parseServerMessage } from '../src/control/control-channel.ts';
import { runCommand } from '../src/control/device-commands.ts';
import { isStillDue, LiveStills, type StillGate } from '../src/live/live-stills.ts';
import { newMinuteOf } from '../src/live/minute-thumbnails.ts';
import { formatLogLine } from '../src/logger.ts';
import { clipPlacement } from '../src/recorder/clip-placement.ts';
import { formatMinute, parseCompactTime } from '../src/recorder/minute.ts';
import { SimCamera } from '../src/sim/sim-camera.ts';
import { parseSource, type SimSourceSpec } from '../src/source/source-spec.ts';
import { backoffDelay } from '../src/upload/backoff.ts';

const MINUTE = Date.UTC(2026, 10, 21, 7, 1, 0);

describe('clipPlacement', () => {
  const origin = MINUTE - 60_000; // the run's timeline starts a minute earlier

  it('places a clip by where it lies on the run timeline: its end less its length', () => {
    // The first clip of a run: 36.55 s ending at the minute's end is at 23.45 s into the minute.
    expect(clipPlacement({ timelineOriginMs: origin, endSec: 120, durationMs: 36_550 })).toEqual({
      start_time: '2026-11-21T07:01:00Z',
      offset_ms: 23_450,
    });
  });

  it('places a whole minute at offset 0 however late ffmpeg finished it', () => {
    expect(clipPlacement({ timelineOriginMs: origin, endSec: 180, durationMs: 60_000 })).toEqual({
      start_time: '2026-11-21T07:02:00Z',
      offset_ms: 0,
    });
  });

  it('places the piece a stop cut short where it began', () => {
    expect(clipPlacement({ timelineOriginMs: origin, endSec: 95.5, durationMs: 35_500 })).toEqual({
      start_time: '2026-11-21T07:01:00Z',
      offset_ms: 0,
    });
    expect(clipPlacement({ timelineOriginMs: origin, endSec: 8, durationMs: 2_000 }).offset_ms).toBe(6_000);
  });
});

describe('minute names', () => {
  it('formats and reads UTC minutes', () => {
    expect(formatMinute(MINUTE + 59_999)).toBe('2026-11-21T07:01:00Z');
    expect(parseCompactTime('20261121T070146Z.mp4')).toBe(MINUTE + 46_000);
    expect(parseCompactTime('x.mp4')).toBeNull();
  });
});

describe('isStillDue', () => {
  const gate: StillGate = {
    isLive: true,
    isInFlight: false,
    intervalMs: 1_000,
    lastSentAt: 10_000,
    frameIntervalMs: 250,
  };

  it('sends the first still at once and then one per interval, allowing half a frame of jitter', () => {
    expect(isStillDue({ ...gate, lastSentAt: null }, 5)).toBe(true);
    expect(isStillDue(gate, 10_750)).toBe(false);
    expect(isStillDue(gate, 10_880)).toBe(true);
  });

  it('never sends while live is off or an upload is in flight (latest frame wins, nothing queued)', () => {
    expect(isStillDue({ ...gate, isLive: false }, 20_000)).toBe(false);
    expect(isStillDue({ ...gate, isInFlight: true }, 20_000)).toBe(false);
  });
});

describe('LiveStills: the frame just made goes at once when live starts', () => {
  const logger = { debug() {}, info() {}, warn() {}, error() {} };
  const setUp = () => {
    const sent: number[] = [];
    let now = 0;
    const stills = new LiveStills(
      {
        client: {
          postStill: async (_code: string, capturedAt: number) => {
            sent.push(capturedAt);
            return { status: 200, body: { live: true } };
          },
        },
        cameraCode: () => 'CAM0001',
        logger,
      },
      () => now,
    );
    stills.setTiming(1, 2); // a still a second, frames every 500 ms
    return { stills, sent, at: (ms: number) => (now = ms) };
  };

  it('sends the newest held frame when live is asked for, without waiting for the next one', async () => {
    const { stills, sent, at } = setUp();
    stills.offer(Buffer.from('a'), 1_000);
    stills.offer(Buffer.from('b'), 1_500); // not live: held, not sent
    expect(sent).toEqual([]);
    at(1_800);
    stills.setLive(true);
    expect(sent).toEqual([1_500]);
    await Promise.resolve();
    await Promise.resolve();
    stills.offer(Buffer.from('c'), 2_000); // within the interval of the held frame
    expect(sent).toEqual([1_500]);
    stills.offer(Buffer.from('d'), 2_500);
    expect(sent).toEqual([1_500, 2_500]);
  });

  it('does not send a held frame older than a second (a camera that stopped); waits for a new one', () => {
    const { stills, sent, at } = setUp();
    stills.offer(Buffer.from('a'), 1_000);
    at(2_100);
    stills.setLive(true);
    expect(sent).toEqual([]);
    stills.offer(Buffer.from('b'), 2_200);
    expect(sent).toEqual([2_200]);
  });
});

describe('newMinuteOf', () => {
  it('picks the first picture of each minute', () => {
    expect(newMinuteOf(null, MINUTE + 5)).toBe(MINUTE);
    expect(newMinuteOf(MINUTE, MINUTE + 59_000)).toBeNull();
    expect(newMinuteOf(MINUTE, MINUTE + 60_000)).toBe(MINUTE + 60_000);
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((attempt) => backoffDelay(attempt))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('control channel', () => {
  it('derives the WebSocket address from the server address', () => {
    expect(controlChannelUrl('http://127.0.0.1:3000', 'CAM0001')).toBe(
      'ws://127.0.0.1:3000/api/ingest/cameras/CAM0001/control',
    );
    expect(controlChannelUrl('https://cw.example/base/', 'C 1')).toBe(
      'wss://cw.example/base/api/ingest/cameras/C%201/control',
    );
  });

  it('accepts only the messages the contract allows', () => {
    expect(parseServerMessage('{"type":"live","on":true}')).toEqual({
      ok: true,
      message: { type: 'live', on: true },
    });
    expect(parseServerMessage('{"type":"command","id":"1","command":{"kind":"ptz","pan":0.1}}')).toEqual({
      ok: true,
      message: { type: 'command', id: '1', command: { kind: 'ptz', pan: 0.1, tilt: 0, zoom: 0 } },
    });
    expect(parseServerMessage('{"type":"command","id":"1","command":{"kind":"ptz","pan":3}}').ok).toBe(false);
    expect(parseServerMessage('not json')).toEqual({ ok: false, reason: 'not JSON' });
  });
});

describe('runCommand', () => {
  it('answers not_supported for a camera without PTZ, presets or light', async () => {
    expect(await runCommand(FIXED_CAMERA, 'a', { kind: 'ptz_home' })).toMatchObject({
      ok: false,
      error: { code: 'not_supported' },
    });
    expect(await runCommand(FIXED_CAMERA, 'b', { kind: 'lighting', on: true })).toMatchObject({
      ok: false,
      error: { code: 'not_supported' },
    });
    expect(await runCommand(FIXED_CAMERA, 'e', { kind: 'ptz_goto_preset', token: '1' })).toMatchObject({
      ok: false,
      error: { code: 'not_supported', message: 'this camera has no PTZ head' },
    });
  });

  it('answers the new PTZ state of the simulator, clamped to its range', async () => {
    const camera = new SimCamera(parseSource('sim:shop') as SimSourceSpec);
    expect(await runCommand(camera, 'c', { kind: 'ptz', pan: 1, tilt: -1, zoom: 1 })).toEqual({
      type: 'result',
      id: 'c',
      ok: true,
      ptz: { pan: 1, tilt: -1, zoom: 4 },
    });
    expect((await runCommand(camera, 'd', { kind: 'ptz', pan: 1, tilt: 0, zoom: 0 })).ptz).toEqual({
      pan: 1,
      tilt: -1,
      zoom: 4,
    });
  });
});

describe('simulated camera presets', () => {
  it('saves where the head points, lists, recalls and overwrites presets; an unknown one fails', async () => {
    const camera = new SimCamera(parseSource('sim:shop') as SimSourceSpec);
    await runCommand(camera, 'a', { kind: 'ptz', pan: 0.5, tilt: 0, zoom: 0.5 });
    expect(await runCommand(camera, 'b', { kind: 'ptz_save_preset', name: 'Till' })).toMatchObject({
      ok: true,
      preset_token: '1',
    });
    await runCommand(camera, 'c', { kind: 'ptz_home' });
    expect((await runCommand(camera, 'd', { kind: 'ptz_presets' })).presets).toEqual([
      { token: '1', name: 'Till' },
    ]);
    expect((await runCommand(camera, 'e', { kind: 'ptz_goto_preset', token: '1' })).ptz).toEqual({
      pan: 0.5,
      tilt: 0,
      zoom: 2.5,
    });
    expect(camera.ptzState).toEqual({ pan: 0.5, tilt: 0, zoom: 2.5 });
    expect(await runCommand(camera, 'f', { kind: 'ptz_goto_preset', token: '7' })).toMatchObject({
      ok: false,
      error: { code: 'failed', message: 'the camera has no such preset' },
    });
    expect(await runCommand(camera, 'g', { kind: 'ptz_save_preset', name: 'x', token: '7' })).toMatchObject({
      ok: false,
      error: { code: 'failed' },
    });
  });
});

describe('formatLogLine', () => {
  const time = new Date(MINUTE);
  it('writes JSON lines or plain text', () => {
    expect(JSON.parse(formatLogLine('json', 'warn', 'spool full', { clip: 'a.mp4' }, time))).toEqual({
      time: '2026-11-21T07:01:00.000Z',
      level: 'warn',
      msg: 'spool full',
      clip: 'a.mp4',
    });
    expect(formatLogLine('text', 'info', 'clip uploaded', { bytes: 10 }, time)).toBe(
      '2026-11-21T07:01:00.000Z INFO  clip uploaded bytes=10',
    );
  });
});
