import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@eclat/shared';
import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';

import { notifyError } from '@/lib/error-toast';
import { changeLanguage } from '@/lib/i18n';

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
      notifications.show({ color: 'eclat', message: i18n.t('language.switched') });
    } catch (error) {
      notifyError(i18n.t, error);
    }
  }

  return (
    <SegmentedControl
      aria-label={t('language.label')}
      size="sm"
      radius="md"
      value={current}
      onChange={(value) => {
        if (isLocale(value)) void switchTo(value);
      }}
      data={LOCALES.map((locale) => ({
        value: locale,
        label: (
          <>
            {/* Named "EN English": the code people see, then the language for screen readers. */}
            {t(`language.codes.${locale}`)}
            <VisuallyHidden lang={locale}> {t(`language.names.${locale}`)}</VisuallyHidden>
          </>
        ),
      }))}
    />
  );
}
