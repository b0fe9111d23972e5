// Random secrets and the one-way hashes we store instead of them (session tokens, app keys).
import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token as 64 hex characters. */
export const newToken = (): string => randomBytes(32).toString('hex');

/** SHA-256 of a high-entropy token; enough for tokens we generated (no need for a slow hash). */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A short public identifier such as `cam-k3x9p2m7qd`; not guessable, safe in URLs. */
export function newCode(prefix: string, length = 10): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return `${prefix}-${out}`;
}
