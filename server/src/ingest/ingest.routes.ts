// HTTP of the device API: clip and thumbnail uploads (raw bytes), heartbeat and "who am I".
// Media bodies are read by parsers registered in their own plugin scope, so no other route accepts
// video or images, and each has its own size limit.
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
import { DomainError } from '../lib/errors.ts';
import type { IngestService } from './ingest.service.ts';

export interface IngestLimits {
  clipMaxBytes: number;
  imageMaxBytes: number;
  /** A live HLS segment (≤ 2 s of video); 8 MiB when not given. */
  liveSegmentMaxBytes?: number;
}

export const LIVE_SEGMENT_MAX_BYTES = 8 * 1024 * 1024;

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;

/**
 * Reads `contentType` bodies as a Buffer up to limit (413 with a clear message beyond). JSON keeps the app's
 * own parser and limit, so malformed or oversized JSON is answered as on every other call; any other type
 * is refused with 415.
 */
function acceptRawBody(scope: FastifyInstance, contentType: string, what: string, limit: number): void {
  scope.addContentTypeParser(contentType, { parseAs: 'buffer', bodyLimit: limit }, (_request, body, done) =>
    done(null, body),
  );
  scope.addContentTypeParser('*', (_request, _payload, done) =>
    done(new DomainError(415, 'unsupported_media_type', `send ${what} as ${contentType}`), undefined),
  );
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
    acceptRawBody(scope, 'video/mp4', 'a clip', limits.clipMaxBytes);
    serve({ ...ctx, app: scope }, clipUploadCall, async ({ device, params, query, raw }) => ({
      clip: await ingest.uploadClip(device, params.start_time, query, bodyOf(raw, 'video/mp4', 'a clip')),
    }));
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
