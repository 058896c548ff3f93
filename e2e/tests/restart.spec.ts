import fs from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { createAccount, readStoredSession, signIn } from './support/accounts.ts';
import { startFreshServer, startOwnServer } from './support/server.ts';

test('a signed-in browser stays signed in across a server restart, and its refresh token still works', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const fresh = await startFreshServer('restart-data');
  const { port, base, dataDir } = fresh;
  let server: { stop(): Promise<void> } = fresh;
  try {
    const email = await createAccount('customer', dataDir);

    await page.goto(`${base}/`);
    await signIn(page, email);

    await server.stop();
    server = await startOwnServer(port, dataDir);

    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Log Out' })).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'My Appointments' }),
    ).toBeVisible();

    // The browser's own refresh token, used against the restarted server.
    const refreshToken = (await readStoredSession(page))?.refresh_token ?? null;
    expect(refreshToken).toBeTruthy();
    const res = await page.request.post(`${base}/oidc/token`, {
      form: { grant_type: 'refresh_token', refresh_token: refreshToken ?? '', client_id: 'eclat-web' },
    });
    expect(res.status()).toBe(200);
    const { access_token: accessToken } = (await res.json()) as { access_token: string };
    const me = await page.request.get(`${base}/api/v1/auth/me`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(await me.json()).toMatchObject({ email });
  } finally {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
