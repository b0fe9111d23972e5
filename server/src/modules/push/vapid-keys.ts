// The VAPID key pair the server signs its pushes with (RFC 8292). From VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY
// when set; otherwise created at first start and kept in the settings table, so every node of a deployment
// (and every restart) uses the same pair and browsers' subscriptions stay valid.
import webpush from 'web-push';
import type { SettingsRepository } from '../settings/settings.repository.ts';

export interface VapidKeys {
  /** base64url, uncompressed P-256 point (65 bytes): what the browser subscribes with. */
  publicKey: string;
  /** base64url, 32 bytes. */
  privateKey: string;
}

const SETTING_KEY = 'vapid_keys';

const isVapidKeys = (value: unknown): value is VapidKeys =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VapidKeys).publicKey === 'string' &&
  typeof (value as VapidKeys).privateKey === 'string';

export async function loadVapidKeys(
  configured: VapidKeys | null,
  settings: SettingsRepository,
): Promise<VapidKeys> {
  if (configured) return configured;
  // The first node to start wins; the others read its pair.
  const stored = await settings.ensure(SETTING_KEY, webpush.generateVAPIDKeys());
  const value: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
  if (!isVapidKeys(value)) throw new Error(`settings.${SETTING_KEY} is not a VAPID key pair`);
  return value;
}
