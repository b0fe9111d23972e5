// The bus between api nodes (REDIS_URL, Redis pub/sub through ioredis): a command for an agent whose control
// channel is open on another node (PTZ, presets, lighting), and a viewer's live or stream request, reach the node
// that holds the channel. Every node listens on one channel of requests and on its own channel of replies; the node
// holding the camera's channel runs the command (or sends its agent new settings) and replies with the agent's
// outcome, the others reply
// "not here", so a camera connected nowhere is answered `offline` as soon as every node has said so. A viewer's
// live or stream request is taken note of by every node (AgentHub.wantRemotely): whichever receives the camera's
// media then relays it to the viewer's node (live-relay.ts). Redis down:
// commands for other nodes answer `offline` naming the bus at once (no request waits on it), and ioredis
// reconnects by itself. Without REDIS_URL there is no bus: each node serves the agents connected to it.
import { randomUUID } from 'node:crypto';
import type { DeviceCommand, DeviceConfig } from '@camwatch/contract/device';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { FailureLog } from '../lib/failure-log.ts';
import type { AgentHub, CommandOutcome } from './agent-hub.ts';

type Request =
  | { type: 'command'; id: string; from: string; cameraId: number; command: DeviceCommand }
  /** New settings for the camera's agent (camera-video-settings.service.ts): sent on where its channel is open. */
  | { type: 'config'; id: string; from: string; cameraId: number; config: DeviceConfig }
  /** Whether some node holds the camera's channel (answered like a command, without the agent). */
  | { type: 'locate'; id: string; from: string; cameraId: number }
  | { type: 'live' | 'stream'; from: string; cameraId: number; fresh?: boolean }
  /** A node that (re)connected asks the others to announce their viewers' wants again. */
  | { type: 'sync'; from: string };

interface Reply {
  id: string;
  here: boolean;
  outcome?: CommandOutcome;
}

interface Waiting {
  resolve: (outcome: CommandOutcome) => void;
  /** Other nodes the request reached (known once Redis answers the publish). */
  others: number | null;
  /** Those that replied the camera is not theirs. */
  notHere: number;
  timer: NodeJS.Timeout;
}

/** What the bus asks of this node's hub for a request from another node. */
type LocalHub = Pick<AgentHub, 'isConnected' | 'command' | 'sendConfig' | 'wantRemotely' | 'reannounce'>;

/** What the hub asks of the bus. */
interface AgentBus {
  command(cameraId: number, command: DeviceCommand): Promise<CommandOutcome>;
  sendConfig(cameraId: number, config: DeviceConfig): Promise<boolean>;
  isConnectedElsewhere(cameraId: number): Promise<boolean>;
  want(kind: 'live' | 'stream', cameraId: number, fresh?: boolean): void;
}

/** Settings only travel to the agent's node and are sent on there (no answer of the agent is awaited). */
const CONFIG_TIMEOUT_MS = 3_000;

const NOT_CONNECTED: CommandOutcome = { ok: false, code: 'offline', message: 'the camera is not connected' };

const BUS_DOWN: CommandOutcome = {
  ok: false,
  code: 'offline',
  message: 'the camera is connected to another server node and the message bus (Redis) is unavailable',
};

export class RedisAgentBus implements AgentBus {
  readonly node = randomUUID();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly waiting = new Map<string, Waiting>();
  private readonly failures: FailureLog;
  private hub: LocalHub | null = null;
  private readonly requests: string;
  private readonly replies: string;

