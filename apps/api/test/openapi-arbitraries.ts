import fc from 'fast-check';

/**
 * fast-check arbitraries generated from our own OpenAPI document: valid-looking requests for every
 * operation (from the JSON schemas of its path, query, headers and body) and the invalid mutations an
 * attacker or a broken client sends. Used by `fuzz.test.ts`.
 */

/** The subset of JSON Schema (OpenAPI 3.0 flavour) that the document generated from our zod schemas uses. */
export type JsonSchema = {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };
type OperationObject = {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The template, e.g. `/api/v1/customers/{customerId}`. */
  path: string;
  isSecured: boolean;
  parameters: Parameter[];
  body: JsonSchema | undefined;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document; deletions last, so the other operations still see the seeded records. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        isSecured: (operation.security ?? []).length > 0,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

export type GeneratorContext = {
  document: OpenApiDocument;
  /** Known-good strings (real dates, bookable instants, emails, phone numbers...), used when a schema accepts them. */
  samples: readonly string[];
  /** Real ids for a field or parameter name (`serviceId`, `employeeIds`...), from the seeded data. */
  idsFor: (name: string) => readonly string[];
  /** Object bodies that a free-form body (`additionalProperties`) may carry, e.g. the profile and admin forms. */
  objectBodies: readonly JsonSchema[];
};

/** The schema a `$ref` names (followed until a plain schema), in the document of `context`. */
export function resolve(schema: JsonSchema, context: Pick<GeneratorContext, 'document'>): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const found = context.document.components?.schemas?.[name];
  if (!found) throw new Error(`unresolved ${schema.$ref}`);
  return resolve(found, context);
}

export function regexOf(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // Try the next flags.
    }
  }
  return undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Does a sample string satisfy a string schema (pattern, length, format)? */
function accepts(schema: JsonSchema, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.pattern && !regexOf(schema.pattern)?.test(value)) return false;
  switch (schema.format) {
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value);
    case 'date-time':
      return /^\d{4}-\d{2}-\d{2}T/.test(value);
    case 'email':
      return value.includes('@');
    case 'uuid':
      return UUID.test(value);
    default:
      return true;
  }
}

/** Instants of every year an ISO string can hold (0000-9999), the edges of the calendar most often. */
const instantArbitrary = fc.oneof(
  fc.date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2100-12-31T23:59:59Z'),
    noInvalidDate: true,
  }),
  fc.date({
    min: new Date('0000-01-01T00:00:00Z'),
    max: new Date('9999-12-31T23:59:59Z'),
    noInvalidDate: true,
  }),
  fc
    .constantFrom(
      '9999-12-31T23:00:00Z',
      '9999-12-31T14:00:00Z',
      '0000-01-01T00:00:00Z',
      '1899-12-31T23:00:00Z',
      '2101-01-01T00:00:00Z',
    )
    .map((text) => new Date(text)),
);

function generatedString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date') return instantArbitrary.map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return instantArbitrary.map((date) => date.toISOString());
  if (schema.pattern) {
    const regex = regexOf(schema.pattern);
    if (regex) {
      try {
        return fc.stringMatching(regex, { size: 'small' });
      } catch {
        // A pattern fast-check cannot read (\p{L} ...): plain strings and the samples below.
      }
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'grapheme' }));
}

