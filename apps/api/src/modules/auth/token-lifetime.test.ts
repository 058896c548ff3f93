import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  createTestUser,
  decodePayload,
  refresh,
  signInThroughProvider,
  type Tokens,
} from '../../../test/auth.ts';

/**
 * OIDC_ACCESS_TOKEN_TTL: the embedded provider's access tokens live that long, from the sign-in and from
 * each renewal (the web app renews a minute before the end, decision 011). A lifetime other than the
 * default 900 s, so the setting is what is read.
 */
const TTL = 120;
let app: TestApp;
useTestApp((built) => (app = built), { OIDC_ACCESS_TOKEN_TTL: String(TTL) });

const lifetimeOf = (tokens: Tokens) => {
  const payload = decodePayload(tokens.access_token);
  return Number(payload.exp) - Number(payload.iat);
};

describe('the access token lifetime', () => {
  it('is OIDC_ACCESS_TOKEN_TTL at sign-in and at each renewal', async () => {
    const user = await createTestUser(app);
    const signedIn = await signInThroughProvider(app, user.email);
    expect(signedIn.expires_in).toBe(TTL);
    expect(lifetimeOf(signedIn)).toBe(TTL);
    const renewed = await refresh(app, signedIn.refresh_token ?? '');
    expect(renewed.statusCode).toBe(200);
    const tokens = renewed.json<Tokens>();
    expect(tokens.expires_in).toBe(TTL);
    expect(lifetimeOf(tokens)).toBe(TTL);
  });
});
