// Short-lived signed media addresses: /api/media/<token>, where the token carries the blob key, its
// expiry and an optional download file name, signed with HMAC-SHA256. The media route serves a blob
// only for a valid, unexpired token, so a URL can be handed to <video>, hls.js or a download link
// without a session, and stops working after its time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertSafeKey } from './blob-keys.ts';

export interface MediaGrant {
  key: string;
  /** Expiry, ms since the epoch. */
  exp: number;
  /** When set, the answer is an attachment with this file name. */
  filename?: string;
}

export class MediaSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly ttlMs: number,
  ) {}

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  token(key: string, options: { filename?: string; ttlMs?: number; now?: number } = {}): string {
    assertSafeKey(key);
    const grant: MediaGrant = { key, exp: (options.now ?? Date.now()) + (options.ttlMs ?? this.ttlMs) };
    if (options.filename) grant.filename = options.filename;
    const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  url(key: string, options: { filename?: string; ttlMs?: number } = {}): string {
    return `/api/media/${this.token(key, options)}`;
  }

  /** The grant of a valid, unexpired token; null otherwise. */
  verify(token: string, now = Date.now()): MediaGrant | null {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let grant: MediaGrant;
    try {
      grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as MediaGrant;
    } catch {
      return null;
    }
    if (typeof grant.exp !== 'number' || grant.exp < now || typeof grant.key !== 'string') return null;
    try {
      assertSafeKey(grant.key);
    } catch {
      return null;
    }
    return grant;
  }
}