function stringArbitrary(schema: JsonSchema, context: GeneratorContext, name: string): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum.map(String));
  if (schema.format === 'uuid') {
    const ids = context.idsFor(name);
    return ids.length > 0
      ? fc.oneof({ arbitrary: fc.constantFrom(...ids), weight: 4 }, { arbitrary: fc.uuid(), weight: 1 })
      : fc.uuid();
  }
  const generated = generatedString(schema);
  const ids = context.idsFor(name);
  if (!schema.pattern && !schema.format && ids.length > 0) {
    // A list of ids in one text parameter (`?serviceIds=a,b`).
    const list = fc.subarray([...ids], { minLength: 1 }).map((chosen) => chosen.join(','));
    return fc.oneof({ arbitrary: list, weight: 3 }, { arbitrary: generated, weight: 1 });
  }
  // Known-good samples only where a rule (pattern, format) makes random text unlikely to pass.
  const isConstrained = Boolean(schema.pattern ?? schema.format);
  const candidates = isConstrained ? context.samples.filter((sample) => accepts(schema, sample)) : [];
  // A field that takes dates also gets the edges of the calendar its rule lets through.
  const isDateField = candidates.some((sample) => /^\d{4}-\d{2}-\d{2}/.test(sample));
  const edges = isDateField ? DATE_EXTREMES.filter((edge) => accepts(schema, edge)) : [];
  const choices: fc.WeightedArbitrary<string>[] = [{ arbitrary: generated, weight: 1 }];
  if (candidates.length > 0) choices.push({ arbitrary: fc.constantFrom(...candidates), weight: 3 });
  if (edges.length > 0) choices.push({ arbitrary: fc.constantFrom(...edges), weight: 3 });
  return fc.oneof(...choices);
}

function numberArbitrary(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  if (isInteger) {
    const small = fc.integer({ min, max: Math.min(max, min + 100) });
    return fc.oneof(small, fc.integer({ min, max }));
  }
  if (schema.multipleOf) {
    const step = schema.multipleOf;
    return fc
      .integer({ min: Math.ceil(min / step), max: Math.floor(max / step) })
      .map((units) => Math.round(units * step * 100) / 100);
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values the schema describes (a `name` lets ids come from the seeded records). */
export function arbitraryFor(input: JsonSchema, context: GeneratorContext, name = ''): fc.Arbitrary<unknown> {
  const schema = resolve(input, context);
  const base = baseArbitrary(schema, context, name);
  return schema.nullable
    ? fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 })
    : base;
}

function baseArbitrary(schema: JsonSchema, context: GeneratorContext, name: string): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((option) => arbitraryFor(option, context, name)));
  if (schema.allOf?.[0]) return arbitraryFor(schema.allOf[0], context, name);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, context, name);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = arbitraryFor(schema.items ?? {}, context, name);
      const minLength = schema.minItems ?? 0;
      return fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 5, 5)) });
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) {
        const forms = context.objectBodies.map((body) => arbitraryFor(body, context));
        const free = fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), {
          maxKeys: 5,
        });
        return forms.length > 0 ? fc.oneof(free, ...forms) : free;
      }
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of properties) model[key] = arbitraryFor(property, context, key);
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values that break assumptions: NUL, lone surrogates, huge text and numbers, impossible and far dates. */
export const EXTREME_VALUES: readonly unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'é'.repeat(10_000),
  'a'.repeat(10_000),
  "' OR 1=1 --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '%00',
  'NaN',
  'Infinity',
  '1e400',
  '-1',
  '0x10',
  '9999-12-31',
  '9999-12-31T23:00:00Z',
  '9999-12-31T23:00:00.000Z',
  '0000-00-00',
  '0000-01-01T00:00:00Z',
  '2026-02-31',
  '2026-02-31junk',
  '2026-13-01',
  '1899-12-31',
  '+275760-09-13T00:00:00Z',
  '2027-03-10T14:00',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  -1,
  0,
  -0,
  1.5,
  2 ** 31,
  2 ** 53,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  {},
  [null],
  { nested: { deeper: ['\u0000'] } },
];

/** Edge cases for a field that holds a date or a date-time. */
export const DATE_EXTREMES: readonly string[] = [
  '9999-12-31',
  '9999-12-31T23:00:00Z',
  '9999-12-31T20:00:00-05:00',
  '0000-00-00',
  '0000-01-01',
  '0001-01-01T00:00:00Z',
  '2026-02-31',
  '2026-02-31junk',
  '2026-02-29',
  '2026-13-01',
  '2026-12-01T25:00:00Z',
  '1899-12-31',
  '2101-01-01',
  '2027-03-10T14:00',
  '2027-03-10T14:00:00+14:00',
  '2027-03-10 14:00',
  '20270310',
  '',
];

