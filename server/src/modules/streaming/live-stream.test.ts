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

describe('several api nodes (REDIS_URL)', () => {
  it('a node relaying another’s segments lists the same window under the same numbers; numbers going back start afresh', () => {
    const origin = new LiveRing();
    const relaying = new LiveRing();
    const data = Buffer.from('ts');
    for (const [agentSequence, discontinuity] of [
      [1, false],
      [2, false],
      [0, false], // the agent restarted its count: a discontinuity
      [1, false],
    ] as const) {
      const segment = origin.push({ agentSequence, durationMs: 1000, discontinuity, data }, 0);
      if (segment) relaying.pushRelayed(segment, 0);
    }
    expect(relaying.window()).toEqual(origin.window());
    expect(relaying.window().discontinuitySequence).toBe(1);
    expect(relaying.find(3)?.agentSequence).toBe(1);
    // The same segment twice (published again) is kept once.
    expect(relaying.pushRelayed({ ...origin.find(3)!, data }, 0)).toBeNull();
    // Another node took the camera over and numbers from 0: the ring starts afresh with its numbers.
    relaying.pushRelayed(
      { sequence: 0, agentSequence: 9, durationMs: 1000, discontinuity: true, discontinuities: 1, data },
      0,
    );
    expect(relaying.window().segments.map((s) => s.sequence)).toEqual([0]);
  });

  it('the hub announces its viewers’ wants (at most every 5 s, fresh when it subscribes) and relays what it receives while another node wants it', () => {
    let now = 1_000_000;
    const hub = new AgentHub({ now: () => now });
    const wants: Array<[string, number, boolean | undefined]> = [];
    const published: string[] = [];
    const watching = new Set<string>();
    hub.useBus({
      command: () => Promise.resolve({ ok: false, code: 'offline', message: '' }),
      sendConfig: () => Promise.resolve(false),
      isConnectedElsewhere: () => Promise.resolve(false),
      want: (kind, cameraId, fresh) => wants.push([kind, cameraId, fresh]),
    });
    hub.useRelay({
      watch: (kind, cameraId) => {
        const fresh = !watching.has(`${kind}:${cameraId}`);
        watching.add(`${kind}:${cameraId}`);
        return fresh;
      },
      unwatch: (kind, cameraId) => void watching.delete(`${kind}:${cameraId}`),
      sweep: () => {},
      wanted: () => [],
      latestStill: () => Promise.resolve(null),
      publishStill: (cameraId, still) => published.push(`still:${cameraId}:${still.receivedAt}`),
      publishSegment: () => {},
      publishFmp4: () => {},
    });
    hub.wantLive(7);
    hub.wantLive(7);
    now += 5_000;
    hub.wantLive(7);
    expect(wants).toEqual([
      ['live', 7, true],
      ['live', 7, false],
    ]);

    // Nobody elsewhere wants camera 8: its stills stay here.
    hub.putStill(8, Buffer.from('a'), now);
    expect(published).toEqual([]);
    hub.wantRemotely('live', 8);
    expect(hub.isLiveWanted(8)).toBe(true);
    const still = hub.putStill(8, Buffer.from('b'), now);
    expect(published).toEqual([`still:8:${still.receivedAt}`]);
    // A still relayed from another node is kept under that node's time and not published again; an older one is dropped.
    const relayed = hub.putStill(8, Buffer.from('c'), now, still.receivedAt + 50);
    expect(relayed.receivedAt).toBe(still.receivedAt + 50);
    expect(hub.putStill(8, Buffer.from('d'), now, still.receivedAt + 10)).toBe(relayed);
    expect(published).toHaveLength(1);

    // The last local fMP4 viewer leaves while another node's viewer still watches: the stream goes on.
    hub.wantStream(9);
    hub.wantRemotely('stream', 9);
    hub.releaseStream(9);
    expect(watching.has('stream:9')).toBe(false);
    expect(hub.isStreamWanted(9)).toBe(true);
    now += STREAM_HOLD_MS + 1;
    hub.expireUnrenewed();
    expect(hub.isStreamWanted(9)).toBe(false);
  });
});
