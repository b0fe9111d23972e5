// Recently made on-demand segments, in memory, least recently used first out, bounded by bytes; so seeking
// back is instant. Concurrent requests for a segment being made share the one ffmpeg run.

export class SegmentCache {
  /** Insertion order is recency order: the first entry is the least recently used. */
  private readonly entries = new Map<string, Buffer>();
  private readonly making = new Map<string, Promise<Buffer>>();
  private totalBytes = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.totalBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): Buffer | undefined {
    const data = this.entries.get(key);
    if (data) {
      this.entries.delete(key);
      this.entries.set(key, data);
    }
    return data;
  }

  /** The cached segment, or make it (once, however many ask at the same time) and keep it. */
  getOrMake(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const cached = this.get(key);
    if (cached) return Promise.resolve(cached);
    const running = this.making.get(key);
    if (running) return running;
    const made = make()
      .then((data) => {
        this.put(key, data);
        return data;
      })
      .finally(() => this.making.delete(key));
    this.making.set(key, made);
    return made;
  }

  put(key: string, data: Buffer): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.totalBytes -= old.length;
    }
    if (data.length > this.maxBytes) return;
    this.entries.set(key, data);
    this.totalBytes += data.length;
    for (const [oldest, bytes] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.totalBytes -= bytes.length;
    }
  }
}
