// Holds one answer to what the call documents: a status the OpenAPI document lists for the call, and a body that
// fits the contract's schema for that status (JSON parsed and checked with zod; media answers by content type).
import type { LightMyRequestResponse } from 'fastify';
import type { CallDef } from '@camwatch/contract/call';
import { documentedResponses, mediaTypesOf } from '@camwatch/contract/responses';

export type OpenApiPaths = Record<string, Record<string, { responses: Record<string, unknown> }>>;

const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');

/** What is wrong with the answer, or null when it is what the call documents. */
export function answerProblem(
  call: CallDef,
  res: LightMyRequestResponse,
  paths: OpenApiPaths,
): string | null {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}: ${res.body.slice(0, 300)}`;
  const documented = Object.keys(paths[openApiPath(call.path)]?.[call.method.toLowerCase()]?.responses ?? {});
  if (!documented.includes(String(status)))
    return `status ${status} is not documented (documented: ${documented.join(', ')}): ${res.body.slice(0, 200)}`;
  const schema = documentedResponses(call)[status];
  if (!schema) return `status ${status} has no schema in the contract`;
  const contentType = String(res.headers['content-type'] ?? '');
  const mediaTypes = mediaTypesOf(schema);
  if (mediaTypes) {
    const base = contentType.split(';')[0]?.trim() ?? '';
    const allowed = mediaTypes.map((type) => type.split(';')[0]?.trim());
    return allowed.includes(base) ? null : `content type ${contentType} is not one of ${allowed.join(', ')}`;
  }
  if (status === 304) return res.body === '' ? null : 'a 304 with a body';
  if (status >= 300 && status < 400) return null;
  if (!contentType.includes('application/json'))
    return `content type ${contentType} where JSON is documented`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `body is not JSON: ${res.body.slice(0, 200)}`;
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return null;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).slice(0, 3);
  return `body breaks the ${status} schema (${issues.join('; ')}): ${res.body.slice(0, 200)}`;
}
