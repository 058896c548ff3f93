import type { AuthConfig } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import { createOidcSettings, createSignInArgs, createSignOutArgs, readSignInState } from './oidc-settings';

const EMBEDDED: AuthConfig = {
  authority: 'https://eclat.example/oidc',
  clientId: 'eclat-web',
  audience: 'https://eclat.example/api',
  scope: 'openid email profile offline_access',
  permissionsClaim: 'permissions',
  emailClaim: 'https://eclat.example/email',
  provider: 'embedded',
};

describe('createOidcSettings', () => {
  it('configures a public code + PKCE client for the API resource, with refresh-token renewal', () => {
    expect(createOidcSettings(EMBEDDED, 'https://eclat.example')).toEqual({
      authority: 'https://eclat.example/oidc',
      client_id: 'eclat-web',
      redirect_uri: 'https://eclat.example/auth/callback',
      post_logout_redirect_uri: 'https://eclat.example/',
      response_type: 'code',
      scope: 'openid email profile offline_access',
      resource: 'https://eclat.example/api',
      automaticSilentRenew: false,
      loadUserInfo: false,
    });
  });

  it('builds the redirect URIs from the page origin (the Vite dev server in development)', () => {
    const settings = createOidcSettings(
      { ...EMBEDDED, authority: 'http://localhost:3000/oidc' },
      'http://localhost:5173',
    );
    expect(settings.redirect_uri).toBe('http://localhost:5173/auth/callback');
    expect(settings.post_logout_redirect_uri).toBe('http://localhost:5173/');
    expect(settings).not.toHaveProperty('client_secret');
  });
});

describe('sign-in and sign-out arguments', () => {
  it('carry the return location in the state and the language as ui_locales', () => {
    expect(createSignInArgs(EMBEDDED, '/profile?edit=1', 'fr')).toEqual({
      state: { returnTo: '/profile?edit=1' },
      extraQueryParams: { ui_locales: 'fr' },
    });
    expect(createSignOutArgs('en')).toEqual({ extraQueryParams: { ui_locales: 'en' } });
  });

  it('also name the API as the audience for an external provider', () => {
    expect(createSignInArgs({ ...EMBEDDED, provider: 'external' }, '/', 'en').extraQueryParams).toEqual({
      ui_locales: 'en',
      audience: 'https://eclat.example/api',
    });
  });

  it('read the return location back from the state, ignoring anything else', () => {
    expect(readSignInState({ returnTo: '/checkout' })).toEqual({ returnTo: '/checkout' });
    expect(readSignInState(undefined)).toBeNull();
    expect(readSignInState({ returnTo: 3 })).toBeNull();
    expect(readSignInState('/checkout')).toBeNull();
  });
});