  constructor(
    url: string,
    /** How long an agent may take to answer, plus a second for the trip through Redis. */
    private readonly commandTimeoutMs: number,
    logger?: Pick<Logger, 'info' | 'error'>,
    /** Channel names start with it (REDIS_PREFIX): clusters sharing one Redis keep apart. */
    private readonly prefix = 'camwatch',
  ) {
    this.requests = `${prefix}:agent-requests`;
    this.replies = this.repliesOf(this.node);
    this.failures = new FailureLog(logger, 'message bus (Redis)');
    // No offline queue: while Redis is away a publish fails at once instead of waiting for it to come back.
    const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5_000 };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => this.failures.failed(error));
      client.on('ready', () => this.failures.succeeded());
    }
    this.subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
    // ioredis subscribes again by itself after a reconnection; then the node asks what is wanted elsewhere (it
    // may have missed announcements while it was away).
    void this.subscriber
      .subscribe(this.requests, this.replies)
      .catch((error: unknown) => this.failures.failed(error));
    this.subscriber.on('ready', () => setTimeout(() => this.sync(), 100).unref());
  }

  private repliesOf(node: string): string {
    return `${this.prefix}:agent-replies:${node}`;
  }

  /** Starts answering other nodes' requests for the agents connected to `hub`. */
  serve(hub: LocalHub): void {
    this.hub = hub;
  }

  get isConnected(): boolean {
    return this.publisher.status === 'ready' && this.subscriber.status === 'ready';
  }

  /** One round trip to Redis (the readiness check). */
  async ping(): Promise<void> {
    await this.publisher.ping();
  }

  async command(cameraId: number, command: DeviceCommand): Promise<CommandOutcome> {
    const id = randomUUID();
    return this.ask(
      { type: 'command', id, from: this.node, cameraId, command },
      this.commandTimeoutMs + 1_000,
    );
  }

  /** Sends the settings to the camera's agent on whichever node holds its channel; answers whether one did. */
  async sendConfig(cameraId: number, config: DeviceConfig): Promise<boolean> {
    const id = randomUUID();
    const outcome = await this.ask(
      { type: 'config', id, from: this.node, cameraId, config },
      CONFIG_TIMEOUT_MS,
    );
    return outcome.ok;
  }

  /** Whether another node holds the camera's control channel. */
  async isConnectedElsewhere(cameraId: number): Promise<boolean> {
    const id = randomUUID();
    return (await this.ask({ type: 'locate', id, from: this.node, cameraId }, CONFIG_TIMEOUT_MS)).ok;
  }

  /** Publishes a request the node holding the camera answers; the others answer "not here". */
  private ask(request: Request & { id: string }, timeoutMs: number): Promise<CommandOutcome> {
    const { id } = request;
    return new Promise<CommandOutcome>((resolve) => {
      const timer = setTimeout(
        () => this.settle(id, { ok: false, code: 'timeout', message: 'the camera did not answer in time' }),
        timeoutMs,
      );
      timer.unref();
      this.waiting.set(id, { resolve, others: null, notHere: 0, timer });
      this.publisher.publish(this.requests, JSON.stringify(request)).then(
        (receivers) => {
          const waiting = this.waiting.get(id);
          if (!waiting) return;
          // Every node subscribed got it, this one too (which does not reply to itself).
          waiting.others = receivers - 1;
          if (waiting.notHere >= waiting.others) this.settle(id, NOT_CONNECTED);
        },
        (error: unknown) => {
          this.failures.failed(error);
          this.settle(id, BUS_DOWN);
        },
      );
    });
  }

  want(kind: 'live' | 'stream', cameraId: number, fresh = false): void {
    const request: Request = { type: kind, from: this.node, cameraId, ...(fresh ? { fresh } : {}) };
    this.publisher
      .publish(this.requests, JSON.stringify(request))
      .catch((error: unknown) => this.failures.failed(error));
  }

  private sync(): void {
    const request: Request = { type: 'sync', from: this.node };
    this.publisher
      .publish(this.requests, JSON.stringify(request))
      .catch((error: unknown) => this.failures.failed(error));
  }

  async close(): Promise<void> {
    for (const id of [...this.waiting.keys()]) this.settle(id, BUS_DOWN);
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }

  private settle(id: string, outcome: CommandOutcome): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    this.waiting.delete(id);
    clearTimeout(waiting.timer);
    waiting.resolve(outcome);
  }

  private receive(channel: string, text: string): void {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (channel === this.requests) void this.answer(message as Request);
    else this.replied(message as Reply);
  }

  /** A request from another node: acted on only where the camera's channel is open. */
  private async answer(request: Request): Promise<void> {
    const hub = this.hub;
    if (!hub || request.from === this.node) return;
    if (request.type === 'sync') return hub.reannounce();
    if (!Number.isSafeInteger(request.cameraId)) return;
    if (request.type !== 'command' && request.type !== 'config' && request.type !== 'locate') {
      // Every node notes it: the agent's uploads may reach any of them.
      hub.wantRemotely(request.type, request.cameraId, request.fresh === true);
      return;
    }
    const here = hub.isConnected(request.cameraId);
    let outcome: CommandOutcome | undefined;
    if (!here) outcome = undefined;
    else if (request.type === 'locate') outcome = { ok: true };
    else if (request.type === 'command')
      outcome = await hub.command(request.cameraId, request.command, { local: true });
    else
      outcome = (await hub.sendConfig(request.cameraId, request.config, { local: true }))
        ? { ok: true }
        : NOT_CONNECTED;
    const reply: Reply = { id: request.id, here, ...(outcome ? { outcome } : {}) };
    await this.publisher
      .publish(this.repliesOf(request.from), JSON.stringify(reply))
      .catch((error: unknown) => this.failures.failed(error));
  }

  private replied(reply: Reply): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    if (reply.here && reply.outcome) return this.settle(reply.id, reply.outcome);
    waiting.notHere += 1;
    if (waiting.others !== null && waiting.notHere >= waiting.others) this.settle(reply.id, NOT_CONNECTED);
  }
}
