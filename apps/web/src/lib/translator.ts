import type { Locale } from '@eclat/shared';

import type enCatalogue from '../../public/locales/en/translation.json';

/** Shape of a translation catalogue; the English file is the reference for both languages. */
export type Catalogue = typeof enCatalogue;
/** A screen with a title and a description under `pages.<key>` in the catalogues. */
export type PageKey = keyof Catalogue['pages'];

/** A catalogue as loaded: nested objects whose leaves are texts. */
export type CatalogueTree = { readonly [key: string]: string | CatalogueTree };

/** Values for `{{placeholders}}`; `count` also picks the plural form (`key_one`, `key_other`). */
export type TOptions = Readonly<Record<string, unknown>> & {
  readonly count?: number;
  /** Shown when the key is in no catalogue. */
  readonly defaultValue?: string;
};

export type TFunction = (key: string, options?: TOptions) => string;

/** Texts of one language. `resolvedLanguage` is the same as `language` (the name i18next used). */
export type Translator = {
  readonly language: Locale;
  readonly resolvedLanguage: Locale;
  readonly t: TFunction;
  /** The key names a text in the catalogue (plural forms count). */
  readonly exists: (key: string) => boolean;
};

function lookup(tree: CatalogueTree, key: string): string | undefined {
  let node: string | CatalogueTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const PLACEHOLDER = /{{\s*(\w+)\s*}}/g;

function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = options[name];
    if (typeof value === 'string') return value;
    return typeof value === 'number' || typeof value === 'boolean' ? String(value) : whole;
  });
}

/**
 * The texts of one language from its catalogue: dotted keys, `{{name}}` placeholders, and plural forms
 * chosen by the language's CLDR rules (`key_one` / `key_other`; French counts 0 as "one"), then
 * `key_other`. A missing key shows `defaultValue`, else the key itself, so a gap is visible, never blank.
 */
export function createTranslator(language: Locale, catalogue: CatalogueTree): Translator {
  const plurals = new Intl.PluralRules(language);
  const resolve = (key: string, count: number | undefined): string | undefined => {
    if (typeof count === 'number') {
      const plural =
        lookup(catalogue, `${key}_${plurals.select(count)}`) ?? lookup(catalogue, `${key}_other`);
      if (plural !== undefined) return plural;
    }
    return lookup(catalogue, key);
  };
  const t: TFunction = (key, options) =>
    interpolate(resolve(key, options?.count) ?? options?.defaultValue ?? key, options);
  return {
    language,
    resolvedLanguage: language,
    t,
    exists: (key) => resolve(key, undefined) !== undefined || resolve(key, 1) !== undefined,
  };
}

/** Where a language's catalogue is served (apps/web/public/locales in dev, the API server in production). */
export function catalogueUrl(language: Locale): string {
  return `/locales/${language}/translation.json`;
}
