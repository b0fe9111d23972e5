// The live side of camera agents on this node: their control channels, who wants live images from
// which camera and until when, the newest still of each camera, and commands awaiting an answer.
// In memory by design: a still is worth something for a second or two. Several api nodes (REDIS_URL): every
// viewer's want is announced on the bus to every node (so whichever node the agent's uploads and control channel
// reach knows live is wanted), the viewer's node subscribes to the camera's live media and the node that receives
// it publishes it while another node asked within the hold (live-relay.ts).
import { randomUUID } from 'node:crypto';
import type {
  DeviceCommand,
  DeviceConfig,
  DeviceToServerMessage,
  PtzPreset,
  PtzState,
  ServerToDeviceMessage,
} from '@camwatch/contract/device';
import { LIVE_HOLD_MS } from '@camwatch/contract/device';
import type { RedisLiveRelay } from './live-relay.ts';

/** How often live and stream requests nobody renewed are ended (services.ts schedules it). */
export const LIVE_EXPIRY_EVERY_MS = 2_000;

/** A live HLS stream stops this long after the last playlist fetch (players refetch every second or two). */
export const STREAM_HOLD_MS = 30_000;

/** What the hub needs from a control channel: send a message, and close it. */
export interface AgentChannel {
  send(message: ServerToDeviceMessage): void;
  close(code: number, reason: string): void;
  /** Order in which the connections were opened; a later one wins over an earlier one. */
  readonly openedAt?: number;
}

export interface Still {
  data: Buffer;
  /** When this node received it (ms since the epoch); the image's Last-Modified. */
  receivedAt: number;
  /** When the agent says it captured it (agent clock). */
  capturedAt: number;
}

export type CommandOutcome =
  | { ok: true; ptz?: PtzState; lighting?: boolean; presets?: PtzPreset[]; presetToken?: string }
  | { ok: false; code: 'not_supported' | 'failed' | 'timeout' | 'offline'; message: string };

interface PendingCommand {
  cameraId: number;
  resolve: (outcome: CommandOutcome) => void;
  timer: NodeJS.Timeout;
}

interface Waiter {
  after: number;
  resolve: (still: Still | null) => void;
  timer: NodeJS.Timeout;
}

/** What the hub hands to the bus (REDIS_URL) for agents connected to other nodes (agent-bus.ts). */
interface HubBus {
  command(cameraId: number, command: DeviceCommand): Promise<CommandOutcome>;
  /** Sends the settings to the agent on another node; answers whether a node had its channel. */
  sendConfig(cameraId: number, config: DeviceConfig): Promise<boolean>;
  /** Whether another node holds the camera's control channel. */
  isConnectedElsewhere(cameraId: number): Promise<boolean>;
  /** Tells every other node a viewer here wants the camera's live or stream; `fresh`: one that just came. */
  want(kind: WantKind, cameraId: number, fresh?: boolean): void;
}

type WantKind = 'live' | 'stream';

/** The live relay between nodes (live-relay.ts), as the hub and the live modules use it. */
export type HubRelay = Pick<
  RedisLiveRelay,
  'watch' | 'unwatch' | 'sweep' | 'wanted' | 'latestStill' | 'publishStill' | 'publishSegment' | 'publishFmp4'
>;

/** A node announces a camera's want again at most this often (the holds are 30 and 90 s). */
export const ANNOUNCE_EVERY_MS = 5_000;

export interface AgentHubOptions {
  /** How long a command may take before it counts as timed out. */
  commandTimeoutMs?: number;
  now?: () => number;
}

export class AgentHub {
  private readonly channels = new Map<number, AgentChannel>();
  private readonly liveUntil = new Map<number, number>();
  private readonly streamUntil = new Map<number, number>();
  private readonly stills = new Map<number, Still>();
  private readonly waiters = new Map<number, Set<Waiter>>();
  private readonly pending = new Map<string, PendingCommand>();
  readonly commandTimeoutMs: number;
  private readonly now: () => number;
  private bus: HubBus | null = null;
  private relay: HubRelay | null = null;
  /** `<kind>:<camera>` → until when another node's viewer wants it (announced on the bus). */
  private readonly remoteUntil = new Map<string, number>();
  /** `<kind>:<camera>` → when this node last announced its viewers' want. */
  private readonly announcedAt = new Map<string, number>();
  private readonly freshRemoteListeners: Array<(kind: WantKind, cameraId: number) => void> = [];

  constructor(options: AgentHubOptions = {}) {
    this.commandTimeoutMs = options.commandTimeoutMs ?? 8_000;
    this.now = options.now ?? Date.now;
  }

