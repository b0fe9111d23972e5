// The low-latency live stream: ffmpeg's fragmented MP4 (one frame per fragment, see ffmpeg-args.ts) is
// always read; the init segment of the current run and the fragments since the last keyframe are kept, so
// that when the server asks for a stream (`{type:'stream', on:true}`, again after every reconnect) it gets
// the init segment and a whole picture at once, then every fragment as ffmpeg writes it, as binary
// messages on the control channel. When the channel's send buffer backs up (a slow uplink), fragments are
// dropped up to the next keyframe rather than queued: a late frame is worthless to a live viewer.
import {
  encodeFmp4Message,
  FMP4_FRAGMENT,
  FMP4_INIT,
  FMP4_MAX_MESSAGE_BYTES,
} from '@camwatch/contract/live-fmp4';
import type { Logger } from '../logger.ts';
import type { Fmp4Piece } from './fmp4-splitter.ts';

/** Where the agent sends binary messages: the control channel. */
interface BinarySink {
  /** Sends when the channel is open; false when it is not. */
  sendBinary(data: Uint8Array): boolean;
  /** Bytes queued in the socket, not yet sent. */
  readonly bufferedAmount: number;
}

/** Queued bytes beyond which fragments are dropped up to the next keyframe. */
export const FRAGMENT_BACKLOG_BYTES = 1024 * 1024;
/** The longest picture kept for a starting stream; longer ones (a camera sending rare keyframes) are cut. */
const MAX_GOP_BYTES = 8 * 1024 * 1024;

interface Fragment {
  data: Buffer;
  keyframe: boolean;
  sequence: number;
}

export class LiveFragments {
  private wanted = false;
  private init: Buffer | null = null;
  private run: number | null = null;
  private gop: Fragment[] = [];
  private gopBytes = 0;
  /** A fragment was not sent: nothing more until the next keyframe (the decoder needs one). */
  private needKeyframe = true;
  private sent = 0;
  private dropped = 0;

  constructor(private readonly options: { sink: BinarySink; logger: Logger }) {}

  /** Fragments sent and dropped (backlog, closed channel) since the agent started. */
  get counts(): { sent: number; dropped: number } {
    return { sent: this.sent, dropped: this.dropped };
  }

  /** The server wants the stream or not; `on` again (a reconnect) sends the init segment and picture anew. */
  setStreaming(on: boolean): void {
    this.wanted = on;
    this.needKeyframe = true;
    if (on) this.sendStart();
  }

  /** A piece of ffmpeg's fMP4 output from recorder run `run`. */
  offer(piece: Fmp4Piece, run: number): void {
    if (piece.kind === 'init') {
      this.run = run;
      this.init = piece.data;
      this.gop = [];
      this.gopBytes = 0;
      this.needKeyframe = true;
      if (this.wanted) this.send(FMP4_INIT, piece.data, false, 0);
      return;
    }
    if (run !== this.run) return; // the init segment of its run was never seen
    const fragment: Fragment = { data: piece.data, keyframe: piece.keyframe, sequence: piece.sequence };
    if (fragment.keyframe) {
      this.gop = [fragment];
      this.gopBytes = fragment.data.length;
    } else if (this.gop.length > 0 && this.gopBytes + fragment.data.length <= MAX_GOP_BYTES) {
      this.gop.push(fragment);
      this.gopBytes += fragment.data.length;
    } else {
      this.gop = [];
      this.gopBytes = 0;
    }
    if (!this.wanted) return;
    if (this.needKeyframe && !fragment.keyframe) {
      this.dropped += 1;
      return;
    }
    this.sendFragment(fragment);
  }

  /** The init segment and the picture so far, so a viewer sees something at once. */
  private sendStart(): void {
    if (!this.init) return;
    if (!this.send(FMP4_INIT, this.init, false, 0)) return;
    for (const fragment of this.gop) if (!this.sendFragment(fragment)) return;
  }

  private sendFragment(fragment: Fragment): boolean {
    const { sink } = this.options;
    if (fragment.data.length > FMP4_MAX_MESSAGE_BYTES || sink.bufferedAmount > FRAGMENT_BACKLOG_BYTES) {
      this.dropped += 1;
      this.needKeyframe = true;
      return false;
    }
    if (!this.send(FMP4_FRAGMENT, fragment.data, fragment.keyframe, fragment.sequence)) return false;
    this.needKeyframe = false;
    this.sent += 1;
    return true;
  }

  private send(
    kind: typeof FMP4_INIT | typeof FMP4_FRAGMENT,
    data: Buffer,
    keyframe: boolean,
    sequence: number,
  ) {
    const ok = this.options.sink.sendBinary(encodeFmp4Message({ kind, keyframe, sequence, data }));
    if (!ok) {
      // The channel is down: the server asks again (stream on) once it is back, which restarts from here.
      this.dropped += 1;
      this.needKeyframe = true;
    }
    return ok;
  }
}
