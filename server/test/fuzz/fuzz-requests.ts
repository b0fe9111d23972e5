// Requests for the fuzz suite: for one call of the contract, a request built from its zod schemas (through JSON
// Schema), with path parameters often set to ids that exist, then maybe one mutation: a NUL, a huge string, a
// wrong type, an extreme number, a bad date, an unknown field, a dropped field, a bad percent-encoding, a broken
// body or another caller. Everything is drawn by fast-check, so a seed replays a run exactly.
import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { z } from 'zod';
import type { CallDef } from '@camwatch/contract/call';
import { arbitraryOf, type JsonSchema } from './json-schema-arbitrary.ts';

export type Identity = 'user' | 'sacrificial' | 'device' | 'none';

export const mutations = [
  'none',
  'nul',
  'huge',
  'wrongType',
  'extremeNumber',
  'badDate',
  'unknownField',
  'dropField',
  'badPercent',
  'badBody',
  'otherCaller',
] as const;
export type Mutation = (typeof mutations)[number];

export interface FuzzCase {
  call: CallDef;
  identity: Identity;
  mutation: Mutation;
  request: InjectOptions & { url: string; method: string };
}

export interface FuzzTarget {
  /** Values that exist, by path parameter name (a camera code, a tag code…), so requests reach the handlers. */
  known: Record<string, readonly string[]>;
  /** Calls whose valid requests start long work (a 2.5 s wait for a live still): sent only with unknown ids. */
  invalidOnly: ReadonlySet<CallDef>;
}

