// Server-wide secrets kept in the settings table, created once at first start, so every node of a
// deployment signs and checks with the same key (media addresses, later VAPID keys).
import { randomBytes } from 'node:crypto';
import type { SettingsRepository } from '../modules/settings/settings.repository.ts';

/** The secret stored under key, created (32 random bytes) if there is none yet. */
export async function ensureSecret(settings: SettingsRepository, key: string): Promise<Buffer> {
  const value = await settings.ensure(key, randomBytes(32).toString('base64'));
  return Buffer.from(String(value), 'base64');
}
