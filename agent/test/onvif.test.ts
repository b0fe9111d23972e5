// Issue 20, ONVIF: the agent's ONVIF camera (through the `onvif` client package) against a small ONVIF
// device on loopback (test/onvif-test-device.ts) that models its PTZ head: profiles and stream address,
// continuous moves that really move the head, home, presets saved and recalled, a fixed camera, a wrong
// password, an address that is not ONVIF, and discovery through WS-Discovery.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../src/control/device-commands.ts';
import { discoverOnvifCameras, OnvifCamera } from '../src/control/onvif-camera.ts';
import { parseSource, type OnvifSourceSpec } from '../src/source/source-spec.ts';
import { RecordingPipeline } from '../src/recorder/pipeline.ts';
import { Spool } from '../src/spool/spool.ts';
import { recordingLogger, tempDir, waitFor } from './helpers.ts';
import { startDiscoveryResponder, startOnvifTestDevice, type OnvifTestDevice } from './onvif-test-device.ts';

const USER = 'operator';
const PASSWORD = 'Pa55<&>word';
const STREAM = 'rtsp://127.0.0.1:8554/stream';

const spec = (device: { port: number }, extra = '', password = PASSWORD) =>
  parseSource(
    `onvif://${USER}:${encodeURIComponent(password)}@127.0.0.1:${device.port}/onvif/device_service${extra}`,
  ) as OnvifSourceSpec;

let ptzDevice: OnvifTestDevice;
let fixedDevice: OnvifTestDevice;
let notOnvif: http.Server;

