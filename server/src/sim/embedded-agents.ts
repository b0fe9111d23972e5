// The embedded demo's cameras: `npm start` runs one simulated agent per demo camera inside the server
// process, so a new user sees live stills and a growing archive within a minute. Each start issues fresh
// device tokens (the previous run's are revoked); the agents talk to this server over loopback exactly
// like remote agents do. Light enough for 2 cores: the demo records small pictures at low frame rates.
import path from 'node:path';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import type { DeviceAuth } from '../ingest/device-auth.ts';
import { DeviceTokenRepository } from '../ingest/device-token.repository.ts';
import { CameraRepository } from '../modules/cameras/camera.repository.ts';

/** Label of the device tokens the embedded demo issues, so the next start can revoke them. */
export const EMBEDDED_TOKEN_LABEL = 'embedded-sim';
/** What the demo's simulated cameras record, whatever the camera's own settings say. */
export const DEMO_LIMITS = { maxWidth: 480, maxHeight: 270, maxFps: 2 } as const;
const SCENES = ['street', 'shop'] as const;

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
  const { startAgent } = await import('@camwatch/agent');
  // Cameras of the demo customer, except those that never had an agent and are down on purpose (the
  // demo's example of a broken camera).
  const cameras = await new CameraRepository(options.db).listWithAgentsOf(options.customerCode);
  const tokens = new DeviceTokenRepository(options.db);
  const handles: Awaited<ReturnType<typeof startAgent>>[] = [];
  for (const [index, camera] of cameras.entries()) {
    await tokens.revokeLabelled(camera.id, EMBEDDED_TOKEN_LABEL);
    const { token } = await options.deviceAuth.issue(camera.id, EMBEDDED_TOKEN_LABEL);
    const logger = options.logger.child({ component: 'sim-agent' });
    try {
      handles.push(
        await startAgent({
          server: options.serverUrl,
          token,
          source: `sim:${SCENES[index % SCENES.length]}?seed=${index + 1}`,
          spoolDir: path.join(options.dataDir, 'agent-spool', camera.code),
          logger: {
            // A clip a minute from each of 13 demo cameras is routine: debug; warnings and errors stay.
            info: (msg, fields) => logger.debug(fields ?? {}, msg),
            warn: (msg, fields) => logger.warn(fields ?? {}, msg),
            error: (msg, fields) => logger.error(fields ?? {}, msg),
          },
          limits: DEMO_LIMITS,
        }),
      );
    } catch (err) {
      logger.error({ err }, 'simulated camera did not start');
    }
  }
  options.logger.info({ cameras: handles.length }, 'simulated cameras running');
  return async () => {
    await Promise.allSettled(handles.map((h) => h.stop()));
  };
}
