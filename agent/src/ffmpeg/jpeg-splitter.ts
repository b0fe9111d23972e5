// Cuts a byte stream of concatenated JPEGs (ffmpeg's image2pipe) into whole images as the bytes arrive,
// so a still is handed on the moment its last byte is read. Walks the JPEG markers instead of searching
// for FF D9 blindly: header segments are skipped by their length and only the entropy-coded data is
// scanned, where a literal FF is always stuffed (FF 00) and FF D9 can only be the end of the image.

/** A picture larger than this is not a still but a broken stream; the splitter starts over. */
const MAX_JPEG_BYTES = 16 * 1024 * 1024;

type State = 'start' | 'segments' | 'entropy';

export class JpegSplitter {
  private pending: Buffer = Buffer.alloc(0);
  private pos = 0;
  private state: State = 'start';

  /** Feeds bytes; answers every image completed by them, oldest first. */
  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const images: Buffer[] = [];
    for (;;) {
      const progressed = this.step(images);
      if (!progressed) break;
    }
    if (this.pending.length > MAX_JPEG_BYTES) this.resync(this.pending.length);
    return images;
  }

  /** One parsing step; false when more bytes are needed. */
  private step(images: Buffer[]): boolean {
    const data = this.pending;
    if (this.state === 'start') {
      const soi = findSoi(data, 0);
      if (soi < 0) {
        // Keep a trailing FF: it may be the first half of the next image's start marker.
        this.pending =
          data.length > 0 && data[data.length - 1] === 0xff ? data.subarray(-1) : Buffer.alloc(0);
        return false;
      }
      this.pending = data.subarray(soi);
      this.pos = 2;
      this.state = 'segments';
      return true;
    }
    if (this.state === 'segments') {
      if (this.pos + 2 > data.length) return false;
      if (data[this.pos] !== 0xff) {
        this.resync(1);
        return true;
      }
      const marker = data[this.pos + 1] ?? 0;
      if (marker === 0xff) {
        this.pos += 1; // fill byte
        return true;
      }
      if (marker === 0xd9) {
        this.emit(this.pos + 2, images);
        return true;
      }
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        this.pos += 2; // markers without a length
        return true;
      }
      if (this.pos + 4 > data.length) return false;
      const length = data.readUInt16BE(this.pos + 2);
      if (this.pos + 2 + length > data.length) return false;
      this.pos += 2 + length;
      if (marker === 0xda) this.state = 'entropy';
      return true;
    }
    // entropy-coded data of a scan
    const ff = data.indexOf(0xff, this.pos);
    if (ff < 0 || ff + 1 >= data.length) {
      this.pos = ff < 0 ? data.length : ff;
      return false;
    }
    const next = data[ff + 1] ?? 0;
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
      this.pos = ff + 2;
    } else if (next === 0xd9) {
      this.emit(ff + 2, images);
    } else {
      // Another marker segment (a progressive JPEG's next scan, or a table).
      this.pos = ff;
      this.state = 'segments';
    }
    return true;
  }

  private emit(end: number, images: Buffer[]): void {
    images.push(Buffer.from(this.pending.subarray(0, end)));
    this.pending = this.pending.subarray(end);
    this.pos = 0;
    this.state = 'start';
  }

  /** Drops a broken image: looks for the next start marker after `skip` bytes. */
  private resync(skip: number): void {
    this.pending = this.pending.subarray(Math.min(skip, this.pending.length));
    this.pos = 0;
    this.state = 'start';
  }
}

function findSoi(data: Buffer, from: number): number {
  let i = data.indexOf(0xff, from);
  while (i >= 0 && i + 2 < data.length) {
    if (data[i + 1] === 0xd8 && data[i + 2] === 0xff) return i;
    i = data.indexOf(0xff, i + 1);
  }
  return -1;
}
