// The newest live segments of one camera, in memory on this node (one api node per camera's live; see
// the streaming notes). The server numbers segments itself, so the playlist's media sequence only grows
// even when the agent restarts its own count; a restart or a hole in the agent's count is a discontinuity.
// Several api nodes (REDIS_URL): a node relaying another's segments keeps that node's numbers (pushRelayed), so a
// viewer whose playlist and segment requests alternate between nodes finds the same names on each; a node that
// starts receiving a camera's uploads (the agent reconnected to it) continues from the cluster's newest number
// (continueFrom, live-stream.ts), so the sequence goes on instead of restarting at this node's own count.
import type { LiveWindow } from './hls-playlist.ts';

/** Segments kept per camera. */
export const LIVE_RING_SIZE = 10;
/** Segments the playlist lists (about 6 s with 1 s segments). */
export const LIVE_WINDOW_SIZE = 6;

export interface LiveSegment {
  /** Our media sequence number. */
  sequence: number;
  /** The agent's number for it. */
  agentSequence: number;
  durationMs: number;
  discontinuity: boolean;
  /** Discontinuities so far, this one's included. */
  discontinuities: number;
  data: Buffer;
  receivedAt: number;
}

export class LiveRing {
  private segments: LiveSegment[] = [];
  private nextSequence = 0;
  /** Whether the newest segment was numbered here (an upload), not relayed from another node. */
  private isNewestOurs = false;
  /** Discontinuities of every segment so far (dropped ones too). */
  private discontinuities = 0;
  private readonly waiters = new Set<() => void>();
  lastActiveAt = 0;

  /** Keeps a segment; null for a repeat of the newest one (an agent retrying its upload). */
  push(
    upload: { agentSequence: number; durationMs: number; discontinuity: boolean; data: Buffer },
    now: number,
  ): LiveSegment | null {
    this.lastActiveAt = now;
    const previous = this.segments.at(-1);
    if (previous && !upload.discontinuity && upload.agentSequence === previous.agentSequence) return null;
    const discontinuity =
      upload.discontinuity || !previous || upload.agentSequence !== previous.agentSequence + 1;
    if (discontinuity) this.discontinuities++;
    this.isNewestOurs = true;
    return this.keep({
      ...upload,
      sequence: this.nextSequence++,
      discontinuity,
      discontinuities: this.discontinuities,
      receivedAt: now,
    });
  }

  /**
   * Keeps a segment another node numbered (REDIS_URL); null for one already here. Numbers that go back (that
   * node restarted, or another took the camera over) start the ring afresh.
   */
  pushRelayed(segment: Omit<LiveSegment, 'receivedAt'>, now: number): LiveSegment | null {
    this.lastActiveAt = now;
    const previous = this.segments.at(-1);
    if (previous && segment.sequence === previous.sequence) return null;
    if (previous && segment.sequence < previous.sequence) this.segments = [];
    this.nextSequence = segment.sequence + 1;
    this.discontinuities = segment.discontinuities;
    this.isNewestOurs = false;
    return this.keep({ ...segment, receivedAt: now });
  }

  /**
   * Whether this upload begins a run of segments here: none before it, the newest one relayed from another node, or
   * the agent's count broken. Only then may another node have numbered the camera's segments since ours.
   */
  startsRun(upload: { agentSequence: number; discontinuity: boolean }): boolean {
    const previous = this.segments.at(-1);
    return (
      !previous ||
      !this.isNewestOurs ||
      upload.discontinuity ||
      (upload.agentSequence !== previous.agentSequence + 1 && upload.agentSequence !== previous.agentSequence)
    );
  }

  /** The next segment numbered here gets at least `sequence` (the cluster's newest number plus one). */
  continueFrom(sequence: number): void {
    this.nextSequence = Math.max(this.nextSequence, sequence);
  }

  private keep(segment: LiveSegment): LiveSegment {
    this.segments.push(segment);
    while (this.segments.length > LIVE_RING_SIZE) this.segments.shift();
    for (const wake of this.waiters) wake();
    this.waiters.clear();
    return segment;
  }

  /** Forgets the segments (a stream that stopped); numbering goes on. */
  clear(): void {
    this.segments = [];
  }

  get isEmpty(): boolean {
    return this.segments.length === 0;
  }

  find(sequence: number): LiveSegment | undefined {
    return this.segments.find((segment) => segment.sequence === sequence);
  }

  window(size = LIVE_WINDOW_SIZE): LiveWindow {
    const start = Math.max(0, this.segments.length - size);
    const listed = this.segments.slice(start);
    return {
      mediaSequence: listed[0]?.sequence ?? this.nextSequence,
      discontinuitySequence: listed[0]?.discontinuities ?? this.discontinuities,
      segments: listed.map(({ sequence, durationMs, discontinuity }) => ({
        sequence,
        durationMs,
        discontinuity,
      })),
    };
  }

  /** Resolves when a segment arrives or after waitMs, whichever is first. */
  waitForSegment(waitMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        resolve();
      }, waitMs);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.add(wake);
    });
  }
}
