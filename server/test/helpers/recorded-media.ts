// Recorded media put in place for tests without the ingest API: the blob under its real key in the app's
// blob store, then the clips / thumbnails row (and cameras.latest_thumb_at), as ingest would leave them.
// createMediaTestApp gives each test file its own DATA_DIR, so blob keys (built from per-database camera
// ids) never collide between test workers.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { MotionSpan } from '../../src/db/schema.ts';
import { blobKeys } from '../../src/storage/blob-keys.ts';
import { sha256 } from './media-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export async function createMediaTestApp(
  env: Record<string, string> = {},
): Promise<TestApp & { cleanup: () => Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-media-app-'));
  const t = await createTestApp({ ...env, DATA_DIR: dataDir });
  return {
    ...t,
    cleanup: async () => {
      await t.app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

type MediaApp = Pick<TestApp, 'db' | 'services'>;

export async function putClip(
  t: MediaApp,
  cameraId: number,
  start: Date,
  data: Buffer,
  fields: { offsetMs?: number; durationMs?: number; motionState?: boolean; motionEvents?: MotionSpan[] } = {},
) {
  const key = blobKeys.clip(cameraId, start, fields.offsetMs ?? 0);
  await t.services.blobs.put(key, data, 'video/mp4');
  return t.db
    .insertInto('clips')
    .values({
      camera_id: cameraId,
      start_time: start,
      duration_ms: fields.durationMs ?? 60_000 - (fields.offsetMs ?? 0),
      offset_ms: fields.offsetMs ?? 0,
      bytes: data.length,
      sha256: sha256(data),
      blob_key: key,
      motion_state: fields.motionState ?? null,
      motion_events: JSON.stringify(fields.motionEvents ?? []),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function putThumbnail(t: MediaApp, cameraId: number, start: Date, data: Buffer) {
  const key = blobKeys.thumbnail(cameraId, start);
  await t.services.blobs.put(key, data, 'image/jpeg');
  await t.db
    .insertInto('thumbnails')
    .values({ camera_id: cameraId, start_time: start, blob_key: key, bytes: data.length })
    .execute();
  await t.db
    .updateTable('cameras')
    .set({ latest_thumb_at: sql<Date>`GREATEST(COALESCE(latest_thumb_at, ${start}), ${start})` })
    .where('id', '=', cameraId)
    .execute();
  return key;
}

/** The blob key a signed media address (`/api/media/<token>`) grants, or null when it does not verify. */
export function grantedKey(t: Pick<TestApp, 'services'>, url: string | null): string | null {
  if (!url?.startsWith('/api/media/')) return null;
  return t.services.mediaSigner.verify(url.slice('/api/media/'.length))?.key ?? null;
}
