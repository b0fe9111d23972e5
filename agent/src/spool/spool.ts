// The store-and-forward spool on disk: finished clips wait here until the server has them. Adds clips
// atomically (sidecar first, then the clip renamed into place), lists them oldest first, removes a clip
// once stored, moves refused ones to rejected/, and keeps the whole under a size bound by dropping the
// oldest clips. Naming: see clip-naming.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import { probeDurationMs, sha256OfFile } from '../ffmpeg/probe.ts';
import {
  clipBaseName,
  parseClipName,
  parseSidecar,
  RECORDING_DIR,
  REJECTED_DIR,
  type ClipSidecar,
} from './clip-naming.ts';

export interface SpooledClip {
  /** File name of the clip (`….mp4`). */
  name: string;
  path: string;
  bytes: number;
}

export interface SpoolOptions {
  dir: string;
  maxBytes: number;
  logger: Logger;
  ffprobePath?: string;
  /** How many refused clips rejected/ keeps (oldest go first). */
  maxRejected?: number;
}

export class ClipMetaError extends Error {}

export class Spool {
  readonly dir: string;
  readonly recordingDir: string;
  readonly rejectedDir: string;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: SpoolOptions) {
    this.dir = options.dir;
    this.recordingDir = path.join(this.dir, RECORDING_DIR);
    this.rejectedDir = path.join(this.dir, REJECTED_DIR);
  }

  /** Creates the folders; drops what a crash left half-done (segments being written, lone sidecars). */
  async open(): Promise<void> {
    await fs.mkdir(this.rejectedDir, { recursive: true });
    await fs.rm(this.recordingDir, { recursive: true, force: true });
    await fs.mkdir(this.recordingDir, { recursive: true });
    const names = new Set(await fs.readdir(this.dir));
    for (const name of names)
      if (name.endsWith('.json') && !names.has(name.replace(/\.json$/, '.mp4')))
        await fs.rm(path.join(this.dir, name), { force: true });
    await this.enforceBound();
  }

  /** Calls `listener` whenever a clip is added. */
  onAdded(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Moves a finished file into the spool with its sidecar; answers the clip's file name. */
  async add(sourcePath: string, sidecar: ClipSidecar): Promise<string> {
    const base = clipBaseName(Date.parse(sidecar.start_time), sidecar.offset_ms);
    await fs.writeFile(path.join(this.dir, `${base}.json`), `${JSON.stringify(sidecar)}\n`);
    await fs.rename(sourcePath, path.join(this.dir, `${base}.mp4`));
    await this.enforceBound();
    for (const listener of this.listeners) listener();
    return `${base}.mp4`;
  }

  /** Clips waiting, oldest first. */
  async list(): Promise<SpooledClip[]> {
    const names = (await fs.readdir(this.dir)).filter((name) => parseClipName(name) !== null).sort();
    const clips: SpooledClip[] = [];
    for (const name of names) {
      const clipPath = path.join(this.dir, name);
      const stat = await fs.stat(clipPath).catch(() => null);
      if (stat?.isFile()) clips.push({ name, path: clipPath, bytes: stat.size });
    }
    return clips;
  }

  async stats(): Promise<{ clips: number; bytes: number }> {
    const clips = await this.list();
    return { clips: clips.length, bytes: clips.reduce((sum, clip) => sum + clip.bytes, 0) };
  }

  /** The upload facts of a clip: its sidecar, or (for a clip put here by hand) read from the file. */
  async meta(clip: SpooledClip): Promise<ClipSidecar> {
    const fromName = parseClipName(clip.name);
    if (!fromName) throw new ClipMetaError(`${clip.name} is not named like a spooled clip`);
    const text = await fs.readFile(this.sidecarPath(clip), 'utf8').catch(() => null);
    if (text !== null) {
      const sidecar = parseSidecar(text);
      if (!sidecar) throw new ClipMetaError(`the sidecar of ${clip.name} is not valid`);
      return sidecar;
    }
    const duration = await probeDurationMs(clip.path, this.options.ffprobePath);
    if (duration === null) throw new ClipMetaError(`${clip.name} is not a video ffprobe can read`);
    return { ...fromName, duration_ms: duration, sha256: await sha256OfFile(clip.path) };
  }

  /** Forgets a clip the server has stored. */
  async remove(clip: SpooledClip): Promise<void> {
    await fs.rm(clip.path, { force: true });
    await fs.rm(this.sidecarPath(clip), { force: true });
  }

  /** Moves a refused clip (and its sidecar) to rejected/, keeping only the newest few there. */
  async reject(clip: SpooledClip): Promise<void> {
    await fs.rename(clip.path, path.join(this.rejectedDir, clip.name)).catch(() => {});
    await fs
      .rename(this.sidecarPath(clip), path.join(this.rejectedDir, path.basename(this.sidecarPath(clip))))
      .catch(() => {});
    const kept = (await fs.readdir(this.rejectedDir)).filter((name) => name.endsWith('.mp4')).sort();
    const excess = kept.length - (this.options.maxRejected ?? 50);
    for (const name of kept.slice(0, Math.max(0, excess))) {
      await fs.rm(path.join(this.rejectedDir, name), { force: true });
      await fs.rm(path.join(this.rejectedDir, name.replace(/\.mp4$/, '.json')), { force: true });
    }
  }

  /** Drops the oldest clips while the spool holds more than its bound; a log line for each. */
  async enforceBound(): Promise<void> {
    const clips = await this.list();
    let total = clips.reduce((sum, clip) => sum + clip.bytes, 0);
    for (const clip of clips) {
      if (total <= this.options.maxBytes) break;
      await this.remove(clip);
      total -= clip.bytes;
      this.options.logger.warn('spool full: dropped the oldest clip', {
        clip: clip.name,
        bytes: clip.bytes,
        spool_bytes: total,
        spool_max_bytes: this.options.maxBytes,
      });
    }
  }

  private sidecarPath(clip: SpooledClip): string {
    return clip.path.replace(/\.mp4$/, '.json');
  }
}
