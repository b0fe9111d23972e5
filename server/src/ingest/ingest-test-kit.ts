// Shared by the ingest and media tests: a camera with a device token, upload requests, and a look at
// what ended up stored (rows and blob files under this test file's own DATA_DIR).
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { InjectOptions } from 'fastify';
import { createLocationAndCamera, createTenant, type TestApp } from '../../test/helpers/test-app.ts';
import { sha256 } from '../../test/helpers/media-fixtures.ts';

const run = promisify(execFile);

export interface DeviceCamera {
  cameraId: number;
  code: string;
  customerId: number;
  token: string;
  tokenId: number;
}

export async function deviceCamera(t: TestApp, name = 'Gate'): Promise<DeviceCamera> {
  const { customer } = await createTenant(t.db);
  const { camera } = await createLocationAndCamera(t.db, customer.id, name);
  const { id, token } = await t.services.deviceAuth.issue(camera.id, 'test');
  return { cameraId: camera.id, code: camera.code, customerId: customer.id, token, tokenId: id };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function clipUpload(
  cam: Pick<DeviceCamera, 'code' | 'token'>,
  start: Date | string,
  body: Buffer,
  query: { duration_ms?: number; sha256?: string; offset_ms?: number } = {},
): InjectOptions {
  const startTime = typeof start === 'string' ? start : start.toISOString();
  const search = new URLSearchParams({
    duration_ms: String(query.duration_ms ?? 3000),
    sha256: query.sha256 ?? sha256(body),
    ...(query.offset_ms === undefined ? {} : { offset_ms: String(query.offset_ms) }),
  });
  return {
    method: 'PUT',
    url: `/api/ingest/cameras/${cam.code}/clips/${startTime}?${search.toString()}`,
    headers: { ...bearer(cam.token), 'content-type': 'video/mp4' },
    payload: body,
  };
}

export function thumbnailUpload(
  cam: Pick<DeviceCamera, 'code' | 'token'>,
  start: Date,
  body: Buffer,
): InjectOptions {
  return {
    method: 'PUT',
    url: `/api/ingest/cameras/${cam.code}/thumbnails/${start.toISOString()}`,
    headers: { ...bearer(cam.token), 'content-type': 'image/jpeg' },
    payload: body,
  };
}

/** Every file under dir (relative paths), or [] when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

export const uniqueDataDir = (label: string) => fs.mkdtemp(path.join(os.tmpdir(), `cw-${label}-`));

/** An MP4 whose video is not H.264 (MPEG-4 Part 2), made by ffmpeg. */
export async function makeMpeg4Clip(seconds: number): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-mpeg4-'));
  const out = path.join(dir, 'clip.mp4');
  try {
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `color=c=0x405060:s=160x90:r=5:d=${seconds}`,
      '-c:v',
      'mpeg4',
      out,
    ]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
