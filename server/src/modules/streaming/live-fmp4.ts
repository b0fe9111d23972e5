// The low-latency live stream of each camera on this node: the agent's fragmented MP4 (init segment, then
// one fragment per frame, arriving on its control channel) relayed to viewers' WebSockets. Per camera the
// init segment and the fragments since the last keyframe are kept, so a viewer who joins gets a whole
// picture at once and then every new fragment. A viewer whose socket backs up (slow network) skips
// fragments up to the next keyframe instead of queueing stale video. While anyone watches, the agent hub
// is told so (like an HLS playlist fetch); when the last viewer leaves, the camera's fragments are freed
// and, unless an HLS player fetched the playlist lately, the agent is told to stop at once.
import { FMP4_FRAGMENT, FMP4_INIT, type Fmp4Message } from '@camwatch/contract/live-fmp4';

/** What the fMP4 relay needs from the agent hub. */
interface Fmp4Hub {
  wantStream(cameraId: number): void;
  isStreamWanted(cameraId: number): boolean;
  releaseStream(cameraId: number): void;
}

/** One viewer's socket. */
interface Fmp4Viewer {
  send(data: Uint8Array): void;
  /** Bytes queued in the socket and not yet sent. */
  readonly bufferedAmount: number;
}

/** Queued bytes beyond which a viewer skips fragments up to the next keyframe. */
export const VIEWER_BACKLOG_BYTES = 2 * 1024 * 1024;
/** How often a watched camera's stream request is renewed (the hub holds one for 30 s). */
const FMP4_RENEW_MS = 10_000;
/** The longest picture kept for joining viewers (a camera with rare keyframes is cut). */
const MAX_GOP_BYTES = 8 * 1024 * 1024;

interface ViewerState {
  /** Has had a keyframe since the init segment (or since it last skipped): may get any fragment. */
  started: boolean;
}

class Fmp4Ring {
  init: Uint8Array | null = null;
  gop: Uint8Array[] = [];
  gopBytes = 0;
  lastSequence = -1;
  readonly viewers = new Map<Fmp4Viewer, ViewerState>();
  renewTimer: NodeJS.Timeout | null = null;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(a, b) === 0;

/** Rings nobody watches are looked for at most this often (when a stream stopped, its ring is freed). */
const SWEEP_EVERY_MS = 5_000;

export class LiveFmp4Streams {
  private readonly rings = new Map<number, Fmp4Ring>();
  private sweptAt = 0;

  constructor(
    private readonly hub: Fmp4Hub,
    /** Whether an HLS player of the camera fetched its playlist lately (then the stream must go on). */
    private readonly hlsInUse: (cameraId: number) => boolean,
    private readonly renewMs = FMP4_RENEW_MS,
  ) {}

  /** Cameras with fMP4 state on this node, and viewers in all (metrics, tests). */
  stats(): { cameras: number; viewers: number } {
    let viewers = 0;
    for (const ring of this.rings.values()) viewers += ring.viewers.size;
    return { cameras: this.rings.size, viewers };
  }

  /** A message from a camera's agent. */
  put(cameraId: number, message: Fmp4Message, now = Date.now()): void {
    if (now - this.sweptAt >= SWEEP_EVERY_MS) this.sweep(now);
    let ring = this.rings.get(cameraId);
    if (!ring) {
      // Streaming for HLS players only: kept too, so an fMP4 viewer who comes starts at once.
      if (!this.hub.isStreamWanted(cameraId)) return;
      ring = new Fmp4Ring();
      this.rings.set(cameraId, ring);
    }
    if (message.kind === FMP4_INIT) {
      // The same init again: the agent's channel reconnected or the stream restarted within one ffmpeg
      // run; the fragments that follow repeat the picture, and the sequence check drops what was seen.
      if (ring.init && sameBytes(ring.init, message.data)) return;
      ring.init = message.data;
      ring.gop = [];
      ring.gopBytes = 0;
      ring.lastSequence = -1;
      for (const [viewer, state] of ring.viewers) {
        state.started = false;
        viewer.send(message.data);
      }
      return;
    }
    if (!ring.init || message.sequence <= ring.lastSequence) return;
    ring.lastSequence = message.sequence;
    if (message.keyframe) {
      ring.gop = [message.data];
      ring.gopBytes = message.data.length;
    } else if (ring.gop.length > 0 && ring.gopBytes + message.data.length <= MAX_GOP_BYTES) {
      ring.gop.push(message.data);
      ring.gopBytes += message.data.length;
    } else {
      ring.gop = [];
      ring.gopBytes = 0;
    }
    for (const [viewer, state] of ring.viewers) {
      if (!state.started && !message.keyframe) continue;
      if (viewer.bufferedAmount > VIEWER_BACKLOG_BYTES) {
        state.started = false;
        continue;
      }
      viewer.send(message.data);
      state.started = true;
    }
  }

  /** Frees the rings of streams that ended with nobody watching. */
  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [cameraId, ring] of this.rings)
      if (ring.viewers.size === 0 && !this.hub.isStreamWanted(cameraId)) this.rings.delete(cameraId);
  }

  /** The init segment and the picture so far of a camera, for a viewer who just came on another node. */
  current(cameraId: number): Fmp4Message[] {
    const ring = this.rings.get(cameraId);
    if (!ring?.init) return [];
    return [
      { kind: FMP4_INIT, keyframe: false, sequence: 0, data: ring.init },
      ...ring.gop.map((data, i): Fmp4Message => ({
        kind: FMP4_FRAGMENT,
        keyframe: i === 0,
        sequence: ring.lastSequence - ring.gop.length + 1 + i,
        data,
      })),
    ];
  }

  /** A viewer opens the stream: it gets the init segment and the picture so far; answers its leave(). */
  join(cameraId: number, viewer: Fmp4Viewer): () => void {
    let ring = this.rings.get(cameraId);
    if (!ring) {
      ring = new Fmp4Ring();
      this.rings.set(cameraId, ring);
    }
    this.hub.wantStream(cameraId);
    const state: ViewerState = { started: false };
    ring.viewers.set(viewer, state);
    if (ring.init) {
      viewer.send(ring.init);
      for (const fragment of ring.gop) viewer.send(fragment);
      state.started = ring.gop.length > 0;
    }
    if (!ring.renewTimer) {
      ring.renewTimer = setInterval(() => this.hub.wantStream(cameraId), this.renewMs);
      ring.renewTimer.unref();
    }
    const joined = ring;
    return () => this.leave(cameraId, joined, viewer);
  }

  private leave(cameraId: number, ring: Fmp4Ring, viewer: Fmp4Viewer): void {
    if (!ring.viewers.delete(viewer) || ring.viewers.size > 0) return;
    if (ring.renewTimer) clearInterval(ring.renewTimer);
    ring.renewTimer = null;
    if (this.rings.get(cameraId) === ring) this.rings.delete(cameraId);
    if (!this.hlsInUse(cameraId)) this.hub.releaseStream(cameraId);
  }
}
