// Secrets of the installed agent's configuration (camera passwords, device tokens) kept encrypted at rest:
// AES-256-GCM (node:crypto) with a 32-byte key from the environment (CAMWATCH_AGENT_KEY) or a key file only
// its owner can read (mode 0600, made by `--seal` when there is none). A sealed value is
// `enc:v1:<base64url of iv (12 bytes) | tag (16 bytes) | ciphertext>`; the tag makes a changed value or a
// wrong key fail to open instead of giving garbage. Plain values are accepted (and warned about).
import crypto from 'node:crypto';
import fs from 'node:fs';

export const SEALED_PREFIX = 'enc:v1:';
export const KEY_ENV = 'CAMWATCH_AGENT_KEY';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds a sealed value to this use, so it cannot be replayed as something else. */
const AAD = Buffer.from('camwatch-agent-config:v1');

/** A problem with the configuration or its secrets, in words for the person installing the agent. */
export class ConfigError extends Error {}

export const isSealed = (value: string) => value.startsWith(SEALED_PREFIX);

/** A key as 64 hex digits or base64 of 32 bytes. */
export function parseKey(text: string, where: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32)
    throw new ConfigError(
      `${where} is not a key: it must be 64 hex digits (32 bytes), e.g. from \`openssl rand -hex 32\``,
    );
  return key;
}

/**
 * Reads the key file; refuses one that other users can read or write (as ssh does with private keys).
 * null when the file does not exist.
 */
export function readKeyFile(filePath: string): Buffer | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(filePath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ConfigError(`cannot read the key file ${filePath}: ${(error as Error).message}`);
  }
  if ((stat.mode & 0o077) !== 0)
    throw new ConfigError(
      `the key file ${filePath} can be read by other users (mode ${(stat.mode & 0o777).toString(8)}); run \`chmod 600 ${filePath}\``,
    );
  return parseKey(fs.readFileSync(filePath, 'utf8'), `the key file ${filePath}`);
}

/** Makes a new random key file readable by its owner only; fails if one exists (never overwrites a key). */
export function createKeyFile(filePath: string): Buffer {
  const key = crypto.randomBytes(32);
  fs.writeFileSync(filePath, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}

export function sealSecret(plain: string, key: Buffer): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens a sealed value; `where` names the field in the error (never the value). */
export function openSecret(sealed: string, key: Buffer | null, where: string): string {
  if (!key)
    throw new ConfigError(
      `${where} is encrypted but no key was found (set ${KEY_ENV} or the key file the configuration names)`,
    );
  const data = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  if (data.length < IV_BYTES + TAG_BYTES) throw new ConfigError(`${where} is not a valid encrypted value`);
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, data.subarray(0, IV_BYTES));
    decipher.setAAD(AAD);
    decipher.setAuthTag(data.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(data.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new ConfigError(
      `${where} cannot be decrypted: the key is not the one it was encrypted with, or the value was changed`,
    );
  }
}
