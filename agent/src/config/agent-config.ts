// The installed agent's configuration: a JSON file (server, cameras with their device tokens and sources,
// spool, logging) and the environment (CAMWATCH_* variables override the file; one camera can be given by
// the environment alone). Camera passwords and device tokens may be stored encrypted (secrets.ts);
// `--seal` encrypts the plain ones in place. Everything here is checked before anything starts, and each
// problem is named by its field in plain words (never with a secret in it).
import fs from 'node:fs';
import path from 'node:path';
import { LOG_LEVELS, type LogFormat, type LogLevel } from '../logger.ts';
import { parseSource, redactCredentials } from '../source/source-spec.ts';
import {
  ConfigError,
  createKeyFile,
  isSealed,
  KEY_ENV,
  openSecret,
  parseKey,
  readKeyFile,
  sealSecret,
} from './secrets.ts';

export const KEY_FILE_ENV = 'CAMWATCH_AGENT_KEY_FILE';
export const DEFAULT_KEY_FILE_NAME = 'agent.key';
export const DEFAULT_SPOOL_ROOT = path.join('data', 'agent-spool');

/** One camera as the agent runs it: secrets opened, credentials in the source address. */
export interface CameraEntry {
  name: string;
  token: string;
  /** The source as startAgent takes it, credentials included (never to be logged as it is). */
  source: string;
  spoolDir: string;
  spoolMaxMb?: number;
}

export interface AgentConfig {
  server: string;
  logLevel: LogLevel;
  logFormat: LogFormat;
  cameras: CameraEntry[];
  /** Things that work but should be fixed (plain-text secrets), for the log and `--check`. */
  warnings: string[];
}

interface RawCamera {
  name?: unknown;
  token?: unknown;
  source?: unknown;
  username?: unknown;
  password?: unknown;
  spool_dir?: unknown;
  spool_max_mb?: unknown;
}

interface RawConfig {
  server?: unknown;
  key_file?: unknown;
  spool_dir?: unknown;
  spool_max_mb?: unknown;
  log_level?: unknown;
  log_format?: unknown;
  cameras?: unknown;
}

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const CREDENTIAL_SCHEMES = /^(rtsps?|onvif|https?):\/\//i;
const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/@?#]*)@/i;

