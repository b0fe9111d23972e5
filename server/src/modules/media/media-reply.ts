// Writing a stored file to an answer: the byte range asked for, its headers, and 416 outside the file. Shared by
// the signed media route and the shared clip links' public routes.
import type { FastifyReply } from 'fastify';
import type { BlobRead } from '../../storage/blob-store.ts';
import { attachmentDisposition } from './byte-range.ts';

/** 416 for a Range outside the file. */
export function sendUnsatisfiable(reply: FastifyReply, size: number): FastifyReply {
  return reply
    .code(416)
    .header('content-range', `bytes */${size}`)
    .send({
      error: {
        code: 'range_not_satisfiable',
        message: `the requested range is outside the file (${size} bytes)`,
      },
    });
}

/** Streams an opened blob: 200 for all of it, 206 for the requested range; an attachment when named. */
export function sendBlob(
  reply: FastifyReply,
  read: BlobRead,
  options: { filename: string | null; cacheControl: string },
): FastifyReply {
  const length = read.range ? read.range.end - read.range.start + 1 : read.size;
  reply
    .header('content-type', read.contentType)
    .header('content-length', String(length))
    .header('accept-ranges', 'bytes')
    .header('cache-control', options.cacheControl)
    .header('x-content-type-options', 'nosniff');
  if (options.filename) reply.header('content-disposition', attachmentDisposition(options.filename));
  if (read.range) {
    reply.code(206).header('content-range', `bytes ${read.range.start}-${read.range.end}/${read.size}`);
  }
  // Not gzipped: @fastify/compress leaves types mime-db marks incompressible (video/mp4, image/jpeg) alone.
  return reply.send(read.body);
}