  /** Ends live and streams nobody renews any more (every LIVE_EXPIRY_EVERY_MS). */
  expireUnrenewed(): void {
    this.expireLive();
    this.expireStream();
    const now = this.now();
    for (const [key, until] of this.remoteUntil) if (until <= now) this.remoteUntil.delete(key);
    for (const [key, at] of this.announcedAt) if (now - at >= ANNOUNCE_EVERY_MS) this.announcedAt.delete(key);
    this.relay?.sweep();
  }

  // ---- control channels ----

  /** A new control channel for the camera replaces (and closes) an older one. */
  attach(cameraId: number, channel: AgentChannel, config: DeviceConfig): void {
    const previous = this.channels.get(cameraId);
    if (previous && previous !== channel) {
      // Two connections of one camera racing: the one opened last stays, whichever finished attaching first.
      if ((previous.openedAt ?? 0) > (channel.openedAt ?? 0)) {
        channel.close(4000, 'replaced by a newer connection');
        return;
      }
      previous.close(4000, 'replaced by a newer connection');
    }
    this.channels.set(cameraId, channel);
    channel.send({ type: 'config', config });
    if (this.isStreamWanted(cameraId)) channel.send({ type: 'stream', on: true });
    channel.send({ type: 'live', on: this.isLiveWanted(cameraId) });
  }

  detach(cameraId: number, channel: AgentChannel): void {
    if (this.channels.get(cameraId) !== channel) return;
    this.channels.delete(cameraId);
    for (const [id, command] of this.pending) {
      if (command.cameraId !== cameraId) continue;
      this.settle(id, { ok: false, code: 'offline', message: 'the camera disconnected' });
    }
  }

  isConnected(cameraId: number): boolean {
    return this.channels.has(cameraId);
  }

  /** Whether the camera's agent is connected here or (with a bus) to another node. */
  async isConnectedAnywhere(cameraId: number): Promise<boolean> {
    if (this.channels.has(cameraId)) return true;
    return this.bus ? this.bus.isConnectedElsewhere(cameraId) : false;
  }

  /** What this node holds now, for the metrics: agents connected, cameras watched, viewers' waiting requests. */
  stats(): { agents: number; liveCameras: number; streamCameras: number; waitingViewers: number } {
    const now = this.now();
    const wanted = (until: Map<number, number>) => [...until.values()].filter((t) => t > now).length;
    let waitingViewers = 0;
    for (const set of this.waiters.values()) waitingViewers += set.size;
    return {
      agents: this.channels.size,
      liveCameras: wanted(this.liveUntil),
      streamCameras: wanted(this.streamUntil),
      waitingViewers,
    };
  }

  /** A message from the agent of cameraId (already validated). */
  receive(cameraId: number, message: DeviceToServerMessage): void {
    if (message.type !== 'result') return;
    const pending = this.pending.get(message.id);
    if (!pending || pending.cameraId !== cameraId) return;
    if (message.ok) {
      this.settle(message.id, {
        ok: true,
        ...(message.ptz ? { ptz: message.ptz } : {}),
        ...(message.lighting !== undefined ? { lighting: message.lighting } : {}),
        ...(message.presets ? { presets: message.presets } : {}),
        ...(message.preset_token !== undefined ? { presetToken: message.preset_token } : {}),
      });
    } else {
      this.settle(message.id, {
        ok: false,
        code: message.error?.code ?? 'failed',
        message: message.error?.message ?? 'the camera refused the command',
      });
    }
  }

  /**
   * Sends new settings to the camera's agent; answers whether it was connected. An agent connected to another node
   * gets them through the bus, unless `local` (a request that came through the bus).
   */
  async sendConfig(cameraId: number, config: DeviceConfig, { local = false } = {}): Promise<boolean> {
    const channel = this.channels.get(cameraId);
    if (!channel && this.bus && !local) return this.bus.sendConfig(cameraId, config);
    channel?.send({ type: 'config', config });
    return channel !== undefined;
  }

  /** Commands and live requests for agents connected to other nodes go through this bus (REDIS_URL). */
  useBus(bus: HubBus): void {
    this.bus = bus;
  }

  /** Live media for viewers on other nodes, and from other nodes for viewers here (REDIS_URL). */
  useRelay(relay: HubRelay): void {
    this.relay = relay;
  }

  /**
   * Whether a live stream of the camera may be promised: its channel is open here, or (with a bus) maybe on
   * another node, which the camera's watch status then tells.
   */
  isReachable(cameraId: number): boolean {
    return this.channels.has(cameraId) || this.bus !== null;
  }

