// On-demand streams of recorded clips: the VOD playlist of a period, and each segment made on request by
// remuxing its slice of the stored MP4 to MPEG-TS (stream copy), kept in the segment cache.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { NotFoundError } from '../../lib/errors.ts';
import { isMpegTs, runFfmpegToBuffer, tsSliceArgs } from '../../video/remux.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { vodPlaylist } from './hls-playlist.ts';
import type { SegmentCache } from './segment-cache.ts';
import type { StreamingRepository } from './streaming.repository.ts';
import { findVodSegment, planVod, type StreamRange, type VodClipPlan, type VodSegment } from './vod-plan.ts';

/** ffmpeg runs at once at most; more segment requests wait (2 cores). */
const MAX_REMUXES = 2;

export interface VodStreamsDeps {
  clips: StreamingRepository;
  blobs: BlobStore;
  cache: SegmentCache;
  ffmpegPath: string;
}

export class VodStreams {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly deps: VodStreamsDeps) {}

  /** The clips of the period cut into segments; empty when nothing was recorded then. */
  async plan(cameraId: number, range: StreamRange): Promise<VodClipPlan[]> {
    const fromMinute = new Date(Math.floor(range.startMs / 60_000) * 60_000);
    const clips = await this.deps.clips.clipsBetween(cameraId, fromMinute, new Date(range.endMs));
    return planVod(clips, range);
  }

  async playlist(cameraId: number, range: StreamRange): Promise<string> {
    return vodPlaylist(await this.plan(cameraId, range));
  }

  /** The MPEG-TS of the clip's slice starting at fromSec; 404 when the period's plan has no such slice. */
  async segment(cameraId: number, range: StreamRange, clipId: number, fromSec: number): Promise<Buffer> {
    const clip = await this.deps.clips.findClip(cameraId, clipId);
    const segment = clip ? findVodSegment(clip, range, fromSec) : null;
    if (!clip || !segment) throw new NotFoundError('segment');
    const key = `${clip.blob_key}|${segment.fromSec}|${segment.durationSec}|${segment.tsOffsetSec}`;
    return this.deps.cache.getOrMake(key, () => this.limited(() => this.remux(clip.blob_key, segment)));
  }

  private async remux(blobKey: string, segment: VodSegment): Promise<Buffer> {
    const read = await this.deps.blobs.get(blobKey);
    if (!read) throw new NotFoundError('segment', 'the recording of this segment is gone');
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-hls-'));
    try {
      const inputPath = path.join(dir, 'clip.mp4');
      await pipeline(read.body, createWriteStream(inputPath));
      const data = await runFfmpegToBuffer(
        this.deps.ffmpegPath,
        tsSliceArgs({
          inputPath,
          fromSec: segment.fromSec,
          durationSec: segment.durationSec,
          tsOffsetSec: segment.tsOffsetSec,
        }),
      );
      if (!isMpegTs(data)) throw new Error(`remux of ${blobKey} at ${segment.fromSec}s gave no MPEG-TS`);
      return data;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= MAX_REMUXES) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }
}
