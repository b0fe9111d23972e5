// HTTP for streams: POST api/cameras/:camera_code/streaming (session) and the signed playlist and segment
// addresses (public: the token in the path is the credential, so hls.js sends nothing else), and the live
// fMP4 WebSocket at the same signed address (…/live.fmp4; a bad or expired token is refused with 403
// before the upgrade).
import { streamingCall, streamPlaylistCall, streamSegmentCall } from '@camwatch/contract/live';
import { liveFmp4Route } from '@camwatch/contract/live-fmp4';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { serve, type ServeContext } from '../../http/serve.ts';
import { HLS_CONTENT_TYPE } from './hls-playlist.ts';
import type { LiveFmp4Streams } from './live-fmp4.ts';
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

/** The live fMP4 WebSocket; needs the WebSocket plugin (registered with the agents' control channel). */
export async function registerLiveFmp4Route(
  ctx: ServeContext,
  streaming: StreamingService,
  liveFmp4: LiveFmp4Streams,
): Promise<void> {
  await ctx.app.register(async (scope: FastifyInstance) => {
    scope.get(
      liveFmp4Route,
      {
        websocket: true,
        schema: { hide: true },
        preValidation: async (request) => {
          const { token } = request.params as { token: string };
          request.liveCameraId = streaming.liveCamera(token);
        },
      },
      (socket, request) => {
        const cameraId = request.liveCameraId as number;
        const leave = liveFmp4.join(cameraId, {
          send: (data) => {
            if (socket.readyState === socket.OPEN) socket.send(data, { binary: true });
          },
          get bufferedAmount() {
            return socket.bufferedAmount;
          },
        });
        // A viewer has nothing to say; whatever it sends is ignored.
        socket.on('close', leave);
      },
    );
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    liveCameraId?: number;
  }
}
