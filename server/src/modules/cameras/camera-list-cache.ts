// Answers of GET api/cameras kept in memory for a few seconds, per customer and query.
//
// An answer is reused only while the customer's browse version (customers.browse_version, read with the
// session on every request, kept by database triggers — migration 0010) is the one it was computed at, so a
// renamed camera, a new tag, a camera going down show on the very next request, on every API node. What the
// version leaves out are the thumbnail addresses (a new thumbnail every minute per camera): those lag by at
// most the cache's lifetime. Bounded by entries and by bytes; the least recently used go first.
//
// What is kept is the answer's JSON as UTF-8 bytes, checked and encoded once by the call's response schema,
// with its Brotli and gzip forms made the first time a client asks for them: a kept answer is written to the
// socket as it is, so a hit costs neither the query, nor the schema check of 50 items (which took longer
// than the query itself), nor encoding 40 KB of mostly Japanese text again, nor compressing it again.
import type { PreparedJson } from '../../http/prepared-json.ts';

interface Entry {
  version: number;
  expiresAt: number;
  answer: PreparedJson;
}

export interface CameraListCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

export class CameraListCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;

  constructor(private readonly options: CameraListCacheOptions) {
    this.maxEntries = options.maxEntries ?? 2_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  /** The kept answer for this key if it was computed at `version` and has not expired. */
  get(key: string, version: number): PreparedJson | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || entry.expiresAt <= this.now()) {
      this.remove(key, entry);
      return undefined;
    }
    // Most recently used last, so eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  set(key: string, version: number, answer: PreparedJson): void {
    if (!this.enabled) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    if (this.sizeOf(answer) > this.maxBytes) return;
    this.entries.set(key, { version, expiresAt: this.now() + this.options.ttlMs, answer });
    this.bytes += this.sizeOf(answer);
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= this.sizeOf(entry.answer);
  }

  /**
   * Bytes a kept answer takes, with its key and bookkeeping, counted once when it is kept: its JSON twice,
   * room for its compressed forms made later (each a fraction of the JSON).
   */
  private sizeOf(answer: PreparedJson): number {
    return 256 + 2 * answer.json.length;
  }
}
