// Image addresses stay the same for ten minutes (so thumbnails are cached); each is valid at least the TTL.
import { describe, expect, it } from 'vitest';
import { MediaSigner } from '../../storage/signed-url.ts';
import { IMAGE_EXPIRY_STEP_MS, MediaUrls } from './media-urls.ts';

const TTL = 600_000;
const signer = new MediaSigner(Buffer.from('k'.repeat(32)), TTL);
const tokenOf = (url: string) => url.slice('/api/media/'.length);

describe('MediaUrls', () => {
  it('gives the same image address within a ten-minute step, valid at least the TTL, rounded up', () => {
    let now = Date.UTC(2026, 0, 1, 10, 0, 1);
    const urls = new MediaUrls(signer, TTL, () => now);
    const first = urls.image('thumbs/1/2026-01-01/1000.jpg');
    now += 5 * 60_000;
    expect(urls.image('thumbs/1/2026-01-01/1000.jpg')).toBe(first);
    const grant = signer.verify(tokenOf(first), now)!;
    expect(grant.key).toBe('thumbs/1/2026-01-01/1000.jpg');
    expect(grant.exp % IMAGE_EXPIRY_STEP_MS).toBe(0);
    expect(grant.exp).toBe(Date.UTC(2026, 0, 1, 10, 20, 0));

    now += 5 * 60_000; // the next step: a new address
    expect(urls.image('thumbs/1/2026-01-01/1000.jpg')).not.toBe(first);
  });

  it('names the newest thumbnail of a camera, or none', () => {
    const urls = new MediaUrls(signer, TTL);
    expect(urls.thumbnail(7, null)).toBeNull();
    const url = urls.thumbnail(7, new Date(Date.UTC(2026, 0, 1, 10, 5)))!;
    expect(signer.verify(tokenOf(url))?.key).toBe('thumbs/7/2026-01-01/1005.jpg');
  });
});