beforeAll(async () => {
  ptzDevice = await startOnvifTestDevice({ user: USER, password: PASSWORD, ptz: true, streamUri: STREAM });
  fixedDevice = await startOnvifTestDevice({ user: USER, password: PASSWORD, ptz: false, streamUri: STREAM });
  notOnvif = http.createServer((_req, res) => res.end('<html><body>router login</body></html>'));
  await new Promise<void>((resolve) => notOnvif.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await ptzDevice.close();
  await fixedDevice.close();
  await new Promise((resolve) => notOnvif.close(resolve));
});

describe('an ONVIF PTZ camera', () => {
  const logger = recordingLogger();
  let camera: OnvifCamera;
  beforeAll(() => {
    camera = new OnvifCamera(spec(ptzDevice), logger);
  });

  it('connects with WS-Security and gives the main profile stream with its credentials', async () => {
    const source = await camera.streamSource();
    expect(source).toEqual({
      kind: 'rtsp',
      location: `rtsp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:8554/stream`,
      transport: 'tcp',
    });
    expect(camera.ptzAxes).toEqual({ pan: true, tilt: true, zoom: true });
    expect(ptzDevice.refused).toBe(0);
    expect(ptzDevice.calls).toContain('GetProfiles');
    expect(JSON.stringify(logger.lines)).not.toContain('Pa55');
  });

  it('records the profile named in the address, over the transport it names', async () => {
    const sub = new OnvifCamera(spec(ptzDevice, '?profile=sub&transport=udp'), recordingLogger());
    expect(await sub.streamSource()).toMatchObject({
      location: expect.stringMatching(/\/stream\/sub$/),
      transport: 'udp',
    });
    const missing = new OnvifCamera(spec(ptzDevice, '?profile=nope'), recordingLogger());
    await expect(missing.streamSource()).rejects.toThrow(
      'the camera has no media profile "nope" (it has main, sub)',
    );
  });

  it('moves the head by continuous moves and stops it, reporting where it points', async () => {
    const right = await runCommand(camera, 'm1', { kind: 'ptz', pan: 0.3, tilt: 0, zoom: 0 });
    expect(right.ok).toBe(true);
    expect(ptzDevice.isMoving()).toBe(false); // stopped after the step
    const afterRight = ptzDevice.position();
    expect(afterRight.x).toBeGreaterThan(0.2);
    expect(afterRight.y).toBe(0);
    expect(right.ptz!.pan).toBeCloseTo(afterRight.x, 5);

    const upZoom = await runCommand(camera, 'm2', { kind: 'ptz', pan: 0, tilt: -0.2, zoom: 0.4 });
    const afterUp = ptzDevice.position();
    expect(afterUp.x).toBeCloseTo(afterRight.x, 5);
    expect(afterUp.y).toBeLessThan(-0.1);
    expect(afterUp.zoom).toBeGreaterThan(0.3);
    expect(upZoom.ptz).toEqual({ pan: afterUp.x, tilt: afterUp.y, zoom: 1 + afterUp.zoom * 3 });
    expect(ptzDevice.calls.filter((c) => c === 'ContinuousMove')).toHaveLength(2);
    expect(ptzDevice.calls.filter((c) => c === 'Stop')).toHaveLength(2);
  });

  it('saves presets, lists them and recalls their positions; home goes back to the centre', async () => {
    const here = ptzDevice.position();
    const saved = await runCommand(camera, 's1', { kind: 'ptz_save_preset', name: 'Door <east> & "gate"' });
    expect(saved).toMatchObject({ ok: true, preset_token: '1' });
    expect(ptzDevice.presets.get('1')).toEqual({ name: 'Door <east> & "gate"', position: here });

    const home = await runCommand(camera, 'h1', { kind: 'ptz_home' });
    expect(home.ptz).toEqual({ pan: 0, tilt: 0, zoom: 1 });
    expect(ptzDevice.position()).toEqual({ x: 0, y: 0, zoom: 0 });
    await runCommand(camera, 'm3', { kind: 'ptz', pan: -0.2, tilt: 0, zoom: 0 });
    expect((await runCommand(camera, 's2', { kind: 'ptz_save_preset', name: 'Till' })).preset_token).toBe(
      '2',
    );

    const list = await runCommand(camera, 'l1', { kind: 'ptz_presets' });
    expect(list.presets).toEqual([
      { token: '1', name: 'Door <east> & "gate"' },
      { token: '2', name: 'Till' },
    ]);
    const back = await runCommand(camera, 'g1', { kind: 'ptz_goto_preset', token: '1' });
    expect(ptzDevice.position()).toEqual(here);
    expect(back.ptz).toMatchObject({ pan: here.x, tilt: here.y });

    // Saving over a preset moves it to where the head is now.
    await runCommand(camera, 'g2', { kind: 'ptz_goto_preset', token: '2' });
    const overwritten = await runCommand(camera, 's3', { kind: 'ptz_save_preset', name: 'Door', token: '1' });
    expect(overwritten.preset_token).toBe('1');
    expect(ptzDevice.presets.get('1')!.position).toEqual(ptzDevice.presets.get('2')!.position);

    const unknown = await runCommand(camera, 'g3', { kind: 'ptz_goto_preset', token: '99' });
    expect(unknown).toMatchObject({
      ok: false,
      error: { code: 'failed', message: 'the camera refused the request: No such PTZ preset' },
    });
  });

  it('refuses the light when no relay is named for it', async () => {
    expect(camera.hasLighting).toBe(false);
    expect(await runCommand(camera, 'x', { kind: 'lighting', on: true })).toMatchObject({
      ok: false,
      error: { code: 'not_supported' },
    });
  });
});

describe('an ONVIF camera whose light hangs on a relay output (?light=)', () => {
  it('switches that relay on and off, and says it has a light', async () => {
    const lit = await startOnvifTestDevice({
      user: USER,
      password: PASSWORD,
      ptz: false,
      streamUri: STREAM,
      relays: ['alarm', 'lamp'],
    });
    try {
      const camera = new OnvifCamera(spec(lit, '?light=lamp'), recordingLogger());
      expect(await runCommand(camera, 'on', { kind: 'lighting', on: true })).toEqual({
        type: 'result',
        id: 'on',
        ok: true,
        lighting: true,
      });
      expect(camera.hasLighting).toBe(true);
      expect([...lit.relays]).toEqual([
        ['alarm', false],
        ['lamp', true],
      ]);
      expect((await runCommand(camera, 'off', { kind: 'lighting', on: false })).lighting).toBe(false);
      expect(lit.relays.get('lamp')).toBe(false);

      // A relay the camera does not have: logged, no light.
      const logger = recordingLogger();
      const wrong = new OnvifCamera(spec(lit, '?light=siren'), logger);
      expect(await runCommand(wrong, 'w', { kind: 'lighting', on: true })).toMatchObject({
        ok: false,
        error: { code: 'not_supported' },
      });
      expect(logger.lines.find((l) => l.level === 'error')).toMatchObject({
        message: 'the camera has no relay output of that name; no light',
        fields: { light: 'siren', relays: 'alarm, lamp' },
      });
    } finally {
      await lit.close();
    }
  });
});

describe('ONVIF cameras that cannot do it', () => {
  it('answers not_supported for PTZ and presets on a fixed camera, and still records it', async () => {
    const camera = new OnvifCamera(spec(fixedDevice), recordingLogger());
    expect((await camera.streamSource()).location).toContain('/stream');
    for (const command of [
      { kind: 'ptz', pan: 0.5, tilt: 0, zoom: 0 },
      { kind: 'ptz_home' },
      { kind: 'ptz_presets' },
      { kind: 'ptz_save_preset', name: 'x' },
    ] as const) {
      const result = await runCommand(camera, 'f', command);
      expect(result).toMatchObject({ ok: false, error: { code: 'not_supported' } });
    }
    expect(fixedDevice.calls).not.toContain('ContinuousMove');
  });

  it("connects to a camera whose profiles name a video source it does not list (the client's connect would throw)", async () => {
    const odd = await startOnvifTestDevice({
      user: USER,
      password: PASSWORD,
      ptz: true,
      streamUri: STREAM,
      videoSourceToken: 'vs_9',
    });
    try {
      const camera = new OnvifCamera(spec(odd), recordingLogger());
      expect((await camera.streamSource()).location).toContain('/stream');
      expect((await runCommand(camera, 'o', { kind: 'ptz_home' })).ok).toBe(true);
    } finally {
      await odd.close();
    }
  });

  it('reports a wrong password clearly, without the password', async () => {
    const camera = new OnvifCamera(spec(ptzDevice, '', 'wrong-Secret'), recordingLogger());
    const result = await runCommand(camera, 'w', { kind: 'ptz', pan: 0.1, tilt: 0, zoom: 0 });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'failed', message: 'the camera refused the user name or password (ONVIF)' },
    });
    expect(JSON.stringify(result)).not.toContain('wrong-Secret');
    await expect(camera.streamSource()).rejects.toThrow('refused the user name or password');
  });

  it('reports an address that is not ONVIF, and one where nothing answers', async () => {
    const port = (notOnvif.address() as AddressInfo).port;
    const web = new OnvifCamera(spec({ port }), recordingLogger());
    expect(await runCommand(web, 'n', { kind: 'ptz_home' })).toMatchObject({
      ok: false,
      error: { code: 'failed', message: 'the address does not answer as an ONVIF camera' },
    });
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nothing = new OnvifCamera(spec({ port: closedPort }), recordingLogger());
    await expect(nothing.streamSource()).rejects.toThrow('nothing answers at the ONVIF address');
  });
});

