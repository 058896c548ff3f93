import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { AppProvider } from '@/app/provider';
import { router } from '@/app/router';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { initI18n } from '@/lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');
const root = createRoot(container);

/** After the identity provider's redirects: go to the remembered location, replacing the callback URL. */
function navigateAfterRedirect(to: string): Promise<void> {
  return router.navigate(to, { replace: true });
}

function render(): void {
  root.render(
    <StrictMode>
      <AppProvider>
        <AuthProvider navigate={navigateAfterRedirect}>
          <RouterProvider router={router} />
        </AuthProvider>
      </AppProvider>
    </StrictMode>,
  );
}

// Render once the catalogue of the active language is loaded, so no untranslated key flashes on
// screen. If loading fails, render anyway: i18next falls back to English or shows keys.
void initI18n().then(render, render);
