import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailToken } from '../src/modules/auth/email-tokens.ts';
import { buildTestApp } from './helpers.ts';
import {
  authorizeUrl,
  Browser,
  CLIENT_ID,
  createTestUser,
  interactionUid,
  pkce,
  REDIRECT_URI,
  signInThroughProvider,
  AUDIENCE,
} from './auth.ts';

/**
 * The sibling of `fuzz.test.ts` for what the OpenAPI document does not describe (issue 27, deliverable 5):
 * the embedded provider's endpoints (discovery, authorization, token, revocation, introspection, pushed
 * requests, end session, keys, userinfo) and its account pages (sign in, sign up, forgot, reset, verify
 * email; GET and the POST of each form). Each gets generated parameters: real values (the client, a
 * redirect, a code, tokens, the interaction of a real sign-in) as often as broken ones (NUL, lone
 * surrogates, 20k characters, repeated parameters, JSON of the wrong types). Whatever comes in: never a
 * 5xx; an endpoint's error is OAuth's JSON (`error`) or the provider's HTML page, an account page's error
 * is an HTML page. Fixed seed (FUZZ_SEED to try another), bounded count (FUZZ_RUNS per target).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);

let app: Awaited<ReturnType<typeof buildTestApp>>;
const real: Record<string, string[]> = {};
let browser: Browser;
let uid = '';

const add = (name: string, ...values: string[]) => {
  real[name] = [...(real[name] ?? []), ...values];
};

beforeAll(async () => {
  app = await buildTestApp();
  const user = await createTestUser(app);
  const tokens = await signInThroughProvider(app, user.email);
  add('access_token', tokens.access_token);
  add('refresh_token', tokens.refresh_token ?? '');
  add('id_token_hint', tokens.id_token ?? '');
  add('token', tokens.access_token, tokens.refresh_token ?? '');
  add('email', user.email, 'nobody@example.com');
  add('password', 'correct horse battery staple 42');
  add('reset', await createEmailToken(app.db, user.id, 'password-reset'));
  add('verify', await createEmailToken(app.db, user.id, 'email-verification'));
  // A sign-in in progress: its interaction and cookies are what the account pages read.
  browser = new Browser(app);
  const { challenge } = pkce();
  const start = await browser.get(authorizeUrl(challenge));
  uid = interactionUid(String(start.headers.location));
  const code = pkce();
  add('code_challenge', code.challenge);
  add('code_verifier', code.verifier);
}, 60_000);
afterAll(async () => {
  await app.close();
});

/** Text that must never reach PostgreSQL or a page as it is. */
const HOSTILE = [
  '\u0000',
  'abc\u0000def',
  '\ud800',
  'x\udfffy',
  'x'.repeat(20_000),
  '%00',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  '',
  ' ',
  '9'.repeat(40),
  'null',
  '[]',
];

/** A parameter's value: a real one, a hostile one, or a mix (a real value with a NUL inside). */
function valueOf(name: string, pool = name): fc.Arbitrary<string> {
  const known = real[pool] ?? [];
  const fixed: Record<string, string[]> = {
    client_id: [CLIENT_ID, 'other-client'],
    redirect_uri: [REDIRECT_URI, 'https://evil.example/cb'],
    post_logout_redirect_uri: [REDIRECT_URI.replace('/auth/callback', '/')],
    response_type: ['code', 'token', 'id_token'],
    scope: ['openid email profile offline_access', 'openid', 'admin'],
    grant_type: ['authorization_code', 'refresh_token', 'client_credentials', 'password'],
    code_challenge_method: ['S256', 'plain'],
    resource: [AUDIENCE, 'https://evil.example/api'],
    token_type_hint: ['access_token', 'refresh_token'],
    ui_locales: ['fr-CA', 'en'],
    lang: ['fr', 'en'],
    prompt: ['login', 'consent', 'none'],
  };
  const choices = [...known, ...(fixed[name] ?? [])];
  const good = choices.length > 0 ? fc.constantFrom(...choices) : fc.string({ maxLength: 20 });
  return fc.oneof(
    { weight: 3, arbitrary: good },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(good, fc.constantFrom('\u0000', '\ud800', '\udc00'), fc.nat(10))
        .map(([text, bad, at]) => `${text.slice(0, at)}${bad}${text.slice(at)}`),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  );
}

