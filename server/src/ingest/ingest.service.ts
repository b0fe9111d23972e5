// What a camera agent may store: one-minute H.264 MP4 clips (checked, idempotent by camera and minute),
// minute thumbnails, and heartbeats that answer the camera's configuration. Every call marks the agent seen.
import type { ClipUploadAnswer, ClipUploadQuery, DeviceConfig } from '@camwatch/contract/device';
import { DomainError, FieldErrors, NotFoundError } from '../lib/errors.ts';
import type { MediaProber } from '../video/probe.ts';
import { isMpegTs } from '../video/remux.ts';
import { blobKeys } from '../storage/blob-keys.ts';
import { placePiece } from './clip-pieces.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { checkClip, isJpeg, type ClipCheck } from './clip-check.ts';
import type { ClipRepository } from './clip.repository.ts';
import type { DeviceCameraRepository } from './device-camera.repository.ts';
import { deviceConfigOf } from './device-config.ts';
import type { DeviceIdentity } from './device-token.repository.ts';
import { readMp4Probe } from './mp4-index.ts';
import type { ThumbnailRepository } from './thumbnail.repository.ts';
import type { UploadedFile } from './upload-to-file.ts';

/** An upload may name a minute at most this far ahead of the server clock (agent clock skew). */
export const MAX_FUTURE_MS = 5 * 60_000;
/** last_seen_at / last_used_at are written at most this often per camera and token. */
export const SEEN_WRITE_INTERVAL_MS = 5_000;

export interface StoredClip {
  id: number;
  cameraId: number;
  cameraCode: string;
  customerId: number;
  startTime: Date;
  durationMs: number;
  offsetMs: number;
  bytes: number;
  blobKey: string;
  width: number | null;
  height: number | null;
}

export interface IngestServiceOptions {
  clips: ClipRepository;
  thumbnails: ThumbnailRepository;
  cameras: DeviceCameraRepository;
  blobs: BlobStore;
  probe: MediaProber;
  /** Where clip bodies are streamed while they are checked (this process's folder under DATA_DIR/tmp). */
  uploadDir: string;
  /** Called after a new clip's row is written (the motion job hangs here); never for a duplicate. */
  onClipStored?: (clip: StoredClip) => void | Promise<void>;
  /** Whether a viewer wants live stills from the camera now (the live module answers). */
  isLiveWanted?: (cameraId: number) => boolean | Promise<boolean>;
  /** Whether a viewer wants the camera's live HLS stream. */
  isStreamWanted?: (cameraId: number) => boolean;
  /** Hands a live still to viewers; answers whether anyone still wants live images. */
  onStill?: (cameraId: number, data: Buffer, capturedAt: number) => boolean;
  /** Hands a live HLS segment to the streaming module; answers whether anyone still wants the stream. */
  onLiveSegment?: (cameraId: number, segment: LiveSegmentIn) => boolean | Promise<boolean>;
  logger?: { error: (obj: object, msg: string) => void };
  now?: () => number;
}

export interface LiveSegmentIn {
  /** The agent's segment number. */
  sequence: number;
  durationMs: number;
  discontinuity: boolean;
  data: Buffer;
}

export interface DeviceAnswer {
  config: DeviceConfig;
  live: boolean;
  stream: boolean;
}

interface ClipRowSummary {
  start_time: Date;
  offset_ms: number;
  duration_ms: number;
  bytes: number;
  sha256: string;
}

function clipAnswer(row: ClipRowSummary, stored: 'new' | 'duplicate'): ClipUploadAnswer['clip'] {
  return {
    start_time: row.start_time.toISOString(),
    duration_ms: row.duration_ms,
    bytes: Number(row.bytes),
    stored,
  };
}

/** An upload of a minute already stored: the same bytes again are fine, different ones are refused. */
function duplicateOrConflict(existing: ClipRowSummary, sha256: string): ClipUploadAnswer['clip'] {
  if (existing.sha256 !== sha256)
    throw new DomainError(
      409,
      'conflict',
      `a different recording already covers this part of ${existing.start_time.toISOString()} (offset ${existing.offset_ms} ms); stored video is never replaced`,
      'clip_exists',
    );
  return clipAnswer(existing, 'duplicate');
}

