// Live streams: a ring of the newest segments per camera (filled by the agent's uploads), the sliding
// playlist over it, and the agent hub told that someone is watching (each playlist fetch renews it). Several api
// nodes (REDIS_URL): a segment uploaded here is published while another node's viewer wants the stream, and one
// relayed from another node is kept under that node's number (live-relay.ts). The numbers are the cluster's: each
// segment numbered here is noted in Redis, and a run of uploads starting here (the agent came over from another
// node) continues from the newest noted, so a player never sees the media sequence go back or restart.
import type { HubRelay } from '../../realtime/agent-hub.ts';
import type { RelayedSegment } from '../../realtime/live-relay.ts';
import { livePlaylist } from './hls-playlist.ts';
import { LiveRing, type LiveSegment } from './live-ring.ts';

/** What live streams need from the agent hub. */
export interface StreamHub {
  wantStream(cameraId: number): void;
  isStreamWanted(cameraId: number): boolean;
  /** The relay to publish on while another node's viewer wants the stream (REDIS_URL); else null. */
  relayFor?(kind: 'stream', cameraId: number): Pick<HubRelay, 'publishSegment'> | null;
  /** What to answer the agent's upload (AgentHub.answersWanted); isStreamWanted when absent. */
  answersWanted?(kind: 'stream', cameraId: number): boolean;
}

/** The cluster's newest live segment number per camera (REDIS_URL: RedisLiveRelay). */
export interface LiveSequenceMarks {
  /** The newest number any node gave the camera's segments lately; null when none (or Redis is away). */
  lastSegmentSequence(cameraId: number): Promise<number | null>;
  noteSegmentSequence(cameraId: number, sequence: number): void;
}

/** A ring nobody uploads to or watches for this long is dropped (its memory freed). */
const IDLE_RING_MS = 60_000;
/** A playlist fetched within this long: an HLS player still watches (hls.js refetches every second). */
const HLS_IN_USE_MS = 10_000;

export interface LiveSegmentUpload {
  agentSequence: number;
  durationMs: number;
  discontinuity: boolean;
  data: Buffer;
}

export class LiveStreams {
  private readonly rings = new Map<number, LiveRing>();
  private readonly playlistAt = new Map<number, number>();
  private marks: LiveSequenceMarks | null = null;

  constructor(
    private readonly hub: StreamHub,
    private readonly now: () => number = Date.now,
  ) {}

  private ring(cameraId: number): LiveRing {
    let ring = this.rings.get(cameraId);
    if (!ring) {
      ring = new LiveRing();
      this.rings.set(cameraId, ring);
    }
    return ring;
  }

  /** Segments numbered here continue the cluster's numbers from now on (REDIS_URL). */
  useSequenceMarks(marks: LiveSequenceMarks): void {
    this.marks = marks;
  }

  /** Someone watches: a stream that had stopped starts afresh (its old segments are stale). */
  want(cameraId: number): void {
    if (!this.hub.isStreamWanted(cameraId)) this.rings.get(cameraId)?.clear();
    this.hub.wantStream(cameraId);
  }

  /** The sliding-window playlist; with no segment yet, waits up to waitMs for the first one. */
  async playlist(cameraId: number, waitMs: number): Promise<string> {
    this.want(cameraId);
    this.playlistAt.set(cameraId, this.now());
    const ring = this.ring(cameraId);
    ring.lastActiveAt = Math.max(ring.lastActiveAt, this.now());
    if (ring.isEmpty && waitMs > 0) await ring.waitForSegment(waitMs);
    return livePlaylist(ring.window());
  }

  /** Whether an HLS player fetched the camera's playlist lately. */
  hlsInUse(cameraId: number): boolean {
    const at = this.playlistAt.get(cameraId);
    if (at === undefined) return false;
    if (this.now() - at < HLS_IN_USE_MS) return true;
    this.playlistAt.delete(cameraId);
    return false;
  }

  segment(cameraId: number, sequence: number): LiveSegment | undefined {
    return this.rings.get(cameraId)?.find(sequence);
  }

  /** Keeps an uploaded segment; answers whether anyone still wants the stream. */
  async put(cameraId: number, upload: LiveSegmentUpload): Promise<boolean> {
    const ring = this.ring(cameraId);
    if (this.marks && ring.startsRun(upload)) {
      const last = await this.marks.lastSegmentSequence(cameraId);
      if (last !== null) ring.continueFrom(last + 1);
    }
    const now = this.now();
    const segment = ring.push(upload, now);
    if (segment) {
      this.marks?.noteSegmentSequence(cameraId, segment.sequence);
      this.hub.relayFor?.('stream', cameraId)?.publishSegment(cameraId, segment);
    }
    this.dropIdle(now);
    return this.hub.answersWanted?.('stream', cameraId) ?? this.hub.isStreamWanted(cameraId);
  }

  /** A segment another node received and numbered (REDIS_URL). */
  putRelayed(cameraId: number, segment: RelayedSegment): void {
    const now = this.now();
    this.ring(cameraId).pushRelayed(segment, now);
    this.dropIdle(now);
  }

  private dropIdle(now: number): void {
    for (const [id, ring] of this.rings)
      if (now - ring.lastActiveAt > IDLE_RING_MS && !this.hub.isStreamWanted(id)) this.rings.delete(id);
  }
}