/** Reads and checks the configuration file (when given) and the environment. */
export function loadAgentConfig(configPath: string | undefined, env: NodeJS.ProcessEnv): AgentConfig {
  const raw = configPath ? readConfigFile(configPath) : {};
  const baseDir = configPath ? path.dirname(path.resolve(configPath)) : process.cwd();
  const warnings: string[] = [];
  const server = serverList(env.CAMWATCH_SERVER || raw.server);
  const logLevel = (env.CAMWATCH_LOG_LEVEL || raw.log_level || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`log_level must be one of ${LOG_LEVELS.join(', ')}`);
  const logFormat = (env.CAMWATCH_LOG_FORMAT || raw.log_format || 'text') as LogFormat;
  if (logFormat !== 'text' && logFormat !== 'json') throw new ConfigError('log_format must be text or json');
  const spoolRoot = path.resolve(
    baseDir,
    env.CAMWATCH_SPOOL_DIR || optionalString(raw.spool_dir, 'spool_dir') || DEFAULT_SPOOL_ROOT,
  );
  const defaultMaxMb = optionalPositiveInteger(raw.spool_max_mb, 'spool_max_mb');

  let rawCameras: RawCamera[];
  if (raw.cameras !== undefined) {
    if (!Array.isArray(raw.cameras)) throw new ConfigError('cameras must be a list');
    rawCameras = raw.cameras as RawCamera[];
  } else rawCameras = [];
  if (env.CAMWATCH_TOKEN || env.CAMWATCH_SOURCE) {
    if (rawCameras.length > 0)
      throw new ConfigError(
        "CAMWATCH_TOKEN and CAMWATCH_SOURCE give one camera: leave out the file's cameras, or unset them",
      );
    rawCameras = [{ name: 'camera', token: env.CAMWATCH_TOKEN, source: env.CAMWATCH_SOURCE }];
  }
  if (rawCameras.length === 0)
    throw new ConfigError(
      'no cameras: list them under "cameras" in the configuration file (or set CAMWATCH_TOKEN and CAMWATCH_SOURCE)',
    );

  const key = findKey(raw, baseDir, env);
  const names = new Set<string>();
  const cameras = rawCameras.map((camera, index) => {
    if (typeof camera !== 'object' || camera === null)
      throw new ConfigError(`cameras[${index}] must be an object`);
    const name = camera.name;
    if (typeof name !== 'string' || !NAME_PATTERN.test(name))
      throw new ConfigError(
        `cameras[${index}].name must be 1-64 letters, digits, ".", "_" or "-" (it names the camera's spool folder)`,
      );
    if (names.has(name)) throw new ConfigError(`cameras[${index}].name "${name}" is used twice`);
    names.add(name);
    const where = `camera "${name}"`;
    const secret = (value: unknown, field: string, required: boolean): string => {
      if (value === undefined || value === '') {
        if (required) throw new ConfigError(`${where}: ${field} is missing`);
        return '';
      }
      if (typeof value !== 'string') throw new ConfigError(`${where}: ${field} must be a text`);
      if (isSealed(value)) return openSecret(value, key.key, `${where}: ${field}`);
      warnings.push(`${where}: ${field} is stored in plain text; run the agent with --seal to encrypt it`);
      return value;
    };
    const token = secret(camera.token, 'token', true);
    if (typeof camera.source !== 'string' || camera.source.trim() === '')
      throw new ConfigError(`${where}: source is missing`);
    const username = camera.username === undefined ? '' : camera.username;
    if (typeof username !== 'string') throw new ConfigError(`${where}: username must be a text`);
    const password = secret(camera.password, 'password', false);
    if (USERINFO.exec(camera.source)?.[2]?.includes(':'))
      warnings.push(
        `${where}: the source holds a password in plain text; run the agent with --seal to encrypt it`,
      );
    const source = withCredentials(camera.source.trim(), username, password, where);
    try {
      parseSource(source);
    } catch (error) {
      throw new ConfigError(`${where}: source: ${redactCredentials((error as Error).message)}`);
    }
    const spoolDir = optionalString(camera.spool_dir, `${where}: spool_dir`);
    return {
      name,
      token,
      source,
      spoolDir: spoolDir ? path.resolve(baseDir, spoolDir) : path.join(spoolRoot, name),
      spoolMaxMb: optionalPositiveInteger(camera.spool_max_mb, `${where}: spool_max_mb`) ?? defaultMaxMb,
    };
  });
  if (configPath && warnings.length > 0 && (fs.statSync(configPath).mode & 0o077) !== 0)
    warnings.push(
      `${configPath} holds plain-text secrets and other users can read it; run --seal, or chmod 600 it`,
    );
  return { server, logLevel, logFormat, cameras, warnings };
}

