import { DEFAULT_LOCALE, isLocale, LANGUAGE_PARAM, LOCALES, type Locale } from '@eclat/shared';
import { VisuallyHidden } from '@mantine/core';

import { notifyError } from '@/lib/error-toast';
import { changeLanguage, getTranslator, useTranslation } from '@/lib/i18n';
import { showToast } from '@/lib/toast';

import classes from './language-switcher.module.css';

/** A page opened at its language's own address (`?lang=fr`) keeps the address of the language chosen. */
function followLanguageInAddress(language: Locale): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(LANGUAGE_PARAM)) return;
  url.searchParams.set(LANGUAGE_PARAM, language);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * EN/FR selector. Switching loads the other catalogue, remembers the choice (localStorage), updates
 * `<html lang>` and confirms with a toast written in the new language.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current: Locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;

  async function switchTo(next: Locale) {
    if (next === current) return;
    try {
      await changeLanguage(next);
      followLanguageInAddress(next);
      showToast({ color: 'eclat', message: getTranslator().t('language.switched') });
    } catch (error) {
      notifyError(t, error);
    }
  }

  // Radio buttons, as Mantine's SegmentedControl renders them, without its moving indicator's code.
  return (
    <div role="radiogroup" aria-label={t('language.label')} className={classes.group}>
      {LOCALES.map((locale) => {
        const id = `language-${locale}`;
        return (
          <span key={locale} className={classes.option}>
            <input
              type="radio"
              id={id}
              name="language"
              value={locale}
              checked={locale === current}
              className={classes.input}
              onChange={() => {
                void switchTo(locale);
              }}
            />
            <label htmlFor={id} className={classes.label}>
              {/* Named "EN English": the code people see, then the language for screen readers. */}
              {t(`language.codes.${locale}`)}
              <VisuallyHidden lang={locale}> {t(`language.names.${locale}`)}</VisuallyHidden>
            </label>
          </span>
        );
      })}
    </div>
  );
}
