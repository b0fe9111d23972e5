// What the --source argument names: a simulated scene or anything ffmpeg reads (RTSP, HTTP MJPEG, a file,
// a V4L2 device). Pure parsing, so the CLI and the recorder agree on every kind.

export type SourceKind = 'sim' | 'rtsp' | 'onvif' | 'http' | 'file' | 'device';

export type SimScene = 'street' | 'shop' | 'factory';
export const SIM_SCENES: readonly SimScene[] = ['street', 'shop', 'factory'];

export interface SimSourceSpec {
  kind: 'sim';
  scene: SimScene;
  /** Seed of everything random in the scene; same seed and time give the same frame. */
  seed: number;
  /** Offset of the scene's local time (clock overlay, day and night) from UTC, in minutes. */
  tzOffsetMinutes: number;
}

export interface FfmpegSourceSpec {
  kind: Exclude<SourceKind, 'sim' | 'rtsp' | 'onvif'>;
  /** The URL, file path or device path as given. */
  location: string;
}

export type RtspTransport = 'tcp' | 'udp';

export interface RtspSourceSpec {
  kind: 'rtsp';
  /** The camera's address as ffmpeg reads it (credentials included, the agent's own `#…` options not). */
  location: string;
  /** How RTP comes: interleaved in the RTSP connection (default, passes firewalls) or over UDP. */
  transport: RtspTransport;
  /** Seconds without data before the camera counts as lost (`#timeout=`); the default when absent. */
  timeoutSec?: number;
}

/**
 * An ONVIF camera: the agent asks it for its stream address (recorded over RTSP with the same credentials)
 * and drives its PTZ head and presets.
 */
export interface OnvifSourceSpec {
  kind: 'onvif';
  hostname: string;
  port: number;
  /** The device service's path; `/onvif/device_service` unless given. */
  path: string;
  username: string;
  password: string;
  /** The media profile to record; the camera's first (main stream) when null. */
  profileToken: string | null;
  transport: RtspTransport;
  /** The relay output that switches the camera's light (`?light=`); no light when null. */
  lightRelayToken: string | null;
}

export type SourceSpec = SimSourceSpec | FfmpegSourceSpec | RtspSourceSpec | OnvifSourceSpec;

export class SourceError extends Error {}

/** Japan Standard Time: the product's cameras show local time in Japan unless told otherwise. */
export const DEFAULT_SIM_TZ_OFFSET_MINUTES = 540;

/**
 * Reads a source string. `sim:<scene>[?seed=N&tz=MINUTES]` is the simulator; `rtsp://`, `http(s)://`,
 * `/dev/video*` and any other text (a file path) go to ffmpeg. An RTSP address may end in the agent's own
 * options after `#` (never sent to the camera): `#transport=udp`. `defaultSeed` is --seed.
 */
export function parseSource(text: string, defaultSeed = 1): SourceSpec {
  const source = text.trim();
  if (source === '') throw new SourceError('source is empty');
  if (source.startsWith('sim:')) return parseSimSource(source.slice(4), defaultSeed);
  if (/^rtsps?:\/\//i.test(source)) return parseRtspSource(source);
  if (/^onvif:\/\//i.test(source)) return parseOnvifSource(source);
  if (/^https?:\/\//i.test(source)) return { kind: 'http', location: source };
  if (source.startsWith('/dev/')) return { kind: 'device', location: source };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source))
    throw new SourceError(
      `unsupported source scheme in "${redactCredentials(source)}" (use rtsp://, onvif://, http(s)://, a file or sim:)`,
    );
  return { kind: 'file', location: source };
}

function parseRtspSource(source: string): RtspSourceSpec {
  const hash = source.indexOf('#');
  const location = hash < 0 ? source : source.slice(0, hash);
  const params = new URLSearchParams(hash < 0 ? '' : source.slice(hash + 1));
  for (const key of params.keys())
    if (key !== 'transport' && key !== 'timeout')
      throw new SourceError(`unknown RTSP option "${key}" after # (transport, timeout)`);
  const timeout = params.get('timeout');
  if (timeout !== null && (!/^\d+$/.test(timeout) || Number(timeout) < 1 || Number(timeout) > 300))
    throw new SourceError(`RTSP timeout must be whole seconds from 1 to 300, not "${timeout}"`);
  const transport = params.get('transport') ?? 'tcp';
  if (transport !== 'tcp' && transport !== 'udp')
    throw new SourceError(`RTSP transport must be tcp or udp, not "${transport}"`);
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    throw new SourceError(`not a valid RTSP address: "${redactCredentials(location)}"`);
  }
  if (url.hostname === '') throw new SourceError('the RTSP address names no host');
  return { kind: 'rtsp', location, transport, ...(timeout !== null ? { timeoutSec: Number(timeout) } : {}) };
}

function parseOnvifSource(source: string): OnvifSourceSpec {
  let url: URL;
  try {
    url = new URL(source.replace(/^onvif:/i, 'http:'));
  } catch {
    throw new SourceError(`not a valid ONVIF address: "${redactCredentials(source)}"`);
  }
  if (url.hostname === '') throw new SourceError('the ONVIF address names no host');
  for (const key of url.searchParams.keys())
    if (key !== 'profile' && key !== 'transport' && key !== 'light')
      throw new SourceError(`unknown ONVIF option "${key}" (profile, transport, light)`);
  const transport = url.searchParams.get('transport') ?? 'tcp';
  if (transport !== 'tcp' && transport !== 'udp')
    throw new SourceError(`RTSP transport must be tcp or udp, not "${transport}"`);
  return {
    kind: 'onvif',
    hostname: url.hostname,
    port: url.port === '' ? 80 : Number(url.port),
    path: url.pathname === '/' ? '/onvif/device_service' : url.pathname,
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    profileToken: url.searchParams.get('profile') || null,
    transport,
    lightRelayToken: url.searchParams.get('light') || null,
  };
}

/**
 * Hides the password (and user) of every `scheme://user:password@` in a text: source addresses, ffmpeg's
 * error output (which quotes its input's address), errors of camera clients. Logs never hold them.
 */
export function redactCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@"'<>]*@/gi, '$1***@');
}

/** A source as it may be shown: credentials hidden. */
export function describeSource(source: SourceSpec): string {
  if (source.kind === 'sim') return `sim:${source.scene}`;
  if (source.kind === 'onvif')
    return `onvif://${source.username ? '***@' : ''}${source.hostname}:${source.port}${source.path}`;
  return redactCredentials(source.location);
}

function parseSimSource(rest: string, defaultSeed: number): SimSourceSpec {
  const [scene = '', query = ''] = rest.split('?', 2);
  if (!(SIM_SCENES as readonly string[]).includes(scene))
    throw new SourceError(`unknown simulated scene "${scene}" (one of ${SIM_SCENES.join(', ')})`);
  const params = new URLSearchParams(query);
  for (const key of params.keys())
    if (key !== 'seed' && key !== 'tz') throw new SourceError(`unknown sim option "${key}" (seed, tz)`);
  return {
    kind: 'sim',
    scene: scene as SimScene,
    seed: readInteger(params.get('seed'), 'seed') ?? defaultSeed,
    tzOffsetMinutes: readInteger(params.get('tz'), 'tz') ?? DEFAULT_SIM_TZ_OFFSET_MINUTES,
  };
}

function readInteger(value: string | null, name: string): number | null {
  if (value === null) return null;
  if (!/^-?\d+$/.test(value)) throw new SourceError(`sim option ${name} must be an integer, not "${value}"`);
  return Number(value);
}
