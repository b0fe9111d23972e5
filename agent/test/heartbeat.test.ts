// The HTTP heartbeat used while the control channel is down: its answer carries the device state, unless the
// channel opened meanwhile (then the channel's newer messages stand).
import { describe, expect, it } from 'vitest';
import { Heartbeat, type DeviceState } from '../src/control/heartbeat.ts';
import type { DeviceAnswer } from '../src/upload/device-client.ts';

const state = (stream: boolean): DeviceState => ({
  config: {
    camera_code: 'cam-1',
    fps: 5,
    width: 640,
    height: 360,
    live_interval_sec: 1,
    motion_area: [],
    can_pan: false,
    can_tilt: false,
    can_zoom: false,
  },
  live: false,
  stream,
});

function setup(answer: () => Promise<DeviceAnswer>) {
  const channel = { isOpen: false, send: () => channel.isOpen };
  const applied: DeviceState[] = [];
  const heartbeat = new Heartbeat({
    channel,
    client: { postHeartbeat: () => answer() },
    cameraCode: () => 'cam-1',
    spoolStats: async () => ({ clips: 0, bytes: 0 }),
    identity: { agent_version: 'test', source_kind: 'file' },
    startedAt: Date.now(),
    logger: { info: () => undefined, warn: () => undefined, error: () => undefined } as never,
    onDeviceState: (s) => applied.push(s),
  });
  return { channel, applied, heartbeat };
}

describe('Heartbeat over HTTP', () => {
  it('applies the answered state while the channel is down', async () => {
    const t = setup(async () => ({ status: 200, body: state(true) }));
    await t.heartbeat.send();
    expect(t.applied.map((s) => s.stream)).toEqual([true]);
  });

  it('ignores an answer that arrives after the channel opened (a stream the channel asked for stays on)', async () => {
    let release: (answer: DeviceAnswer) => void = () => undefined;
    const t = setup(() => new Promise<DeviceAnswer>((resolve) => (release = resolve)));
    const beat = t.heartbeat.send();
    await new Promise((resolve) => setTimeout(resolve, 10));
    t.channel.isOpen = true; // the channel connects and says stream on while the answer is on its way
    release({ status: 200, body: state(false) });
    await beat;
    expect(t.applied).toEqual([]);
  });
});
