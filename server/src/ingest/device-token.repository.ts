// Device tokens: the credential of a camera agent. Only the SHA-256 of a token is stored.
import type { Db } from '../db/database.ts';

export interface DeviceIdentity {
  tokenId: number;
  cameraId: number;
  cameraCode: string;
  customerId: number;
}

export class DeviceTokenRepository {
  constructor(private readonly db: Db) {}

  async insert(cameraId: number, tokenHash: string, label: string): Promise<number> {
    const row = await this.db
      .insertInto('device_tokens')
      .values({ camera_id: cameraId, token_hash: tokenHash, label })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The camera a live (not revoked) token belongs to. */
  async findActive(tokenHash: string): Promise<DeviceIdentity | null> {
    const row = await this.db
      .selectFrom('device_tokens as t')
      .innerJoin('cameras as c', 'c.id', 't.camera_id')
      .select(['t.id as tokenId', 'c.id as cameraId', 'c.code as cameraCode', 'c.customer_id as customerId'])
      .where('t.token_hash', '=', tokenHash)
      .where('t.revoked_at', 'is', null)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The identities of those tokens that are still live (not revoked), read again in one query. */
  async findActiveByIds(tokenIds: readonly number[]): Promise<DeviceIdentity[]> {
    if (tokenIds.length === 0) return [];
    return this.db
      .selectFrom('device_tokens as t')
      .innerJoin('cameras as c', 'c.id', 't.camera_id')
      .select(['t.id as tokenId', 'c.id as cameraId', 'c.code as cameraCode', 'c.customer_id as customerId'])
      .where('t.id', 'in', tokenIds)
      .where('t.revoked_at', 'is', null)
      .execute();
  }

  async listForCamera(cameraId: number) {
    return this.db
      .selectFrom('device_tokens')
      .select(['id', 'label', 'created_at', 'last_used_at', 'revoked_at'])
      .where('camera_id', '=', cameraId)
      .orderBy('id')
      .execute();
  }

  /** Revokes the camera's live tokens that carry this label (the embedded demo's, from its previous start). */
  async revokeLabelled(cameraId: number, label: string): Promise<void> {
    await this.db
      .updateTable('device_tokens')
      .set({ revoked_at: new Date() })
      .where('camera_id', '=', cameraId)
      .where('label', '=', label)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes one token of the camera, or all of them when tokenId is omitted; answers how many. */
  async revoke(cameraId: number, tokenId?: number): Promise<number> {
    let query = this.db
      .updateTable('device_tokens')
      .set({ revoked_at: new Date() })
      .where('camera_id', '=', cameraId)
      .where('revoked_at', 'is', null);
    if (tokenId !== undefined) query = query.where('id', '=', tokenId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
