// HTTP for streams: POST api/cameras/:camera_code/streaming (session) and the signed playlist and segment
// addresses (public: the token in the path is the credential, so hls.js sends nothing else).
import { streamingCall, streamPlaylistCall, streamSegmentCall } from '@camwatch/contract/live';
import type { FastifyReply } from 'fastify';
import { serve, type ServeContext } from '../../http/serve.ts';
import { HLS_CONTENT_TYPE } from './hls-playlist.ts';
import type { StreamAnswer, StreamingService } from './streaming.service.ts';

function cacheHeaders<T>(reply: FastifyReply, answer: StreamAnswer<T>): FastifyReply {
  return reply
    .header('cache-control', answer.maxAgeSec === null ? 'no-store' : `private, max-age=${answer.maxAgeSec}`)
    .header('x-content-type-options', 'nosniff');
}

export function registerStreamingRoutes(ctx: ServeContext, streaming: StreamingService): void {
  serve(ctx, streamingCall, async ({ auth, params, body }) =>
    streaming.start(auth, params.camera_code, body),
  );

  serve(ctx, streamPlaylistCall, async ({ params }, reply) => {
    const answer = await streaming.playlist(params.token);
    return cacheHeaders(reply, answer).type(HLS_CONTENT_TYPE).send(answer.body);
  });

  serve(ctx, streamSegmentCall, async ({ params }, reply) => {
    const answer = await streaming.segment(params.token, params.segment);
    return cacheHeaders(reply, answer).type('video/mp2t').send(answer.body);
  });
}
