// Blob keys are built from ids and times only, and every store refuses anything else.
import { describe, expect, it } from 'vitest';
import { assertSafeKey, blobKeys } from './blob-keys.ts';

describe('blobKeys', () => {
  it('names the UTC minute of a clip and a thumbnail', () => {
    const start = new Date('2026-11-21T07:01:00+09:00');
    expect(blobKeys.clip(12, start)).toBe('clips/12/2026-11-20/2201.mp4');
    expect(blobKeys.thumbnail(12, start)).toBe('thumbs/12/2026-11-20/2201.jpg');
    expect(blobKeys.download(5)).toBe('downloads/5.mp4');
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 60])('refuses the id %s', (id) => {
    expect(() => blobKeys.clip(id, new Date())).toThrow(/not an id/);
  });

  it('refuses an invalid time', () => {
    expect(() => blobKeys.clip(1, new Date('nope'))).toThrow(/invalid time/);
  });

  it('every key it builds passes assertSafeKey', () => {
    expect(() => assertSafeKey(blobKeys.clip(1, new Date()))).not.toThrow();
    expect(() => assertSafeKey(blobKeys.thumbnail(1, new Date()))).not.toThrow();
    expect(() => assertSafeKey(blobKeys.download(1))).not.toThrow();
  });

  it.each([
    '../x.mp4',
    '/etc/passwd',
    'clips/1/../../x.mp4',
    'clips//1.mp4',
    'clips/1/x.MP4',
    'clips\\1\\x.mp4',
    'clips/1/x.mp4\0.jpg',
    'clips/1/x.exe',
    '',
  ])('assertSafeKey refuses %j', (key) => {
    expect(() => assertSafeKey(key)).toThrow(/unsafe blob key/);
  });
});
