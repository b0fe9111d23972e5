// The control channel: a WebSocket to the server (same bearer token) that stays open for the agent's
// whole life. Says hello on each connection, hands on every valid message, ignores (and logs) invalid
// ones, and reconnects with backoff (1 s doubling to 30 s) for ever; with several servers, to the next one
// after a failure (onDown).
import {
  controlChannelPath,
  serverToDeviceMessage,
  type DeviceToServerMessage,
  type ServerToDeviceMessage,
} from '@camwatch/contract/device';
import WebSocket from 'ws';
import type { Logger } from '../logger.ts';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffPolicy } from '../upload/backoff.ts';

/** The WebSocket address of a camera's control channel, from the server's HTTP address. */
export function controlChannelUrl(serverUrl: string, cameraCode: string): string {
  const url = new URL(serverUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/$/, '')}${controlChannelPath.replace(':camera_code', encodeURIComponent(cameraCode))}`;
  url.search = '';
  return url.href;
}

/** Reads a message from the server; null (with the reason) when it is not one the contract allows. */
export function parseServerMessage(
  data: string,
): { ok: true; message: ServerToDeviceMessage } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const parsed = serverToDeviceMessage.safeParse(json);
  if (!parsed.success)
    return {
      ok: false,
      reason: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    };
  return { ok: true, message: parsed.data };
}

export interface ControlChannelOptions {
  /** The channel's address; a function is asked again at each connection (the agent's current server). */
  url: string | (() => string);
  /** Told when a connection to `url` failed or its server went away: the agent moves on to its next server. */
  onDown?: (url: string) => void;
  token: string;
  logger: Logger;
  hello: () => DeviceToServerMessage;
  onMessage: (message: ServerToDeviceMessage) => void;
  backoff?: BackoffPolicy;
}

export class ControlChannel {
  private socket: WebSocket | null = null;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private isStopped = false;

  constructor(private readonly options: ControlChannelOptions) {}

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  start(): void {
    this.connect();
  }

  /** Sends a message when the channel is open; false when it is not. */
  send(message: DeviceToServerMessage): boolean {
    if (!this.isOpen) return false;
    this.socket!.send(JSON.stringify(message));
    return true;
  }

  /** Sends a binary message (the live fMP4 stream) when the channel is open; false when it is not. */
  sendBinary(data: Uint8Array): boolean {
    if (!this.isOpen) return false;
    this.socket!.send(data, { binary: true });
    return true;
  }

  /** Bytes queued in the socket and not yet sent (0 when closed). */
  get bufferedAmount(): number {
    return this.socket?.bufferedAmount ?? 0;
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        socket.terminate();
        resolve();
      }, 2_000);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
      else socket.close(1000, 'agent stopping');
    });
  }

  private connect(): void {
    const { logger } = this.options;
    const url = typeof this.options.url === 'function' ? this.options.url() : this.options.url;
    const socket = new WebSocket(url, {
      headers: { authorization: `Bearer ${this.options.token}` },
      handshakeTimeout: 10_000,
    });
    this.socket = socket;
    let problem = '';
    let wasOpen = false;
    socket.on('open', () => {
      wasOpen = true;
      this.failures = 0;
      logger.info('control channel open');
      this.send(this.options.hello());
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return logger.warn('ignored a binary control message');
      const parsed = parseServerMessage(data.toString());
      if (!parsed.ok) return logger.warn('ignored an invalid control message', { reason: parsed.reason });
      this.options.onMessage(parsed.message);
    });
    socket.on('unexpected-response', (_req, res) => {
      problem = `server answered ${res.statusCode} to the upgrade`;
      socket.terminate();
    });
    socket.on('error', (error) => {
      problem ||= error.message;
    });
    socket.on('close', (code) => {
      if (this.socket !== socket || this.isStopped) return;
      // Never reached, cut (1006), or the server going away or overloaded: try the next server. Closed on
      // purpose by a healthy server (replaced by a newer connection, a revoked token): stay.
      if (!wasOpen || [1001, 1006, 1011, 1012, 1013].includes(code)) this.options.onDown?.(url);
      this.failures += 1;
      const delay = backoffDelay(this.failures, this.options.backoff ?? DEFAULT_BACKOFF);
      logger.warn('control channel down; reconnecting', {
        code,
        reason: problem || undefined,
        retry_in_ms: delay,
      });
      this.retryTimer = setTimeout(() => this.connect(), delay);
    });
  }
}
