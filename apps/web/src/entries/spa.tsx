import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { AppProvider } from '@/app/provider';
import { router } from '@/app/router';
import { AuthProvider } from '@/app/auth-provider';
import { initI18n } from '@/lib/i18n';
import { keepTyped } from '@/lib/keep-typed';

/** After the identity provider's redirects: go to the remembered location, replacing the callback URL. */
function navigateAfterRedirect(to: string): Promise<void> {
  return router.navigate(to, { replace: true });
}

/**
 * Starts the single-page app in #root (replacing a pre-rendered page when it takes over one). It renders
 * once the catalogue of the active language is loaded, so no untranslated key flashes on screen; if
 * loading fails, it renders anyway and keys show.
 */
export function startSpa(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from the page.');
  const render = () => {
    // What was typed or pressed on the pre-rendered page, given to the app's screen once it shows.
    keepTyped(container);
    container.replaceChildren();
    createRoot(container).render(
      <StrictMode>
        <AppProvider>
          <AuthProvider navigate={navigateAfterRedirect}>
            <RouterProvider router={router} />
          </AuthProvider>
        </AppProvider>
      </StrictMode>,
    );
  };
  void initI18n().then(render, render);
}