/** Edge cases for a numeric field. */
export const NUMBER_EXTREMES: readonly unknown[] = [
  -1,
  0,
  -0,
  0.001,
  1.5,
  2 ** 31,
  2 ** 53,
  1e308,
  -1e308,
  '5',
  '',
];

/** A change that makes a request invalid, applied by `applyMutation`. */
export type Mutation =
  | {
      kind: 'replace';
      part: 'path' | 'query' | 'header' | 'body';
      index: number;
      value: unknown;
      typed: number | null;
    }
  | { kind: 'remove'; part: 'query' | 'body'; index: number }
  | { kind: 'empty-query' }
  /** A date or number of the body or query replaced by an edge case of its own type. */
  | { kind: 'edge'; index: number; typed: number }
  | { kind: 'whole-body'; value: unknown }
  | { kind: 'raw-body'; payload: string };

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      part: fc.constantFrom('path' as const, 'query' as const, 'header' as const, 'body' as const),
      index: fc.nat(),
      value: fc.oneof(
        { arbitrary: fc.constantFrom(...EXTREME_VALUES), weight: 4 },
        { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 1 },
        { arbitrary: fc.uuid(), weight: 1 },
      ),
      /** Used instead of `value` when the field holds a date (or a number): the edges of its own type. */
      typed: fc.option(fc.nat(), { freq: 4 }),
    }),
    weight: 8,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('remove' as const),
      part: fc.constantFrom('query' as const, 'body' as const),
      index: fc.nat(),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'empty-query' as const }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('edge' as const), index: fc.nat(), typed: fc.nat() }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('whole-body' as const),
      value: fc.constantFrom(...EXTREME_VALUES),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('raw-body' as const),
      payload: fc.constantFrom('{', '{"a":', 'null', '"\\u0000"', '{"title":"\\ud800"}', '[1,2', ''),
    }),
    weight: 1,
  },
);

/** One request before it is encoded: path parameters, query, headers and a JSON body. */
export type RequestParts = {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  /** A payload sent as is instead of the JSON body (malformed JSON). */
  rawBody?: string;
};

/** The requests an operation declares (valid as far as the schemas go; ids often real). */
export function requestArbitrary(
  operation: Operation,
  context: GeneratorContext,
): fc.Arbitrary<RequestParts> {
  const partOf = (where: string) => {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const required: string[] = [];
    for (const parameter of operation.parameters.filter((p) => p.in === where)) {
      model[parameter.name] = arbitraryFor(parameter.schema ?? {}, context, parameter.name);
      if (parameter.required) required.push(parameter.name);
    }
    return fc.record(model, { requiredKeys: required });
  };
  return fc.record({
    path: partOf('path'),
    query: partOf('query'),
    headers: partOf('header'),
    body: operation.body ? arbitraryFor(operation.body, context) : fc.constant(undefined),
  });
}

/** Every leaf of a JSON value, as a path of keys. */
function leavesOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    const inner = value.flatMap((item, index) => leavesOf(item, [...prefix, index]));
    return inner.length > 0 ? [prefix, ...inner] : [prefix];
  }
  if (value !== null && typeof value === 'object') {
    const inner = Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...prefix, key]));
    return inner.length > 0 ? [prefix, ...inner] : [prefix];
  }
  return [prefix];
}

function getAt(root: unknown, path: (string | number)[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[String(key)];
  }
  return node;
}

/** An edge case of the field's own type (a date for a date, a number for a number), when `typed` is set. */
function typedValue(current: unknown, typed: number | null): unknown {
  if (typed === null) return undefined;
  if (typeof current === 'string' && /^\d{4}-\d{2}-\d{2}/.test(current))
    return DATE_EXTREMES[typed % DATE_EXTREMES.length];
  if (typeof current === 'number') return NUMBER_EXTREMES[typed % NUMBER_EXTREMES.length];
  return undefined;
}

