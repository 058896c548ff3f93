import type { Permission } from '@eclat/shared';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

import { ThemeProvider } from '@/app/spa-theme-provider';
import { SessionContext, type Session } from '@/lib/auth/session';
import { I18nProvider } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

/** Where a navigation led, with the state it carried (read by tests through `screen.getByTestId`). */
function Elsewhere() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

/** A signed-in person with a verified email (the API's `/auth/me` says whether it is verified). */
export function signedIn(email: string, permissions: Permission[] = []): Session {
  return {
    status: 'signed-in',
    email,
    permissions,
    hasAny: (...required) => required.some((permission) => permissions.includes(permission)),
    signIn: () => Promise.resolve(),
    signOut: () => Promise.resolve(),
    signInError: null,
  };
}

/**
 * Renders a screen as the single-page app does (texts, theme, a fresh query cache, dates, the router)
 * at `path` (and its query string `search`), with the navigation `state` a previous page handed over. Any other path shows where a
 * navigation led (`data-testid="location"`).
 */
export function renderScreen(
  screen: ReactNode,
  { path, search, state, session }: { path: string; search?: string; state?: unknown; session: Session },
) {
  return render(
    <I18nProvider>
      <ThemeProvider>
        <QueryClientProvider client={createQueryClient()}>
          <DatesProvider settings={{ firstDayOfWeek: 0 }}>
            <SessionContext value={session}>
              <MemoryRouter initialEntries={[{ pathname: path, search, state }]}>
                <Routes>
                  <Route path={path} element={screen} />
                  <Route path="*" element={<Elsewhere />} />
                </Routes>
              </MemoryRouter>
            </SessionContext>
          </DatesProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nProvider>,
  );
}
