// The embedded demo's cameras: `npm start` runs one simulated agent per demo camera, in a process of its own
// beside the server (agents-child.ts), so a new user sees live stills and a growing archive within a minute.
// Each start issues fresh device tokens (the previous run's are revoked); the agents talk to this server over
// loopback exactly like remote agents do. Light enough for 2 cores: the demo records small pictures at low frame rates.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { DeviceAuth } from '../ingest/device-auth.ts';
import { tsChildArgs, tsChildEnv } from '../lib/ts-child.ts';
import { DeviceTokenRepository } from '../ingest/device-token.repository.ts';
import { CameraRepository } from '../modules/cameras/camera.repository.ts';
import { demoOperationAreas } from '../db/seed/demo-analytics.ts';
import type { AgentSpec, AgentsChildMessage, AgentsChildRequest } from './agents-child.ts';

/** Label of the device tokens the embedded demo issues, so the next start can revoke them. */
export const EMBEDDED_TOKEN_LABEL = 'embedded-sim';
/** What the demo's simulated cameras record, whatever the camera's own settings say. */
export const DEMO_LIMITS = { maxWidth: 480, maxHeight: 270, maxFps: 2 } as const;
const SCENES = ['street', 'shop'] as const;

/** The scene a demo camera's agent draws: the factory line for the cameras with operation areas, else by turns. */
export function demoSceneOf(cameraName: string, index: number): string {
  return demoOperationAreas[cameraName] ? 'factory' : SCENES[index % SCENES.length]!;
}
const CHILD_SCRIPT = fileURLToPath(new URL('./agents-child.ts', import.meta.url));

export interface EmbeddedAgentsOptions {
  db: Db;
  deviceAuth: DeviceAuth;
  serverUrl: string;
  dataDir: string;
  customerCode: string;
  logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error' | 'child'>;
}

/** Whether `npm start` runs simulated cameras: SIMULATED_CAMERAS wins, `--no-sim` turns them off, else only on the embedded database. */
export function wantsSimulatedCameras(
  setting: boolean | undefined,
  databaseKind: 'embedded' | 'postgres',
  argv: readonly string[],
): boolean {
  if (argv.includes('--no-sim')) return false;
  return setting ?? databaseKind === 'embedded';
}

export async function startEmbeddedAgents(options: EmbeddedAgentsOptions): Promise<() => Promise<void>> {
  // Cameras of the demo customer, except those that never had an agent and are down on purpose (the
  // demo's example of a broken camera).
  const cameras = await new CameraRepository(options.db).listWithAgentsOf(options.customerCode);
  const tokens = new DeviceTokenRepository(options.db);
  const agents: AgentSpec[] = [];
  for (const [index, camera] of cameras.entries()) {
    await tokens.revokeLabelled(camera.id, EMBEDDED_TOKEN_LABEL);
    const { token } = await options.deviceAuth.issue(camera.id, EMBEDDED_TOKEN_LABEL);
    agents.push({
      server: options.serverUrl,
      token,
      source: `sim:${demoSceneOf(camera.name, index)}?seed=${index + 1}`,
      spoolDir: path.join(options.dataDir, 'agent-spool', camera.code),
      limits: DEMO_LIMITS,
    });
  }
  const logger = options.logger.child({ component: 'sim-agent' });
  const child = spawn(process.execPath, tsChildArgs(CHILD_SCRIPT), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: tsChildEnv(),
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const started = new Promise<void>((resolve, reject) => {
    child.on('message', (message: AgentsChildMessage) => {
      if (message.type === 'log') logger[message.level](message.fields ?? {}, message.message);
      else if (message.type === 'started') {
        for (const failure of message.failed)
          logger.error({ source: failure.source, err: failure.error }, 'simulated camera did not start');
        options.logger.info({ cameras: message.running }, 'simulated cameras running');
        resolve();
      }
    });
    // Kept for the process's life: a failed start, or a stop sent to a process already gone, is no crash.
    child.on('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`the simulated cameras' process ended (${signal ?? code})`)),
    );
  });
  child.send({ type: 'start', agents } satisfies AgentsChildRequest);
  try {
    await started;
  } catch (err) {
    // The demo's cameras are not worth the service: it runs on without them, and says so.
    logger.error({ err }, 'simulated cameras did not start');
    return async () => {};
  }
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (!stopping) logger.error({ code, signal }, "the simulated cameras' process ended");
  });
  return async () => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.send({ type: 'stop' } satisfies AgentsChildRequest);
    await exited;
    clearTimeout(kill);
  };
}
