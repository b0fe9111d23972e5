// Issue 20, the agent a site installs alone: the bundle builds (one .mjs, its package.json, README, example
// configuration, systemd unit, and the packed .tgz), runs on Node alone from a folder outside the
// repository, seals its configuration, and its `--check` says in words what is wrong with each camera:
// against the device API's test server, the RTSP test server (right and wrong password), the ONVIF test
// device (right and wrong password), a web server that is not ONVIF, a closed port and a refused token.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, TOKEN, type FakeServer } from './fake-server.ts';
import { tempDir, waitFor } from './helpers.ts';
import { startOnvifTestDevice, type OnvifTestDevice } from './onvif-test-device.ts';
import { startRtspTestServer, type RtspTestServer } from './rtsp-test-server.ts';

const run = promisify(execFile);
const agentDir = path.resolve(import.meta.dirname, '..');
const USER = 'admin';
const PASSWORD = 'Site-S3cret';
const version = (
  JSON.parse(fs.readFileSync(path.join(agentDir, 'package.json'), 'utf8')) as { version: string }
).version;

let outRoot: string;
let bundle: string;
let rtsp: RtspTestServer;
let device: OnvifTestDevice;
let server: FakeServer;

/** Runs the bundled agent as a site would (plain node, a working folder of its own); never throws. */
async function agent(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bundle, ...args], {
      cwd: outRoot,
      env: { PATH: process.env.PATH, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  outRoot = tempDir('agent-bundle-');
  await run(process.execPath, ['--import', 'tsx', 'build-bundle.ts', outRoot], {
    cwd: agentDir,
    timeout: 120_000,
  });
  bundle = path.join(outRoot, 'camwatch-agent', 'camwatch-agent.mjs');
  rtsp = await startRtspTestServer({
    codec: 'h264',
    user: USER,
    password: PASSWORD,
    width: 160,
    height: 90,
    fps: 4,
  });
  device = await startOnvifTestDevice({ user: USER, password: PASSWORD, ptz: true, streamUri: rtsp.url() });
  server = await startFakeServer();
}, 150_000);

afterAll(async () => {
  await server?.close();
  await device?.close();
  await rtsp?.close();
  fs.rmSync(outRoot, { recursive: true, force: true });
});

