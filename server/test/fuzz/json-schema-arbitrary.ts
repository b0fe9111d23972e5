// fast-check arbitraries for the JSON Schemas the contract's zod schemas produce (z.toJSONSchema, io "input"):
// values that mostly pass the call's validation, so the fuzz suite reaches the handlers and not only the validator.
// Covers what the contract uses: $ref/$defs, const, enum, anyOf/oneOf, nullable types, strings with formats,
// patterns and lengths, bounded numbers, arrays and objects. Anything else becomes an arbitrary JSON value.
import fc from 'fast-check';

export interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** The service's years (time-bounds.ts): generated dates stay inside, the mutations go outside. */
const dates = fc.date({
  min: new Date(Date.UTC(2000, 0, 1)),
  max: new Date(Date.UTC(2100, 11, 31)),
  noInvalidDate: true,
});
/** Recent moments: periods near now find data more often than any moment of the century. */
const recent = fc.integer({ min: -3 * 86_400_000, max: 3_600_000 }).map((ms) => new Date(Date.now() + ms));
const isoDateTime = fc.oneof(dates, recent).map((d) => d.toISOString());

const formats: Record<string, fc.Arbitrary<string>> = {
  'date-time': isoDateTime,
  date: fc.oneof(dates, recent).map((d) => d.toISOString().slice(0, 10)),
  email: fc.emailAddress(),
  uri: fc.webUrl(),
};

const text = (minLength: number, maxLength: number) =>
  fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, Math.min(maxLength, 40)) });

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  const byFormat = schema.format ? formats[schema.format] : undefined;
  if (byFormat) return byFormat;
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((value) => value.length >= minLength && value.length <= maxLength);
    } catch {
      // A pattern fast-check cannot generate from: plain text, which the validator then refuses.
    }
  }
  return text(minLength, maxLength);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e6);
  const lo = Math.max(min, -1e9);
  const hi = Math.min(max, 1e9);
  if (integer) return fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(hi)) });
  return fc.double({ min: lo, max: Math.max(lo, hi), noNaN: true, noDefaultInfinity: true });
}

export function arbitraryOf(
  schema: JsonSchema,
  defs: Record<string, JsonSchema> = {},
): fc.Arbitrary<unknown> {
  const allDefs = { ...defs, ...schema.$defs };
  const of = (s: JsonSchema) => arbitraryOf(s, allDefs);
  if (schema.$ref) {
    const target = allDefs[schema.$ref.replace('#/$defs/', '')];
    return target ? of(target) : fc.jsonValue();
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(of));
  if (schema.allOf?.length) return of(Object.assign({}, ...schema.allOf) as JsonSchema);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => of({ ...schema, type })));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems) return fc.tuple(...schema.prefixItems.map(of));
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, minLength + 4));
      return fc.array(schema.items ? of(schema.items) : fc.jsonValue(), { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, of(value)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