function setAt(root: unknown, path: (string | number)[], value: unknown, remove: boolean): unknown {
  if (path.length === 0) return remove ? undefined : value;
  const [head, ...rest] = path;
  if (head === undefined) return root;
  if (Array.isArray(root)) {
    const copy: unknown[] = [...(root as unknown[])];
    const index = Number(head);
    if (remove && rest.length === 0) copy.splice(index, 1);
    else copy[index] = setAt(copy[index], rest, value, remove);
    return copy;
  }
  if (root !== null && typeof root === 'object') {
    const entries = Object.entries(root).filter(
      ([key]) => !(remove && rest.length === 0 && key === String(head)),
    );
    const copy = Object.fromEntries(entries);
    if (!(remove && rest.length === 0)) copy[String(head)] = setAt(copy[String(head)], rest, value, remove);
    return copy;
  }
  return root;
}

export function applyMutation(request: RequestParts, mutation: Mutation, operation: Operation): RequestParts {
  const names = (where: string) => operation.parameters.filter((p) => p.in === where).map((p) => p.name);
  switch (mutation.kind) {
    case 'empty-query': {
      const query = { ...request.query };
      for (const name of names('query')) query[name] = '';
      return { ...request, query };
    }
    case 'edge': {
      const typedLeaves = (['body', 'query'] as const).flatMap((part) =>
        leavesOf(request[part] ?? {})
          .filter((leaf) => typedValue(getAt(request[part], leaf), 0) !== undefined)
          .map((leaf) => ({ part, leaf })),
      );
      const target = typedLeaves[mutation.index % Math.max(1, typedLeaves.length)];
      if (!target) return request;
      const value = typedValue(getAt(request[target.part], target.leaf), mutation.typed);
      return { ...request, [target.part]: setAt(request[target.part], target.leaf, value, false) };
    }
    case 'whole-body':
      return { ...request, body: mutation.value };
    case 'raw-body':
      return { ...request, rawBody: mutation.payload };
    case 'remove':
    case 'replace': {
      const isRemove = mutation.kind === 'remove';
      const replacement = (current: unknown) =>
        mutation.kind === 'replace' ? (typedValue(current, mutation.typed) ?? mutation.value) : undefined;
      const present = (['body', 'query', 'path', 'header'] as const).filter((part) =>
        part === 'body' ? operation.body !== undefined : names(part).length > 0,
      );
      const chosen = present.includes(mutation.part) ? mutation.part : (present[0] ?? 'query');
      if (chosen === 'body') {
        const leaves = leavesOf(request.body ?? {});
        const target = leaves[mutation.index % leaves.length] ?? [];
        const current = getAt(request.body, target);
        return { ...request, body: setAt(request.body ?? {}, target, replacement(current), isRemove) };
      }
      const key = chosen === 'header' ? 'headers' : chosen;
      const declared = names(chosen);
      const name = declared[mutation.index % Math.max(1, declared.length)] ?? 'unexpected';
      const part = Object.fromEntries(Object.entries(request[key]).filter(([entry]) => entry !== name));
      if (!isRemove) part[name] = replacement(request[key][name]);
      return { ...request, [key]: part };
    }
  }
}

/**
 * Percent-encodes text for a URL; a lone surrogate (which `encodeURIComponent` refuses) is sent as its
 * WTF-8 bytes, the way a broken client would.
 */
export function encodeUrlPart(value: unknown): string {
  const text = typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xed, 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i] ?? '');
    }
  }
  return out;
}

/** The URL of a request: the path template filled in, and the query string. */
export function urlOf(operation: Operation, request: RequestParts): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeUrlPart(request.path[name] ?? 'missing'),
  );
  const query = Object.entries(request.query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeUrlPart(key)}=${encodeUrlPart(value)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}
