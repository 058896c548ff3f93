import { DEFAULT_LOCALE, isLocale, type Locale } from '@eclat/shared';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

import { pickInitialLanguage, readBrowserLanguages, readStoredLanguage, storeLanguage } from './language';
import { catalogueUrl, createTranslator, type CatalogueTree, type Translator } from './translator';

export type { Catalogue, PageKey, TFunction, TOptions, Translator } from './translator';

/**
 * The page's texts in the active language. One translator at a time in the browser (this module), one
 * per render on the server (a provider each), so both read texts the same way: `useTranslation()`.
 */
const TranslatorContext = createContext<Translator | null>(null);
TranslatorContext.displayName = 'TranslatorContext';

const catalogues = new Map<Locale, Promise<CatalogueTree>>();
let active: Translator = createTranslator(DEFAULT_LOCALE, {});
const listeners = new Set<() => void>();

function loadCatalogue(language: Locale): Promise<CatalogueTree> {
  let loading = catalogues.get(language);
  if (!loading) {
    loading = fetch(catalogueUrl(language), { headers: { Accept: 'application/json' } }).then(
      async (response) => {
        if (!response.ok) throw new Error(`The ${language} catalogue answered ${String(response.status)}.`);
        return (await response.json()) as CatalogueTree;
      },
    );
    // A failed load may be tried again (the next switch, or Retry).
    loading.catch(() => catalogues.delete(language));
    catalogues.set(language, loading);
  }
  return loading;
}

function activate(translator: Translator): void {
  active = translator;
  if (typeof document !== 'undefined') document.documentElement.lang = translator.language;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The browser's active translator, for code outside React (toasts from the auth library's events). */
export function getTranslator(): Translator {
  return active;
}

/**
 * Loads the catalogue of `language` (else the stored choice, then the browser's languages, then English)
 * and makes it active. The entry renders only after this resolves, so no key flashes on screen; when the
 * catalogue cannot load, the English one is tried before giving up.
 */
export async function initI18n(language?: Locale): Promise<Locale> {
  const initial = language ?? pickInitialLanguage(readStoredLanguage(), readBrowserLanguages());
  try {
    activate(createTranslator(initial, await loadCatalogue(initial)));
  } catch (error) {
    if (initial === DEFAULT_LOCALE) throw error;
    activate(createTranslator(DEFAULT_LOCALE, await loadCatalogue(DEFAULT_LOCALE)));
  }
  return active.language;
}

/** Switches the language, loading its catalogue first, and remembers the choice. */
export async function changeLanguage(language: Locale): Promise<void> {
  const catalogue = await loadCatalogue(language);
  activate(createTranslator(language, catalogue));
  storeLanguage(language);
}

export function getActiveLanguage(): Locale {
  return isLocale(active.language) ? active.language : DEFAULT_LOCALE;
}

/** Provides the browser's active translator and re-renders on a language switch. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const translator = useSyncExternalStore(subscribe, getTranslator, getTranslator);
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

/** Provides a fixed translator (the server's pre-rendering, tests). */
export function TranslatorProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

/** `const { t } = useTranslation();` — `i18n` gives the language and `exists`. */
export function useTranslation(): { t: Translator['t']; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useTranslation() must be used inside a translator provider.');
  return { t: translator.t, i18n: translator };
}

/** The language of the texts being rendered (the server renders both; read it here, not from the module). */
export function useLanguage(): Locale {
  return useTranslation().i18n.language;
}

/** The active texts, for code outside React (toasts from the auth library's events, error messages). */
export const i18n: Pick<Translator, 't' | 'exists'> = {
  t: (key, options) => active.t(key, options),
  exists: (key) => active.exists(key),
};