  /** Another node's viewer wants the camera's live or stream (from the bus); `fresh`: a viewer that just came. */
  wantRemotely(kind: WantKind, cameraId: number, fresh = false): void {
    const until = this.now() + (kind === 'live' ? LIVE_HOLD_MS : STREAM_HOLD_MS);
    this.remoteUntil.set(`${kind}:${cameraId}`, until);
    if (kind === 'live') this.holdLive(cameraId, until);
    else this.holdStream(cameraId, until);
    if (!fresh || !this.relay) return;
    // A viewer that just came elsewhere gets what this node holds now, not only what comes next.
    const still = this.stills.get(cameraId);
    if (kind === 'live' && still && this.now() - still.receivedAt < 5_000)
      this.relay.publishStill(cameraId, still);
    for (const listener of this.freshRemoteListeners) listener(kind, cameraId);
  }

  /** Another node (just started, or back on Redis) asks what this node's viewers want: announced again. */
  reannounce(): void {
    if (!this.bus || !this.relay) return;
    for (const [kind, cameraId] of this.relay.wanted()) {
      this.announcedAt.set(`${kind}:${cameraId}`, this.now());
      this.bus.want(kind, cameraId, false);
    }
  }

  /**
   * The answer to an agent's upload or heartbeat: whether it should go on sending stills (`live`) or segments
   * (`stream`). With a bus, a node that does not hold the camera's control channel says yes: the node that holds
   * it hears every want and switches the agent off when they lapse, so an upload that lands here never stops
   * live that a viewer elsewhere wants.
   */
  answersWanted(kind: WantKind, cameraId: number): boolean {
    if (this.bus && !this.channels.has(cameraId)) return true;
    return kind === 'live' ? this.isLiveWanted(cameraId) : this.isStreamWanted(cameraId);
  }

  /** Called when another node's viewer just came (the fMP4 relay sends it the picture so far). */
  onFreshRemoteViewer(listener: (kind: WantKind, cameraId: number) => void): void {
    this.freshRemoteListeners.push(listener);
  }

  /** The relay to publish the camera's media on, while a viewer on another node wants it; else null. */
  relayFor(kind: WantKind, cameraId: number): HubRelay | null {
    if (!this.relay) return null;
    return (this.remoteUntil.get(`${kind}:${cameraId}`) ?? 0) > this.now() ? this.relay : null;
  }

  /** This node's viewers want it: subscribe to it on the relay, and tell the other nodes (throttled). */
  private announce(kind: WantKind, cameraId: number, until: number): void {
    const fresh = this.relay ? this.relay.watch(kind, cameraId, until) : false;
    if (!this.bus) return;
    const key = `${kind}:${cameraId}`;
    const now = this.now();
    const at = this.announcedAt.get(key);
    if (!fresh && at !== undefined && now - at < ANNOUNCE_EVERY_MS) return;
    this.announcedAt.set(key, now);
    this.bus.want(kind, cameraId, fresh);
  }

