// A media body streamed to a temporary file instead of memory: counted against its size limit as it
// arrives (the caller's error beyond it, the rest of the body drained and dropped so the answer can still be
// sent) and hashed on the way, so the checksum needs no second read. A failed or cut upload leaves no file.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface UploadedFile {
  path: string;
  bytes: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
}

export interface ReceiveOptions {
  /** The folder the file is written in (created when missing). */
  dir: string;
  limit: number;
  /** The error for a body beyond limit. */
  tooLarge: () => Error;
}

/** Folders made (or found) already by this process: a clip a second need not ask for its folder each time. */
const madeDirs = new Set<string>();

/** Opens a new file in dir, making dir first when this process has not yet (or it was removed since). */
async function openNew(dir: string, file: string): Promise<fs.FileHandle> {
  if (!madeDirs.has(dir)) {
    await fs.mkdir(dir, { recursive: true });
    madeDirs.add(dir);
  }
  try {
    return await fs.open(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await fs.mkdir(dir, { recursive: true });
    return fs.open(file, 'wx');
  }
}

export async function receiveToFile(body: Readable, options: ReceiveOptions): Promise<UploadedFile> {
  const file = path.join(options.dir, `${randomUUID()}.upload`);
  const out = createWriteStream(file, { fd: await openNew(options.dir, file) });
  const hash = createHash('sha256');
  let bytes = 0;
  return new Promise<UploadedFile>((resolve, reject) => {
    let isSettled = false;
    let hasEnded = false;
    const detach = () => {
      body.off('data', onData);
      body.off('end', onEnd);
      body.off('error', fail);
      body.off('close', onClose);
    };
    function fail(error: Error) {
      if (isSettled) return;
      isSettled = true;
      detach();
      body.resume();
      out.destroy();
      void fs.rm(file, { force: true }).finally(() => reject(error));
    }
    function onData(chunk: Buffer) {
      bytes += chunk.length;
      if (bytes > options.limit) return fail(options.tooLarge());
      hash.update(chunk);
      if (!out.write(chunk)) {
        body.pause();
        out.once('drain', () => body.resume());
      }
    }
    function onEnd() {
      hasEnded = true;
      detach();
      out.end(() => {
        if (isSettled) return;
        isSettled = true;
        resolve({ path: file, bytes, sha256: hash.digest('hex') });
      });
    }
    // A client that goes away mid-upload closes the request without an end.
    function onClose() {
      if (!hasEnded) fail(new Error('the upload was cut off before its end'));
    }
    out.on('error', fail);
    body.on('data', onData);
    body.on('end', onEnd);
    body.on('error', fail);
    body.on('close', onClose);
  });
}

/** Removes an uploaded file; safe to call more than once (one unlink, no lookup first). */
export async function discardUpload(upload: UploadedFile): Promise<void> {
  try {
    await fs.unlink(upload.path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
