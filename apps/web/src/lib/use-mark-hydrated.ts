import { useEffect } from 'react';

/**
 * Marks `<html data-hydrated>` once the page's script has taken over (a pre-rendered page hydrated, or the
 * app rendered): before that, a pre-rendered page's buttons do nothing. Tests wait for it before clicking.
 */
export function useMarkHydrated(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}
