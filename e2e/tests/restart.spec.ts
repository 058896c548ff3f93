import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../../apps/api/src/lib/free-port.ts';
import { expect, test } from './fixtures.ts';
import { PASSWORD, signIn, uniqueEmail } from './support/accounts.ts';
import { startOwnServer } from './support/server.ts';

test('a signed-in browser stays signed in across a server restart, and its refresh token still works', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(import.meta.dirname, '../../test-results', `restart-data-${Date.now()}`);
  let server = await startOwnServer(port, dataDir);
  try {
    const email = uniqueEmail('restart');
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
    const refreshToken = await page.evaluate(() => {
      for (let i = 0; i < window.localStorage.length; i += 1) {
        const key = window.localStorage.key(i) ?? '';
        if (key.startsWith('oidc.user:')) {
          return (
            (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { refresh_token?: string })
              .refresh_token ?? null
          );
        }
      }
      return null;
    });
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
