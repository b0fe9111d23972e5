// Issue 20: an agent whose camera is configured as ONVIF (`--source onvif://user:pass@host:port`): it asks
// the camera for its stream address and records it (RTSP test server behind the same credentials), says
// on the control channel that it can pan, tilt and zoom, and the server's PTZ and preset commands move the
// test ONVIF device; the camera's password appears in no log line and in nothing sent to the server.
import type { DeviceToServerMessage } from '@camwatch/contract/device';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgent, type AgentHandle } from '../src/index.ts';
import { startFakeServer, testConfig, TOKEN, type FakeServer } from './fake-server.ts';
import { recordingLogger, tempDir, waitFor } from './helpers.ts';
import { startOnvifTestDevice, type OnvifTestDevice } from './onvif-test-device.ts';
import { startRtspTestServer, type RtspTestServer } from './rtsp-test-server.ts';

const USER = 'admin';
const PASSWORD = 'Onvif-S3cret';
const messagesOf = <T extends DeviceToServerMessage['type']>(server: FakeServer, type: T) =>
  server.messages.filter((m): m is Extract<DeviceToServerMessage, { type: T }> => m.type === type);

describe('startAgent with an ONVIF camera', () => {
  let rtsp: RtspTestServer;
  let device: OnvifTestDevice;
  let server: FakeServer;
  let agent: AgentHandle;
  const logger = recordingLogger();
  const spoolDir = tempDir();

  beforeAll(async () => {
    rtsp = await startRtspTestServer({ codec: 'h264', user: USER, password: PASSWORD });
    // The camera names its stream without credentials, as cameras do: the agent adds its own.
    device = await startOnvifTestDevice({ user: USER, password: PASSWORD, ptz: true, streamUri: rtsp.url() });
    server = await startFakeServer(testConfig({ width: 160, height: 90, fps: 4 }));
    agent = await startAgent({
      server: server.url,
      token: TOKEN,
      source: `onvif://${USER}:${PASSWORD}@127.0.0.1:${device.port}`,
      spoolDir,
      logger,
      segmentSeconds: 2,
      heartbeatIntervalMs: 300,
      backoff: { initialMs: 100, maxMs: 400 },
    });
  }, 30_000);
  afterAll(async () => {
    await agent?.stop();
    await server?.close();
    await device?.close();
    await rtsp?.close();
    fs.rmSync(spoolDir, { recursive: true, force: true });
  });

  it('records the stream the camera names and uploads its clips', async () => {
    expect(agent.sourceKind).toBe('onvif');
    const clips = () => server.requests.filter((r) => r.method === 'PUT' && r.path.includes('/clips/'));
    await waitFor(() => clips().length >= 1, 45_000, 'an uploaded clip');
    expect(rtsp.plays).toEqual(['tcp']);
    expect(device.calls).toContain('GetStreamUri');
  }, 60_000);

  it('says it can pan, tilt and zoom, and moves the camera on PTZ and preset commands', async () => {
    await waitFor(() => messagesOf(server, 'hello').some((h) => h.ptz.pan), 10_000, 'a hello with PTZ');
    expect(messagesOf(server, 'hello').at(-1)).toMatchObject({
      source_kind: 'onvif',
      ptz: { pan: true, tilt: true, zoom: true },
      lighting: false,
    });
    server.send({ type: 'command', id: 'p1', command: { kind: 'ptz', pan: 0.25, tilt: 0, zoom: 0 } });
    const moved = await waitFor(() => messagesOf(server, 'result').find((r) => r.id === 'p1'));
    expect(moved.ok).toBe(true);
    expect(device.position().x).toBeGreaterThan(0.15);
    expect(moved.ptz!.pan).toBeCloseTo(device.position().x, 5);

    server.send({ type: 'command', id: 's1', command: { kind: 'ptz_save_preset', name: 'Entrance' } });
    const saved = await waitFor(() => messagesOf(server, 'result').find((r) => r.id === 's1'));
    expect(saved).toMatchObject({ ok: true, preset_token: '1' });
    server.send({ type: 'command', id: 'h1', command: { kind: 'ptz_home' } });
    await waitFor(() => messagesOf(server, 'result').find((r) => r.id === 'h1'));
    expect(device.position().x).toBe(0);
    server.send({ type: 'command', id: 'l1', command: { kind: 'ptz_presets' } });
    server.send({ type: 'command', id: 'g1', command: { kind: 'ptz_goto_preset', token: '1' } });
    const list = await waitFor(() => messagesOf(server, 'result').find((r) => r.id === 'l1'));
    expect(list.presets).toEqual([{ token: '1', name: 'Entrance' }]);
    const recalled = await waitFor(() => messagesOf(server, 'result').find((r) => r.id === 'g1'));
    expect(recalled.ok).toBe(true);
    expect(device.position()).toEqual(device.presets.get('1')!.position);
  });

  it('never logs or sends the camera password', () => {
    expect(JSON.stringify(logger.lines)).not.toContain(PASSWORD);
    expect(JSON.stringify(server.messages)).not.toContain(PASSWORD);
    for (const request of server.requests) {
      expect(request.path + request.query.toString()).not.toContain(PASSWORD);
      if (!request.path.includes('/clips/') && !request.path.includes('/stills'))
        expect(request.body.toString('latin1')).not.toContain(PASSWORD);
    }
  });
});
