// Live media between api nodes (REDIS_URL, issue 18): a viewer whose requests land on another node than the one
// that receives the camera's stills, live HLS segments and live fMP4 fragments gets them through Redis pub/sub.
//
// Subscription-driven: a node subscribes to a camera's channels only while one of its own viewers wants them
// (the hub calls watch() at every live start or stream renewal and sweep() drops what nobody renewed), and a node
// that receives the camera's media publishes it only while another node asked for it within the hold (the bus
// carries those asks to every node: AgentHub.wantRemotely). The newest still of a camera being relayed is also
// kept in Redis for a few seconds, so the first long-poll on the viewer's node answers at once. Each message names
// the node that sent it: a node never takes its own messages back. Redis down: publishes fail at once (no offline
// queue), viewers on the agent's node are not affected, ioredis reconnects and subscribes again by itself.
import { randomBytes } from 'node:crypto';
import { decodeFmp4Message, encodeFmp4Message, type Fmp4Message } from '@camwatch/contract/live-fmp4';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { FailureLog } from '../lib/failure-log.ts';

/** How long the newest relayed still of a camera stays in Redis. */
export const LATEST_STILL_TTL_MS = 5_000;
/**
 * A read from Redis on a request's path that takes longer is given up (the newest still: the long-poll waits for the
 * next one; the newest segment number: this node's own count goes on).
 */
const REDIS_READ_WAIT_MS = 500;

/**
 * How long a camera's newest live segment number is kept in Redis: a node that takes the camera's uploads over
 * within it continues the numbers (a player of an hour-old stream has long reloaded it).
 */
export const SEGMENT_SEQUENCE_TTL_MS = 3_600_000;

/** What a node subscribes to for its viewers: stills (`live`), or HLS segments and fMP4 fragments (`stream`). */
export type WatchKind = 'live' | 'stream';

export interface RelayedStill {
  /** When the first node received it (ms since the epoch): the same frame time on every node. */
  receivedAt: number;
  capturedAt: number;
  data: Buffer;
}

export interface RelayedSegment {
  /** The receiving node's media sequence number (viewers may alternate nodes: every node lists the same). */
  sequence: number;
  agentSequence: number;
  durationMs: number;
  discontinuity: boolean;
  /** Discontinuities up to and including this segment (the playlist's discontinuity sequence). */
  discontinuities: number;
  data: Buffer;
}

/** Where relayed media goes on this node. */
export interface RelayHandlers {
  still(cameraId: number, still: RelayedStill): void;
  segment(cameraId: number, segment: RelayedSegment): void;
  fmp4(cameraId: number, message: Fmp4Message): void;
}

type Channel = 'still' | 'segment' | 'fmp4';
const CHANNELS_OF: Record<WatchKind, Channel[]> = { live: ['still'], stream: ['segment', 'fmp4'] };

const ORIGIN_BYTES = 8;
const STILL_HEADER = ORIGIN_BYTES + 16;
const SEGMENT_HEADER = ORIGIN_BYTES + 8 + 8 + 4 + 1 + 8;

export class RedisLiveRelay {
  /** This node's id in every message it sends. */
  private readonly origin = randomBytes(ORIGIN_BYTES);
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly failures: FailureLog;
  /** Subscribed `<kind>:<camera>` → until when a local viewer wants it. */
  private readonly watched = new Map<string, number>();
  private handlers: RelayHandlers | null = null;

