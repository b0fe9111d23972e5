// GET api/media/:token: a recorded file by short-lived signed address, streamed, with byte ranges.
import { mediaCall } from '@camwatch/contract/live';
import { serve, type ServeContext } from '../../http/serve.ts';
import { sendBlob, sendUnsatisfiable } from './media-reply.ts';
import type { MediaService } from './media.service.ts';

export function registerMediaRoutes(ctx: ServeContext, media: MediaService): void {
  serve(ctx, mediaCall, async ({ params, raw }, reply) => {
    const answer = await media.open(params.token, raw.headers.range);
    if (answer.kind === 'unsatisfiable') return sendUnsatisfiable(reply, answer.size);
    const { read, filename, maxAgeSec } = answer;
    return sendBlob(reply, read, { filename, cacheControl: `private, max-age=${maxAgeSec}` });
  });
}
