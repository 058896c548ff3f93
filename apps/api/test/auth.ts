import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { importJWK, SignJWT, type JWK } from 'jose';
import type { Permission } from '@eclat/shared';
import { passwordResetTokens } from '../src/db/schema/index.ts';
import { createUser } from '../src/modules/auth/accounts.repository.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { testConfig } from './helpers.ts';

const config = testConfig();
export const ISSUER = config.auth.issuer;
export const AUDIENCE = config.auth.audience;
export const CLIENT_ID = config.auth.clientId;
export const REDIRECT_URI = `${config.publicUrl}/auth/callback`;
export const TEST_PASSWORD = 'correct horse battery staple 42';

let counter = 0;

/** A user account with exactly these roles; its email is verified unless a test asks otherwise. */
export async function createTestUser(
  app: FastifyInstance,
  roles: Permission[] = ['customer'],
  password = TEST_PASSWORD,
  options: { verified?: boolean; email?: string } = {},
) {
  counter += 1;
  const email = options.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.com`;
  const user = await createUser(
    app.db,
    {
      email,
      passwordHash: await hashPassword(password),
      firstName: `First${counter}`,
      lastName: 'Tester',
      emailVerifiedAt: options.verified === false ? null : new Date(),
    },
    roles,
  );
  return user;
}

/**
 * An access token signed with the embedded provider's own key, with the claims the provider puts in
 * (`typ: at+jwt`, issuer, audience, subject, permissions, email). Overrides build broken tokens.
 */
export async function signAccessToken(
  app: FastifyInstance,
  user: { id: string; email: string },
  options: {
    permissions?: Permission[];
    issuer?: string;
    audience?: string;
    expiresIn?: string | number;
    notBefore?: string | number;
    /** `iat` in seconds since the epoch; now by default. */
    issuedAt?: number;
    key?: JWK;
    /** More claims (an external provider's `email_verified`, say). */
    claims?: Record<string, unknown>;
  } = {},
): Promise<string> {
  const jwk = options.key ?? app.authKeys?.signing[0];
  if (!jwk) throw new Error('no signing key');
  const key = await importJWK(jwk, 'RS256');
  const jwt = new SignJWT({
    permissions: options.permissions ?? [],
    [config.auth.emailClaim]: user.email,
    client_id: CLIENT_ID,
    ...options.claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...(jwk.kid ? { kid: jwk.kid } : {}) })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setSubject(user.id)
    .setIssuedAt(options.issuedAt)
    .setJti(randomBytes(8).toString('hex'))
    .setExpirationTime(options.expiresIn ?? '15m');
  if (options.notBefore !== undefined) jwt.setNotBefore(options.notBefore);
  return jwt.sign(key);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Sets a new password through the reset page, with a link made for the account as if it had been emailed. */
export async function resetPasswordThroughLink(app: FastifyInstance, userId: string, password: string) {
  const token = randomBytes(16).toString('hex');
  await app.db.insert(passwordResetTokens).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    userId,
    expiresAt: new Date(Date.now() + 10 * 60_000),
  });
  return new Browser(app).post(`/oidc/account/reset-password?token=${token}&lang=en`, {
    password,
    confirm: password,
  });
}

/** A cookie jar over `app.inject`, following the provider's redirects like a browser. */
export class Browser {
  readonly cookies = new Map<string, string>();
  readonly app: FastifyInstance;
  constructor(app: FastifyInstance) {
    this.app = app;
  }

  private store(res: LightMyRequestResponse) {
    const raw = res.headers['set-cookie'];
    for (const line of Array.isArray(raw) ? raw : raw ? [raw] : []) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async get(url: string, headers: Record<string, string> = {}) {
    const res = await this.app.inject({
      method: 'GET',
      url: pathOf(url),
      headers: { cookie: this.cookieHeader(), ...headers },
    });
    this.store(res);
    return res;
  }

  async post(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await this.app.inject({
      method: 'POST',
      url: pathOf(url),
      headers: {
        cookie: this.cookieHeader(),
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      payload: new URLSearchParams(form).toString(),
    });
    this.store(res);
    return res;
  }

  /** Follows redirects within the server until one leaves it (the web app's callback) or a page answers. */
  async follow(res: LightMyRequestResponse, site: Site = {}) {
    let current = res;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = current.headers.location;
      if (current.statusCode < 300 || current.statusCode >= 400 || typeof location !== 'string')
        return { res: current };
      if (location.startsWith(redirectUriOf(site))) return { res: current, callback: new URL(location) };
      current = await this.get(location);
    }
    throw new Error('too many redirects');
  }
}

function pathOf(url: string): string {
  if (url.startsWith('/')) return url;
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The web app's address at the provider under test (the default test PUBLIC_URL unless given). */
export type Site = { publicUrl?: string };
const redirectUriOf = (site: Site) => (site.publicUrl ? `${site.publicUrl}/auth/callback` : REDIRECT_URI);
const audienceOf = (site: Site) => (site.publicUrl ? `${site.publicUrl}/api` : AUDIENCE);

export function authorizeUrl(challenge: string, extra: Record<string, string> = {}, site: Site = {}) {
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: 'openid email profile offline_access',
    redirect_uri: redirectUriOf(site),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    resource: audienceOf(site),
    ...extra,
  });
  return `/oidc/auth?${params.toString()}`;
}

export function interactionUid(location: string): string {
  const match = /\/oidc\/interaction\/([^/?]+)/.exec(location);
  if (!match?.[1]) throw new Error(`not an interaction: ${location}`);
  return match[1];
}

export type Tokens = { access_token: string; refresh_token?: string; id_token?: string; expires_in: number };

/** The web app's whole sign-in: authorize, the sign-in form, consent, callback, code for tokens. */
export async function signInThroughProvider(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  site: Site = {},
): Promise<Tokens> {
  const browser = new Browser(app);
  const { verifier, challenge } = pkce();
  const start = await browser.get(authorizeUrl(challenge, {}, site));
  const uid = interactionUid(String(start.headers.location));
  const login = await browser.post(`/oidc/interaction/${uid}/login`, { email, password });
  if (login.statusCode !== 303) throw new Error(`sign-in refused (${login.statusCode})`);
  const { callback } = await browser.follow(login, site);
  if (!callback) throw new Error('no callback');
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code: ${callback.toString()}`);
  return exchangeCode(app, code, verifier, site);
}

export async function exchangeCode(
  app: FastifyInstance,
  code: string,
  verifier: string,
  site: Site = {},
): Promise<Tokens> {
  const res = await app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: redirectUriOf(site),
      client_id: CLIENT_ID,
    }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`token endpoint: ${res.statusCode} ${res.body}`);
  return res.json<Tokens>();
}

export async function refresh(app: FastifyInstance, refreshToken: string) {
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: CLIENT_ID,
    }).toString(),
  });
}

export function decodePayload(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** The Authorization header of a new account holding `role` (its permission in the token). */
export async function headersAs(app: FastifyInstance, role: Permission): Promise<Record<string, string>> {
  return bearer(await signAccessToken(app, await createTestUser(app, [role]), { permissions: [role] }));
}