describe('the installable agent', () => {
  it('is one bundle with its package.json, README, example configuration, systemd unit and a .tgz', async () => {
    const dir = path.dirname(bundle);
    expect(fs.readdirSync(dir).sort()).toEqual([
      'README.md',
      'agent.example.json',
      'camwatch-agent.mjs',
      'camwatch-agent.service',
      'package.json',
    ]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'))).toMatchObject({
      name: 'camwatch-agent',
      version,
      bin: { 'camwatch-agent': 'camwatch-agent.mjs' },
    });
    expect(fs.existsSync(path.join(outRoot, `camwatch-agent-${version}.tgz`))).toBe(true);
    expect(fs.readFileSync(path.join(dir, 'camwatch-agent.service'), 'utf8')).toMatch(
      /ExecStart=\/usr\/bin\/node \/opt\/camwatch-agent\/camwatch-agent\.mjs --config/,
    );
    expect(await agent(['--version'])).toMatchObject({ code: 0, stdout: `camwatch-agent ${version}\n` });
    const usage = await agent(['--bogus']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/Unknown option '--bogus'/);
  });

  it('seals its configuration and checks every camera and the server, saying what is wrong', async () => {
    const configFile = path.join(outRoot, 'agent.json');
    const closedPort = 9; // discard: nothing listens on loopback
    const cameras = [
      { name: 'good-rtsp', source: rtsp.url(), username: USER, password: PASSWORD },
      { name: 'wrong-password', source: rtsp.url(), username: USER, password: 'guess' },
      { name: 'good-onvif', source: `onvif://127.0.0.1:${device.port}`, username: USER, password: PASSWORD },
      {
        name: 'onvif-wrong-password',
        source: `onvif://127.0.0.1:${device.port}`,
        username: USER,
        password: 'guess',
      },
      {
        name: 'not-onvif',
        source: `onvif://${new URL(server.url).host}`,
        username: USER,
        password: PASSWORD,
      },
      {
        name: 'unreachable',
        source: `rtsp://127.0.0.1:${closedPort}/stream`,
        username: USER,
        password: PASSWORD,
      },
    ].map((camera) => ({ token: TOKEN, ...camera }));
    fs.writeFileSync(
      configFile,
      JSON.stringify({
        server: server.url,
        cameras: [...cameras, { name: 'refused-token', token: 'cwd_wrong', source: 'sim:street' }],
      }),
    );
    const sealed = await agent(['--config', configFile, '--seal']);
    expect(sealed.code).toBe(0);
    expect(sealed.stdout).toContain('made a new key file');
    const onDisk = fs.readFileSync(configFile, 'utf8');
    expect(onDisk).not.toContain(PASSWORD);
    expect(onDisk).not.toContain(TOKEN);

    // ffprobe as the check starts it, its arguments written down (what `ps` would show).
    const binDir = path.join(outRoot, 'bin');
    const argsLog = path.join(outRoot, 'ffprobe-args.log');
    fs.mkdirSync(binDir);
    const realFfprobe = (await run('sh', ['-c', 'command -v ffprobe'])).stdout.trim();
    fs.writeFileSync(
      path.join(binDir, 'ffprobe'),
      `#!/bin/sh\nprintf '%s\\n' "$@" >> '${argsLog}'\nexec '${realFfprobe}' "$@"\n`,
      { mode: 0o755 },
    );
    const check = await agent(['--config', configFile, '--check'], { PATH: `${binDir}:${process.env.PATH}` });
    expect(check.code).toBe(1);
    const out = check.stdout;
    expect(out).not.toContain(PASSWORD);
    expect(out).not.toContain('guess');
    expect(out).toMatch(/^ {2}ok {4}ffmpeg: ffmpeg \d+\.\d+/m);
    const section = (name: string) =>
      out.split(/^camera /m).find((part) => part.startsWith(`"${name}"`)) ?? '';
    const accepted = `ok    server: ${server.url} accepts the token: camera CAM0001`;
    expect(section('good-rtsp')).toContain(accepted);
    expect(section('good-rtsp')).toMatch(
      /ok {4}source: rtsp:\/\/\*\*\*@127\.0\.0\.1:\d+\/stream: h264 video, 160x90/,
    );
    expect(section('wrong-password')).toMatch(
      /FAIL {2}source: .*the camera refused the user name or password/,
    );
    expect(section('good-onvif')).toMatch(
      /ok {4}source: onvif:\/\/\*\*\*@127\.0\.0\.1:\d+\/onvif\/device_service: h264 video, 160x90; PTZ: pan, tilt, zoom/,
    );
    expect(section('onvif-wrong-password')).toMatch(
      /FAIL {2}source: .*the camera refused the user name or password \(ONVIF\)/,
    );
    expect(section('not-onvif')).toMatch(/FAIL {2}source: .*the address does not answer as an ONVIF camera/);
    expect(section('unreachable')).toMatch(/FAIL {2}source: .*nothing answers at the camera address/);
    expect(section('refused-token')).toMatch(/FAIL {2}server: .* refused the device token/);
    expect(section('refused-token')).toMatch(/ok {4}source: sim:street/);
    expect(out).toMatch(/5 check\(s\) failed\n$/);
    // ffprobe opened the RTSP cameras with the right password, which was not on its command line.
    expect(rtsp.plays.length).toBeGreaterThanOrEqual(2);
    const ffprobeArgs = fs.readFileSync(argsLog, 'utf8');
    expect(ffprobeArgs).toContain('-protocol_whitelist');
    expect(ffprobeArgs).not.toContain(PASSWORD);
    expect(ffprobeArgs).not.toContain('guess');

    // The good cameras alone pass, with the server down the same check fails on the server only.
    const goodFile = path.join(outRoot, 'good.json');
    const raw = JSON.parse(onDisk) as { cameras: { name: string }[] };
    raw.cameras = raw.cameras.filter((c) => c.name.startsWith('good-'));
    fs.writeFileSync(goodFile, JSON.stringify(raw), { mode: 0o600 });
    const key = { CAMWATCH_AGENT_KEY_FILE: path.join(outRoot, 'agent.key') };
    const good = await agent(['--config', goodFile, '--check'], key);
    expect(good.stdout).toMatch(/all checks passed\n$/);
    expect(good.code).toBe(0);
    // Two nodes, one down: each is checked on its own.
    const down = await agent(['--config', goodFile, '--check'], {
      ...key,
      CAMWATCH_SERVER: `http://127.0.0.1:9,${server.url}`,
    });
    expect(down.code).toBe(1);
    expect(down.stdout).toContain('FAIL  server: nothing answers at http://127.0.0.1:9');
    expect(down.stdout).toContain(`ok    server: ${server.url} accepts the token`);
  }, 90_000);

  it('runs the cameras of its configuration, leaves out one whose token is refused, and stops on SIGTERM', async () => {
    const file = path.join(outRoot, 'run.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        server: server.url,
        spool_dir: 'spool',
        log_format: 'json',
        cameras: [
          { name: 'yard', token: TOKEN, source: 'sim:street' },
          { name: 'stale', token: 'cwd_revoked', source: 'sim:shop' },
        ],
      }),
      { mode: 0o600 },
    );
    const child = spawn(process.execPath, [bundle, '--config', file], {
      cwd: outRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (log += text));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const lines = () =>
      log
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { msg: string; name?: string; reason?: string });
    await waitFor(() => lines().some((l) => l.msg === 'agent started' && l.name === 'yard'), 30_000, 'yard');
    expect(lines()).toContainEqual(
      expect.objectContaining({
        msg: 'camera not started',
        name: 'stale',
        reason: expect.stringContaining('the server refused the device token'),
      }),
    );
    expect(lines()).toContainEqual(
      expect.objectContaining({
        msg: 'camera "yard": token is stored in plain text; run the agent with --seal to encrypt it',
      }),
    );
    expect(fs.existsSync(path.join(outRoot, 'spool', 'yard'))).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(lines().at(-1)).toMatchObject({ msg: 'agent stopped', name: 'yard' });
  }, 60_000);

  it('refuses a configuration it cannot use with the reason and exit 1, without a stack trace', async () => {
    const file = path.join(outRoot, 'broken.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        server: server.url,
        cameras: [{ name: 'x', token: 'enc:v1:AAAA', source: 'sim:street' }],
      }),
    );
    const refused = await agent(['--config', file, '--check'], { CAMWATCH_AGENT_KEY: '00'.repeat(32) });
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toBe('agent: camera "x": token is not a valid encrypted value\n');
    // Without ffmpeg on the PATH, the check says so.
    const noFfmpeg = await agent(
      ['--check', '--server', server.url, '--token', TOKEN, '--source', 'sim:street'],
      {
        PATH: '/nonexistent',
      },
    );
    expect(noFfmpeg.code).toBe(1);
    expect(noFfmpeg.stdout).toMatch(/FAIL {2}ffmpeg: cannot run ffmpeg: .*\(install ffmpeg 5\.1 or newer/);
    expect(noFfmpeg.stdout).toContain('ok    server:');
  });
});
