import type { AuthConfig, Locale } from '@eclat/shared';
import type { SigninRedirectArgs, SignoutRedirectArgs, UserManagerSettings } from 'oidc-client-ts';

import { paths } from '@/config/paths';

/** The OIDC `state` this app sends with a sign-in request and reads back in the callback. */
export type SignInState = { returnTo: string };

export function readSignInState(state: unknown): SignInState | null {
  if (state === null || typeof state !== 'object') return null;
  const { returnTo } = state as { returnTo?: unknown };
  return typeof returnTo === 'string' ? { returnTo } : null;
}

/**
 * oidc-client-ts settings for the server's AuthConfig: a public client (no secret) using the
 * authorization code flow with PKCE (S256, the library's default for `response_type: 'code'`),
 * refresh tokens (`offline_access` in the scope) renewed before expiry, and the API requested as
 * the token's resource (RFC 8707), so the access token is a JWT for the API. The redirect URIs are
 * built from the page's origin; the server registers `<origin>/auth/callback` and `<origin>/`.
 *
 * The user store is added by the caller (it needs `window.localStorage`).
 */
export function createOidcSettings(
  config: AuthConfig,
  origin: string,
): Omit<UserManagerSettings, 'userStore'> {
  return {
    authority: config.authority,
    client_id: config.clientId,
    redirect_uri: `${origin}${paths.authCallback.getHref()}`,
    post_logout_redirect_uri: `${origin}${paths.home.getHref()}`,
    response_type: 'code',
    scope: config.scope,
    resource: config.audience,
    // Renewal is ours (user-manager.ts): one tab at a time, so rotating refresh tokens are never reused.
    automaticSilentRenew: false,
    // The ID token's profile is enough; no extra round trip to the userinfo endpoint.
    loadUserInfo: false,
  };
}

/**
 * The sign-in redirect: where to come back to (carried in the OIDC state) and the active language
 * (`ui_locales`), so the provider's pages speak the same language as the app. External providers
 * such as Auth0 name the API with `audience` rather than a resource indicator, so it is sent too.
 */
export function createSignInArgs(config: AuthConfig, returnTo: string, language: Locale): SigninRedirectArgs {
  const state: SignInState = { returnTo };
  return {
    state,
    extraQueryParams: {
      ui_locales: language,
      ...(config.provider === 'external' ? { audience: config.audience } : {}),
    },
  };
}

/** The sign-out redirect, in the active language; it comes back to `post_logout_redirect_uri`. */
export function createSignOutArgs(language: Locale): SignoutRedirectArgs {
  return { extraQueryParams: { ui_locales: language } };
}