/** What a device sends as the body of each upload (media bytes, not JSON). */
const uploadTypes: [RegExp, string][] = [
  [/\/clips\//, 'video/mp4'],
  [/\/(thumbnails|stills)/, 'image/jpeg'],
  [/\/live-segments\//, 'video/mp2t'],
];
const uploadTypeOf = (call: CallDef) =>
  call.access === 'device' && !call.body ? uploadTypes.find(([re]) => re.test(call.path))?.[1] : undefined;

const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const pathParamNames = (call: CallDef) => [...call.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');

/** Path segments of the contract's paths, which a parameter must not equal or it would route to another call. */
const literalSegments = (calls: readonly CallDef[]) =>
  new Set(calls.flatMap((call) => call.path.split('/').filter((s) => s && !s.startsWith(':'))));

const huge = fc.constantFrom(300, 5_000, 70_000).map((n) => 'x'.repeat(n));
const wrongTypes = fc.constantFrom<unknown>(123, -1, true, null, [], {}, 'text', [1, 'a'], { a: { b: 1 } });
const extremeNumbers = fc.constantFrom<unknown>(
  1e308,
  -1e308,
  2 ** 53 + 1,
  -(2 ** 63),
  0.5,
  -0,
  'NaN',
  'Infinity',
  '1e999',
  '-1',
  '0x10',
  ' 1 ',
);
const badDates = fc.constantFrom(
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '1969-12-31T23:59:00Z',
  '9999-12-31T23:59:59Z',
  '2026-02-30T00:00:00Z',
  '2026-13-01',
  '+275760-09-13T00:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T00:00:00+25:00',
);
const badPercents = fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '%ff', '%00', '%u0041', '%%');
const badBodies = fc.constantFrom<[string, string]>(
  ['application/json', '{"a":'],
  ['application/json', '[1,2]'],
  ['application/json', '"text"'],
  ['application/json', '{"__proto__":{"x":1}}'],
  ['application/json', '{"constructor":{"prototype":{"x":1}}}'],
  ['application/json', ''],
  ['text/plain', 'hello'],
  ['application/xml', '<a/>'],
  ['application/x-www-form-urlencoded', 'a=1'],
  ['image/jpeg', '\u00ff\u00d8'],
);

type Section = 'params' | 'query' | 'body';
interface Parts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** Every value that can be replaced, as [section, path within it]. */
function leaves(parts: Parts): [Section, (string | number)[]][] {
  const found: [Section, (string | number)[]][] = [];
  const walk = (section: Section, value: unknown, path: (string | number)[]) => {
    if (path.length > 0 && (value === null || typeof value !== 'object')) found.push([section, path]);
    else if (Array.isArray(value)) value.forEach((item, i) => walk(section, item, [...path, i]));
    else if (value && typeof value === 'object') {
      if (path.length > 0 && Object.keys(value).length === 0) found.push([section, path]);
      for (const [key, item] of Object.entries(value)) walk(section, item, [...path, key]);
    }
  };
  walk('params', parts.params, []);
  walk('query', parts.query, []);
  walk('body', parts.body, []);
  return found;
}

function setAt(parts: Parts, [section, path]: [Section, (string | number)[]], value: unknown): void {
  if (section === 'body' && path.length === 0) {
    parts.body = value;
    return;
  }
  let target = parts[section] as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (last !== undefined) target[last] = value;
}

function removeAt(parts: Parts, [section, path]: [Section, (string | number)[]]): void {
  let target = parts[section] as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (last === undefined) return;
  if (Array.isArray(target)) target.splice(Number(last), 1);
  else delete target[last];
}

const text = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
/** URLs carry UTF-8: a lone surrogate (which JSON bodies may carry) cannot be percent-encoded, so it becomes U+FFFD. */
const wellFormed = (value: string) =>
  value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** Percent-encodes a path parameter so it stays one segment of its own call's path. */
function encodeParam(value: unknown, literals: ReadonlySet<string>): string {
  let raw = text(value);
  if (raw === '' || literals.has(raw) || /^\.{1,2}$/.test(raw)) raw = `${raw}x`;
  return encodeURIComponent(wellFormed(raw));
}

function queryString(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      pairs.push(`${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(text(item)))}`);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

interface Draw {
  parts: Parts;
  mutation: Mutation;
  pick: number;
  replacement: unknown;
  badPercent: string;
  badBody: [string, string];
  otherIdentity: Identity;
  uploadBytes: Uint8Array;
}

/** The arbitrary of one call's requests, sent as `identity` unless the mutation changes the caller. */
export function callCaseArbitrary(
  call: CallDef,
  identity: Identity,
  target: FuzzTarget,
  allCalls: readonly CallDef[],
): fc.Arbitrary<FuzzCase> {
  const literals = literalSegments(allCalls);
  const paramSchema = call.params ? jsonSchemaOf(call.params) : undefined;
  const names = pathParamNames(call);
  const params = fc.record(
    Object.fromEntries(
      names.map((name) => {
        const generated = arbitraryOf(
          paramSchema?.properties?.[name] ?? { type: 'string' },
          paramSchema?.$defs,
        );
        const known = target.invalidOnly.has(call) ? [] : (target.known[name] ?? []);
        return [name, known.length ? fc.oneof(fc.constantFrom(...known), generated) : generated];
      }),
    ),
  );
  const query = call.query ? arbitraryOf(jsonSchemaOf(call.query)) : fc.constant({});
  const body = call.body ? arbitraryOf(jsonSchemaOf(call.body)) : fc.constant(undefined);
  const parts = fc.record({ params, query, body }) as fc.Arbitrary<Parts>;
  const mutation = target.invalidOnly.has(call)
    ? fc.constantFrom(...mutations.filter((m) => m !== 'none'))
    : fc.oneof({ arbitrary: fc.constant<Mutation>('none'), weight: 4 }, fc.constantFrom(...mutations));

  const draw: fc.Arbitrary<Draw> = fc.record({
    parts,
    mutation,
    pick: fc.nat(),
    replacement: fc.oneof(huge, wrongTypes, extremeNumbers, badDates),
    badPercent: badPercents,
    badBody: badBodies,
    otherIdentity: fc.constantFrom<Identity>('user', 'device', 'none'),
    uploadBytes: fc.uint8Array({ maxLength: 2048 }),
  });
  return draw.map((d) => buildCase(call, identity, d, literals));
}

function buildCase(call: CallDef, identity: Identity, d: Draw, literals: ReadonlySet<string>): FuzzCase {
  const parts = structuredClone(d.parts);
  const all = leaves(parts);
  const at = all.length ? all[d.pick % all.length] : undefined;
  const stringLeaves = all.filter(([section, path]) => {
    let value: unknown = parts[section];
    for (const key of path) value = (value as Record<string | number, unknown>)[key];
    return typeof value === 'string';
  });
  const stringAt = stringLeaves.length ? stringLeaves[d.pick % stringLeaves.length] : undefined;
  let badPercentParam: string | undefined;
  let rawBody: [string, string] | undefined;
  let caller = identity;

  switch (d.mutation) {
    case 'nul':
      if (stringAt) {
        let value: unknown = parts[stringAt[0]];
        for (const key of stringAt[1]) value = (value as Record<string | number, unknown>)[key];
        const s = value as string;
        const cut = d.pick % (s.length + 1);
        setAt(parts, stringAt, `${s.slice(0, cut)}\u0000${s.slice(cut)}`);
      }
      break;
    case 'huge':
    case 'wrongType':
    case 'extremeNumber':
    case 'badDate':
      if (at) setAt(parts, at, d.replacement);
      break;
    case 'unknownField':
      if (parts.body && typeof parts.body === 'object' && !Array.isArray(parts.body))
        Object.assign(parts.body, { zz_unknown: d.replacement, constructor: 'x' });
      parts.query.zz_unknown = text(d.replacement);
      break;
    case 'dropField':
      if (at) removeAt(parts, at);
      break;
    case 'badPercent':
      badPercentParam = pathParamNames(call)[d.pick % Math.max(1, pathParamNames(call).length)];
      break;
    case 'badBody':
      rawBody = d.badBody;
      break;
    case 'otherCaller':
      // The sacrificial user's calls never go out as the fuzzing user: they would end its session.
      caller = d.otherIdentity === identity || identity === 'sacrificial' ? 'none' : d.otherIdentity;
      break;
    case 'none':
      break;
  }

  let path = call.path;
  for (const name of pathParamNames(call)) {
    const encoded =
      name === badPercentParam
        ? `${encodeParam(parts.params[name], literals)}${d.badPercent}`
        : encodeParam(parts.params[name], literals);
    path = path.replace(`:${name}`, encoded);
  }
  // Without a parameter the escape goes after the fixed path; one that decodes (%00) would name another path, a 404
  // of no call, so only escapes that cannot decode are used there.
  if (d.mutation === 'badPercent' && !badPercentParam)
    path = `${path}${d.badPercent === '%00' ? '%zz' : d.badPercent}`;

  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  const uploadType = uploadTypeOf(call);
  if (rawBody && call.method !== 'GET') {
    [headers['content-type'], payload] = rawBody;
  } else if (uploadType) {
    headers['content-type'] = uploadType;
    payload = Buffer.from(d.uploadBytes);
  } else if (call.body && parts.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(parts.body);
  }
  return {
    call,
    identity: caller,
    mutation: d.mutation,
    request: { method: call.method, url: `${path}${queryString(parts.query)}`, headers, payload },
  };
}

/** A short, readable account of a case for failure messages. */
export function describeCase(c: FuzzCase): string {
  const payload = c.request.payload;
  const body =
    payload === undefined ? '' : ` body=${(typeof payload === 'string' ? payload : '<bytes>').slice(0, 300)}`;
  return `${c.request.method} ${c.request.url.slice(0, 300)} as ${c.identity} (${c.mutation})${body}`;
}
