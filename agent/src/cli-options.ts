// The command line of `npm run agent` (and of the installed agent, `camwatch-agent`): parsed with
// node:util parseArgs into startAgent's options for one camera given by arguments, or into a configuration
// file's run, check or seal, with a usage text and clear errors. Pure (argv and environment in, options or
// error out) so every rule is tested.
import { parseArgs } from 'node:util';
import type { AgentOptions } from './agent.ts';
import { LOG_LEVELS, type LogFormat, type LogLevel } from './logger.ts';
import { parseSource } from './source/source-spec.ts';

export const USAGE = `Usage: camwatch-agent --config FILE [--check | --seal]
       camwatch-agent --server URL --token TOKEN --source SOURCE [--check] [options]
       (from a checkout: npm run agent -- …)

  --config FILE        the cameras, their tokens and sources, the server (JSON; see the agent's README);
                       also CAMWATCH_CONFIG. CAMWATCH_SERVER, CAMWATCH_AGENT_KEY(_FILE), CAMWATCH_SPOOL_DIR,
                       CAMWATCH_LOG_LEVEL/FORMAT override it; CAMWATCH_TOKEN + CAMWATCH_SOURCE give one camera
  --check              try the server (reachable, token accepted) and each camera (opens, right password)
                       and say what is wrong; exits 1 when something is
  --seal               encrypt the configuration file's plain passwords and tokens (makes a key file)
  --version            print the agent's version

  --server URL[,URL]   CamWatch server, e.g. http://127.0.0.1:3000; several nodes of one cluster as a comma
                       list: the agent moves to the next when one fails
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
  /** `--check`: try the server and the source, then exit. */
  check: boolean;
}

/** Cameras from a configuration file (or the environment alone when `configPath` is undefined). */
export interface ConfigCommand {
  configPath: string | undefined;
  action: 'run' | 'check' | 'seal';
  /** From --log-level/--log-format, over the configuration's. */
  logLevel?: LogLevel;
  logFormat?: LogFormat;
}

/**
 * Reads the arguments; `'help'`, `'discover'` or `'version'` for those. Cameras come from a configuration
 * file with --config (or CAMWATCH_CONFIG, or CAMWATCH_TOKEN in the environment, when no camera is given by
 * arguments). Throws UsageError with the reason otherwise.
 */
export function parseCliOptions(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
): CliOptions | ConfigCommand | 'help' | 'discover' | 'version' {
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
        'log-level': { type: 'string' },
        'log-format': { type: 'string' },
        config: { type: 'string' },
        check: { type: 'boolean', default: false },
        seal: { type: 'boolean', default: false },
        version: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        discover: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return 'help';
  if (values.version) return 'version';
  if (values.discover) return 'discover';
  const logLevel = (values['log-level'] ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
  const logFormat = (values['log-format'] ?? 'text') as LogFormat;
  if (logFormat !== 'text' && logFormat !== 'json') throw new UsageError('--log-format must be text or json');
  const byArguments =
    values.server !== undefined || values.token !== undefined || values.source !== undefined;
  if (values.config !== undefined || (!byArguments && (env.CAMWATCH_CONFIG || env.CAMWATCH_TOKEN))) {
    if (byArguments)
      throw new UsageError('--config gives the server and cameras: leave out --server, --token and --source');
    if (values.check && values.seal) throw new UsageError('--check and --seal are separate steps: give one');
    const configPath = values.config ?? (env.CAMWATCH_CONFIG || undefined);
    if (values.seal && !configPath) throw new UsageError('--seal needs --config FILE (the file to encrypt)');
    return {
      configPath,
      action: values.seal ? 'seal' : values.check ? 'check' : 'run',
      ...(values['log-level'] !== undefined ? { logLevel } : {}),
      ...(values['log-format'] !== undefined ? { logFormat } : {}),
    };
  }
  if (values.seal) throw new UsageError('--seal needs --config FILE (the file to encrypt)');
  if (!byArguments) throw new UsageError('missing --config FILE (or --server, --token and --source)');
  const missing = (['server', 'token', 'source'] as const).filter((name) => !values[name]);
  if (missing.length > 0) throw new UsageError(`missing ${missing.map((name) => `--${name}`).join(', ')}`);
  const server = values.server!;
  if (!server.split(',').every((one) => /^https?:\/\/[^/]/.test(one.trim())))
    throw new UsageError(
      `--server must be an http:// or https:// URL (or a comma list of them), not "${server}"`,
    );
  const seed = optionalInteger(values.seed, '--seed', -2_147_483_648);
  try {
    parseSource(values.source!, seed ?? 1);
  } catch (error) {
    throw new UsageError(`--source: ${(error as Error).message}`);
  }
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
    check: values.check,
  };
}

function optionalInteger(value: string | undefined, name: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < min)
    throw new UsageError(`${name} must be an integer${min > 0 ? ` of at least ${min}` : ''}, not "${value}"`);
  return Number(value);
}
