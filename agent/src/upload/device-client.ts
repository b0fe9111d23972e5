// The agent's HTTP side of the device API: every call with the device token, over keep-alive connections
// (a still or live segment must not wait for a TCP handshake). Bodies are Buffers or a file streamed from disk. Answers
// carry the status and the parsed JSON; only a network failure or timeout throws (NetworkError).
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { HeartbeatBody } from '@camwatch/contract/device';

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

export class DeviceClient {
  private readonly base: URL;
  private readonly agent: http.Agent;

  constructor(
    serverUrl: string,
    private readonly token: string,
  ) {
    this.base = new URL(serverUrl);
    if (this.base.protocol !== 'http:' && this.base.protocol !== 'https:')
      throw new Error(`server URL must be http:// or https://, not ${serverUrl}`);
    const options = { keepAlive: true, maxSockets: 8 };
    this.agent = this.base.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
  }

  /** The server's URL for an API path (keeps a path prefix of --server). */
  urlFor(apiPath: string, query: Record<string, string | number> = {}): URL {
    const url = new URL(this.base.href);
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

  request(method: string, apiPath: string, options: RequestOptions = {}): Promise<DeviceAnswer> {
    const url = this.urlFor(apiPath, options.query);
    const transport = url.protocol === 'https:' ? https : http;
    const body = options.body;
    const headers: Record<string, string | number> = { authorization: `Bearer ${this.token}` };
    if (body) {
      headers['content-type'] = body.contentType;
      headers['content-length'] = body.kind === 'bytes' ? body.data.length : body.bytes;
    }
    return new Promise((resolve, reject) => {
      if (options.signal?.aborted) return reject(new NetworkError('aborted'));
      const req = transport.request(url, { method, headers, agent: this.agent, signal: options.signal });
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
    this.agent.destroy();
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
