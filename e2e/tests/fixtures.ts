import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { closeAccountConnections } from './support/accounts.ts';

/**
 * `page` that fails the test on any console error or uncaught exception, so "renders with no console
 * error" is checked on every journey, not only where a test remembers to look.
 */
export const test = base.extend<{ consoleErrors: string[] }, { accountConnections: undefined }>({
  // The database connections `createAccount` opened in this worker end with it.
  accountConnections: [
    async ({}, use) => {
      await use(undefined);
      await closeAccountConnections();
    },
    { scope: 'worker', auto: true },
  ],
  // A pre-rendered page shows its buttons before its script has taken over; people wait a moment, tests
  // wait for `<html data-hydrated>` after every load (not when the test turned script off).
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const waitForScript = async () => {
      if (!javaScriptEnabled) return;
      await page.waitForFunction(
        () => !document.getElementById('eclat-data') || document.documentElement.dataset.hydrated === 'true',
      );
    };
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForScript();
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForScript();
      return response;
    };
    await use(page);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    expect(errors, 'console errors on the page').toEqual([]);
  },
});

export { expect };

/**
 * Serious and critical accessibility violations on the current page (WCAG 2.x A and AA, label in name
 * included); only inside `include` (a CSS selector) when given, e.g. a dialog over a page too long to
 * check in the test's time.
 */
export async function seriousA11yViolations(page: Page, { include }: { include?: string } = {}) {
  // Colours are checked as they end up: wait for the page fade, dialogs and toasts to finish appearing
  // (mid-fade, text is paler than it will be). Endless animations (spinners) are not waited for.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 5_000 },
  );
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder
    // WCAG 2.5.3 (label in name) is still marked experimental in this axe-core, so off unless asked.
    // `options` first: it replaces the options that `withTags` then adds to. Every rule still runs on
    // every element; only the violations are gathered and sent back (the passes of a long table are
    // thousands of nodes, a quarter of the time axe takes on it).
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
