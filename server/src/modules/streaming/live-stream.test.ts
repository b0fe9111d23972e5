// The agent hub's stream switch and the live ring, with a fake clock: a stream stops ~30 s after the last
// playlist fetch, and a restart of the agent's numbering is a discontinuity without going back in sequence.
import type { ServerToDeviceMessage } from '@camwatch/contract/device';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from '../../jobs/scheduler.ts';
import { AgentHub, LIVE_EXPIRY_EVERY_MS, STREAM_HOLD_MS } from '../../realtime/agent-hub.ts';
import { liveTargetDuration } from './hls-playlist.ts';
import { LiveRing } from './live-ring.ts';
import { LiveStreams } from './live-stream.ts';

const config = {
  camera_code: 'cam-1',
  fps: 5,
  width: 160,
  height: 90,
  live_interval_sec: 1,
  motion_area: [],
  can_pan: false,
  can_tilt: false,
  can_zoom: false,
};

describe('AgentHub stream switch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends stream on at the first playlist, keeps it while fetched, and off when nobody fetched for 30 s', async () => {
    const hub = new AgentHub();
    // As services.ts does: the hub's unrenewed requests end on the scheduler's tick.
    const scheduler = new Scheduler();
    scheduler.every('live expiry', LIVE_EXPIRY_EVERY_MS, () => hub.expireUnrenewed());
    const sent: ServerToDeviceMessage[] = [];
    hub.attach(7, { send: (m) => sent.push(m), close() {} }, config);
    const streams = new LiveStreams(hub);
    const stream = () => sent.filter((m) => m.type === 'stream');

    await streams.playlist(7, 0);
    expect(stream()).toEqual([{ type: 'stream', on: true }]);
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(STREAM_HOLD_MS / 2);
      await streams.playlist(7, 0);
    }
    expect(stream()).toHaveLength(1);
    expect(hub.isStreamWanted(7)).toBe(true);
    await vi.advanceTimersByTimeAsync(STREAM_HOLD_MS + 2_500);
    expect(stream()).toEqual([
      { type: 'stream', on: true },
      { type: 'stream', on: false },
    ]);
    expect(hub.isStreamWanted(7)).toBe(false);

    // An agent that connects while a stream is wanted is told at once.
    await streams.playlist(7, 0);
    const late: ServerToDeviceMessage[] = [];
    hub.attach(7, { send: (m) => late.push(m), close() {} }, config);
    expect(late).toContainEqual({ type: 'stream', on: true });
    scheduler.stop();
    hub.close();
  });
});

describe('LiveRing', () => {
  const seg = (agentSequence: number, discontinuity = false) => ({
    agentSequence,
    durationMs: 1000,
    discontinuity,
    data: Buffer.alloc(188, 0x47),
  });

  it('numbers segments itself, ignores a repeated upload and marks a hole in the agent numbering', () => {
    const ring = new LiveRing();
    ring.push(seg(5, true), 1);
    expect(ring.push(seg(5), 2)).toBeNull();
    ring.push(seg(6), 3);
    ring.push(seg(9), 4);
    ring.push(seg(0, true), 5);
    expect(ring.window().segments.map((s) => [s.sequence, s.discontinuity])).toEqual([
      [0, true],
      [1, false],
      [2, true],
      [3, true],
    ]);
    expect(ring.window().discontinuitySequence).toBe(1);
    ring.clear();
    expect(ring.window()).toEqual({ mediaSequence: 4, discontinuitySequence: 3, segments: [] });
  });
});

describe('liveTargetDuration', () => {
  it('is 1 s for the agents’ 1 s segments and grows only for a longer segment in the window', () => {
    expect(liveTargetDuration([])).toBe(1);
    expect(liveTargetDuration([{ durationMs: 1000 }, { durationMs: 1040 }, { durationMs: 500 }])).toBe(1);
    expect(liveTargetDuration([{ durationMs: 1000 }, { durationMs: 1800 }])).toBe(2);
  });
});
