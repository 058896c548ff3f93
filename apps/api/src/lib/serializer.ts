import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

type JsonSchema = Record<string, unknown>;
type Serialize = (data: unknown) => string;

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);
const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNullType = (value: unknown) => isObject(value) && value.type === 'null';

/**
 * zod writes a nullable uuid or date as `anyOf: [{ type: string, ... }, { type: null }]`; fast-json-stringify
 * picks an `anyOf` branch by running a validator on every value, but a type list with a plain check.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!isObject(node)) return node;
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, simplify(value)]));
  const { anyOf, ...rest } = schema;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const [first, second] = anyOf as unknown[];
    const value = isNullType(second) ? first : isNullType(first) ? second : undefined;
    if (isObject(value) && typeof value.type === 'string' && SCALARS.has(value.type)) {
      return { ...rest, ...value, type: [value.type, 'null'] };
    }
  }
  return schema;
}

/** The JSON Schema of a response as it is sent (zod's output side), every schema inlined. */
export function responseJsonSchema(schema: $ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    // A type JSON Schema cannot say stops the start, rather than becoming an unchecked `{}`.
    unrepresentable: 'throw',
    // An empty registry: shared components (`.meta({ id })`) are inlined instead of referenced.
    metadata: z.registry(),
  });
  return simplify(json) as JsonSchema;
}

const compiled = new WeakMap<object, Serialize>();

/** A response without a body (`204` declared as `z.undefined()`). */
const isBodiless = (schema: unknown) =>
  schema instanceof $ZodType && ['undefined', 'void'].includes(schema._zod.def.type);

const sendsNothing: Serialize = () => '';

function compile(schema: unknown): Serialize {
  if (isBodiless(schema)) return sendsNothing;
  const known = isObject(schema) ? compiled.get(schema) : undefined;
  if (known) return known;
  const json = schema instanceof $ZodType ? responseJsonSchema(schema) : (schema as JsonSchema);
  const stringify = fastJson(json as unknown as Parameters<typeof fastJson>[0]);
  if (isObject(schema)) compiled.set(schema, stringify);
  return stringify;
}

/**
 * Response serialization compiled once per schema with fast-json-stringify, from the JSON Schema of the
 * route's zod response schema, instead of checking every response with zod at request time. With
 * `validate` (tests, development) each response is still checked against its zod schema first, so a
 * handler that breaks the contract fails there as it does with the zod type provider.
 */
export function createSerializerCompiler(options: { validate: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const stringify = compile(schema);
    if (!options.validate || !(schema instanceof $ZodType)) return stringify;
    return (data) => {
      const result = safeEncode(schema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}