describe('recording an ONVIF camera that does not answer', () => {
  it('logs why, retries with growing delays and does not crash', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const logger = recordingLogger();
    const source = spec({ port });
    const camera = new OnvifCamera(source, logger);
    const spool = new Spool({ dir: tempDir('onvif-spool-'), maxBytes: 10 * 1024 * 1024, logger });
    await spool.open();
    const pipeline = new RecordingPipeline({
      source,
      resolveSource: () => camera.streamSource(),
      spool,
      logger,
      ffmpegPath: 'ffmpeg',
      ffprobePath: 'ffprobe',
      segmentSeconds: 2,
      thumbnailWidth: 80,
      backoff: { initialMs: 50, maxMs: 200 },
      onStill: () => {},
      onThumbnail: () => {},
    });
    await pipeline.apply({ width: 160, height: 90, fps: 2 });
    const failures = () => logger.lines.filter((l) => l.message.startsWith('camera source failed'));
    await waitFor(() => failures().length >= 3, 10_000, 'three failed attempts');
    await pipeline.stop();
    fs.rmSync(spool.dir, { recursive: true, force: true });
    expect(failures()[0]!.message).toBe(
      'camera source failed: nothing answers at the ONVIF address (wrong address or port, or the camera is off); retrying',
    );
    expect(
      failures()
        .map((l) => l.fields.retry_in_ms)
        .slice(0, 3),
    ).toEqual([50, 100, 200]);
    expect(failures()[0]!.fields.source).toBe(`onvif://***@127.0.0.1:${port}/onvif/device_service`);
    expect(JSON.stringify(logger.lines)).not.toContain('Pa55');
  });
});

describe('ONVIF discovery', () => {
  it('finds a camera that answers the WS-Discovery probe', async () => {
    const responder = await startDiscoveryResponder(
      ptzDevice.url,
      'urn:uuid:7a1c0de0-0000-4000-8000-000000000001',
    );
    try {
      const found = await discoverOnvifCameras(1_000);
      expect(responder.probes).toBeGreaterThan(0);
      expect(found).toContainEqual({
        urn: 'urn:uuid:7a1c0de0-0000-4000-8000-000000000001',
        addresses: [ptzDevice.url],
        name: 'TestCam',
        hardware: 'PTZ-1000',
      });
    } finally {
      await responder.close();
    }
  });
});