/** One parameter as sent: a text, the same name twice (an array), or (in JSON) another type. */
type Sent = string | string[] | number | boolean | null | Record<string, unknown>;
function sentOf(name: string, pool = name): fc.Arbitrary<Sent> {
  return fc.oneof(
    { weight: 6, arbitrary: valueOf(name, pool) },
    { weight: 1, arbitrary: fc.array(valueOf(name, pool), { minLength: 2, maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Sent>(0, -1, 1e308, true, null, { a: '\u0000' }, { $ne: '' }),
    },
  );
}

/**
 * The parameters of a request: some of those the target reads, each maybe left out; `pools` names where a
 * parameter's real values come from when it is not its own name (a reset link's `token`).
 */
function paramsOf(names: readonly string[], pools: Record<string, string> = {}) {
  return fc.record(Object.fromEntries(names.map((name) => [name, sentOf(name, pools[name])])), {
    requiredKeys: [],
  });
}

function query(params: Record<string, Sent | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(name, typeof item === 'string' ? item : JSON.stringify(item));
    }
  }
  return search.toString();
}

type Encoding = 'form' | 'json';
type Target = {
  name: string;
  methods: readonly ('GET' | 'POST')[];
  path: () => string;
  params: readonly string[];
  /** An account page answers HTML whatever happens; a provider endpoint may answer OAuth's JSON. */
  page: boolean;
  /** Sent with the cookies of the sign-in in progress. */
  withSession?: boolean;
  /** The page's emailed link: its `token` in the query is one of these (or a broken one). */
  link?: 'reset' | 'verify';
};

const AUTH_PARAMS = [
  'client_id',
  'response_type',
  'scope',
  'redirect_uri',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'resource',
  'ui_locales',
  'prompt',
  'request_uri',
  'request',
  'max_age',
  'login_hint',
] as const;

const TARGETS: Target[] = [
  {
    name: 'discovery',
    methods: ['GET'],
    path: () => '/oidc/.well-known/openid-configuration',
    params: ['x'],
    page: false,
  },
  { name: 'jwks', methods: ['GET'], path: () => '/oidc/jwks', params: ['x'], page: false },
  {
    name: 'authorization',
    methods: ['GET', 'POST'],
    path: () => '/oidc/auth',
    params: AUTH_PARAMS,
    page: false,
  },
  {
    name: 'token',
    methods: ['POST'],
    path: () => '/oidc/token',
    params: [
      'grant_type',
      'client_id',
      'code',
      'code_verifier',
      'redirect_uri',
      'refresh_token',
      'resource',
      'scope',
    ],
    page: false,
  },
  {
    name: 'revocation',
    methods: ['POST'],
    path: () => '/oidc/token/revocation',
    params: ['token', 'token_type_hint', 'client_id'],
    page: false,
  },
  {
    name: 'introspection',
    methods: ['POST'],
    path: () => '/oidc/token/introspection',
    params: ['token', 'token_type_hint', 'client_id'],
    page: false,
  },
  {
    name: 'pushed request',
    methods: ['POST'],
    path: () => '/oidc/request',
    params: AUTH_PARAMS,
    page: false,
  },
  {
    name: 'end session',
    methods: ['GET', 'POST'],
    path: () => '/oidc/session/end',
    params: [
      'id_token_hint',
      'post_logout_redirect_uri',
      'state',
      'client_id',
      'ui_locales',
      'logout',
      'xsrf',
    ],
    page: false,
  },
  {
    name: 'userinfo',
    methods: ['GET', 'POST'],
    path: () => '/oidc/me',
    params: ['access_token', 'x'],
    page: false,
  },
  {
    name: 'sign-in page',
    methods: ['GET'],
    path: () => `/oidc/interaction/${uid}`,
    params: ['lang'],
    page: true,
    withSession: true,
  },
  {
    name: 'sign-in form',
    methods: ['POST'],
    path: () => `/oidc/interaction/${uid}/login`,
    params: ['email', 'password', 'lang'],
    page: true,
    withSession: true,
  },
  {
    name: 'sign-up',
    methods: ['GET', 'POST'],
    path: () => `/oidc/interaction/${uid}/register`,
    params: ['firstName', 'lastName', 'email', 'password', 'lang'],
    page: true,
    withSession: true,
  },
  {
    name: 'forgot password',
    methods: ['GET', 'POST'],
    path: () => `/oidc/interaction/${uid}/forgot`,
    params: ['email', 'lang'],
    page: true,
    withSession: true,
  },
  {
    name: 'the sign-in page of an interaction that cannot exist',
    methods: ['GET'],
    path: () => `/oidc/interaction/${encodeURIComponent('abc\u0000')}`,
    params: ['lang'],
    page: true,
    withSession: true,
  },
  {
    name: 'the sign-in form of an interaction that cannot exist',
    methods: ['POST'],
    path: () => `/oidc/interaction/${encodeURIComponent('x\u0000y')}/login`,
    params: ['email', 'password'],
    page: true,
    withSession: true,
  },
  {
    name: 'reset password',
    methods: ['GET', 'POST'],
    path: () => '/oidc/account/reset-password',
    params: ['password', 'confirm'],
    page: true,
    link: 'reset',
  },
  {
    name: 'verify email',
    methods: ['GET', 'POST'],
    path: () => '/oidc/account/verify-email',
    params: ['password'],
    page: true,
    link: 'verify',
  },
];

