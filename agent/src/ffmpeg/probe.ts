// Facts about a finished clip file: its duration as ffprobe reads it (the server checks the same way) and
// its SHA-256.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';

/** ffprobe's duration of a media file in ms; null when ffprobe cannot read one. */
export function probeDurationMs(filePath: string, ffprobePath = 'ffprobe'): Promise<number | null> {
  return new Promise((resolve) => {
    execFile(
      ffprobePath,
      [
        '-v',
        'error',
        '-show_entries',
        'format=duration',
        '-of',
        'default=noprint_wrappers=1:nokey=1',
        filePath,
      ],
      { timeout: 30_000 },
      (error, stdout) => {
        const seconds = Number(String(stdout).trim());
        resolve(error || !Number.isFinite(seconds) ? null : Math.round(seconds * 1000));
      },
    );
  });
}

/** SHA-256 of a file, lowercase hex, read as a stream. */
export function sha256OfFile(filePath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(filePath)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
