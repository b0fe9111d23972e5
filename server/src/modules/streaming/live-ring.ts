// The newest live segments of one camera, in memory on this node (one api node per camera's live; see
// the streaming notes). The server numbers segments itself, so the playlist's media sequence only grows
// even when the agent restarts its own count; a restart or a hole in the agent's count is a discontinuity.
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
  data: Buffer;
  receivedAt: number;
}

export class LiveRing {
  private segments: LiveSegment[] = [];
  private nextSequence = 0;
  /** Discontinuities of segments already dropped from the ring. */
  private droppedDiscontinuities = 0;
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
    const segment: LiveSegment = {
      ...upload,
      sequence: this.nextSequence++,
      discontinuity: upload.discontinuity || !previous || upload.agentSequence !== previous.agentSequence + 1,
      receivedAt: now,
    };
    this.segments.push(segment);
    while (this.segments.length > LIVE_RING_SIZE) {
      const dropped = this.segments.shift();
      if (dropped?.discontinuity) this.droppedDiscontinuities++;
    }
    for (const wake of this.waiters) wake();
    this.waiters.clear();
    return segment;
  }

  /** Forgets the segments (a stream that stopped); numbering goes on. */
  clear(): void {
    for (const segment of this.segments) if (segment.discontinuity) this.droppedDiscontinuities++;
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
    const before = this.segments.slice(0, start + 1).filter((s) => s.discontinuity).length;
    return {
      mediaSequence: listed[0]?.sequence ?? this.nextSequence,
      discontinuitySequence: this.droppedDiscontinuities + (listed.length > 0 ? before : 0),
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
