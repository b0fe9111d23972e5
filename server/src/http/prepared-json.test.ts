// Prepared JSON answers: the coding chosen from Accept-Encoding, and compressed forms that decode to the JSON.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PreparedJson, preferredCoding } from './prepared-json.ts';

describe('preferredCoding', () => {
  it('prefers Brotli, then gzip, as browsers send them', () => {
    expect(preferredCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredCoding('gzip, deflate')).toBe('gzip');
    expect(preferredCoding(['gzip', 'br'])).toBe('br');
  });

  it('honours q=0 and the wildcard, and answers null for none', () => {
    expect(preferredCoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip;q=0')).toBeNull();
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('identity')).toBeNull();
    expect(preferredCoding('deflate')).toBeNull();
    expect(preferredCoding('')).toBeNull();
    expect(preferredCoding(undefined)).toBeNull();
    expect(preferredCoding('br;q=abc')).toBeNull();
  });
});

describe('PreparedJson', () => {
  const value = { data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `カメラ ${i}` })) };

  it('compresses once per coding, to bytes that decode to the same JSON', () => {
    const prepared = PreparedJson.of(value);
    const br = prepared.encodedAs('br');
    const gzip = prepared.encodedAs('gzip');
    expect(JSON.parse(zlib.brotliDecompressSync(br).toString('utf8'))).toEqual(value);
    expect(JSON.parse(zlib.gunzipSync(gzip).toString('utf8'))).toEqual(value);
    expect(br.length).toBeLessThan(prepared.json.length / 4);
    expect(prepared.encodedAs('br')).toBe(br); // kept, not made again
    expect(prepared.encodedAs(null)).toBe(prepared.json);
    expect(prepared.size).toBe(prepared.json.length + br.length + gzip.length);
  });
});
