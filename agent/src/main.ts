// The agent's command line: `camwatch-agent --config FILE` (the installed agent: the cameras of a
// configuration file, each its own startAgent in this process), `--server URL --token TOKEN --source
// SOURCE` (one camera by arguments), `--check` (try the server and the cameras, say what is wrong, exit 1
// when something is), `--seal` (encrypt the file's secrets), `--discover`, `--version`. Stops cleanly on
// SIGINT/SIGTERM (a second signal exits at once).
import { startAgent, type AgentHandle } from './agent.ts';
import { parseCliOptions, USAGE, UsageError, type ConfigCommand } from './cli-options.ts';
import { loadAgentConfig, sealConfigFile } from './config/agent-config.ts';
import { checkCamera, checkFfmpeg, type CheckResult } from './config/check.ts';
import { ConfigError } from './config/secrets.ts';
import { discoverOnvifCameras } from './control/onvif-camera.ts';
import { createLogger, withFields, type Logger } from './logger.ts';
import { AGENT_VERSION } from './version.ts';

interface CameraToRun {
  /** The camera's name in the configuration (none when given by arguments). */
  name?: string;
  options: Omit<Parameters<typeof startAgent>[0], 'logger'>;
}

async function main(): Promise<number> {
  let cli;
  try {
    cli = parseCliOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`agent: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (cli === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (cli === 'version') {
    process.stdout.write(`camwatch-agent ${AGENT_VERSION}\n`);
    return 0;
  }
  if (cli === 'discover') {
    const found = await discoverOnvifCameras(3_000);
    for (const camera of found)
      process.stdout.write(
        `${camera.addresses.join(' ')}\t${camera.name ?? '-'}\t${camera.hardware ?? '-'}\t${camera.urn}\n`,
      );
    process.stderr.write(`${found.length} ONVIF camera(s) answered\n`);
    return 0;
  }
  if ('action' in cli) {
    try {
      return await runConfigCommand(cli);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      process.stderr.write(`agent: ${error.message}\n`);
      return 1;
    }
  }
  const camera: CameraToRun = { options: cli.agent };
  if (cli.check) return check(cli.agent.server, [camera], []);
  return run([camera], createLogger(cli.logLevel, cli.logFormat));
}

async function runConfigCommand(command: ConfigCommand): Promise<number> {
  if (command.action === 'seal') {
    const done = sealConfigFile(command.configPath!, process.env);
    for (const line of done) process.stdout.write(`${line}\n`);
    process.stdout.write(done.length > 0 ? `${command.configPath} sealed\n` : 'nothing to encrypt\n');
    return 0;
  }
  const config = loadAgentConfig(command.configPath, process.env);
  const cameras: CameraToRun[] = config.cameras.map((camera) => ({
    name: camera.name,
    options: {
      server: config.server,
      token: camera.token,
      source: camera.source,
      spoolDir: camera.spoolDir,
      spoolMaxMb: camera.spoolMaxMb,
    },
  }));
  if (command.action === 'check') return check(config.server, cameras, config.warnings);
  const logger = createLogger(command.logLevel ?? config.logLevel, command.logFormat ?? config.logFormat);
  for (const warning of config.warnings) logger.warn(warning);
  return run(cameras, logger);
}

/** `--check`: one line per check, a summary, and 1 when anything failed. */
async function check(server: string, cameras: CameraToRun[], warnings: string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(`camwatch-agent ${AGENT_VERSION}: checking ${cameras.length} camera(s) against ${server}`);
  const [ffmpeg, ...results] = await Promise.all([
    checkFfmpeg(),
    ...cameras.map((camera) => checkCamera(camera.options)),
  ]);
  let failed = ffmpeg!.ok ? 0 : 1;
  out(formatResult(ffmpeg!));
  for (const [index, camera] of cameras.entries()) {
    out(camera.name ? `camera "${camera.name}"` : 'camera');
    for (const result of results[index]!) {
      if (!result.ok) failed += 1;
      out(formatResult(result));
    }
  }
  for (const warning of warnings) out(`warning: ${warning}`);
  out(failed === 0 ? 'all checks passed' : `${failed} check(s) failed`);
  return failed === 0 ? 0 : 1;
}

const formatResult = (result: CheckResult) =>
  `  ${result.ok ? 'ok  ' : 'FAIL'}  ${result.what}: ${result.message}`;

/** Runs every camera's agent until a signal; a camera whose token is refused is logged and left out. */
async function run(cameras: CameraToRun[], logger: Logger): Promise<number> {
  let isStopping = false;
  let stopRequested: () => void = () => {};
  const stopSignal = new Promise<void>((resolve) => (stopRequested = resolve));
  const onSignal = (signal: NodeJS.Signals) => {
    if (isStopping) {
      logger.warn('second signal: exiting now', { signal });
      process.exit(130);
    }
    isStopping = true;
    logger.info('stopping', { signal });
    stopRequested();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  logger.info('camwatch-agent starting', { version: AGENT_VERSION, cameras: cameras.length });

  const handles: AgentHandle[] = [];
  let startFailures = 0;
  const starts = cameras.map(async (camera) => {
    const cameraLogger = camera.name ? withFields(logger, { name: camera.name }) : logger;
    try {
      const handle = await startAgent({ ...camera.options, logger: cameraLogger });
      if (isStopping) await handle.stop();
      else handles.push(handle);
    } catch (error) {
      startFailures += 1;
      cameraLogger.error('camera not started', { reason: (error as Error).message });
      // Only a single camera given by arguments ends the agent; a configuration's others go on.
      if (cameras.length === 1) throw error;
    }
  });
  const allStarted = Promise.all(starts);
  const first = await Promise.race([allStarted.then(() => 'started' as const), stopSignal.then(() => null)]);
  if (first === 'started' && startFailures === cameras.length) return 1;
  if (first !== null) await stopSignal;
  await Promise.all(handles.map((handle) => handle.stop()));
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`agent: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
