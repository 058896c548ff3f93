import { expect, test } from './fixtures.ts';
import { createAccountWithCli, readStoredSession, signIn } from './support/accounts.ts';
import { startFreshServer } from './support/server.ts';

test('two tabs renew the session one at a time and both stay signed in', async ({ context, page }) => {
  test.setTimeout(150_000);
  // Access tokens of 80 s: the app renews 60 s before expiry, so every 20 s or so.
  const server = await startFreshServer('renewal-data', { OIDC_ACCESS_TOKEN_TTL: '80' });
  const { base } = server;
  try {
    const email = createAccountWithCli('customer', server.dataDir);

    await page.goto(`${base}/`);
    await signIn(page, email);
    const first = await readStoredSession(page);
    const second = await context.newPage();
    await second.goto(`${base}/my-appointments`);
    await expect(second.getByRole('heading', { level: 1, name: 'My Appointments' })).toBeVisible();

    // Both tabs' timers fire together; after two rounds of renewal the session still works in both.
    await expect
      .poll(async () => (await readStoredSession(page))?.expires_at ?? 0, {
        timeout: 70_000,
        intervals: [2_000],
      })
      .toBeGreaterThan((first?.expires_at ?? 0) + 30);
    for (const tab of [page, second]) {
      await tab.goto(`${base}/my-appointments`);
      await expect(tab.getByRole('heading', { level: 1, name: 'My Appointments' })).toBeVisible();
      await expect(tab.getByRole('main').getByText(email)).toBeVisible();
      await expect(tab.getByRole('banner').getByRole('button', { name: 'Log Out' })).toBeVisible();
    }
    // The token in use now is a renewed one, accepted by the API.
    const now = await readStoredSession(second);
    expect(now?.access_token ?? '').not.toBe(first?.access_token ?? '');
    const me = await second.request.get(`${base}/api/v1/auth/me`, {
      headers: { authorization: `Bearer ${now?.access_token ?? ''}` },
    });
    expect(me.status()).toBe(200);

    // Signing out in one tab signs out the other.
    await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
    await expect(second.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeVisible();
  } finally {
    await server.stop();
  }
});