export class IngestService {
  private readonly seenAt = new Map<string, number>();
  /** Marks not yet written: camera → when heard, token → when used. */
  private seenCameras = new Map<number, Date>();
  private seenTokens = new Map<number, Date>();
  private seenWriting: Promise<void> | null = null;
  private seenNext: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: IngestServiceOptions) {
    this.now = deps.now ?? Date.now;
  }

  /** Where the routes stream clip bodies. */
  get uploadDir(): string {
    return this.deps.uploadDir;
  }

  /**
   * Marks the agent heard, cheaply: at most once per camera and token every few seconds, and the marks of all
   * agents heard while one write is under way go together in the next (one statement per table, however many
   * cameras). Resolves once the mark is written.
   */
  noteSeen(device: DeviceIdentity): Promise<void> {
    const key = `${device.cameraId}:${device.tokenId}`;
    const now = this.now();
    const last = this.seenAt.get(key);
    if (last !== undefined && now - last < SEEN_WRITE_INTERVAL_MS) return Promise.resolve();
    this.seenAt.set(key, now);
    const at = new Date(now);
    this.seenCameras.set(device.cameraId, at);
    this.seenTokens.set(device.tokenId, at);
    return this.writeSeen();
  }

  /** noteSeen for a media upload: its answer does not wait for the write; a failure is logged. */
  private noteSeenSoon(device: DeviceIdentity): void {
    this.noteSeen(device).catch((err: unknown) =>
      this.deps.logger?.error({ err, cameraId: device.cameraId }, 'noting the agent seen failed'),
    );
  }

  /** Writes the pending marks now, or right after the write under way when there is one. */
  private writeSeen(): Promise<void> {
    if (this.seenNext) return this.seenNext;
    if (this.seenWriting) {
      this.seenNext = this.seenWriting
        .catch(() => undefined)
        .then(() => {
          this.seenNext = null;
          return this.writeSeen();
        });
      return this.seenNext;
    }
    const cameras = this.seenCameras;
    const tokens = this.seenTokens;
    this.seenCameras = new Map();
    this.seenTokens = new Map();
    this.seenWriting = this.deps.cameras.markSeen(cameras, tokens).finally(() => {
      this.seenWriting = null;
    });
    return this.seenWriting;
  }

  async deviceAnswer(device: DeviceIdentity): Promise<DeviceAnswer> {
    await this.noteSeen(device);
    const row = await this.deps.cameras.findSettings(device.cameraId);
    if (!row) throw new NotFoundError('camera');
    const live = await (this.deps.isLiveWanted ?? (() => false))(device.cameraId);
    const stream = this.deps.isStreamWanted?.(device.cameraId) ?? false;
    return { config: deviceConfigOf(row), live, stream };
  }

  heartbeat(device: DeviceIdentity): Promise<DeviceAnswer> {
    return this.deviceAnswer(device);
  }

  /** A clip the routes streamed to `upload` (hashed on the way); the caller removes the file afterwards. */
  async uploadClip(
    device: DeviceIdentity,
    startTime: string,
    query: ClipUploadQuery,
    upload: UploadedFile,
  ): Promise<ClipUploadAnswer['clip']> {
    this.noteSeenSoon(device);
    const start = this.minuteOf(startTime);
    if (upload.bytes === 0) throw FieldErrors.of('body', 'is empty; send the MP4 file as video/mp4');
    const actual = upload.sha256;
    if (actual !== query.sha256)
      throw FieldErrors.of(
        'sha256',
        `does not match the body (its SHA-256 is ${actual}); the upload may be damaged`,
      );

    const piece = { offsetMs: query.offset_ms, durationMs: query.duration_ms, sha256: actual };
    const earlier = placePiece(await this.deps.clips.piecesOfMinute(device.cameraId, start), piece);
    if (earlier) return duplicateOrConflict(earlier, actual);

    const check = await this.checkUpload(upload.path, query.duration_ms);
    if (!check.ok) throw FieldErrors.of('body', check.reason);

    const key = blobKeys.clip(device.cameraId, start, query.offset_ms);
    const result = await this.deps.clips.withMinuteLock(device.cameraId, start, async (clips) => {
      const raced = placePiece(await clips.piecesOfMinute(device.cameraId, start), piece);
      if (raced) return { row: raced, isNew: false };
      // Media first, row second: a crash in between leaves a blob without a row, never a row without media.
      await this.deps.blobs.putFile(key, upload.path, 'video/mp4');
      const row = await clips.insert({
        camera_id: device.cameraId,
        start_time: start,
        duration_ms: query.duration_ms,
        offset_ms: query.offset_ms,
        bytes: upload.bytes,
        sha256: actual,
        blob_key: key,
        width: check.clip.width,
        height: check.clip.height,
      });
      if (!row) throw new Error('clip row appeared while holding its minute lock');
      return { row, isNew: true };
    });
    if (!result.isNew) return duplicateOrConflict(result.row, actual);

    const { row } = result;
    await this.announce({
      id: row.id,
      cameraId: device.cameraId,
      cameraCode: device.cameraCode,
      customerId: device.customerId,
      startTime: row.start_time,
      durationMs: row.duration_ms,
      offsetMs: row.offset_ms,
      bytes: Number(row.bytes),
      blobKey: row.blob_key,
      width: row.width,
      height: row.height,
    });
    return clipAnswer(row, 'new');
  }

  async uploadThumbnail(device: DeviceIdentity, startTime: string, body: Buffer): Promise<void> {
    this.noteSeenSoon(device);
    const start = this.minuteOf(startTime);
    if (body.length === 0) throw FieldErrors.of('body', 'is empty; send the JPEG as image/jpeg');
    if (!isJpeg(body))
      throw FieldErrors.of('body', 'is not a complete JPEG image (missing start or end marker)');
    const key = blobKeys.thumbnail(device.cameraId, start);
    await this.deps.blobs.put(key, body, 'image/jpeg');
    await this.deps.thumbnails.upsert(device.cameraId, start, key, body.length);
  }

  /** A live still: checked, handed to the live module; answers whether live is still wanted. */
  async uploadStill(device: DeviceIdentity, capturedAt: number, body: Buffer): Promise<boolean> {
    this.noteSeenSoon(device);
    if (body.length === 0) throw FieldErrors.of('body', 'is empty; send the JPEG as image/jpeg');
    if (!isJpeg(body))
      throw FieldErrors.of('body', 'is not a complete JPEG image (missing start or end marker)');
    return this.deps.onStill ? this.deps.onStill(device.cameraId, body, capturedAt) : false;
  }

  /** A live HLS segment: checked to be MPEG-TS, handed on; answers whether the stream is still wanted. */
  async uploadLiveSegment(device: DeviceIdentity, segment: LiveSegmentIn): Promise<boolean> {
    this.noteSeenSoon(device);
    if (segment.data.length === 0) throw FieldErrors.of('body', 'is empty; send the segment as video/mp2t');
    if (!isMpegTs(segment.data))
      throw FieldErrors.of('body', 'is not MPEG-TS (whole 188-byte packets starting with 0x47)');
    return this.deps.onLiveSegment ? this.deps.onLiveSegment(device.cameraId, segment) : false;
  }

  /**
   * The clip check on the file's own MP4 index when that vouches for a whole H.264 clip of the right length (no
   * program started); anything else, and every refusal, is ffprobe's answer.
   */
  private async checkUpload(filePath: string, durationMs: number): Promise<ClipCheck> {
    const indexed = await readMp4Probe(filePath).catch(() => null);
    const quick = indexed && checkClip(indexed, durationMs);
    if (quick?.ok) return quick;
    return checkClip(await this.deps.probe(filePath), durationMs);
  }

  /** The minute an upload names; refused when it lies too far in the future (a wrong agent clock). */
  private minuteOf(startTime: string): Date {
    const start = new Date(startTime);
    if (Number.isNaN(start.getTime()) || start.getTime() % 60_000 !== 0)
      throw FieldErrors.of('start_time', 'must be a UTC minute boundary');
    if (start.getTime() > this.now() + MAX_FUTURE_MS)
      throw FieldErrors.of('start_time', 'is more than 5 minutes in the future; check the camera clock');
    return start;
  }

  private async announce(clip: StoredClip): Promise<void> {
    if (!this.deps.onClipStored) return;
    try {
      await this.deps.onClipStored(clip);
    } catch (error) {
      // The clip is stored; a failing follower must not turn the upload into an error the agent retries.
      this.deps.logger?.error({ err: error, clipId: clip.id }, 'onClipStored failed');
    }
  }
}