/** Encrypts the file's plain camera passwords and device tokens in place; says what it did. */
export function sealConfigFile(configPath: string, env: NodeJS.ProcessEnv): string[] {
  const raw = readConfigFile(configPath);
  const baseDir = path.dirname(path.resolve(configPath));
  const done: string[] = [];
  const found = findKey(raw, baseDir, env);
  const keyFile = found.keyFile;
  let key = found.key;
  if (!key) {
    key = createKeyFile(keyFile);
    done.push(
      `made a new key file ${keyFile} (mode 600); keep a copy of it: without it the secrets cannot be read`,
    );
  }
  if (!Array.isArray(raw.cameras)) throw new ConfigError('cameras must be a list');
  for (const [index, camera] of (raw.cameras as RawCamera[]).entries()) {
    if (typeof camera !== 'object' || camera === null)
      throw new ConfigError(`cameras[${index}] must be an object`);
    const where = typeof camera.name === 'string' ? `camera "${camera.name}"` : `cameras[${index}]`;
    if (typeof camera.source === 'string') {
      const match = USERINFO.exec(camera.source);
      if (match) {
        if (camera.username !== undefined || camera.password !== undefined)
          throw new ConfigError(
            `${where}: credentials are both in the source and in username/password; keep one`,
          );
        const [user = '', pass = ''] = splitOnce(match[2]!, ':');
        camera.source = match[1]! + camera.source.slice(match[0].length);
        camera.username = decodeComponent(user, `${where}: the user name in the source`);
        if (pass !== '') camera.password = decodeComponent(pass, `${where}: the password in the source`);
        done.push(`${where}: moved the credentials out of the source into username and password`);
      }
    }
    for (const field of ['password', 'token'] as const) {
      const value = camera[field];
      if (typeof value === 'string' && value !== '' && !isSealed(value)) {
        camera[field] = sealSecret(value, key);
        done.push(`${where}: encrypted the ${field}`);
      }
    }
  }
  // Written whole to a new file (owner only) and moved over the old one: never half a configuration.
  const temp = `${configPath}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(raw, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temp, configPath);
  fs.chmodSync(configPath, 0o600);
  return done;
}

/**
 * The server address, or the nodes of one cluster as a list (or a comma list, as --server takes them):
 * one comma list for the agent, each address checked.
 */
function serverList(value: unknown): string {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const addresses = list.map((one) => (typeof one === 'string' ? one.trim() : '')).filter(Boolean);
  if (addresses.length === 0)
    throw new ConfigError('server: missing (the CamWatch server address, e.g. https://cams.example.com)');
  for (const address of addresses)
    if (!/^https?:\/\/[^/,]/.test(address))
      throw new ConfigError(
        `server must be an http:// or https:// address, not "${redactCredentials(address)}"`,
      );
  return addresses.join(',');
}

function readConfigFile(configPath: string): RawConfig {
  let text: string;
  try {
    text = fs.readFileSync(configPath, 'utf8');
  } catch (error) {
    throw new ConfigError(`cannot read the configuration file ${configPath}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${configPath} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ConfigError(`${configPath} must hold a JSON object`);
  return parsed as RawConfig;
}

/** The key: CAMWATCH_AGENT_KEY, else the key file (CAMWATCH_AGENT_KEY_FILE, key_file, or agent.key beside the file). */
function findKey(
  raw: RawConfig,
  baseDir: string,
  env: NodeJS.ProcessEnv,
): { key: Buffer | null; keyFile: string } {
  const keyFile = path.resolve(
    baseDir,
    env[KEY_FILE_ENV] || optionalString(raw.key_file, 'key_file') || DEFAULT_KEY_FILE_NAME,
  );
  if (env[KEY_ENV]) return { key: parseKey(env[KEY_ENV], KEY_ENV), keyFile };
  return { key: readKeyFile(keyFile), keyFile };
}

/** The source with `user:password@` put in (percent-encoded), as startAgent reads it. */
function withCredentials(source: string, username: string, password: string, where: string): string {
  if (username === '' && password === '') return source;
  if (!CREDENTIAL_SCHEMES.test(source))
    throw new ConfigError(
      `${where}: username and password apply to rtsp://, onvif:// and http(s):// sources only`,
    );
  if (USERINFO.test(source))
    throw new ConfigError(`${where}: credentials are both in the source and in username/password; keep one`);
  const at = source.indexOf('://') + 3;
  const userinfo = `${encodeURIComponent(username)}${password === '' ? '' : `:${encodeURIComponent(password)}`}@`;
  return source.slice(0, at) + userinfo + source.slice(at);
}

function decodeComponent(text: string, where: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new ConfigError(`${where} has a broken %-escape`);
  }
}

function splitOnce(text: string, separator: string): [string, string] {
  const index = text.indexOf(separator);
  return index < 0 ? [text, ''] : [text.slice(0, index), text.slice(index + 1)];
}

function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw new ConfigError(`${field} must be a text`);
  return value;
}

function optionalPositiveInteger(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw new ConfigError(`${field} must be a whole number of at least 1`);
  return value;
}
