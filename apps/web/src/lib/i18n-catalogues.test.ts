import { ERROR_CODES } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import en from '../../public/locales/en/translation.json';
import fr from '../../public/locales/fr/translation.json';

type Entries = Map<string, unknown>;

/** Flattens a nested catalogue into dotted keys: { nav: { home: 'Home' } } -> 'nav.home'. */
function flatten(node: unknown, prefix = '', into: Entries = new Map()): Entries {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) {
      flatten(value, prefix ? `${prefix}.${key}` : key, into);
    }
  } else {
    into.set(prefix, node);
  }
  return into;
}

function placeholders(value: unknown): string[] {
  return typeof value === 'string'
    ? [...value.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1] ?? '').sort()
    : [];
}

const catalogues = { en: flatten(en), fr: flatten(fr) };

describe('translation catalogues', () => {
  it('have exactly the same keys in English and French', () => {
    const onlyInEn = [...catalogues.en.keys()].filter((key) => !catalogues.fr.has(key));
    const onlyInFr = [...catalogues.fr.keys()].filter((key) => !catalogues.en.has(key));
    expect({ onlyInEn, onlyInFr }).toEqual({ onlyInEn: [], onlyInFr: [] });
  });

  it.each(Object.entries(catalogues))('%s: every value is a non-empty string', (_language, entries) => {
    const invalid = [...entries].filter(([, value]) => typeof value !== 'string' || value.trim() === '');
    expect(invalid.map(([key]) => key)).toEqual([]);
  });

  it('use the same {{placeholders}} in both languages', () => {
    const mismatched = [...catalogues.en]
      .filter(([key, value]) => placeholders(value).join() !== placeholders(catalogues.fr.get(key)).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it.each(Object.entries(catalogues))('%s: has a message for every API error code', (_language, entries) => {
    const missing = ERROR_CODES.filter((code) => !entries.has(`errors.${code}`));
    expect(missing).toEqual([]);
  });

  it('gives every page a title and a description', () => {
    const pages = Object.keys(en.pages);
    const missing = pages.flatMap((page) =>
      ['title', 'description']
        .map((field) => `pages.${page}.${field}`)
        .filter((key) => !catalogues.en.has(key)),
    );
    expect(missing).toEqual([]);
  });

  it('contain every literal key the source code uses', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    const namespaces = new Set(Object.keys(en));
    const used = new Set<string>();
    for (const source of Object.values(sources)) {
      for (const match of source.matchAll(/'([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)'/g)) {
        const key = match[1] ?? '';
        if (namespaces.has(key.split('.')[0] ?? '')) used.add(key);
      }
    }
    expect(used.size).toBeGreaterThan(10);
    // A plural key (`t('x.count', { count })`) exists as `x.count_one` and `x.count_other`.
    const exists = (key: string) =>
      typeof catalogues.en.get(key) === 'string' ||
      (typeof catalogues.en.get(`${key}_one`) === 'string' &&
        typeof catalogues.en.get(`${key}_other`) === 'string');
    const unknown = [...used].filter((key) => !exists(key));
    expect(unknown).toEqual([]);
  });

  it('translate every field message the API sends (details[].message keys in the server and shared code)', () => {
    const sources = import.meta.glob<string>(
      [
        '../../../api/src/**/*.ts',
        '!../../../api/src/**/*.test.ts',
        '../../../../packages/shared/src/**/*.ts',
      ],
      { query: '?raw', import: 'default', eager: true },
    );
    expect(Object.keys(sources).length).toBeGreaterThan(20);
    const sent = new Set<string>();
    for (const source of Object.values(sources)) {
      for (const match of source.matchAll(/'([a-z][A-Za-z]*\.errors\.[A-Za-z]+|validation\.[A-Za-z]+)'/g)) {
        sent.add(match[1] ?? '');
      }
    }
    expect(sent.size).toBeGreaterThan(20);
    const missing = [...sent].filter((key) => typeof catalogues.en.get(key) !== 'string');
    expect(missing).toEqual([]);
  });
});
