import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { freePort } from '../../apps/api/src/lib/free-port.ts';
import { expect, test } from './fixtures.ts';
import { PASSWORD, signIn, uniqueEmail } from './support/accounts.ts';
import { startOwnServer } from './support/server.ts';

/** The session the web app stored (shared by every tab of the site). */
async function storedSession(page: Page) {
  return page.evaluate(() => {
    for (let i = 0; i < window.localStorage.length; i += 1) {
      const key = window.localStorage.key(i) ?? '';
      if (key.startsWith('oidc.user:')) {
        const user = JSON.parse(window.localStorage.getItem(key) ?? '{}') as {
          access_token?: string;
          expires_at?: number;
        };
        return { accessToken: user.access_token ?? '', expiresAt: user.expires_at ?? 0 };
      }
    }
    return null;
  });
}

test('two tabs renew the session one at a time and both stay signed in', async ({ context, page }) => {
  test.setTimeout(150_000);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(import.meta.dirname, '../../test-results', `renewal-data-${Date.now()}`);
  // Access tokens of 80 s: the app renews 60 s before expiry, so every 20 s or so.
  const server = await startOwnServer(port, dataDir, { OIDC_ACCESS_TOKEN_TTL: '80' });
  try {
    const email = uniqueEmail('renewal');
    const cli = spawnSync(
      process.execPath,
      [
        path.join(import.meta.dirname, '../../apps/api/src/cli/users.ts'),
        'create',
        '--email',
        email,
        '--password',
        PASSWORD,
        '--role',
        'customer',
      ],
      { env: { PATH: process.env.PATH, DATA_DIR: dataDir }, encoding: 'utf8' },
    );
    expect(cli.status, cli.stderr).toBe(0);

    await page.goto(`${base}/`);
    await signIn(page, email);
    const first = await storedSession(page);
    const second = await context.newPage();
    await second.goto(`${base}/my-appointments`);
    await expect(second.getByRole('heading', { level: 1, name: 'My Appointments' })).toBeVisible();

    // Both tabs' timers fire together; after two rounds of renewal the session still works in both.
    await expect
      .poll(async () => (await storedSession(page))?.expiresAt ?? 0, { timeout: 70_000, intervals: [2_000] })
      .toBeGreaterThan((first?.expiresAt ?? 0) + 30);
    for (const tab of [page, second]) {
      await tab.goto(`${base}/my-appointments`);
      await expect(tab.getByRole('heading', { level: 1, name: 'My Appointments' })).toBeVisible();
      await expect(tab.getByRole('main').getByText(email)).toBeVisible();
      await expect(tab.getByRole('banner').getByRole('button', { name: 'Log Out' })).toBeVisible();
    }
    // The token in use now is a renewed one, accepted by the API.
    const now = await storedSession(second);
    expect(now?.accessToken).not.toBe(first?.accessToken);
    const me = await second.request.get(`${base}/api/v1/auth/me`, {
      headers: { authorization: `Bearer ${now?.accessToken ?? ''}` },
    });
    expect(me.status()).toBe(200);

    // Signing out in one tab signs out the other.
    await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
    await expect(second.getByRole('banner').getByRole('button', { name: 'Log In' })).toBeVisible();
  } finally {
    await server.stop();
  }
});
