export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** The Canadian variant of each language, for `Intl`: `$50.00` in English, `50,00 $` in French. */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = { en: 'en-CA', fr: 'fr-CA' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Picks the first supported language of an Accept-Language header, else the default. */
export function pickLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.toLowerCase().split('-')[0] ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.lang && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return ranked.map((entry) => entry.lang).find(isLocale) ?? DEFAULT_LOCALE;
}

/** `?lang=fr`: the stable address of a public page in one language (for `hreflang` alternates). */
export const LANGUAGE_PARAM = 'lang';
/** The visitor's EN/FR choice, sent to the server so a pre-rendered page comes in that language. */
export const LANGUAGE_COOKIE = 'eclat_language';
