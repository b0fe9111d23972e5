// The agents' control channel: a WebSocket at /api/ingest/cameras/:camera_code/control, authenticated
// like every device call (401 unknown or revoked token, 403 another camera's token) before the upgrade.
// The server sends config, live on/off and commands; the agent sends hello, heartbeats and results as
// JSON, and while a stream is wanted the live fMP4 stream as binary messages (contract/live-fmp4.ts).
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { controlChannelPath, deviceToServerMessage } from '@camwatch/contract/device';
import {
  decodeFmp4Message,
  FMP4_HEADER_BYTES,
  FMP4_MAX_MESSAGE_BYTES,
  type Fmp4Message,
} from '@camwatch/contract/live-fmp4';
import { authenticateDevice, type ServeContext } from '../http/serve.ts';
import type { DeviceIdentity } from '../ingest/device-auth.ts';
import type { IngestService } from '../ingest/ingest.service.ts';
import type { AgentChannel, AgentHub } from './agent-hub.ts';

/** Largest JSON control message accepted from an agent. */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** Largest WebSocket message at all: a live fMP4 fragment (binary) with its header. */
const MAX_FRAME_BYTES = FMP4_HEADER_BYTES + FMP4_MAX_MESSAGE_BYTES;
/** A channel with no message for this long is dead (agents send a heartbeat every 15 s). */
const SILENCE_LIMIT_MS = 45_000;
/** How often an open channel's token is checked again, so a revoked token's channel closes. */
export const TOKEN_RECHECK_MS = 30_000;

/** Counts connections in the order they open (see AgentChannel.openedAt). */
let connections = 0;

export async function registerControlChannel(
  ctx: ServeContext,
  deps: {
    hub: AgentHub;
    ingest: IngestService;
    /** A live fMP4 message from the camera's agent. */
    onFmp4?: (cameraId: number, message: Fmp4Message) => void;
  },
): Promise<void> {
  const { app } = ctx;
  await app.register(fastifyWebsocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  await app.register(async (scope: FastifyInstance) => {
    scope.get(
      controlChannelPath,
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request) => {
          request.device = await authenticateDevice(
            ctx.resolveDevice,
            request.headers.authorization,
            (request.params as { camera_code?: string }).camera_code,
          );
        },
      },
      async (socket, request) => {
        const device = request.device as DeviceIdentity;
        const log: FastifyBaseLogger = request.log.child({ camera: device.cameraCode });
        const channel: AgentChannel = {
          openedAt: ++connections,
          send: (message) => {
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
          },
          close: (code, reason) => socket.close(code, reason),
        };
        let silence: NodeJS.Timeout | undefined;
        const heard = () => {
          clearTimeout(silence);
          silence = setTimeout(() => socket.terminate(), SILENCE_LIMIT_MS);
          void deps.ingest
            .noteSeen(device)
            .catch((err: unknown) => log.error({ err }, 'noting the agent failed'));
        };
        let badBinary = false;
        socket.on('message', (raw, isBinary) => {
          heard();
          if (isBinary) {
            const message = decodeFmp4Message(toBuffer(raw));
            if (message) deps.onFmp4?.(device.cameraId, message);
            else if (!badBinary) {
              badBinary = true; // said once per connection, not at every frame
              log.warn('ignored a malformed binary control message');
            }
            return;
          }
          if (toBuffer(raw).length > MAX_MESSAGE_BYTES) {
            log.warn('ignored an oversized control message');
            return;
          }
          let parsed;
          try {
            parsed = deviceToServerMessage.safeParse(JSON.parse(String(raw)));
          } catch {
            parsed = null;
          }
          if (!parsed?.success) {
            log.warn('ignored a malformed control message');
            return;
          }
          if (parsed.data.type === 'heartbeat') channel.send({ type: 'pong', at: Date.now() });
          deps.hub.receive(device.cameraId, parsed.data);
        });
        const authorization = request.headers.authorization;
        const recheck = setInterval(() => {
          ctx
            .resolveDevice(authorization)
            .then((still) => {
              if (still?.cameraId === device.cameraId) return;
              log.info('device token revoked; closing the control channel');
              socket.close(4401, 'device token revoked');
            })
            .catch((err: unknown) => log.error({ err }, 'checking the device token failed'));
        }, TOKEN_RECHECK_MS);
        recheck.unref();
        socket.on('close', () => {
          clearInterval(recheck);
          clearTimeout(silence);
          deps.hub.detach(device.cameraId, channel);
          log.info('agent control channel closed');
        });
        try {
          const { config } = await deps.ingest.deviceAnswer(device);
          deps.hub.attach(device.cameraId, channel, config);
          heard();
          log.info('agent control channel open');
        } catch (err) {
          log.error({ err }, 'could not open the control channel');
          socket.close(1011, 'server error');
        }
      },
    );
  });
}

/** ws hands a message as a Buffer, an ArrayBuffer or a list of fragments. */
function toBuffer(raw: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(raw)) return raw;
  if (Array.isArray(raw)) return Buffer.concat(raw);
  return Buffer.from(raw);
}

declare module 'fastify' {
  interface FastifyRequest {
    device?: DeviceIdentity;
  }
}
