import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';

import { TOAST_AUTO_CLOSE_MS } from '@eclat/shared';
import { mergeThemeOverrides, MantineProvider, Modal, Notification } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';

import { cssVariablesResolver, theme } from '@/app/theme';
import { PageLoader } from '@/components/ui/page-loader';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';

import classes from './provider.module.css';

/** Mantine's date pickers follow the active language (they stay English without this). */
function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  return (
    <DatesProvider settings={{ locale: instance.resolvedLanguage ?? instance.language, firstDayOfWeek: 0 }}>
      {children}
    </DatesProvider>
  );
}

/**
 * Mantine with the theme, plus what must speak the active language: the close button of every toast
 * ("Dismiss") and every dialog ("Close") is labelled (screen readers otherwise announce an unnamed
 * button), so no screen has to remember it.
 */
function LocalizedMantine({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dismiss = t('common.dismiss');
  const close = t('common.close');
  const localizedTheme = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Notification: Notification.extend({
            defaultProps: { closeButtonProps: { 'aria-label': dismiss } },
          }),
          // Every dialog, the confirmations included; a dialog may still name its button itself.
          Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }),
        },
      }),
    [dismiss, close],
  );
  return (
    <MantineProvider
      theme={localizedTheme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedMantine>
        <Suspense fallback={<PageLoader />}>
          <QueryClientProvider client={queryClient}>
            <LocalizedDates>
              <ModalsProvider>
                <Notifications
                  position="top-right"
                  autoClose={TOAST_AUTO_CLOSE_MS}
                  classNames={{ root: classes.notifications }}
                />
                {children}
              </ModalsProvider>
            </LocalizedDates>
          </QueryClientProvider>
        </Suspense>
      </LocalizedMantine>
    </I18nextProvider>
  );
}
