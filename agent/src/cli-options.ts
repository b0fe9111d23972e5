// The command line of `npm run agent`: parsed with node:util parseArgs into startAgent's options, with
// a usage text and clear errors. Pure (argv in, options or error out) so every rule is tested.
import { parseArgs } from 'node:util';
import type { AgentOptions } from './agent.ts';
import { LOG_LEVELS, type LogFormat, type LogLevel } from './logger.ts';
import { parseSource } from './source/source-spec.ts';

export const USAGE = `Usage: npm run agent -- --server URL --token TOKEN --source SOURCE [options]

  --server URL         CamWatch server, e.g. http://127.0.0.1:3000
  --token TOKEN        the camera's device token (cwd_…)
  --source SOURCE      sim:street | sim:shop | sim:factory[?seed=N&tz=MINUTES]
                       | rtsp://[user:password@]host[:port]/path[#transport=udp&timeout=SECONDS]
                         (TCP by default; 10 s without data counts as the camera lost)
                       | http(s)://… (MJPEG) | a video file (looped) | /dev/video0
  --spool DIR          clips waiting for upload (default ./data/agent-spool/<camera_code>)
  --spool-max-mb N     spool bound; the oldest clips are dropped beyond it (default 2048)
  --truth-dir DIR      simulator only: ground truth per minute (<start_time>.truth.jsonl)
  --seed N             simulator seed (default 1)
  --log-level LEVEL    debug | info | warn | error | silent (default info)
  --log-format FORMAT  text | json (default text)
  --discover           list the ONVIF cameras that answer on this network (WS-Discovery) and exit
  --help               this text

An ONVIF camera: --source onvif://user:password@host[:port][/path][?profile=TOKEN&transport=udp&light=RELAY]
(records the profile's RTSP stream, first profile by default; PTZ and presets through ONVIF; the light
is the relay output named by light=).`;

export class UsageError extends Error {}

export interface CliOptions {
  agent: Omit<AgentOptions, 'logger'>;
  logLevel: LogLevel;
  logFormat: LogFormat;
}

/** Reads the arguments; `'help'` when help was asked for. Throws UsageError with the reason otherwise. */
export function parseCliOptions(argv: string[]): CliOptions | 'help' | 'discover' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        server: { type: 'string' },
        token: { type: 'string' },
        source: { type: 'string' },
        spool: { type: 'string' },
        'spool-max-mb': { type: 'string' },
        'truth-dir': { type: 'string' },
        seed: { type: 'string' },
        'log-level': { type: 'string', default: 'info' },
        'log-format': { type: 'string', default: 'text' },
        help: { type: 'boolean', default: false },
        discover: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  if (values.discover) return 'discover';
  const missing = (['server', 'token', 'source'] as const).filter((name) => !values[name]);
  if (missing.length > 0) throw new UsageError(`missing ${missing.map((name) => `--${name}`).join(', ')}`);
  const server = values.server!;
  if (!/^https?:\/\/[^/]/.test(server))
    throw new UsageError(`--server must be an http:// or https:// URL, not "${server}"`);
  const seed = optionalInteger(values.seed, '--seed', -2_147_483_648);
  try {
    parseSource(values.source!, seed ?? 1);
  } catch (error) {
    throw new UsageError(`--source: ${(error as Error).message}`);
  }
  const logLevel = values['log-level'] as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
  const logFormat = values['log-format'] as LogFormat;
  if (logFormat !== 'text' && logFormat !== 'json') throw new UsageError('--log-format must be text or json');
  return {
    agent: {
      server,
      token: values.token!,
      source: values.source!,
      spoolDir: values.spool,
      spoolMaxMb: optionalInteger(values['spool-max-mb'], '--spool-max-mb', 1),
      truthDir: values['truth-dir'],
      seed,
    },
    logLevel,
    logFormat,
  };
}

function optionalInteger(value: string | undefined, name: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min)
    throw new UsageError(`${name} must be an integer${min > 0 ? ` of at least ${min}` : ''}, not "${value}"`);
  return Number(value);
}
