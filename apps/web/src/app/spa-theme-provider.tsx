import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';

import { cssVariablesResolver } from '@/app/theme';
import { useLocalizedTheme } from '@/app/theme-provider';

/** Mantine for the single-page app: the theme, its CSS variables and the light colour scheme. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={useLocalizedTheme()}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}
