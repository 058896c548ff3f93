import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSerializerCompiler, responseJsonSchema } from './serializer.ts';

const compileFor = (schema: z.ZodType) =>
  createSerializerCompiler({ validate: true })({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('response serializer', () => {
  it('writes a response declared without a body (204, z.undefined()) as nothing', () => {
    expect(compileFor(z.undefined())(undefined)).toBe('');
  });

  it('refuses, when the route is built, a response type JSON Schema cannot describe', () => {
    expect(() => responseJsonSchema(z.object({ at: z.date() }))).toThrow(/Date cannot be represented/);
  });

  it('writes a nullable scalar with a type list and drops what the schema does not name', () => {
    const stringify = compileFor(z.object({ id: z.uuid().nullable(), name: z.string() }));
    expect(JSON.parse(stringify({ id: null, name: 'Ana', secret: 'x' }))).toEqual({ id: null, name: 'Ana' });
  });
});
