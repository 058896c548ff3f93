import type { Page } from '@playwright/test';

import { expect, test } from './fixtures.ts';
import { createAccount, readStoredSession, signIn } from './support/accounts.ts';

/** The browser's clock, in seconds (the tabs' clock, which the test moves forward). */
const browserNow = (page: Page) => page.evaluate(() => Date.now() / 1000);

test('two tabs renew the session one at a time and both stay signed in', async ({ context, page }) => {
  // The app renews a minute before the access token expires. Rather than wait the token's lifetime,
  // the tabs' clock jumps to that minute (both tabs share it, as they share the real one); the server
  // issues, rotates and checks the tokens on its own clock, as always.
  await context.clock.install();
  const email = await createAccount('customer');

  await page.goto('/');
  await signIn(page, email);
  const first = await readStoredSession(page);
  const second = await context.newPage();
  await second.goto('/my-appointments');
  await expect(second.getByRole('heading', { level: 1, name: 'My Appointments' })).toBeVisible();

  // Both tabs' timers fire together; after two rounds of renewal the session still works in both.
  for (let round = 1; round <= 2; round += 1) {
    const expiresAt = (await readStoredSession(page))?.expires_at ?? 0;
    await context.clock.fastForward(Math.ceil(expiresAt - 59 - (await browserNow(page))) * 1_000);
    await expect
      .poll(async () => (await readStoredSession(page))?.expires_at ?? 0, { message: `round ${round}` })
      .toBeGreaterThan(expiresAt);
  }
  for (const tab of [page, second]) {
    await tab.goto('/my-appointments');
    await expect(tab.getByRole('heading', { level: 1, name: 'My Appointments' })).toBeVisible();
    await expect(tab.getByRole('main').getByText(email)).toBeVisible();
    await expect(tab.getByRole('banner').getByRole('button', { name: 'Log Out' })).toBeVisible();
  }
  // The token in use now is a renewed one, accepted by the API.
  const now = await readStoredSession(second);
  expect(now?.access_token ?? '').not.toBe(first?.access_token ?? '');
  const me = await second.request.get('/api/v1/auth/me', {
    headers: { authorization: `Bearer ${now?.access_token ?? ''}` },
  });
  expect(me.status()).toBe(200);

  // Signing out in one tab signs out the other.
  await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
  await expect(second.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeVisible();
});
