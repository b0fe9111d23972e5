// GET api/media/:token: a recorded file by short-lived signed address, streamed, with byte ranges.
import { mediaCall } from '@camwatch/contract/live';
import { serve, type ServeContext } from '../../http/serve.ts';
import { attachmentDisposition } from './byte-range.ts';
import type { MediaService } from './media.service.ts';

export function registerMediaRoutes(ctx: ServeContext, media: MediaService): void {
  serve(ctx, mediaCall, async ({ params, raw }, reply) => {
    const answer = await media.open(params.token, raw.headers.range);
    if (answer.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${answer.size}`)
        .send({
          error: {
            code: 'range_not_satisfiable',
            message: `the requested range is outside the file (${answer.size} bytes)`,
          },
        });
    }
    const { read, filename, maxAgeSec } = answer;
    const length = read.range ? read.range.end - read.range.start + 1 : read.size;
    reply
      .header('content-type', read.contentType)
      .header('content-length', String(length))
      .header('accept-ranges', 'bytes')
      .header('cache-control', `private, max-age=${maxAgeSec}`)
      .header('x-content-type-options', 'nosniff');
    if (filename) reply.header('content-disposition', attachmentDisposition(filename));
    if (read.range) {
      reply.code(206).header('content-range', `bytes ${read.range.start}-${read.range.end}/${read.size}`);
    }
    // Not gzipped: @fastify/compress leaves types mime-db marks incompressible (video/mp4, image/jpeg) alone.
    return reply.send(read.body);
  });
}
