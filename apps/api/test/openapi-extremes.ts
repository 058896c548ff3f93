import fc from 'fast-check';
import { regexOf, resolve, type JsonSchema, type OpenApiDocument } from './openapi-arbitraries.ts';

/**
 * fast-check arbitraries of the EXTREME values each schema of our OpenAPI document accepts (issue 27,
 * decision 034): strings at their longest (several scripts, a pair of surrogates), numbers at their
 * bounds, arrays at their longest, every optional field given, dates at the edges of the years a request
 * may hold. Used by `stored-extremes.test.ts`, which writes them and reads everything back.
 */

export type ExtremeContext = {
  document: OpenApiDocument;
  /** Real ids for a field or parameter name, newest first (the record just written is the likeliest). */
  idsFor: (name: string) => readonly string[];
  /**
   * Values a field of this name must look like beyond what its JSON Schema says (a zod refinement the
   * document cannot carry: a postal code, a picture's content), used as they are.
   */
  valuesFor: (name: string) => readonly string[];
  /** Known-good strings (bookable instants, days, phone numbers...), used where a pattern or format asks. */
  samples: readonly string[];
  /** Object bodies that a free-form body may carry (the profile and admin forms of `/customers`). */
  objectBodies: readonly JsonSchema[];
};

/** The first and last days the date schemas take (`MIN_YEAR`, `MAX_YEAR` of `primitives.ts`). */
const EDGE_DAYS = ['1900-01-01', '2100-12-31'];

function fits(schema: JsonSchema, value: string): boolean {
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.pattern && !regexOf(schema.pattern)?.test(value)) return false;
  if (schema.format === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (schema.format === 'date-time') return /^\d{4}-\d{2}-\d{2}T/.test(value);
  if (schema.format === 'email') return value.includes('@');
  return true;
}

/** Text of exactly `length` UTF-16 units in one of several scripts; the emoji one ends on a plain letter. */
function textOf(length: number): fc.Arbitrary<string> {
  return fc
    .constantFrom('é', 'Ω', '漢', 'a', '😀')
    .map((unit) =>
      unit.length === 2 ? unit.repeat(Math.floor(length / 2)) + 'a'.repeat(length % 2) : unit.repeat(length),
    );
}

/**
 * A sample lengthened to the schema's longest by repeating its last character, when it still fits
 * (`12 Main Street` becomes `12 Main Streettt...` of 200): how a patterned field gets its longest value.
 */
function lengthened(schema: JsonSchema, sample: string): string | undefined {
  if (schema.maxLength === undefined || schema.maxLength > 10_000 || sample.length >= schema.maxLength)
    return undefined;
  const longest = sample + (sample.at(-1) ?? 'a').repeat(schema.maxLength - sample.length);
  return fits(schema, longest) ? longest : undefined;
}

function extremeString(schema: JsonSchema, context: ExtremeContext, name: string): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  const ids = context.idsFor(name);
  if (schema.format === 'uuid') {
    const [newest] = ids;
    if (!newest) return fc.uuid();
    return fc.oneof(
      { arbitrary: fc.constant(newest), weight: 3 },
      { arbitrary: fc.constantFrom(...ids), weight: 1 },
    );
  }
  const named = context.valuesFor(name);
  if (named.length > 0) return fc.constantFrom(...named);
  if (!schema.pattern && !schema.format && ids.length > 0) return fc.constant(ids.slice(0, 10).join(','));
  if (schema.pattern || schema.format) {
    const days = schema.format === 'date' || schema.format === 'date-time' ? EDGE_DAYS : [];
    const found = context.samples.filter((sample) => fits(schema, sample));
    const edges = days
      .map((day) => (schema.format === 'date-time' ? `${day}T12:00:00Z` : day))
      .filter((edge) => fits(schema, edge));
    const longest = found.flatMap((sample) => lengthened(schema, sample) ?? []);
    const choices = [...found, ...edges, ...longest];
    if (choices.length > 0) return fc.constantFrom(...choices);
    const regex = schema.pattern ? regexOf(schema.pattern) : undefined;
    if (regex) return fc.stringMatching(regex, { size: 'small' });
  }
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 10_000, 10_000);
  return fc.oneof({ arbitrary: textOf(max), weight: 4 }, { arbitrary: textOf(Math.max(min, 1)), weight: 1 });
}

function extremeNumber(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const step = isInteger ? 1 : (schema.multipleOf ?? 0.01);
  // The bounds, and one step inside each (a `.max(20)` may sit beside a `.min(1)`).
  const values = [min, max, Math.min(max, min + step), Math.max(min, max - step)];
  return fc.constantFrom(...values.map((value) => Math.round(value * 100) / 100));
}

/** An arbitrary of the extreme values a request schema accepts (`name` ties ids and named values). */
export function extremeFor(input: JsonSchema, context: ExtremeContext, name = ''): fc.Arbitrary<unknown> {
  const schema = resolve(input, context);
  const base = extremeBase(schema, context, name);
  return schema.nullable
    ? fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 })
    : base;
}

function extremeBase(schema: JsonSchema, context: ExtremeContext, name: string): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    // A value is likelier than null: null is the least extreme thing a field can hold.
    return fc.oneof(
      ...alternatives.map((option) => ({
        arbitrary: extremeFor(option, context, name),
        weight: resolve(option, context).type === 'null' ? 1 : 4,
      })),
    );
  }
  if (schema.allOf?.[0]) return extremeFor(schema.allOf[0], context, name);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return extremeString(schema, context, name);
    case 'integer':
      return extremeNumber(schema, true);
    case 'number':
      return extremeNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = resolve(schema.items ?? {}, context);
      const ids = context.idsFor(name);
      if (items.format === 'uuid' && ids.length > 0) {
        // Real ids, each once: all it takes, the newest alone, or a few.
        const longest = ids.slice(0, schema.maxItems ?? 10);
        return fc.oneof(
          fc.constant(longest),
          fc.constant(ids.slice(0, 1)),
          fc.subarray(longest, { minLength: Math.min(schema.minItems ?? 0, longest.length) }),
        );
      }
      const item = extremeFor(items, context, name);
      const longest = Math.min(schema.maxItems ?? 10, 50);
      const shortest = schema.minItems ?? 0;
      return fc.oneof(
        { arbitrary: fc.array(item, { minLength: longest, maxLength: longest }), weight: 3 },
        { arbitrary: fc.array(item, { minLength: shortest, maxLength: shortest }), weight: 1 },
      );
    }
    case 'object': {
      if (!schema.properties && context.objectBodies.length > 0) {
        // A free-form body takes the shapes the other operations of its resource take (`/customers`).
        return fc.oneof(...context.objectBodies.map((body) => extremeFor(body, context)));
      }
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        model[key] = extremeFor(property, context, key);
      }
      // Every field given: an optional one is as much a write as a required one.
      return fc.record(model);
    }
    default:
      return fc.constant({});
  }
}
