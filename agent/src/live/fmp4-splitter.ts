// Splits ffmpeg's fragmented MP4 byte stream (movflags frag_every_frame+empty_moov+default_base_moof) into
// what a live viewer needs: the init segment (ftyp + moov, once per ffmpeg run) and media fragments
// (moof + mdat, one frame each), telling which fragments start with a keyframe (a viewer may begin there).
// Box sizes come from the stream; a box too large or malformed ends the splitter (the recorder's output
// is then lost until ffmpeg restarts) rather than buffering without bound.

export type Fmp4Piece =
  { kind: 'init'; data: Buffer } | { kind: 'fragment'; data: Buffer; keyframe: boolean; sequence: number };

/** The largest box accepted (a keyframe of a 4K camera at a high bitrate stays well under this). */
const FMP4_MAX_BOX_BYTES = 4 * 1024 * 1024;

/** ISO BMFF sample flags: sample_is_non_sync_sample. */
const NON_SYNC = 0x10000;

interface Box {
  type: string;
  start: number;
  end: number;
}

function* children(buffer: Buffer, start: number, end: number): Generator<Box> {
  let at = start;
  while (at + 8 <= end) {
    const size = buffer.readUInt32BE(at);
    if (size < 8 || at + size > end) return;
    yield { type: buffer.toString('latin1', at + 4, at + 8), start: at, end: at + size };
    at += size;
  }
}

/**
 * Whether a moof's first sample is a sync sample, and its mfhd sequence number. The first sample's flags
 * are trun's first_sample_flags, else its own sample flags, else tfhd's default_sample_flags; without any
 * (trex defaults, which ffmpeg does not rely on here) it counts as not a keyframe.
 */
function describeMoof(moof: Buffer): { keyframe: boolean; sequence: number } {
  let sequence = 0;
  let keyframe = false;
  for (const box of children(moof, 8, moof.length)) {
    if (box.type === 'mfhd' && box.end - box.start >= 16) sequence = moof.readUInt32BE(box.start + 12);
    if (box.type !== 'traf') continue;
    let defaultFlags: number | null = null;
    for (const inner of children(moof, box.start + 8, box.end)) {
      const flags = moof.readUInt32BE(inner.start + 8) & 0xffffff;
      if (inner.type === 'tfhd') {
        // track_ID, then the optional fields in flag order.
        let at = inner.start + 16;
        if (flags & 0x1) at += 8; // base_data_offset
        if (flags & 0x2) at += 4; // sample_description_index
        if (flags & 0x8) at += 4; // default_sample_duration
        if (flags & 0x10) at += 4; // default_sample_size
        if (flags & 0x20 && at + 4 <= inner.end) defaultFlags = moof.readUInt32BE(at);
      } else if (inner.type === 'trun') {
        let at = inner.start + 16; // sample_count read past
        if (flags & 0x1) at += 4; // data_offset
        let first: number | null = null;
        if (flags & 0x4) {
          first = moof.readUInt32BE(at);
        } else if (flags & 0x400) {
          if (flags & 0x100) at += 4; // sample_duration
          if (flags & 0x200) at += 4; // sample_size
          first = moof.readUInt32BE(at);
        }
        const sampleFlags = first ?? defaultFlags;
        keyframe = sampleFlags !== null && (sampleFlags & NON_SYNC) === 0;
        return { keyframe, sequence };
      }
    }
  }
  return { keyframe, sequence };
}

export class Fmp4Splitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Top-level boxes read but not yet handed on: ftyp waits for its moov, moof for its mdat. */
  private held: Buffer[] = [];
  private failed = false;

  /** Takes the next bytes; answers the pieces they complete. */
  push(chunk: Buffer): Fmp4Piece[] {
    if (this.failed) return [];
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    const pieces: Fmp4Piece[] = [];
    for (;;) {
      if (this.pendingBytes < 8) break;
      const head = this.peek(8);
      const size = head.readUInt32BE(0);
      if (size < 8 || size > FMP4_MAX_BOX_BYTES) {
        this.failed = true;
        this.pending = [];
        this.pendingBytes = 0;
        throw new Error(`fragmented MP4: a box of ${size} bytes`);
      }
      if (this.pendingBytes < size) break;
      const box = this.take(size);
      const piece = this.box(box, head.toString('latin1', 4, 8));
      if (piece) pieces.push(piece);
    }
    return pieces;
  }

  private box(box: Buffer, type: string): Fmp4Piece | null {
    switch (type) {
      case 'ftyp':
        this.held = [box];
        return null;
      case 'moov': {
        const data = Buffer.concat([...this.held, box]);
        this.held = [];
        return { kind: 'init', data };
      }
      case 'moof':
        this.held = [box];
        return null;
      case 'mdat': {
        const moof = this.held[0];
        this.held = [];
        if (!moof) return null;
        return { kind: 'fragment', data: Buffer.concat([moof, box]), ...describeMoof(moof) };
      }
      default:
        // styp, sidx, mfra (the trailer) and the like: nothing a live viewer needs.
        return null;
    }
  }

  private peek(bytes: number): Buffer {
    if (this.pending[0]!.length < bytes) this.pending = [Buffer.concat(this.pending)];
    return this.pending[0]!.subarray(0, bytes);
  }

  private take(bytes: number): Buffer {
    if (this.pending[0]!.length < bytes) this.pending = [Buffer.concat(this.pending)];
    const first = this.pending[0]!;
    const box = Buffer.from(first.subarray(0, bytes));
    if (first.length === bytes) this.pending.shift();
    else this.pending[0] = first.subarray(bytes);
    this.pendingBytes -= bytes;
    return box;
  }
}
