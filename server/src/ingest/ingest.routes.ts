// HTTP of the device API: clip and thumbnail uploads (raw bytes), heartbeat and "who am I".
// Media bodies are read by parsers registered in their own plugin scope, so no other route accepts
// video or images, and each has its own size limit. serve() checks the device token before any body is
// read; clips are then streamed to a file (hashed on the way), the small images and segments kept in memory.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import {
  CLIP_MAX_BYTES,
  IMAGE_MAX_BYTES,
  clipUploadCall,
  deviceSelfCall,
  heartbeatCall,
  liveSegmentUploadCall,
  stillUploadCall,
  thumbnailUploadCall,
} from '@camwatch/contract/device';
import { serve, type ServeContext } from '../http/serve.ts';
import { DomainError, FieldErrors } from '../lib/errors.ts';
import type { IngestService } from './ingest.service.ts';
import { discardUpload, receiveToFile, type UploadedFile } from './upload-to-file.ts';

export interface IngestLimits {
  clipMaxBytes: number;
  imageMaxBytes: number;
  /** A live HLS segment (≤ 2 s of video); 8 MiB when not given. */
  liveSegmentMaxBytes?: number;
}

export const LIVE_SEGMENT_MAX_BYTES = 8 * 1024 * 1024;

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

const tooLarge = (what: string, limit: number) =>
  new DomainError(413, 'payload_too_large', `${what} is larger than ${mib(limit)}; nothing was stored`);

/** Refuses any body type but `contentType` with 415 (JSON keeps the app's own parser, answered as elsewhere). */
function refuseOtherTypes(scope: FastifyInstance, contentType: string, what: string): void {
  scope.addContentTypeParser('*', (_request, _payload, done) =>
    done(new DomainError(415, 'unsupported_media_type', `send ${what} as ${contentType}`), undefined),
  );
}

/**
 * Reads `contentType` bodies as a Buffer up to limit (413 with a clear message beyond). JSON keeps the app's
 * own parser and limit, so malformed or oversized JSON is answered as on every other call; any other type
 * is refused with 415.
 */
function acceptRawBody(scope: FastifyInstance, contentType: string, what: string, limit: number): void {
  scope.addContentTypeParser(contentType, { parseAs: 'buffer', bodyLimit: limit }, (_request, body, done) =>
    done(null, body),
  );
  refuseOtherTypes(scope, contentType, what);
  scope.setErrorHandler((error: FastifyError, request: FastifyRequest) => {
    // Rethrown errors reach the app's error handler, which answers them as everywhere else.
    const isMedia = String(request.headers['content-type'] ?? '').startsWith(contentType);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && isMedia)
      throw new DomainError(
        413,
        'payload_too_large',
        `${what} is larger than ${mib(limit)}; nothing was stored`,
      );
    throw error;
  });
}

/**
 * Streams `contentType` bodies to a file in dir (413 as soon as they pass limit, at once when Content-Length
 * says so). The file is removed once the answer is sent, whatever it was; one a crash leaves behind is
 * removed at the next start (storage/temp-dir.ts).
 */
function acceptFileBody(
  scope: FastifyInstance,
  contentType: string,
  what: string,
  limit: number,
  dir: string,
): void {
  scope.addContentTypeParser(contentType, (request, payload, done) => {
    if (Number(request.headers['content-length']) > limit) return done(tooLarge(what, limit), undefined);
    receiveToFile(payload, { dir, limit, tooLarge: () => tooLarge(what, limit) }).then(
      (upload) => done(null, upload),
      (error: Error) => done(error, undefined),
    );
  });
  refuseOtherTypes(scope, contentType, what);
  scope.addHook('onResponse', async (request) => {
    if (isUploadedFile(request.body)) await discardUpload(request.body);
  });
}

const isUploadedFile = (body: unknown): body is UploadedFile =>
  typeof body === 'object' && body !== null && typeof (body as UploadedFile).path === 'string';

/** The streamed file; an empty one when no body came, 415 when a JSON body came instead. */
function fileOf(request: FastifyRequest, contentType: string, what: string): UploadedFile {
  if (request.body === undefined || request.body === null)
    throw FieldErrors.of('body', `is empty; send ${what} as ${contentType}`);
  if (!isUploadedFile(request.body))
    throw new DomainError(415, 'unsupported_media_type', `send ${what} as ${contentType}`);
  return request.body;
}

/** The raw bytes; an empty Buffer when none came, 415 when a JSON body came instead. */
function bodyOf(request: FastifyRequest, contentType: string, what: string): Buffer {
  if (request.body === undefined || request.body === null) return Buffer.alloc(0);
  if (!Buffer.isBuffer(request.body))
    throw new DomainError(415, 'unsupported_media_type', `send ${what} as ${contentType}`);
  return request.body;
}

export function registerIngestRoutes(
  ctx: ServeContext,
  ingest: IngestService,
  limits: IngestLimits = { clipMaxBytes: CLIP_MAX_BYTES, imageMaxBytes: IMAGE_MAX_BYTES },
): void {
  void ctx.app.register(async (scope) => {
    acceptFileBody(scope, 'video/mp4', 'a clip', limits.clipMaxBytes, ingest.uploadDir);
    serve({ ...ctx, app: scope }, clipUploadCall, async ({ device, params, query, raw }) => {
      const upload = fileOf(raw, 'video/mp4', 'the MP4 file');
      try {
        return { clip: await ingest.uploadClip(device, params.start_time, query, upload) };
      } finally {
        // Also here, not only after the answer: a client gone before it never gets one.
        await discardUpload(upload);
      }
    });
  });
  void ctx.app.register(async (scope) => {
    acceptRawBody(scope, 'image/jpeg', 'a thumbnail', limits.imageMaxBytes);
    serve({ ...ctx, app: scope }, thumbnailUploadCall, async ({ device, params, raw }) => {
      await ingest.uploadThumbnail(device, params.start_time, bodyOf(raw, 'image/jpeg', 'a thumbnail'));
      return { ok: true as const };
    });
  });
  void ctx.app.register(async (scope) => {
    acceptRawBody(scope, 'image/jpeg', 'a still', limits.imageMaxBytes);
    serve({ ...ctx, app: scope }, stillUploadCall, async ({ device, query, raw }) => ({
      live: await ingest.uploadStill(device, query.captured_at, bodyOf(raw, 'image/jpeg', 'a still')),
    }));
  });
  void ctx.app.register(async (scope) => {
    acceptRawBody(
      scope,
      'video/mp2t',
      'a live segment',
      limits.liveSegmentMaxBytes ?? LIVE_SEGMENT_MAX_BYTES,
    );
    serve({ ...ctx, app: scope }, liveSegmentUploadCall, async ({ device, params, query, raw }) => ({
      stream: await ingest.uploadLiveSegment(device, {
        sequence: params.sequence,
        durationMs: query.duration_ms,
        discontinuity: query.discontinuity === '1',
        data: bodyOf(raw, 'video/mp2t', 'a live segment'),
      }),
    }));
  });
  serve(ctx, heartbeatCall, async ({ device }) => ingest.heartbeat(device));
  serve(ctx, deviceSelfCall, async ({ device }) => ingest.deviceAnswer(device));
}
