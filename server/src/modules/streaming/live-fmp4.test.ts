// The fMP4 relay with the real agent hub: a viewer starts at a keyframe (joining: init + the picture since
// the last keyframe), repeats after a reconnect are dropped, a new ffmpeg run resets viewers, a backed-up
// viewer skips to the next keyframe, and the last viewer leaving frees the camera's fragments and stops
// the agent's stream unless an HLS player still watches.
import type { ServerToDeviceMessage } from '@camwatch/contract/device';
import { FMP4_FRAGMENT, FMP4_INIT, type Fmp4Message } from '@camwatch/contract/live-fmp4';
import { describe, expect, it } from 'vitest';
import { AgentHub } from '../../realtime/agent-hub.ts';
import { LiveFmp4Streams, VIEWER_BACKLOG_BYTES } from './live-fmp4.ts';

const CAMERA = 7;

const box = (type: string, tag: number) => {
  const b = Buffer.alloc(12);
  b.writeUInt32BE(12, 0);
  b.write(type, 4, 'latin1');
  b.writeUInt32BE(tag, 8);
  return b;
};
const init = (tag = 1): Fmp4Message => ({
  kind: FMP4_INIT,
  keyframe: false,
  sequence: 0,
  data: box('ftyp', tag),
});
const frag = (sequence: number, keyframe = false): Fmp4Message => ({
  kind: FMP4_FRAGMENT,
  keyframe,
  sequence,
  data: box('moof', sequence),
});
/** What a viewer got: `ftyp:1`, `moof:3`… */
const label = (data: Uint8Array) => {
  const b = Buffer.from(data);
  return `${b.toString('latin1', 4, 8)}:${b.readUInt32BE(8)}`;
};

function viewer(backlog = 0) {
  const got: string[] = [];
  return { got, bufferedAmount: backlog, send: (data: Uint8Array) => got.push(label(data)) };
}

function setup(hlsInUse = false) {
  const hub = new AgentHub();
  const sent: ServerToDeviceMessage[] = [];
  hub.attach(CAMERA, { send: (m) => sent.push(m), close() {} }, {
    camera_code: 'c',
    fps: 5,
    width: 160,
    height: 90,
    live_interval_sec: 1,
    max_bitrate_kbps: null,
    motion_area: [],
    can_pan: false,
    can_tilt: false,
    can_zoom: false,
  } as Parameters<AgentHub['attach']>[2]);
  const streams = new LiveFmp4Streams(hub, () => hlsInUse);
  return { hub, sent, streams };
}

describe('live fMP4 relay', () => {
  it('a first viewer starts at the first keyframe; a joiner gets the init segment and the picture since the last keyframe', () => {
    const { streams, sent } = setup();
    const first = viewer();
    streams.join(CAMERA, first);
    expect(sent).toContainEqual({ type: 'stream', on: true });
    streams.put(CAMERA, init());
    streams.put(CAMERA, frag(1)); // no keyframe yet: undecodable
    streams.put(CAMERA, frag(2, true));
    streams.put(CAMERA, frag(3));
    streams.put(CAMERA, frag(4));
    expect(first.got).toEqual(['ftyp:1', 'moof:2', 'moof:3', 'moof:4']);
    const joiner = viewer();
    streams.join(CAMERA, joiner);
    expect(joiner.got).toEqual(['ftyp:1', 'moof:2', 'moof:3', 'moof:4']);
    streams.put(CAMERA, frag(5, true));
    streams.put(CAMERA, frag(6));
    const late = viewer();
    streams.join(CAMERA, late);
    expect(late.got).toEqual(['ftyp:1', 'moof:5', 'moof:6']);
    expect(joiner.got.slice(-2)).toEqual(['moof:5', 'moof:6']);
  });

  it('drops what an agent repeats after a reconnect; a new ffmpeg run resets its viewers to a keyframe', () => {
    const { streams } = setup();
    const v = viewer();
    streams.join(CAMERA, v);
    streams.put(CAMERA, init());
    streams.put(CAMERA, frag(1, true));
    streams.put(CAMERA, frag(2));
    // The agent's channel came back: init and the picture again, then on.
    streams.put(CAMERA, init());
    streams.put(CAMERA, frag(1, true));
    streams.put(CAMERA, frag(2));
    streams.put(CAMERA, frag(3));
    expect(v.got).toEqual(['ftyp:1', 'moof:1', 'moof:2', 'moof:3']);
    // ffmpeg restarted: another init, numbering from 1 again.
    streams.put(CAMERA, init(2));
    streams.put(CAMERA, frag(1));
    streams.put(CAMERA, frag(2, true));
    expect(v.got.slice(4)).toEqual(['ftyp:2', 'moof:2']);
  });

  it('a viewer whose socket backs up skips fragments up to the next keyframe', () => {
    const { streams } = setup();
    const slow = viewer();
    streams.join(CAMERA, slow);
    streams.put(CAMERA, init());
    streams.put(CAMERA, frag(1, true));
    slow.bufferedAmount = VIEWER_BACKLOG_BYTES + 1;
    streams.put(CAMERA, frag(2));
    slow.bufferedAmount = 0;
    streams.put(CAMERA, frag(3));
    streams.put(CAMERA, frag(4, true));
    expect(slow.got).toEqual(['ftyp:1', 'moof:1', 'moof:4']);
  });

  it('the last viewer leaving frees the fragments and stops the agent’s stream at once', () => {
    const { streams, sent, hub } = setup();
    const a = streams.join(CAMERA, viewer());
    const b = streams.join(CAMERA, viewer());
    streams.put(CAMERA, init());
    a();
    expect(hub.isStreamWanted(CAMERA)).toBe(true);
    expect(streams.stats()).toEqual({ cameras: 1, viewers: 1 });
    b();
    expect(streams.stats()).toEqual({ cameras: 0, viewers: 0 });
    expect(hub.isStreamWanted(CAMERA)).toBe(false);
    expect(sent.at(-1)).toEqual({ type: 'stream', on: false });
    // Nobody wants it now: late fragments keep nothing.
    streams.put(CAMERA, init());
    expect(streams.stats().cameras).toBe(0);
  });

  it('keeps the agent streaming when an HLS player still fetches the playlist', () => {
    const { streams, hub } = setup(true);
    streams.join(CAMERA, viewer())();
    expect(hub.isStreamWanted(CAMERA)).toBe(true);
    expect(streams.stats().cameras).toBe(0);
  });
});
