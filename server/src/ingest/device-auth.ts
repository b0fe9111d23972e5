// Issues device tokens and tells which camera a bearer token speaks for.
import { randomBytes } from 'node:crypto';
import { DEVICE_TOKEN_PREFIX } from '@camwatch/contract/device';
import { hashToken } from '../lib/tokens.ts';
import type { DeviceIdentity, DeviceTokenRepository } from './device-token.repository.ts';

const TOKEN_SHAPE = /^cwd_[A-Za-z0-9_-]{43}$/;

export class DeviceAuth {
  constructor(private readonly tokens: DeviceTokenRepository) {}

  /** A new token for the camera; the only time the token itself is seen. */
  async issue(cameraId: number, label = ''): Promise<{ id: number; token: string }> {
    const token = `${DEVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const id = await this.tokens.insert(cameraId, hashToken(token), label);
    return { id, token };
  }

  /** The identity behind `Authorization: Bearer <token>`, or null for a missing, malformed, unknown or revoked token. */
  async resolve(authorization: string | undefined): Promise<DeviceIdentity | null> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    const token = match?.[1];
    if (!token || !TOKEN_SHAPE.test(token)) return null;
    return this.tokens.findActive(hashToken(token));
  }

  list(cameraId: number) {
    return this.tokens.listForCamera(cameraId);
  }

  revoke(cameraId: number, tokenId?: number): Promise<number> {
    return this.tokens.revoke(cameraId, tokenId);
  }
}

export type { DeviceIdentity };