  constructor(
    url: string,
    private readonly prefix = 'camwatch',
    logger?: Pick<Logger, 'info' | 'error'>,
    private readonly now: () => number = Date.now,
  ) {
    this.failures = new FailureLog(logger, 'live relay (Redis)');
    const options = { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5_000 };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => this.failures.failed(error));
      client.on('ready', () => this.failures.succeeded());
    }
    this.subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) =>
      this.receive(channel.toString(), message),
    );
  }

  /** Relayed media goes to these from now on. */
  deliverTo(handlers: RelayHandlers): void {
    this.handlers = handlers;
  }

  private channel(kind: Channel, cameraId: number): string {
    return `${this.prefix}:live:${kind}:${cameraId}`;
  }

  private latestKey(cameraId: number): string {
    return `${this.prefix}:live:latest-still:${cameraId}`;
  }

  private sequenceKey(cameraId: number): string {
    return `${this.prefix}:live:segment-sequence:${cameraId}`;
  }

  // ---- the viewers' side ----

  /** A local viewer wants the camera's media until `until`: subscribes now if not yet (then answers true). */
  watch(kind: WatchKind, cameraId: number, until: number): boolean {
    const key = `${kind}:${cameraId}`;
    const known = this.watched.get(key);
    this.watched.set(key, Math.max(known ?? 0, until));
    if (known !== undefined) return false;
    void this.subscriber
      .subscribe(...CHANNELS_OF[kind].map((c) => this.channel(c, cameraId)))
      .catch((error: unknown) => this.failures.failed(error));
    return true;
  }

  /** No local viewer any more (the last fMP4 viewer left). */
  unwatch(kind: WatchKind, cameraId: number): void {
    if (!this.watched.delete(`${kind}:${cameraId}`)) return;
    void this.subscriber
      .unsubscribe(...CHANNELS_OF[kind].map((c) => this.channel(c, cameraId)))
      .catch((error: unknown) => this.failures.failed(error));
  }

  /** Unsubscribes what no local viewer renewed. */
  sweep(): void {
    const now = this.now();
    for (const [key, until] of this.watched) {
      if (until > now) continue;
      const [kind, id] = key.split(':') as [WatchKind, string];
      this.unwatch(kind, Number(id));
    }
  }

  /** What this node's viewers want now (announced again when another node asks: AgentHub.reannounce). */
  wanted(): Array<[WatchKind, number]> {
    const now = this.now();
    return [...this.watched]
      .filter(([, until]) => until > now)
      .map(([key]) => {
        const [kind, id] = key.split(':') as [WatchKind, string];
        return [kind, Number(id)];
      });
  }

  /** The newest still another node relayed lately, or null (none, Redis slow or down). */
  async latestStill(cameraId: number): Promise<RelayedStill | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), REDIS_READ_WAIT_MS);
    });
    try {
      const raw = await Promise.race([this.publisher.getBuffer(this.latestKey(cameraId)), late]);
      return raw ? decodeStill(raw) : null;
    } catch (error) {
      this.failures.failed(error);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  // ---- the receiving node's side ----

  /** The newest number a node gave the camera's live segments lately, or null (none, Redis slow or down). */
  async lastSegmentSequence(cameraId: number): Promise<number | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), REDIS_READ_WAIT_MS);
    });
    try {
      const raw = await Promise.race([this.publisher.get(this.sequenceKey(cameraId)), late]);
      const sequence = raw === null ? NaN : Number(raw);
      return Number.isSafeInteger(sequence) ? sequence : null;
    } catch (error) {
      this.failures.failed(error);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Notes the number this node gave the camera's newest live segment (see lastSegmentSequence). */
  noteSegmentSequence(cameraId: number, sequence: number): void {
    this.publisher
      .set(this.sequenceKey(cameraId), String(sequence), 'PX', SEGMENT_SEQUENCE_TTL_MS)
      .catch((error: unknown) => this.failures.failed(error));
  }

  publishStill(cameraId: number, still: RelayedStill): void {
    const message = Buffer.allocUnsafe(STILL_HEADER + still.data.length);
    this.origin.copy(message, 0);
    message.writeDoubleBE(still.receivedAt, ORIGIN_BYTES);
    message.writeDoubleBE(still.capturedAt, ORIGIN_BYTES + 8);
    still.data.copy(message, STILL_HEADER);
    this.publisher
      .multi()
      .set(this.latestKey(cameraId), message, 'PX', LATEST_STILL_TTL_MS)
      .publish(this.channel('still', cameraId), message)
      .exec()
      .catch((error: unknown) => this.failures.failed(error));
  }

  publishSegment(cameraId: number, segment: RelayedSegment): void {
    const message = Buffer.allocUnsafe(SEGMENT_HEADER + segment.data.length);
    this.origin.copy(message, 0);
    let at = ORIGIN_BYTES;
    at = message.writeDoubleBE(segment.sequence, at);
    at = message.writeDoubleBE(segment.agentSequence, at);
    at = message.writeUInt32BE(segment.durationMs >>> 0, at);
    at = message.writeUInt8(segment.discontinuity ? 1 : 0, at);
    at = message.writeDoubleBE(segment.discontinuities, at);
    segment.data.copy(message, at);
    this.publish('segment', cameraId, message);
  }

  publishFmp4(cameraId: number, fmp4: Fmp4Message): void {
    const encoded = encodeFmp4Message(fmp4);
    const message = Buffer.allocUnsafe(ORIGIN_BYTES + encoded.length);
    this.origin.copy(message, 0);
    message.set(encoded, ORIGIN_BYTES);
    this.publish('fmp4', cameraId, message);
  }

  private publish(kind: Channel, cameraId: number, message: Buffer): void {
    this.publisher
      .publish(this.channel(kind, cameraId), message)
      .catch((error: unknown) => this.failures.failed(error));
  }

  private receive(channel: string, message: Buffer): void {
    const handlers = this.handlers;
    const match = /:live:(still|segment|fmp4):(\d+)$/.exec(channel);
    if (!handlers || !match || message.length < ORIGIN_BYTES) return;
    if (message.subarray(0, ORIGIN_BYTES).equals(this.origin)) return;
    const cameraId = Number(match[2]);
    const kind = match[1] as Channel;
    if (kind === 'still') {
      const still = decodeStill(message);
      if (still) handlers.still(cameraId, still);
    } else if (kind === 'segment') {
      if (message.length <= SEGMENT_HEADER) return;
      let at = ORIGIN_BYTES;
      const sequence = message.readDoubleBE(at);
      const agentSequence = message.readDoubleBE((at += 8));
      const durationMs = message.readUInt32BE((at += 8));
      const discontinuity = message.readUInt8((at += 4)) === 1;
      const discontinuities = message.readDoubleBE((at += 1));
      const data = message.subarray(at + 8);
      handlers.segment(cameraId, {
        sequence,
        agentSequence,
        durationMs,
        discontinuity,
        discontinuities,
        data,
      });
    } else {
      const fmp4 = decodeFmp4Message(message.subarray(ORIGIN_BYTES));
      if (fmp4) handlers.fmp4(cameraId, fmp4);
    }
  }

  async close(): Promise<void> {
    this.watched.clear();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

function decodeStill(message: Buffer): RelayedStill | null {
  if (message.length <= STILL_HEADER) return null;
  return {
    receivedAt: message.readDoubleBE(ORIGIN_BYTES),
    capturedAt: message.readDoubleBE(ORIGIN_BYTES + 8),
    data: Buffer.from(message.subarray(STILL_HEADER)),
  };
}
