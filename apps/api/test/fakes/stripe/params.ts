import type { Param, Params } from './form.ts';
import { invalid, type Metadata } from './store.ts';

/** Typed reads of form params, refusing what Stripe refuses (unknown names, bad integers, bad enums). */

export function refuseUnknown(params: Params, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw invalid(`Received unknown parameter: ${key}`, { code: 'parameter_unknown', param: key });
    }
  }
}

export function child(params: Params, key: string): Params | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' || Array.isArray(value)) {
    throw invalid(`Invalid object: ${key}`, { code: 'parameter_invalid_object', param: key });
  }
  return value;
}

export function list(params: Params, key: string): Param[] {
  const value = params[key];
  if (value === undefined || value === '') return [];
  if (!Array.isArray(value))
    throw invalid(`Invalid array: ${key}`, { code: 'parameter_invalid_array', param: key });
  return value;
}

export function str(params: Params, key: string): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw invalid(`Invalid string: ${key}`, { code: 'parameter_invalid_string', param: key });
  return value;
}

export function required(params: Params, key: string): string {
  const value = str(params, key);
  if (value === undefined || value === '') {
    throw invalid(`Missing required param: ${key}.`, { code: 'parameter_missing', param: key });
  }
  return value;
}

export function int(params: Params, key: string): number | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value)) {
    throw invalid(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: key });
  }
  return Number(value);
}

export function bool(params: Params, key: string): boolean | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') {
    throw invalid(`Invalid boolean: ${value}`, { code: 'parameter_invalid_boolean', param: key });
  }
  return value === 'true';
}

export function oneOf<T extends string>(params: Params, key: string, values: readonly T[]): T | undefined {
  const value = str(params, key);
  if (value === undefined) return undefined;
  const found = values.find((candidate) => candidate === value);
  if (found === undefined) {
    throw invalid(`Invalid ${key}: must be one of ${values.join(', ')}`, {
      code: 'parameter_invalid_string',
      param: key,
    });
  }
  return found;
}

/** `metadata[key]=value`, with Stripe's limits: 50 keys, names up to 40 characters, values up to 500. */
export function metadata(params: Params, key = 'metadata'): Metadata | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (value === '') return {};
  if (typeof value === 'string' || Array.isArray(value)) {
    throw invalid('Invalid metadata: must be a hash', { param: key });
  }
  const out: Metadata = {};
  for (const [name, item] of Object.entries(value)) {
    if (typeof item !== 'string')
      throw invalid(`Invalid metadata value for ${name}`, { param: `${key}[${name}]` });
    if (name.length > 40)
      throw invalid(`Metadata keys can have up to 40 characters`, { param: `${key}[${name}]` });
    if (item.length > 500)
      throw invalid(`Metadata values can have up to 500 characters`, { param: `${key}[${name}]` });
    out[name] = item;
  }
  if (Object.keys(out).length > 50) throw invalid('Metadata can have up to 50 keys', { param: key });
  return out;
}

/** Stripe's update rule: keys given are set, a key given empty is removed, others stay. */
export function mergeMetadata(current: Metadata, update: Metadata | undefined): Metadata {
  if (update === undefined) return current;
  const merged = { ...current, ...update };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== ''));
}

export function currency(params: Params, key = 'currency'): string {
  const value = required(params, key).toLowerCase();
  if (!/^[a-z]{3}$/.test(value)) throw invalid(`Invalid currency: ${value}`, { param: key });
  return value;
}
