// The in-memory answers of GET api/cameras: reused only at the same browse version and within their life.
import { describe, expect, it } from 'vitest';
import { PreparedJson } from '../../http/prepared-json.ts';
import { CameraListCache } from './camera-list-cache.ts';

/** An answer; `kb` pads it to about that many KB. */
const answer = (total: number, kb = 0) => PreparedJson.of({ total, pad: 'x'.repeat(kb * 1024) });
const totalOf = (kept: PreparedJson | undefined) =>
  kept === undefined ? undefined : JSON.parse(kept.json.toString('utf8')).total;

describe('CameraListCache', () => {
  it('answers only at the version the answer was computed at', () => {
    const cache = new CameraListCache({ ttlMs: 5_000 });
    cache.set('1|p1', 7, answer(3));
    expect(totalOf(cache.get('1|p1', 7))).toBe(3);
    expect(cache.get('1|p1', 8)).toBeUndefined();
    // A stale entry is dropped, not kept for the old version.
    expect(cache.get('1|p1', 7)).toBeUndefined();
  });

  it('forgets an answer after its lifetime', () => {
    let now = 1_000;
    const cache = new CameraListCache({ ttlMs: 5_000, now: () => now });
    cache.set('k', 1, answer(1));
    now += 4_999;
    expect(cache.get('k', 1)).toBeDefined();
    now += 1;
    expect(cache.get('k', 1)).toBeUndefined();
  });

  it('keeps nothing when its lifetime is 0 (CAMERA_LIST_CACHE_SECONDS=0)', () => {
    const cache = new CameraListCache({ ttlMs: 0 });
    cache.set('k', 1, answer(1));
    expect(cache.get('k', 1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used first, by count and by size', () => {
    const cache = new CameraListCache({ ttlMs: 5_000, maxEntries: 2 });
    cache.set('a', 1, answer(1));
    cache.set('b', 1, answer(2));
    cache.get('a', 1); // a is now the most recently used
    cache.set('c', 1, answer(3));
    expect(cache.get('b', 1)).toBeUndefined();
    expect(totalOf(cache.get('a', 1))).toBe(1);
    expect(totalOf(cache.get('c', 1))).toBe(3);

    // An answer counts twice its JSON (room for its compressed forms).
    const small = new CameraListCache({ ttlMs: 5_000, maxBytes: 120 * 1024 });
    small.set('x', 1, answer(1, 40));
    small.set('y', 1, answer(2, 40)); // two of ~40 KB do not fit in 120 KB
    expect(small.get('x', 1)).toBeUndefined();
    expect(totalOf(small.get('y', 1))).toBe(2);
    small.set('z', 1, answer(3, 100)); // larger than the whole bound: not kept, nothing dropped for it
    expect(small.get('z', 1)).toBeUndefined();
    expect(totalOf(small.get('y', 1))).toBe(2);
  });
});