  /**
   * Sends a command and waits for the agent's answer (or offline / timeout). An agent connected to another node
   * is reached through the bus, unless `local` (a request that came through the bus).
   */
  command(cameraId: number, command: DeviceCommand, { local = false } = {}): Promise<CommandOutcome> {
    const channel = this.channels.get(cameraId);
    if (!channel && this.bus && !local) return this.bus.command(cameraId, command);
    if (!channel)
      return Promise.resolve({ ok: false, code: 'offline', message: 'the camera is not connected' });
    const id = randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => this.settle(id, { ok: false, code: 'timeout', message: 'the camera did not answer in time' }),
        this.commandTimeoutMs,
      );
      this.pending.set(id, { cameraId, resolve, timer });
      channel.send({ type: 'command', id, command });
    });
  }

  private settle(id: string, outcome: CommandOutcome): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    pending.resolve(outcome);
  }

  // ---- live ----

  /** A viewer wants live images of the camera for the next LIVE_HOLD_MS (renewed by every live start). */
  wantLive(cameraId: number): void {
    const until = this.now() + LIVE_HOLD_MS;
    this.holdLive(cameraId, until);
    this.announce('live', cameraId, until);
  }

  private holdLive(cameraId: number, until: number): void {
    const wasWanted = this.isLiveWanted(cameraId);
    this.liveUntil.set(cameraId, Math.max(until, this.liveUntil.get(cameraId) ?? 0));
    if (!wasWanted) this.channels.get(cameraId)?.send({ type: 'live', on: true });
  }

  isLiveWanted(cameraId: number): boolean {
    return (this.liveUntil.get(cameraId) ?? 0) > this.now();
  }

  private expireLive(): void {
    const now = this.now();
    for (const [cameraId, until] of this.liveUntil) {
      if (until > now) continue;
      this.liveUntil.delete(cameraId);
      this.channels.get(cameraId)?.send({ type: 'live', on: false });
    }
  }

  // ---- live HLS stream ----

  /** A viewer fetched the camera's live playlist: keep (or start) its segments for STREAM_HOLD_MS more. */
  wantStream(cameraId: number): void {
    const until = this.now() + STREAM_HOLD_MS;
    this.holdStream(cameraId, until);
    this.announce('stream', cameraId, until);
  }

  private holdStream(cameraId: number, until: number): void {
    const wasWanted = this.isStreamWanted(cameraId);
    this.streamUntil.set(cameraId, Math.max(until, this.streamUntil.get(cameraId) ?? 0));
    if (!wasWanted) this.channels.get(cameraId)?.send({ type: 'stream', on: true });
  }

  isStreamWanted(cameraId: number): boolean {
    return (this.streamUntil.get(cameraId) ?? 0) > this.now();
  }

  /** The last viewer left (the fMP4 stream knows when): the agent stops streaming now, not after the hold. */
  releaseStream(cameraId: number): void {
    this.relay?.unwatch('stream', cameraId);
    const remote = this.remoteUntil.get(`stream:${cameraId}`) ?? 0;
    // Viewers on other nodes still watch: the stream goes on until their want lapses.
    if (remote > this.now()) {
      this.streamUntil.set(cameraId, remote);
      return;
    }
    if (!this.streamUntil.delete(cameraId)) return;
    this.channels.get(cameraId)?.send({ type: 'stream', on: false });
  }

  private expireStream(): void {
    const now = this.now();
    for (const [cameraId, until] of this.streamUntil) {
      if (until > now) continue;
      this.streamUntil.delete(cameraId);
      this.channels.get(cameraId)?.send({ type: 'stream', on: false });
    }
  }

  /**
   * Keeps the newest still and hands it to every viewer waiting for one; a still from the agent is published for
   * other nodes' viewers too. `relayedAt`: a still another node received then (relayed: not published again;
   * one not newer than the newest here is dropped).
   */
  putStill(cameraId: number, data: Buffer, capturedAt: number, relayedAt?: number): Still {
    const previous = this.stills.get(cameraId);
    if (relayedAt !== undefined && previous && previous.receivedAt >= relayedAt) return previous;
    // Strictly increasing, so `after` comparisons never miss a frame received in the same millisecond.
    const receivedAt = relayedAt ?? Math.max(this.now(), (previous?.receivedAt ?? 0) + 1);
    const still: Still = { data, receivedAt, capturedAt };
    this.stills.set(cameraId, still);
    if (relayedAt === undefined) this.relayFor('live', cameraId)?.publishStill(cameraId, still);
    const waiters = this.waiters.get(cameraId);
    if (waiters) {
      for (const waiter of waiters) {
        if (receivedAt <= waiter.after) continue;
        clearTimeout(waiter.timer);
        waiters.delete(waiter);
        waiter.resolve(still);
      }
    }
    return still;
  }

  latestStill(cameraId: number): Still | null {
    return this.stills.get(cameraId) ?? null;
  }

  /**
   * The newest still received after `after` (ms): at once when there is one, else the first to arrive
   * within waitMs, else null.
   */
  async nextStill(cameraId: number, after: number, waitMs: number): Promise<Still | null> {
    const local = this.stills.get(cameraId);
    if (local && local.receivedAt > after) return local;
    // Another node may have relayed a newer one before this node subscribed (REDIS_URL).
    if (this.relay && !this.channels.has(cameraId)) {
      const relayed = await this.relay.latestStill(cameraId);
      if (relayed) this.putStill(cameraId, relayed.data, relayed.capturedAt, relayed.receivedAt);
    }
    const latest = this.stills.get(cameraId);
    if (latest && latest.receivedAt > after) return latest;
    if (waitMs <= 0) return null;
    return new Promise((resolve) => {
      const set = this.waiters.get(cameraId) ?? new Set<Waiter>();
      this.waiters.set(cameraId, set);
      const waiter: Waiter = {
        after,
        resolve,
        timer: setTimeout(() => {
          set.delete(waiter);
          resolve(null);
        }, waitMs),
      };
      set.add(waiter);
    });
  }

  /** Closes every channel and answers every waiter; for shutdown. */
  close(): void {
    for (const [cameraId, channel] of this.channels) {
      channel.close(1001, 'server shutting down');
      this.detach(cameraId, channel);
    }
    for (const set of this.waiters.values())
      for (const waiter of set) {
        clearTimeout(waiter.timer);
        waiter.resolve(null);
      }
    this.waiters.clear();
  }
}
