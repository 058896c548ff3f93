import { mergeThemeOverrides, MantineProvider } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';

import { cssVariablesResolver, theme } from '@/app/theme';
import { useTranslation } from '@/lib/i18n';

/**
 * Mantine with the theme, plus what must speak the active language: the close button of every toast
 * ("Dismiss") and every dialog ("Close") is labelled (screen readers otherwise announce an unnamed
 * button), so no screen has to remember it. Plain default props, not `Modal.extend`, so a page without
 * dialogs does not load them.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const dismiss = t('common.dismiss');
  const close = t('common.close');
  const localizedTheme = useMemo(
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
