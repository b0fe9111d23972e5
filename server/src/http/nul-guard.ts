// One rule for every call: no string of a request (path parameter, query value, JSON body value or key) may hold
// U+0000. PostgreSQL text cannot store it and fails the whole query, so without this a NUL anywhere was a 500.
// Runs before validation, so the answer is the usual 400 naming the field.
import type { FastifyRequest } from 'fastify';
import { FieldErrors } from '../lib/errors.ts';

const NUL_MESSAGE = 'must not contain the NUL character';
/** JSON nested deeper than this is refused by the schemas anyway; the walk stops rather than recurse without end. */
const MAX_DEPTH = 32;

/** Dotted paths (as validation errors name fields) of the strings and keys in `value` that hold a NUL. */
export function nulFields(value: unknown, path: string, found: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path);
  } else if (Array.isArray(value)) {
    if (depth < MAX_DEPTH)
      value.forEach((item, i) => nulFields(item, join(path, String(i)), found, depth + 1));
  } else if (isPlainObject(value) && depth < MAX_DEPTH) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push(join(path, key.replaceAll('\u0000', '\\0')));
      else nulFields(item, join(path, key), found, depth + 1);
    }
  }
  return found;
}

/** Route hook: 400 `{ errors: { field: ["must not contain the NUL character"] } }` for any NUL in the input. */
export async function refuseNul(request: FastifyRequest): Promise<void> {
  const fields = [
    ...nulFields(request.params, ''),
    ...nulFields(request.query, ''),
    // Media uploads arrive as Buffers or streams: bytes, not text, so they are not walked.
    ...nulFields(request.body, ''),
  ];
  if (fields.length === 0) return;
  throw new FieldErrors(Object.fromEntries(fields.map((field) => [field || 'body', [NUL_MESSAGE]])));
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Parsed JSON or query objects (the query parser's have their own prototype); not Buffers or streams. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (ArrayBuffer.isView(value)) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}
