import { MantineContext, MantineThemeProvider, mergeThemeOverrides } from '@mantine/core';
import { useEffect, useMemo, type ContextType, type ReactNode } from 'react';

import { theme } from '@/app/theme';
import { useTranslation } from '@/lib/i18n';

/**
 * The theme, plus what must speak the active language: the close button of every toast ("Dismiss") and
 * every dialog ("Close") is labelled (screen readers otherwise announce an unnamed button), so no screen has
 * to remember it. Plain default props, not `Modal.extend`, so a page without dialogs does not load them.
 */
export function useLocalizedTheme() {
  const { t } = useTranslation();
  const dismiss = t('common.dismiss');
  const close = t('common.close');
  return useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Notification: { defaultProps: { closeButtonProps: { 'aria-label': dismiss } } },
          // Every dialog, the confirmations included; a dialog may still name its button itself.
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
        },
      }),
    [dismiss, close],
  );
}

const PAGE_CONTEXT: NonNullable<ContextType<typeof MantineContext>> = {
  colorScheme: 'light',
  setColorScheme: () => undefined,
  clearColorScheme: () => undefined,
  getRootElement: () => document.documentElement,
  classNamesPrefix: 'mantine',
  cssVariablesSelector: ':root',
  withStaticClasses: true,
};

/**
 * Mantine for a pre-rendered page: the same theme and context, without what MantineProvider computes in the
 * browser. The page's document carries the theme's CSS variables and `data-mantine-color-scheme="light"`
 * from the server (entries/server.tsx renders them with the app's ThemeProvider), so the first
 * visit's script does not generate them again.
 */
export function PageThemeProvider({ children }: { children: ReactNode }) {
  const localized = useLocalizedTheme();
  useEffect(() => {
    if (localized.respectReducedMotion) {
      document.documentElement.setAttribute('data-respect-reduced-motion', 'true');
    }
  }, [localized.respectReducedMotion]);
  return (
    <MantineContext value={PAGE_CONTEXT}>
      <MantineThemeProvider theme={localized}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
