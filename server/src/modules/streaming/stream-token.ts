// Signed stream addresses: /api/streams/<token>/index.m3u8, where the token carries the camera, the mode,
// the recorded period (on_demand) and the expiry, signed with HMAC-SHA256 like MediaSigner's tokens. The
// key is derived from the media signing secret for this one purpose, so a media token never passes as a
// stream token nor the reverse. Segment addresses are relative to the playlist, so the same token signs
// them and hls.js needs no credentials.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type StreamGrant =
  | { mode: 'live'; cameraId: number; exp: number }
  | { mode: 'on_demand'; cameraId: number; exp: number; startMs: number; endMs: number };

interface Payload {
  c: number;
  m: 'l' | 'o';
  x: number;
  s?: number;
  e?: number;
}

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

export class StreamTokens {
  private readonly key: Buffer;

  constructor(mediaSigningSecret: Buffer) {
    this.key = createHmac('sha256', mediaSigningSecret).update('camwatch stream token v1').digest();
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }

  sign(grant: StreamGrant): string {
    const payload: Payload =
      grant.mode === 'live'
        ? { c: grant.cameraId, m: 'l', x: grant.exp }
        : { c: grant.cameraId, m: 'o', x: grant.exp, s: grant.startMs, e: grant.endMs };
    const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${encoded}.${this.mac(encoded)}`;
  }

  /** The grant of a valid, unexpired token; null otherwise. */
  verify(token: string, now = Date.now()): StreamGrant | null {
    const [encoded, mac, extra] = token.split('.');
    if (!encoded || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(encoded));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let payload: Partial<Payload>;
    try {
      payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<Payload>;
    } catch {
      return null;
    }
    if (!isInt(payload.c) || !isInt(payload.x) || payload.x < now) return null;
    if (payload.m === 'l') return { mode: 'live', cameraId: payload.c, exp: payload.x };
    if (payload.m === 'o' && isInt(payload.s) && isInt(payload.e))
      return { mode: 'on_demand', cameraId: payload.c, exp: payload.x, startMs: payload.s, endMs: payload.e };
    return null;
  }
}
