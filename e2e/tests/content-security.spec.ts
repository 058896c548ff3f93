import { expect, test } from './fixtures.ts';
import { setLanguage } from './support/accounts.ts';

const PAGES = ['/', '/services', '/about-us', '/contacts'] as const;

/**
 * The browser reports what the Content-Security-Policy refuses as `securitypolicyviolation` events (and in
 * its Issues panel, which Lighthouse counts), even when the page catches the refusal: such a report is not
 * a console error, so the fixtures do not see it. The policy stays strict; the pages must not trip it.
 */
for (const language of ['en', 'fr'] as const) {
  test(`${language}: the public pages trip no Content-Security-Policy rule`, async ({
    page,
    consoleErrors,
  }) => {
    await setLanguage(page, language);
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.effectiveDirective} refused ${event.blockedURI} in ${event.sourceFile}`);
      });
    });
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      expect(violations, `CSP violations on ${path}`).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);
  });
}
