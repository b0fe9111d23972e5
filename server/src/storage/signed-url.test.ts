// Signed media addresses: valid only as signed, only with our secret, only until they expire.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MediaSigner } from './signed-url.ts';

const secret = Buffer.from('0123456789abcdef0123456789abcdef');
const signer = new MediaSigner(secret, 60_000);
const key = 'clips/1/2026-11-21/0701.mp4';
const now = Date.parse('2026-11-21T07:05:00Z');

describe('MediaSigner', () => {
  it('verifies its own token and returns the grant', () => {
    const token = signer.token(key, { now, filename: 'a.mp4' });
    expect(signer.verify(token, now + 1000)).toEqual({ key, exp: now + 60_000, filename: 'a.mp4' });
    expect(signer.url(key)).toMatch(/^\/api\/media\/[\w-]+\.[\w-]+$/);
  });

  it('refuses an expired token', () => {
    const token = signer.token(key, { now, ttlMs: 1000 });
    expect(signer.verify(token, now + 1000)).not.toBeNull();
    expect(signer.verify(token, now + 1001)).toBeNull();
  });

  it('refuses a token signed with another secret', () => {
    const other = new MediaSigner(Buffer.from('another secret of some length!!'), 60_000);
    expect(signer.verify(other.token(key, { now }), now)).toBeNull();
  });

  it('refuses a tampered payload or signature', () => {
    const [payload, mac] = signer.token(key, { now }).split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ key: 'clips/2/2026-11-21/0701.mp4', exp: now + 60_000 }),
    ).toString('base64url');
    const longer = Buffer.from(JSON.stringify({ key, exp: now + 10 ** 9 })).toString('base64url');
    for (const token of [
      `${forged}.${mac}`,
      `${longer}.${mac}`,
      `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${payload}.`,
      `${payload}.${mac}.extra`,
      payload,
      '',
    ])
      expect(signer.verify(token, now), token).toBeNull();
  });

  it('refuses to sign an unsafe key, and a signed unsafe key does not verify', () => {
    expect(() => signer.token('../etc/passwd')).toThrow(/unsafe blob key/);
    const payload = Buffer.from(JSON.stringify({ key: '../etc/passwd', exp: now + 60_000 })).toString(
      'base64url',
    );
    const mac = createHmac('sha256', secret).update(payload).digest('base64url');
    expect(signer.verify(`${payload}.${mac}`, now)).toBeNull();
  });
});
