// IngestService on the real database and ffprobe, with hooks the routes cannot reach: what follows a stored
// clip, whether live is wanted, how often "seen" is written, and a blob store that fails.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeClip, minuteAgo, sha256 } from '../../test/helpers/media-fixtures.ts';
import { createLocationAndCamera, createTenant } from '../../test/helpers/test-app.ts';
import { testDb } from '../../test/helpers/test-database.ts';
import type { Db } from '../db/database.ts';
import { ffprobeRunner } from '../video/probe.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { FsBlobStore } from '../storage/fs-blob-store.ts';
import { ClipRepository } from './clip.repository.ts';
import { DeviceAuth } from './device-auth.ts';
import { DeviceCameraRepository } from './device-camera.repository.ts';
import { DeviceTokenRepository, type DeviceIdentity } from './device-token.repository.ts';
import { IngestService, SEEN_WRITE_INTERVAL_MS, type IngestServiceOptions } from './ingest.service.ts';
import { uniqueDataDir } from './ingest-test-kit.ts';
import { ThumbnailRepository } from './thumbnail.repository.ts';
import type { UploadedFile } from './upload-to-file.ts';

let db: Db;
let dir: string;
let clip: Buffer;
/** The clip as the routes hand it over: streamed to a file, hashed on the way. */
let upload: UploadedFile;
beforeAll(async () => {
  db = await testDb();
  dir = await uniqueDataDir('ingest-service');
  clip = await makeClip({ seconds: 3 });
  const file = path.join(dir, 'clip.upload');
  await fs.writeFile(file, clip);
  upload = { path: file, bytes: clip.length, sha256: sha256(clip) };
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function device(): Promise<DeviceIdentity> {
  const { customer } = await createTenant(db);
  const { camera } = await createLocationAndCamera(db, customer.id);
  const { id } = await new DeviceAuth(new DeviceTokenRepository(db)).issue(camera.id);
  return { tokenId: id, cameraId: camera.id, cameraCode: camera.code, customerId: customer.id };
}

function service(options: Partial<IngestServiceOptions> = {}) {
  return new IngestService({
    clips: new ClipRepository(db),
    thumbnails: new ThumbnailRepository(db),
    cameras: new DeviceCameraRepository(db),
    blobs: new FsBlobStore(dir),
    probe: ffprobeRunner('ffprobe'),
    uploadDir: dir,
    ...options,
  });
}

const query = (body: Buffer) => ({ duration_ms: 3000, sha256: sha256(body), offset_ms: 0 });

describe('IngestService', () => {
  it('calls onClipStored once for a new clip, never for its duplicate', async () => {
    const onClipStored = vi.fn();
    const ingest = service({ onClipStored });
    const cam = await device();
    const start = minuteAgo(2);
    await ingest.uploadClip(cam, start.toISOString(), query(clip), upload);
    await ingest.uploadClip(cam, start.toISOString(), query(clip), upload);
    expect(onClipStored).toHaveBeenCalledTimes(1);
    expect(onClipStored).toHaveBeenCalledWith(
      expect.objectContaining({
        cameraId: cam.cameraId,
        cameraCode: cam.cameraCode,
        customerId: cam.customerId,
        startTime: start,
        durationMs: 3000,
        bytes: clip.length,
        width: 160,
        height: 90,
      }),
    );
  });

  it('a failing onClipStored is logged; the upload still succeeds', async () => {
    const logger = { error: vi.fn() };
    const ingest = service({
      onClipStored: () => Promise.reject(new Error('queue down')),
      logger,
    });
    const answer = await ingest.uploadClip(await device(), minuteAgo(2).toISOString(), query(clip), upload);
    expect(answer.stored).toBe('new');
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'onClipStored failed',
    );
  });

  it('writes no row when the blob store fails', async () => {
    const failing: BlobStore = {
      kind: 'fs',
      put: () => Promise.reject(new Error('disk full')),
      putFile: () => Promise.reject(new Error('disk full')),
      head: async () => null,
      get: async () => null,
      delete: async () => {},
    };
    const cam = await device();
    const start = minuteAgo(2);
    await expect(
      service({ blobs: failing }).uploadClip(cam, start.toISOString(), query(clip), upload),
    ).rejects.toThrow(/disk full/);
    expect(await new ClipRepository(db).piecesOfMinute(cam.cameraId, start)).toEqual([]);
  });

  it('answers whether live is wanted from the function it was given', async () => {
    const cam = await device();
    const isLiveWanted = vi.fn((cameraId: number) => cameraId === cam.cameraId);
    expect((await service({ isLiveWanted }).heartbeat(cam)).live).toBe(true);
    expect(isLiveWanted).toHaveBeenCalledWith(cam.cameraId);
    expect((await service().deviceAnswer(cam)).live).toBe(false);
  });

  it('writes last_seen_at and last_used_at at most once per interval', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const ingest = service({ now: () => now });
    const cam = await device();
    const seen = async () => {
      const camera = await db
        .selectFrom('cameras')
        .select('last_seen_at')
        .where('id', '=', cam.cameraId)
        .executeTakeFirstOrThrow();
      const token = await db
        .selectFrom('device_tokens')
        .select('last_used_at')
        .where('id', '=', cam.tokenId)
        .executeTakeFirstOrThrow();
      return [camera.last_seen_at?.getTime(), token.last_used_at?.getTime()];
    };
    const first = now;
    await ingest.noteSeen(cam);
    now += SEEN_WRITE_INTERVAL_MS - 1;
    await ingest.noteSeen(cam);
    expect(await seen()).toEqual([first, first]);
    now += 1;
    await ingest.noteSeen(cam);
    expect(await seen()).toEqual([now, now]);
  });
});
