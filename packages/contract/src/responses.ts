// What every call can answer besides what it declares: the errors any request may meet on its way (bad input,
// no session, oversized or mistyped bodies, too-large headers, our own faults, restarts), and the media types of
// answers that are not JSON. The server registers these, so the OpenAPI document lists every status a call
// really answers; the fuzz suite holds each answer to them.
import { z } from 'zod';
import type { CallDef } from './call.ts';
import { errorBody, validationErrorBody } from './envelope.ts';

const mediaTypes = new WeakMap<z.ZodType, readonly string[]>();

/**
 * An answer that is not JSON (JPEG, MP4, CSV, an HLS playlist): the media types it comes in, for the OpenAPI
 * document. Its body is bytes, never parsed as JSON.
 */
export function binaryBody(mediaType: string | readonly string[], description?: string): z.ZodString {
  const types = [mediaType].flat();
  const schema = z.string().meta({ description: description ?? types.join(' or '), format: 'binary' });
  mediaTypes.set(schema, types);
  return schema;
}

/**
 * An answer without a body (a 304, a redirect): `null` in JSON Schema, which the OpenAPI document shows as a
 * response with no content.
 */
export const emptyBody = (description: string) => z.null().meta({ description });

/** The media types of a binary answer, or undefined for JSON. */
export const mediaTypesOf = (schema: z.ZodType): readonly string[] | undefined => mediaTypes.get(schema);

const hasPathParams = (call: CallDef) => call.path.includes('/:');

/** Every status the call answers, with its body's schema: its own declarations over the shared errors. */
export function documentedResponses(call: CallDef): Record<number, z.ZodType> {
  const readsBody = call.method !== 'GET';
  // Bad input: a field, malformed JSON, or a bad percent-encoding anywhere in the path (so every call).
  const answers: Record<number, z.ZodType> = { 400: validationErrorBody };
  if (call.access !== 'public') answers[401] = errorBody;
  // A path parameter naming nothing that exists, or longer than the router takes.
  if (hasPathParams(call)) Object.assign(answers, { 404: errorBody, 414: errorBody });
  if (readsBody) Object.assign(answers, { 413: errorBody, 415: errorBody });
  Object.assign(answers, { 431: errorBody, 500: errorBody, 503: errorBody });
  for (const [status, schema] of Object.entries(call.responses)) if (schema) answers[Number(status)] = schema;
  return answers;
}
