// HTTP for streams: POST api/cameras/:camera_code/streaming (session) and the signed playlist and segment
// addresses (public: the token in the path is the credential, so hls.js sends nothing else).
import { streamingCall, streamPlaylistCall, streamSegmentCall } from '@camwatch/contract/live';
import type { FastifyReply } from 'fastify';
import { serve, type ServeContext } from '../../http/serve.ts';
import { HLS_CONTENT_TYPE } from './hls-playlist.ts';
import type { StreamAnswer, StreamingService } from './streaming.service.ts';

/** Stream starts of one view (live renewed, the same recorded hour asked again) within this long: one event. */
const VIEW_WINDOW_MS = 5 * 60_000;

function cacheHeaders<T>(reply: FastifyReply, answer: StreamAnswer<T>): FastifyReply {
  return reply
    .header('cache-control', answer.maxAgeSec === null ? 'no-store' : `private, max-age=${answer.maxAgeSec}`)
    .header('x-content-type-options', 'nosniff');
}

export function registerStreamingRoutes(ctx: ServeContext, streaming: StreamingService): void {
  serve(ctx, streamingCall, async ({ auth, params, body, record }) => {
    const answer = await streaming.start(auth, params.camera_code, body);
    if (!('result' in answer))
      await record(
        body.mode === 'live'
          ? { kind: 'live_viewed', cameraCode: params.camera_code, detail: { via: 'stream' } }
          : {
              kind: 'archive_viewed',
              cameraCode: params.camera_code,
              detail: { via: 'stream', from: body.start_datetime, to: body.end_datetime },
            },
        {
          scope: `${params.camera_code}:stream:${body.mode === 'live' ? 'live' : body.start_datetime.slice(0, 13)}`,
          windowMs: VIEW_WINDOW_MS,
        },
      );
    return answer;
  });

  serve(ctx, streamPlaylistCall, async ({ params }, reply) => {
    const answer = await streaming.playlist(params.token);
    return cacheHeaders(reply, answer).type(HLS_CONTENT_TYPE).send(answer.body);
  });

  serve(ctx, streamSegmentCall, async ({ params }, reply) => {
    const answer = await streaming.segment(params.token, params.segment);
    return cacheHeaders(reply, answer).type('video/mp2t').send(answer.body);
  });
}
