import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.ts';
import { LOGOUT_SCRIPT } from '../modules/auth/pages.ts';
import { PAGE_BOOT_SCRIPT } from '../lib/page-boot.ts';
import { securityPlugin } from './security.ts';

async function policyOf(publicUrl = 'http://localhost:3000') {
  const app = Fastify();
  await app.register(securityPlugin, {
    config: testConfig({ PUBLIC_URL: publicUrl }),
    inlineScripts: [LOGOUT_SCRIPT, PAGE_BOOT_SCRIPT],
  });
  app.get('/', () => 'page');
  try {
    const res = await app.inject({ method: 'GET', url: '/' });
    const header = res.headers['content-security-policy'];
    if (typeof header !== 'string') throw new Error('no Content-Security-Policy header');
    return new Map(
      header.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
  } finally {
    await app.close();
  }
}

describe('Content-Security-Policy', () => {
  // The web app was made to run under this policy (its validation library no longer tries eval, decision
  // 017) rather than the policy loosened for it.
  it('runs only the site’s own script files and the hashed sign-out script: no inline code, no eval', async () => {
    const policy = await policyOf();
    const scripts = policy.get('script-src') ?? [];
    expect(scripts[0]).toBe("'self'");
    for (const source of scripts.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // No directive that would stop a page's inline JSON data (a `<script type="application/json">`, which
    // no browser runs, so script-src does not apply to it) from being read.
    expect(policy.has('require-trusted-types-for')).toBe(false);
  });

  it('asks for https sub-requests when the site is served over https', async () => {
    expect((await policyOf('https://book.eclat.example')).has('upgrade-insecure-requests')).toBe(true);
    expect((await policyOf()).has('upgrade-insecure-requests')).toBe(false);
  });
});
