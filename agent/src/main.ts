// The agent's command line: `npm run agent -- --server URL --token TOKEN --source SOURCE …`. Parses the
// arguments, starts the agent, and stops it cleanly on SIGINT/SIGTERM (a second signal exits at once).
import { startAgent } from './agent.ts';
import { parseCliOptions, USAGE, UsageError } from './cli-options.ts';
import { discoverOnvifCameras } from './control/onvif-camera.ts';
import { createLogger } from './logger.ts';

async function main(): Promise<number> {
  let cli;
  try {
    cli = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`agent: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (cli === 'help') {
    process.stdout.write(`${USAGE}\n`);
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
  const logger = createLogger(cli.logLevel, cli.logFormat);
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

  const started = startAgent({ ...cli.agent, logger });
  const first = await Promise.race([started.then((agent) => ({ agent })), stopSignal.then(() => null)]);
  if (!first) return 0; // stopped while still waiting for the server
  await stopSignal;
  await first.agent.stop();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`agent: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
