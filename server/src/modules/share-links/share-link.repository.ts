// Shareable clip links in SQL. The signed-in calls are scoped by the creator (a user sees and revokes only the links
// they made) and the camera by the customer; the public calls find a link by its token's hash alone, and then read
// only that link's camera and range.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { cameraClipsBetween, customerCamera } from '../../db/scoped-queries.ts';

/** The most links a user's list shows. */
export const SHARE_LINK_LIST_LIMIT = 200;

const linkColumns = [
  'l.id',
  'l.customer_id',
  'l.camera_id',
  'l.created_by',
  'l.start_time',
  'l.end_time',
  'l.expires_at',
  'l.allow_download',
  'l.download_id',
  'l.token_hash',
  'l.revoked_at',
  'l.view_count',
  'l.last_viewed_at',
  'l.created_at',
  'c.code as camera_code',
  'c.name as camera_name',
] as const;

export class ShareLinkRepository {
  constructor(private readonly db: Db) {}

  findCamera(customerId: number, cameraCode: string) {
    return customerCamera(this.db, customerId, cameraCode).select(['id', 'code', 'name']).executeTakeFirst();
  }

  /** How many minutes of [start, end) the camera recorded. */
  async recordedMinutes(cameraId: number, start: Date, end: Date): Promise<number> {
    const row = await cameraClipsBetween(this.db, cameraId, start, end)
      .clearOrderBy()
      .select(sql<string>`count(distinct start_time)`.as('minutes'))
      .executeTakeFirstOrThrow();
    return Number(row.minutes);
  }

  async insert(values: {
    customerId: number;
    cameraId: number;
    createdBy: number;
    start: Date;
    end: Date;
    expiresAt: Date;
    allowDownload: boolean;
    downloadId: number | null;
    tokenHash: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('share_links')
      .values({
        customer_id: values.customerId,
        camera_id: values.cameraId,
        created_by: values.createdBy,
        start_time: values.start,
        end_time: values.end,
        expires_at: values.expiresAt,
        allow_download: values.allowDownload,
        download_id: values.downloadId,
        token_hash: values.tokenHash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  private links() {
    return this.db.selectFrom('share_links as l').innerJoin('cameras as c', 'c.id', 'l.camera_id');
  }

  /** The user's links, newest first. */
  listByCreator(userId: number) {
    return this.links()
      .select(linkColumns)
      .where('l.created_by', '=', userId)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(SHARE_LINK_LIST_LIMIT)
      .execute();
  }

  /** One link the user made (of their customer); undefined for anyone else's. */
  findOwn(customerId: number, userId: number, linkId: number) {
    return this.links()
      .select(linkColumns)
      .where('l.customer_id', '=', customerId)
      .where('l.created_by', '=', userId)
      .where('l.id', '=', linkId)
      .executeTakeFirst();
  }

  /** Marks the link revoked (once: a second revoke keeps the first time). */
  async revoke(linkId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('share_links')
      .set({ revoked_at: at })
      .where('id', '=', linkId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** The link of a token's hash, with whether its creator may still show recordings. */
  findByTokenHash(tokenHash: string) {
    return this.links()
      .innerJoin('users as u', 'u.id', 'l.created_by')
      .select(linkColumns)
      .select(['u.perm_archive as creator_has_archive'])
      .where('l.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async countView(linkId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('share_links')
      .set({ view_count: sql`view_count + 1`, last_viewed_at: at })
      .where('id', '=', linkId)
      .execute();
  }

  /** The camera's clip pieces of [start, end), oldest first. */
  clipsIn(cameraId: number, start: Date, end: Date) {
    return cameraClipsBetween(this.db, cameraId, start, end)
      .select(['id', 'start_time', 'offset_ms', 'duration_ms'])
      .execute();
  }

  /** A clip of the camera whose minute lies in [start, end); undefined otherwise. */
  findClip(cameraId: number, clipId: number, start: Date, end: Date) {
    return cameraClipsBetween(this.db, cameraId, start, end)
      .clearOrderBy()
      .select(['id', 'blob_key'])
      .where('id', '=', clipId)
      .executeTakeFirst();
  }

  /** The download a link asked for. */
  findDownload(downloadId: number) {
    return this.db
      .selectFrom('downloads')
      .select(['id', 'status', 'blob_key', 'time_zone'])
      .where('id', '=', downloadId)
      .executeTakeFirst();
  }
}

export type ShareLinkRow = NonNullable<Awaited<ReturnType<ShareLinkRepository['findOwn']>>>;
