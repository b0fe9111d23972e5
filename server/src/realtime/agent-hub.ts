// The live side of camera agents on this node: their control channels, who wants live images from
// which camera and until when, the newest still of each camera, and commands awaiting an answer.
// In memory by design: a still is worth something for a second or two. (Several api nodes: an agent's
// stills reach the node it uploads to; docs/operations.md says to route a camera's live by camera.)
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
  want(kind: 'live' | 'stream', cameraId: number): void;
}

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

  constructor(options: AgentHubOptions = {}) {
    this.commandTimeoutMs = options.commandTimeoutMs ?? 8_000;
    this.now = options.now ?? Date.now;
  }

  /** Ends live and streams nobody renews any more (every LIVE_EXPIRY_EVERY_MS). */
  expireUnrenewed(): void {
    this.expireLive();
    this.expireStream();
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

  sendConfig(cameraId: number, config: DeviceConfig): boolean {
    const channel = this.channels.get(cameraId);
    channel?.send({ type: 'config', config });
    return channel !== undefined;
  }

  /** Commands and live requests for agents connected to other nodes go through this bus (REDIS_URL). */
  useBus(bus: HubBus): void {
    this.bus = bus;
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
    const wasWanted = this.isLiveWanted(cameraId);
    this.liveUntil.set(cameraId, this.now() + LIVE_HOLD_MS);
    if (!wasWanted) this.channels.get(cameraId)?.send({ type: 'live', on: true });
    if (!this.channels.has(cameraId)) this.bus?.want('live', cameraId);
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
    const wasWanted = this.isStreamWanted(cameraId);
    this.streamUntil.set(cameraId, this.now() + STREAM_HOLD_MS);
    if (!wasWanted) this.channels.get(cameraId)?.send({ type: 'stream', on: true });
    if (!this.channels.has(cameraId)) this.bus?.want('stream', cameraId);
  }

  isStreamWanted(cameraId: number): boolean {
    return (this.streamUntil.get(cameraId) ?? 0) > this.now();
  }

  /** The last viewer left (the fMP4 stream knows when): the agent stops streaming now, not after the hold. */
  releaseStream(cameraId: number): void {
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

  /** Keeps the newest still and hands it to every viewer waiting for one. */
  putStill(cameraId: number, data: Buffer, capturedAt: number): Still {
    const previous = this.stills.get(cameraId);
    // Strictly increasing, so `after` comparisons never miss a frame received in the same millisecond.
    const receivedAt = Math.max(this.now(), (previous?.receivedAt ?? 0) + 1);
    const still: Still = { data, receivedAt, capturedAt };
    this.stills.set(cameraId, still);
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
  nextStill(cameraId: number, after: number, waitMs: number): Promise<Still | null> {
    const latest = this.stills.get(cameraId);
    if (latest && latest.receivedAt > after) return Promise.resolve(latest);
    if (waitMs <= 0) return Promise.resolve(null);
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
