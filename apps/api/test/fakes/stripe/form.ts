/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with nested keys (`a[b][c]=v`),
 * arrays as `a[]=v` or `a[0]=v` (the SDK sends the indexed form), and the same in GET query strings.
 */
export type Param = string | Param[] | Params;
export type Params = { [key: string]: Param };

/** Keys under these hold a map of the caller's own names, never an array (`metadata[0]=x`). */
const MAPS = new Set(['metadata']);

export class FormError extends Error {
  readonly param: string;
  constructor(param: string, message: string) {
    super(message);
    this.name = 'FormError';
    this.param = param;
  }
}

function splitKey(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) throw new FormError(key, `Invalid parameter name: ${key}`);
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1], ...rest];
}

type Tree = { [key: string]: Tree | string; [APPEND]?: number };
const APPEND = Symbol('append');

/** Parses a form body or query string into nested params. */
export function parseForm(text: string): Params {
  const root: Tree = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = splitKey(key);
    let node: Tree = root;
    for (let i = 0; i < parts.length; i++) {
      let part = parts[i] ?? '';
      if (part === '') {
        // `a[]=x`: the next free index.
        const next = node[APPEND] ?? 0;
        node[APPEND] = next + 1;
        part = String(next);
      }
      if (i === parts.length - 1) {
        if (typeof node[part] === 'object') throw new FormError(key, `Invalid value for ${key}`);
        node[part] = value;
      } else {
        const child = node[part];
        if (typeof child === 'string') throw new FormError(key, `Invalid value for ${key}`);
        const next: Tree = child ?? {};
        node[part] = next;
        node = next;
      }
    }
  }
  return toParams(root);
}

function toParams(tree: Tree): Params {
  const out: Params = {};
  for (const [key, value] of Object.entries(tree)) {
    out[key] = typeof value === 'string' ? value : toParam(value, key);
  }
  return out;
}

function toParam(tree: Tree, name: string): Param {
  const keys = Object.keys(tree);
  const isList = !MAPS.has(name) && keys.length > 0 && keys.every((key) => /^\d+$/.test(key));
  if (!isList) return toParams(tree);
  return keys
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => {
      const value = tree[key];
      return value === undefined || typeof value === 'string' ? (value ?? '') : toParam(value, key);
    });
}
