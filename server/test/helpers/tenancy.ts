// Proves that one customer cannot reach another's data through a route. Every module reuses it:
// create the owner's rows, then call `expectForeignIdsRefused` and `expectNoLeak` as the outsider.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { as } from './test-app.ts';

export interface ForeignProbe {
  /** What the probe tries, for the failure message. */
  name: string;
  request: InjectOptions;
  /** 404 hides that the id exists at all; 403 only where the spec wants "no permission". */
  expectStatus?: 403 | 404;
}

/** Each probe, sent by the outsider against the owner's ids, is refused with 404 (or 403). */
export async function expectForeignIdsRefused(
  app: FastifyInstance,
  outsiderCookie: string,
  probes: ForeignProbe[],
): Promise<void> {
  for (const probe of probes) {
    const res = await as(app, outsiderCookie, probe.request);
    expect(res.statusCode, `${probe.name}: ${res.body}`).toBe(probe.expectStatus ?? 404);
  }
}

/** None of the owner's identifying values (codes, names, ids as strings) appear in what the outsider gets. */
export async function expectNoLeak(
  app: FastifyInstance,
  outsiderCookie: string,
  request: InjectOptions,
  ownerValues: (string | number)[],
): Promise<void> {
  const res = await as(app, outsiderCookie, request);
  expect(res.statusCode, res.body).toBe(200);
  for (const value of ownerValues) {
    const needle = typeof value === 'number' ? new RegExp(`"(id|b_user_id)"\\s*:\\s*${value}\\b`) : value;
    if (typeof needle === 'string') expect(res.body, `leaked ${needle}`).not.toContain(needle);
    else expect(res.body, `leaked id ${value}`).not.toMatch(needle);
  }
}

/**
 * Which of the owner's values appear in an answer, leaving out those the request itself carried (an answer may
 * echo what the outsider sent, which the outsider knew already).
 */
export function leakedValues(body: string, ownerValues: string[], request: InjectOptions): string[] {
  const payload = request.payload;
  const sent = `${request.url as string} ${typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? '' : JSON.stringify(payload ?? '')}`;
  const echoes = (value: string) => sent.includes(value) || sent.includes(encodeURIComponent(value));
  return ownerValues.filter((value) => body.includes(value) && !echoes(value));
}
