// The one way the app talks to the server (core.md §7, §8): JSON, Accept-Language, only 200 is success,
// 401 sends the user to login with a redirect, 5xx or no answer shows the common error at most once at a time.
import type { CallDef, CallResponse } from '@camwatch/contract/call';

/** The method and path of a call, from `@camwatch/contract/routes` (which carries no zod). */
export type Route<C extends CallDef> = Pick<C, 'method' | 'path'>;
import { readState } from './browser-state.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** The first message of a field in a 400 `{ errors }` answer. */
  fieldMessage(field: string): string | undefined {
    const errors = (this.body as { errors?: Record<string, string[]> } | null)?.errors;
    return errors?.[field]?.[0];
  }
}

export interface ApiHooks {
  /** `code`: the 401's `error.code`, e.g. `ip_restricted` when the server ended the session and says why. */
  onUnauthorized: (code: string | undefined) => void;
  onServerError: () => void;
}

let hooks: ApiHooks = { onUnauthorized: () => {}, onServerError: () => {} };
export const setApiHooks = (next: ApiHooks) => {
  hooks = next;
};

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** For calls whose 401 is an answer, not a lost session (login). */
  unauthorizedIsAnswer?: boolean;
}

export function callUrl(
  path: string,
  params: CallInput['params'] = {},
  query: CallInput['query'] = {},
): string {
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) search.append(`${key}[]`, String(v));
    else search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** Sends a call; answers the 200 response, else throws ApiError after the 401 / 5xx hooks have run. */
async function send(
  call: Pick<CallDef, 'method' | 'path'>,
  input: CallInput,
  accept: string,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(callUrl(call.path, input.params, input.query), {
      method: call.method,
      credentials: 'same-origin',
      headers: {
        Accept: accept,
        'Accept-Language': readState('language'),
        ...(input.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: input.body !== undefined ? JSON.stringify(input.body) : undefined,
      signal: input.signal,
    });
  } catch (error) {
    if ((error as Error).name !== 'AbortError') hooks.onServerError();
    throw error;
  }
  if (response.status === 200) return response;
  const body: unknown = response.headers.get('content-type')?.includes('json')
    ? await response.json().catch(() => null)
    : null;
  if (response.status === 401 && !input.unauthorizedIsAnswer)
    hooks.onUnauthorized((body as { error?: { code?: string } } | null)?.error?.code);
  if (response.status >= 500) hooks.onServerError();
  throw new ApiError(response.status, body);
}

/** Calls the API: `callApi<typeof meCall>(routes.me)`; the type argument ties the route to its answer's type. */
export async function callApi<C extends CallDef>(
  call: Route<C>,
  input: CallInput = {},
): Promise<CallResponse<C>> {
  const response = await send(call, input, 'application/json');
  const body: unknown = response.headers.get('content-type')?.includes('json')
    ? await response.json().catch(() => null)
    : null;
  return body as CallResponse<C>;
}

/** The file name a Content-Disposition header gives (RFC 6266 `filename*` first), or the fallback. */
export function dispositionFileName(header: string | null, fallback: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

/** Calls the API for a file (a CSV export): its bytes and the name the server gives it. */
export async function callApiFile(
  call: Pick<CallDef, 'method' | 'path'>,
  input: CallInput = {},
  fallbackName = 'download',
): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(call, input, '*/*');
  return {
    blob: await response.blob(),
    fileName: dispositionFileName(response.headers.get('content-disposition'), fallbackName),
  };
}
