// A tiny stand-in for the CamWatch server's device API (node:http + ws), recording what the agent sends.
// Each route's answer can be scripted; the real server's integration test lives in server/test/pipeline.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeviceConfig, DeviceToServerMessage, ServerToDeviceMessage } from '@camwatch/contract/device';
import { WebSocketServer, type WebSocket } from 'ws';

export interface ReceivedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: Buffer;
  at: number;
}

export type Answer = { status: number; body: unknown };

export interface FakeServer {
  url: string;
  requests: ReceivedRequest[];
  messages: DeviceToServerMessage[];
  config: DeviceConfig;
  live: boolean;
  /** Whether a live HLS stream is wanted: sent as `stream` on connect, and the answer to live segments. */
  stream: boolean;
  /** Decides the answer to a clip upload (default 200 stored new). */
  clipAnswer: (request: ReceivedRequest) => Answer;
  /** Decides the answer to a live segment upload (default 200 with `stream`). */
  liveSegmentAnswer: (request: ReceivedRequest) => Answer;
  sockets: Set<WebSocket>;
  /** Answer upgrades with 503 (control channel down). */
  refuseUpgrade: boolean;
  send(message: ServerToDeviceMessage): void;
  close(): Promise<void>;
}

export const TOKEN = 'cwd_test-token';

export function testConfig(overrides: Partial<DeviceConfig> = {}): DeviceConfig {
  return {
    camera_code: 'CAM0001',
    fps: 4,
    width: 160,
    height: 90,
    live_interval_sec: 1,
    motion_area: [],
    can_pan: true,
    can_tilt: true,
    can_zoom: true,
    ...overrides,
  };
}

export async function startFakeServer(config = testConfig()): Promise<FakeServer> {
  const server = http.createServer();
  const wss = new WebSocketServer({ noServer: true });
  const fake: FakeServer = {
    url: '',
    requests: [],
    messages: [],
    config,
    live: false,
    stream: false,
    liveSegmentAnswer: () => ({ status: 200, body: { stream: fake.stream } }),
    clipAnswer: (request) => ({
      status: 200,
      body: {
        clip: {
          start_time: request.path.split('/').pop(),
          duration_ms: 1,
          bytes: request.body.length,
          stored: 'new',
        },
      },
    }),
    sockets: new Set(),
    refuseUpgrade: false,
    send(message) {
      for (const socket of fake.sockets) socket.send(JSON.stringify(message));
    },
    async close() {
      for (const socket of fake.sockets) socket.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: decodeURIComponent(url.pathname),
        query: url.searchParams,
        authorization: req.headers.authorization,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      fake.requests.push(request);
      const answer = route(fake, request);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  server.on('upgrade', (req, socket, head) => {
    if (fake.refuseUpgrade) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\n\r\n');
      return;
    }
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      fake.sockets.add(ws);
      ws.on('close', () => fake.sockets.delete(ws));
      // Binary messages are the live fMP4 stream's fragments (sent while a stream is wanted), not JSON.
      ws.on('message', (data, isBinary) => {
        if (!isBinary) fake.messages.push(JSON.parse(data.toString()) as DeviceToServerMessage);
      });
      ws.send(JSON.stringify({ type: 'config', config: fake.config }));
      ws.send(JSON.stringify({ type: 'live', on: fake.live }));
      // Like the server: `stream` right after connecting only when a viewer is watching.
      if (fake.stream) ws.send(JSON.stringify({ type: 'stream', on: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function route(fake: FakeServer, request: ReceivedRequest): Answer {
  if (request.authorization !== `Bearer ${TOKEN}`)
    return { status: 401, body: { error: { code: 'unauthorized', message: 'bad token' } } };
  const { method, path } = request;
  if (method === 'GET' && path === '/api/ingest/device')
    return { status: 200, body: { config: fake.config, live: fake.live } };
  if (method === 'PUT' && path.includes('/clips/')) return fake.clipAnswer(request);
  if (method === 'PUT' && path.includes('/live-segments/')) return fake.liveSegmentAnswer(request);
  if (method === 'PUT' && path.includes('/thumbnails/')) return { status: 200, body: { ok: true } };
  if (method === 'POST' && path.endsWith('/stills')) return { status: 200, body: { live: fake.live } };
  if (method === 'POST' && path.endsWith('/heartbeat'))
    return { status: 200, body: { config: fake.config, live: fake.live } };
  return { status: 404, body: { error: { code: 'not_found', message: 'no such route' } } };
}
