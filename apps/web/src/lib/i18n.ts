import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@eclat/shared';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

import type enCatalogue from '../../public/locales/en/translation.json';
import { pickInitialLanguage, readBrowserLanguages, readStoredLanguage, storeLanguage } from './language';

/** Shape of a translation catalogue; the English file is the reference for both languages. */
export type Catalogue = typeof enCatalogue;
/** A screen with a title and a description under `pages.<key>` in the catalogues. */
export type PageKey = keyof Catalogue['pages'];

/** Where the catalogues are served (apps/web/public/locales in dev, the API server in production). */
export const LOCALES_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

export const i18n = i18next.createInstance();

i18n.on('languageChanged', (language) => {
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  dayjs.locale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
});

/**
 * Loads the catalogue of the initial language (stored choice, then browser languages, then
 * English) and of the English fallback. `main.tsx` renders only after this resolves, so keys never
 * flash on screen; `useSuspense` stays on so a namespace added later suspends instead of flashing.
 */
export async function initI18n(): Promise<Locale> {
  const initial = pickInitialLanguage(readStoredLanguage(), readBrowserLanguages());
  await i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: initial,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: LOCALES,
      load: 'languageOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      backend: { loadPath: LOCALES_LOAD_PATH },
      react: { useSuspense: true },
    });
  return getActiveLanguage();
}

/** Switches the language, loading its catalogue first, and remembers the choice. */
export async function changeLanguage(language: Locale): Promise<void> {
  await i18n.changeLanguage(language);
  storeLanguage(language);
}

export function getActiveLanguage(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}
