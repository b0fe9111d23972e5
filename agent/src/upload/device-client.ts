// The agent's HTTP side of the device API: every call with the device token, over keep-alive connections
// (a still or live segment must not wait for a TCP handshake). Bodies are Buffers or a file streamed from disk. Answers
// carry the status and the parsed JSON; only a network failure or timeout throws (NetworkError). With several
// servers (a comma list), a failure of the current one sends the next requests to the next (server-list.ts).
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { HeartbeatBody } from '@camwatch/contract/device';
import { ServerList } from './server-list.ts';

export class NetworkError extends Error {}

export interface DeviceAnswer {
  status: number;
  body: unknown;
}

type RequestBody =
  | { kind: 'bytes'; data: Buffer; contentType: string }
  | { kind: 'file'; path: string; bytes: number; contentType: string };

export interface RequestOptions {
  query?: Record<string, string | number>;
  body?: RequestBody;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ClipUploadMeta {
  start_time: string;
  duration_ms: number;
  offset_ms: number;
  sha256: string;
}

/** Answers of a proxy or a node that cannot serve now: the next server may. */
const NODE_DOWN_STATUSES = new Set([502, 503, 504]);

export class DeviceClient {
  private readonly servers: ServerList;
  private readonly agents: { http: http.Agent; https: https.Agent };

  /** `serverUrl`: one address, or a comma list of a cluster's nodes (server-list.ts). */
  constructor(
    serverUrl: string,
    private readonly token: string,
  ) {
    this.servers = new ServerList(serverUrl);
    const options = { keepAlive: true, maxSockets: 8 };
    this.agents = { http: new http.Agent(options), https: new https.Agent(options) };
  }

  /** The server requests go to now (the control channel connects there too). */
  get server(): string {
    return this.servers.current.href;
  }

  /** The server at `address` failed (the control channel was cut): requests go to the next one. */
  serverFailed(address: string): void {
    this.servers.failed(address);
  }

  /** The server's URL for an API path (keeps a path prefix of --server). */
  urlFor(apiPath: string, query: Record<string, string | number> = {}): URL {
    const url = new URL(this.servers.current.href);
    url.pathname = `${url.pathname.replace(/\/$/, '')}${apiPath}`;
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    return url;
  }

  getDevice(): Promise<DeviceAnswer> {
    return this.request('GET', '/api/ingest/device', { timeoutMs: 15_000 });
  }

  putClip(cameraCode: string, meta: ClipUploadMeta, filePath: string, bytes: number, signal?: AbortSignal) {
    const { start_time, ...query } = meta;
    return this.request('PUT', `${cameraPath(cameraCode)}/clips/${encodeURIComponent(start_time)}`, {
      query,
      body: { kind: 'file', path: filePath, bytes, contentType: 'video/mp4' },
      timeoutMs: 120_000,
      signal,
    });
  }

  putThumbnail(cameraCode: string, startTime: string, jpeg: Buffer, signal?: AbortSignal) {
    return this.request('PUT', `${cameraPath(cameraCode)}/thumbnails/${encodeURIComponent(startTime)}`, {
      body: { kind: 'bytes', data: jpeg, contentType: 'image/jpeg' },
      timeoutMs: 30_000,
      signal,
    });
  }

  postStill(cameraCode: string, capturedAt: number, jpeg: Buffer, signal?: AbortSignal) {
    return this.request('POST', `${cameraPath(cameraCode)}/stills`, {
      query: { captured_at: capturedAt },
      body: { kind: 'bytes', data: jpeg, contentType: 'image/jpeg' },
      timeoutMs: 10_000,
      signal,
    });
  }

  /** One MPEG-TS segment of the live HLS stream; the answer says whether a stream is still wanted. */
  putLiveSegment(
    cameraCode: string,
    sequence: number,
    query: { duration_ms: number; discontinuity: 0 | 1 },
    data: Buffer,
    options: { signal?: AbortSignal; timeoutMs?: number } = {},
  ) {
    return this.request('PUT', `${cameraPath(cameraCode)}/live-segments/${sequence}`, {
      query,
      body: { kind: 'bytes', data, contentType: 'video/mp2t' },
      timeoutMs: options.timeoutMs ?? 5_000,
      signal: options.signal,
    });
  }

  postHeartbeat(cameraCode: string, body: HeartbeatBody, signal?: AbortSignal) {
    return this.request('POST', `${cameraPath(cameraCode)}/heartbeat`, {
      body: { kind: 'bytes', data: Buffer.from(JSON.stringify(body)), contentType: 'application/json' },
      timeoutMs: 15_000,
      signal,
    });
  }

  /** One request to the current server; a failure of that server moves later requests to the next. */
  async request(method: string, apiPath: string, options: RequestOptions = {}): Promise<DeviceAnswer> {
    const url = this.urlFor(apiPath, options.query);
    try {
      const answer = await this.send(url, method, options);
      if (NODE_DOWN_STATUSES.has(answer.status)) this.servers.failed(url);
      return answer;
    } catch (error) {
      if (!options.signal?.aborted) this.servers.failed(url);
      throw error;
    }
  }

  private send(url: URL, method: string, options: RequestOptions): Promise<DeviceAnswer> {
    const transport = url.protocol === 'https:' ? https : http;
    const body = options.body;
    const headers: Record<string, string | number> = { authorization: `Bearer ${this.token}` };
    if (body) {
      headers['content-type'] = body.contentType;
      headers['content-length'] = body.kind === 'bytes' ? body.data.length : body.bytes;
    }
    return new Promise((resolve, reject) => {
      if (options.signal?.aborted) return reject(new NetworkError('aborted'));
      const agent = url.protocol === 'https:' ? this.agents.https : this.agents.http;
      const req = transport.request(url, { method, headers, agent, signal: options.signal });
      req.setTimeout(options.timeoutMs ?? 30_000, () =>
        req.destroy(new NetworkError(`${method} ${url.pathname}: no answer in time`)),
      );
      req.on('error', (error) =>
        reject(
          error instanceof NetworkError
            ? error
            : new NetworkError(`${method} ${url.pathname}: ${error.message}`),
        ),
      );
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => reject(new NetworkError(`${method} ${url.pathname}: ${error.message}`)));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text === '' ? null : JSON.parse(text);
          } catch {
            // not JSON: keep the text for the log
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      });
      if (!body) req.end();
      else if (body.kind === 'bytes') req.end(body.data);
      else {
        const stream = fs.createReadStream(body.path);
        stream.on('error', (error) =>
          req.destroy(new NetworkError(`reading ${body.path}: ${error.message}`)),
        );
        stream.pipe(req);
      }
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

const cameraPath = (cameraCode: string) => `/api/ingest/cameras/${encodeURIComponent(cameraCode)}`;

/** The error text of a non-200 answer, for logs. */
export function describeAnswer(answer: DeviceAnswer): string {
  const body = answer.body as { error?: { code?: string; message?: string }; errors?: unknown } | null;
  if (body && typeof body === 'object') {
    if (body.error?.message) return `${answer.status} ${body.error.code ?? ''} ${body.error.message}`.trim();
    if (body.errors) return `${answer.status} ${JSON.stringify(body.errors)}`;
  }
  return `${answer.status} ${typeof answer.body === 'string' ? answer.body.slice(0, 200) : ''}`.trim();
}
