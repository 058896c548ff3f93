import { DEFAULT_LOCALE, isLocale, LANGUAGE_COOKIE, type Locale } from '@eclat/shared';

/** localStorage key that remembers the visitor's EN/FR choice across reloads. */
export const LANGUAGE_STORAGE_KEY = 'eclat.language';

/**
 * The language to start with: the stored choice first, then the browser's preferred languages
 * (`navigator.languages`, region dropped: `fr-CA` -> `fr`), else English.
 */
export function pickInitialLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[],
): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const base = tag.trim().toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage can be disabled (privacy mode, blocked cookies): fall back to the browser languages.
    return null;
  }
}

/** Remembers the choice here (localStorage) and for the server (a cookie: pre-rendered pages come in it). */
export function storeLanguage(language: Locale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisted when storage is unavailable; the choice still holds for this visit.
  }
}

export function readBrowserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}
