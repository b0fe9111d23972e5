// Issue 20, the agent a site installs alone: its configuration file and environment, and the camera
// secrets kept encrypted at rest (AES-256-GCM with a key from the environment or a 0600 key file).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliOptions, UsageError } from '../src/cli-options.ts';
import { loadAgentConfig, sealConfigFile } from '../src/config/agent-config.ts';
import { ConfigError, createKeyFile, openSecret, readKeyFile, sealSecret } from '../src/config/secrets.ts';
import { tempDir } from './helpers.ts';

const KEY = Buffer.alloc(32, 7);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function writeConfig(content: unknown): string {
  const dir = tempDir('agent-config-');
  dirs.push(dir);
  const file = path.join(dir, 'agent.json');
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content), { mode: 0o600 });
  return file;
}

const camera = (extra: Record<string, unknown> = {}) => ({
  name: 'entrance',
  token: 'cwd_abc',
  source: 'rtsp://10.0.0.5:554/stream1',
  ...extra,
});

describe('secrets', () => {
  it('seals and opens a value; a wrong key or a changed value is refused in words', () => {
    const sealed = sealSecret('p@ss:wörd', KEY);
    expect(sealed).toMatch(/^enc:v1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('p@ss');
    expect(sealSecret('p@ss:wörd', KEY)).not.toBe(sealed); // a fresh IV every time
    expect(openSecret(sealed, KEY, 'x')).toBe('p@ss:wörd');
    expect(() => openSecret(sealed, Buffer.alloc(32, 8), 'camera "a": password')).toThrow(
      /camera "a": password cannot be decrypted: the key is not the one/,
    );
    const changed = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => openSecret(changed, KEY, 'x')).toThrow(ConfigError);
    expect(() => openSecret(sealed, null, 'camera "a": token')).toThrow(/encrypted but no key was found/);
  });

  it('makes a key file only its owner can read, never over an existing one, and refuses an open one', () => {
    const dir = tempDir('agent-key-');
    dirs.push(dir);
    const file = path.join(dir, 'agent.key');
    const key = createKeyFile(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readKeyFile(file)).toEqual(key);
    expect(() => createKeyFile(file)).toThrow(/EEXIST/);
    fs.chmodSync(file, 0o644);
    expect(() => readKeyFile(file)).toThrow(/can be read by other users \(mode 644\); run `chmod 600/);
    expect(readKeyFile(path.join(dir, 'none.key'))).toBeNull();
  });
});

describe('loadAgentConfig', () => {
  it('reads the cameras, puts the credentials into the source and warns of plain secrets', () => {
    const file = writeConfig({
      server: 'https://cams.example.com',
      spool_dir: 'spool',
      cameras: [
        camera({ username: 'admin', password: 'p@ss/1' }),
        camera({ name: 'yard', source: 'sim:street' }),
      ],
    });
    const config = loadAgentConfig(file, {});
    expect(config.server).toBe('https://cams.example.com');
    expect(config.cameras[0]).toEqual({
      name: 'entrance',
      token: 'cwd_abc',
      source: 'rtsp://admin:p%40ss%2F1@10.0.0.5:554/stream1',
      spoolDir: path.join(path.dirname(file), 'spool', 'entrance'),
      spoolMaxMb: undefined,
    });
    expect(config.cameras[1]!.source).toBe('sim:street');
    expect(config.warnings).toEqual(
      expect.arrayContaining([
        'camera "entrance": token is stored in plain text; run the agent with --seal to encrypt it',
        'camera "entrance": password is stored in plain text; run the agent with --seal to encrypt it',
      ]),
    );
  });

  it('takes several server addresses (the nodes of one cluster) as a list or a comma list', () => {
    const list = loadAgentConfig(
      writeConfig({ server: ['http://a:8080', ' http://b:8080'], cameras: [camera()] }),
      {},
    );
    expect(list.server).toBe('http://a:8080,http://b:8080');
    expect(
      loadAgentConfig(writeConfig({ server: 'http://a,http://b', cameras: [camera()] }), {}).server,
    ).toBe('http://a,http://b');
    expect(() =>
      loadAgentConfig(writeConfig({ server: ['http://a', 'b:80'], cameras: [camera()] }), {}),
    ).toThrow('server must be an http:// or https:// address, not "b:80"');
  });

  it('takes the environment over the file, and one camera from the environment alone', () => {
    const file = writeConfig({ server: 'http://old', log_level: 'warn', cameras: [camera()] });
    const config = loadAgentConfig(file, {
      CAMWATCH_SERVER: 'http://127.0.0.1:3000',
      CAMWATCH_LOG_LEVEL: 'debug',
      CAMWATCH_SPOOL_DIR: '/var/spool/cw',
    });
    expect(config).toMatchObject({ server: 'http://127.0.0.1:3000', logLevel: 'debug' });
    expect(config.cameras[0]!.spoolDir).toBe('/var/spool/cw/entrance');
    const alone = loadAgentConfig(undefined, {
      CAMWATCH_SERVER: 'http://127.0.0.1:3000',
      CAMWATCH_TOKEN: sealSecret('cwd_env', KEY),
      CAMWATCH_SOURCE: 'rtsp://cam/x',
      CAMWATCH_AGENT_KEY: KEY.toString('hex'),
    });
    expect(alone.cameras).toMatchObject([{ name: 'camera', token: 'cwd_env', source: 'rtsp://cam/x' }]);
    expect(alone.warnings).toEqual([]);
  });

  it.each([
    [{ cameras: [camera()] }, /^server: missing/],
    [
      { server: 'cams.example.com', cameras: [camera()] },
      /server must be an http:\/\/ or https:\/\/ address/,
    ],
    [{ server: 'http://s' }, /no cameras/],
    [{ server: 'http://s', cameras: {} }, /cameras must be a list/],
    [{ server: 'http://s', cameras: [camera({ name: '../x' })] }, /cameras\[0\]\.name must be/],
    [{ server: 'http://s', cameras: [camera(), camera()] }, /"entrance" is used twice/],
    [{ server: 'http://s', cameras: [camera({ token: undefined })] }, /camera "entrance": token is missing/],
    [
      { server: 'http://s', cameras: [camera({ source: 'ftp://x/y' })] },
      /camera "entrance": source: unsupported/,
    ],
    [
      { server: 'http://s', cameras: [camera({ source: 'rtsp://a:b@cam/x', password: 'c' })] },
      /credentials are both in the source and in username\/password/,
    ],
    [
      { server: 'http://s', cameras: [camera({ source: 'sim:street', password: 'c' })] },
      /apply to rtsp:\/\//,
    ],
    [{ server: 'http://s', cameras: [camera({ spool_max_mb: 0 })] }, /spool_max_mb must be a whole number/],
    [{ server: 'http://s', log_level: 'loud', cameras: [camera()] }, /log_level must be one of/],
    [
      { server: 'http://s', cameras: [camera({ password: 'enc:v1:AAAA' })] },
      /password is encrypted but no key/,
    ],
  ])('names what is wrong: %j', (content, message) => {
    expect(() => loadAgentConfig(writeConfig(content), {})).toThrow(message);
  });

  it('says when the file is not JSON or cannot be read', () => {
    expect(() => loadAgentConfig(writeConfig('{"server": '), {})).toThrow(/is not valid JSON/);
    expect(() => loadAgentConfig('/nonexistent/agent.json', {})).toThrow(
      /cannot read the configuration file/,
    );
  });
});

describe('sealConfigFile', () => {
  it('encrypts the plain passwords and tokens in place with a new 0600 key, and the agent reads them back', () => {
    const file = writeConfig({
      server: 'http://s',
      cameras: [
        camera({ source: 'rtsp://admin:S3cr%40t@10.0.0.5/stream1' }),
        camera({ name: 'ptz', source: 'onvif://10.0.0.6', username: 'op', password: 'Onvif-pw' }),
      ],
    });
    fs.chmodSync(file, 0o644);
    const done = sealConfigFile(file, {});
    expect(done[0]).toMatch(/made a new key file .*agent\.key \(mode 600\)/);
    expect(done).toContain(
      'camera "entrance": moved the credentials out of the source into username and password',
    );
    expect(done).toContain('camera "ptz": encrypted the password');
    const text = fs.readFileSync(file, 'utf8');
    for (const secret of ['S3cr', 'Onvif-pw', 'cwd_abc']) expect(text).not.toContain(secret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(path.dirname(file), 'agent.key')).mode & 0o777).toBe(0o600);

    const config = loadAgentConfig(file, {});
    expect(config.warnings).toEqual([]);
    expect(config.cameras.map((c) => [c.token, c.source])).toEqual([
      ['cwd_abc', 'rtsp://admin:S3cr%40t@10.0.0.5/stream1'],
      ['cwd_abc', 'onvif://op:Onvif-pw@10.0.0.6'],
    ]);
    // Sealing again changes nothing; another key cannot open the file.
    expect(sealConfigFile(file, {})).toEqual([]);
    expect(() => loadAgentConfig(file, { CAMWATCH_AGENT_KEY: Buffer.alloc(32, 1).toString('hex') })).toThrow(
      /cannot be decrypted/,
    );
  });
});

describe('parseCliOptions with a configuration', () => {
  it('chooses the configuration, its check and its sealing', () => {
    expect(parseCliOptions(['--config', 'a.json'])).toEqual({ configPath: 'a.json', action: 'run' });
    expect(parseCliOptions(['--config', 'a.json', '--check', '--log-level', 'debug'])).toEqual({
      configPath: 'a.json',
      action: 'check',
      logLevel: 'debug',
    });
    expect(parseCliOptions(['--seal'], { CAMWATCH_CONFIG: '/etc/a.json' })).toEqual({
      configPath: '/etc/a.json',
      action: 'seal',
    });
    expect(parseCliOptions(['--check'], { CAMWATCH_TOKEN: 't' })).toEqual({
      configPath: undefined,
      action: 'check',
    });
    expect(parseCliOptions(['--version'])).toBe('version');
    const byArguments = parseCliOptions([
      '--server',
      'http://s',
      '--token',
      't',
      '--source',
      'sim:street',
      '--check',
    ]);
    expect(byArguments).toMatchObject({ check: true, agent: { server: 'http://s' } });
  });

  it('refuses mixed or incomplete ways', () => {
    expect(() => parseCliOptions(['--config', 'a.json', '--token', 't'])).toThrow(/leave out --server/);
    expect(() => parseCliOptions(['--config', 'a.json', '--check', '--seal'])).toThrow(UsageError);
    expect(() => parseCliOptions(['--seal'])).toThrow(/--seal needs --config FILE/);
    expect(() => parseCliOptions([])).toThrow(/missing --config FILE \(or --server, --token and --source\)/);
  });
});
