import { describe, expect, it } from 'vitest';
import { SegmentCache } from './segment-cache.ts';

const bytes = (n: number) => Buffer.alloc(n, 1);

describe('SegmentCache', () => {
  it('evicts the least recently used segments once the byte budget is exceeded', async () => {
    const cache = new SegmentCache(300);
    await cache.getOrMake('a', async () => bytes(100));
    await cache.getOrMake('b', async () => bytes(100));
    await cache.getOrMake('c', async () => bytes(100));
    cache.get('a'); // a is now the most recent; b the least
    await cache.getOrMake('d', async () => bytes(100));
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].every((key) => cache.get(key))).toBe(true);
    expect(cache.bytes).toBe(300);
    cache.put('huge', bytes(301));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBe(300);
  });

  it('makes a segment once for concurrent requests and not again while cached', async () => {
    const cache = new SegmentCache(1000);
    let made = 0;
    const make = async () => {
      made++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return bytes(10);
    };
    const [one, two] = await Promise.all([cache.getOrMake('k', make), cache.getOrMake('k', make)]);
    expect(one).toBe(two);
    await cache.getOrMake('k', make);
    expect(made).toBe(1);
  });

  it('does not keep a failed make', async () => {
    const cache = new SegmentCache(1000);
    await expect(cache.getOrMake('k', () => Promise.reject(new Error('ffmpeg failed')))).rejects.toThrow();
    expect(await cache.getOrMake('k', async () => bytes(1))).toHaveLength(1);
  });
});