type Generated = {
  method: 'GET' | 'POST';
  encoding: Encoding;
  params: Record<string, Sent | undefined>;
  inQuery: Record<string, Sent | undefined>;
};

async function send(target: Target, generated: Generated): Promise<LightMyRequestResponse> {
  const { method, encoding, params, inQuery } = generated;
  const path = target.path();
  const search = query(method === 'GET' ? { ...inQuery, ...params } : inQuery);
  const url = search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
  const headers: Record<string, string> = {};
  if (target.withSession) {
    headers.cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  if (method === 'GET') return app.inject({ method, url, headers });
  if (encoding === 'json') {
    headers['content-type'] = 'application/json';
    return app.inject({ method, url, headers, payload: JSON.stringify(params) });
  }
  headers['content-type'] = 'application/x-www-form-urlencoded';
  return app.inject({ method, url, headers, payload: query(params) });
}

const short = (text: string) =>
  text.length > 300 ? `${text.slice(0, 300)}... (${text.length} chars)` : text;

function problemOf(target: Target, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return 'server error';
  if (res.statusCode < 400) return undefined;
  const type = res.headers['content-type'] ?? '';
  // A path or method the provider does not serve (introspection is off) is its plain 404 or 405.
  if (!target.page && [404, 405].includes(res.statusCode)) return undefined;
  if (target.page) return type.startsWith('text/html') ? undefined : `an account page answered ${type}`;
  if (type.startsWith('text/html')) return undefined;
  if (!type.startsWith('application/json')) return `answered ${type}`;
  const body = res.json<Record<string, unknown>>();
  return typeof body.error === 'string' ? undefined : 'an error without OAuth `error`';
}

describe("the provider's endpoints and account pages, with generated valid and invalid input", () => {
  it('never answer 5xx, and answer errors in the OAuth JSON or the HTML page', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const [index, target] of TARGETS.entries()) {
      const arbitrary = fc.record({
        method: fc.constantFrom(...target.methods),
        encoding: fc.constantFrom<Encoding>('form', 'form', 'json'),
        params: paramsOf([...target.params, 'x']),
        inQuery: target.link
          ? paramsOf(['token', 'lang'], { token: target.link })
          : paramsOf(target.page ? ['lang'] : []),
      });
      const seed = SEED + index;
      const details = await fc.check(
        fc.asyncProperty(arbitrary, async (generated) => {
          requests += 1;
          const res = await send(target, generated);
          const problem = problemOf(target, res);
          if (problem) {
            throw new Error(
              `${problem}: ${generated.method} ${target.name} ${short(JSON.stringify(generated))} -> ${res.statusCode} ${short(res.body)}`,
            );
          }
        }),
        { seed, numRuns: RUNS, endOnFailure: true },
      );
      if (details.failed) {
        const cause =
          details.errorInstance instanceof Error
            ? details.errorInstance.message
            : String(details.errorInstance);
        failures.push(`${target.name} (seed ${seed}): ${cause}`);
      }
    }
    expect(failures, `fuzz seed ${SEED} (FUZZ_SEED=${SEED} to replay)`).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(TARGETS.length * RUNS);
  }, 240_000);

  // Each 500 of issue 27 by name: the provider's own answer for a value that cannot exist.
  it.each([
    ['/oidc/auth', 'GET', { client_id: `${CLIENT_ID}\u0000` }, 400, undefined],
    [
      '/oidc/token',
      'POST',
      {
        grant_type: 'authorization_code',
        client_id: CLIENT_ID,
        code: 'a\u0000b',
        code_verifier: 'x'.repeat(43),
        redirect_uri: REDIRECT_URI,
      },
      400,
      'invalid_grant',
    ],
    [
      '/oidc/token',
      'POST',
      { grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: 'a\u0000b' },
      400,
      'invalid_grant',
    ],
    // RFC 7009 §2.2: a token that is not valid is answered as revoked.
    ['/oidc/token/revocation', 'POST', { client_id: CLIENT_ID, token: 'a\u0000b' }, 200, undefined],
    ['/oidc/request', 'POST', { client_id: `${CLIENT_ID}\u0000` }, 401, 'invalid_client'],
    ['/oidc/me', 'POST', { access_token: 'a\u0000b' }, 401, 'invalid_token'],
  ] as const)(
    '%s (%s) with a NUL answers in OAuth terms, never 500',
    async (path, method, params, status, error) => {
      const body = query(params);
      const res =
        method === 'GET'
          ? await app.inject({ method, url: `${path}?${body}` })
          : await app.inject({
              method,
              url: path,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: body,
            });
      expect(res.statusCode, res.body).toBe(status);
      if (error) expect(res.json<{ error: string }>().error).toBe(error);
    },
  );
});
