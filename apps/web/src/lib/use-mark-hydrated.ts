import { useEffect } from 'react';

/** The element of the pre-rendered page's boot script (written by the API server, decision 021). */
const BOOT_SCRIPT_ID = 'eclat-boot';

/**
 * Hands the hydrated page what the boot script kept while it was not yet hydrated: what was typed or
 * autofilled in its fields (given as changes, so each form's state takes it up), then, a task later, the
 * clicks it held (a button, a label, a box: their handlers only exist now), each element once and only if
 * it is still in the page. A Send pressed early sends what was typed.
 */
export function replayEarlyClicks(): void {
  bootScript()?.replay?.();
}

/** The boot script's element, with what it adds: `replay()`, and the controls whose clicks it holds. */
export function bootScript(): (HTMLElement & { replay?: () => void; held?: Element[] }) | null {
  return document.getElementById(BOOT_SCRIPT_ID);
}

/**
 * Marks `<html data-hydrated>` once the page's script has taken over (a pre-rendered page hydrated, or the
 * app rendered): before that, a pre-rendered page's buttons do nothing (the boot script holds their clicks
 * and they are given again here). Tests wait for it before clicking.
 */
export function useMarkHydrated(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    replayEarlyClicks();
  }, []);
}
