// Deterministic randomness for the simulator: a hash of integers, so any value (a person's colour, a
// car's speed) is a pure function of the seed and its keys, never of what was drawn before.

/** A 32-bit hash of integer keys (murmur-style mixing). */
export function hashInts(...keys: number[]): number {
  let h = 0x9e3779b9;
  for (const key of keys) {
    let k = Math.imul(key | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A number in [0, 1) from integer keys. */
export function random01(...keys: number[]): number {
  return hashInts(...keys) / 0x1_0000_0000;
}

/** A number in [min, max) from integer keys. */
export function randomBetween(min: number, max: number, ...keys: number[]): number {
  return min + (max - min) * random01(...keys);
}
