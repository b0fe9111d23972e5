// The shape of one call of the API: method, path, input schemas and answers.
// Every call the web client makes is declared once with `defineCall`; the server registers
// routes from these declarations and the OpenAPI document is generated from them.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may make the call: anyone, a user with a session, or a camera agent with its device token. */
export type CallAccess = 'public' | 'session' | 'device';

export interface CallDef {
  method: HttpMethod;
  /** Fastify-style path with `:param` segments, always starting with `/api/`. */
  path: string;
  summary: string;
  /** Where the call comes from, e.g. "core.md §7" or an issue's note for paths the spec does not show. */
  source: string;
  tags: readonly string[];
  access: CallAccess;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Answers by HTTP status. 200 is the success answer. */
  responses: { 200: z.ZodType } & Partial<Record<number, z.ZodType>>;
}

export const defineCall = <const T extends CallDef>(call: T): T => call;

export type CallParams<T extends CallDef> = T['params'] extends z.ZodType ? z.infer<T['params']> : undefined;
export type CallQuery<T extends CallDef> = T['query'] extends z.ZodType ? z.infer<T['query']> : undefined;
export type CallBody<T extends CallDef> = T['body'] extends z.ZodType ? z.input<T['body']> : undefined;
export type CallResponse<T extends CallDef> = z.infer<T['responses'][200]>;
