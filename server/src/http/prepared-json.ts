// A JSON answer kept as ready bytes, with its compressed forms made once, when first asked for.
//
// @fastify/compress compresses every answer on every request. For an answer that is sent many times as it
// is (the camera list kept for a few seconds), that repeats the same work: compressing 40 KB with Brotli
// costs about as much as everything else the request does. A prepared answer compresses once per coding
// and is then written as it is; the compress plugin leaves an answer that already has a Content-Encoding
// alone.
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ContentCoding = 'br' | 'gzip';

/** Below this size compression does not pay (the compress plugin's threshold too). */
const MIN_COMPRESSED_BYTES = 1024;

export class PreparedJson {
  private readonly encoded = new Map<ContentCoding, Buffer>();

  constructor(readonly json: Buffer) {}

  static of(value: unknown): PreparedJson {
    return new PreparedJson(Buffer.from(JSON.stringify(value)));
  }

  /** The bytes to send for `coding` (compressed on the first call, then kept). */
  encodedAs(coding: ContentCoding | null): Buffer {
    if (coding === null) return this.json;
    let bytes = this.encoded.get(coding);
    if (!bytes) {
      bytes =
        coding === 'br'
          ? zlib.brotliCompressSync(this.json, {
              params: {
                // Quality 5: made once per kept answer, so a little slower than the plugin's 4 for a smaller answer.
                [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.json.length,
              },
            })
          : zlib.gzipSync(this.json, { level: 6 });
      this.encoded.set(coding, bytes);
    }
    return bytes;
  }

  /** Bytes held now, the compressed forms made so far included. */
  get size(): number {
    let size = this.json.length;
    for (const bytes of this.encoded.values()) size += bytes.length;
    return size;
  }
}

/**
 * The coding to answer with for an Accept-Encoding header: Brotli, else gzip, when the client accepts it
 * (q above 0, directly or by `*`); null for none.
 */
export function preferredCoding(acceptEncoding: string | string[] | undefined): ContentCoding | null {
  if (acceptEncoding === undefined) return null;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (coding: ContentCoding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Sends a prepared answer, compressed as the client accepts. */
export function sendPreparedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedJson,
): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const coding =
    answer.json.length >= MIN_COMPRESSED_BYTES ? preferredCoding(request.headers['accept-encoding']) : null;
  if (coding) reply.header('content-encoding', coding);
  return reply.send(answer.encodedAs(coding));
}
