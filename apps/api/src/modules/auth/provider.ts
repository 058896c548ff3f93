import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { isLocale, pickLocale, type Locale } from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/transaction.ts';
import { findUserById, rolesOf } from './accounts.repository.ts';
import type { AuthKeys } from './keys.ts';
import { createOidcAdapterClass } from './oidc-adapter.ts';
import {
  errorPage,
  LOGOUT_SCRIPT,
  logoutPage,
  pageContextOf,
  signedOutPage,
  uiLocaleOf,
  type PageContext,
} from './pages.ts';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** Language of a provider page: `ui_locales` of the request, then the browser's languages. */
export function localeOf(ctx: KoaContextWithOIDC): Locale {
  const fromQuery = ctx.query.lang;
  if (typeof fromQuery === 'string' && isLocale(fromQuery)) return fromQuery;
  return uiLocaleOf(ctx.oidc.params?.ui_locales) ?? pickLocale(ctx.get('accept-language'));
}

function pageContext(config: AppConfig, ctx: KoaContextWithOIDC): PageContext {
  return pageContextOf(ctx.href, localeOf(ctx), config);
}

/**
 * The embedded OpenID Connect provider: authorization code + PKCE for the web app (a public client),
 * rotating refresh tokens, JWT access tokens for the API carrying the permissions and the email, state
 * in PostgreSQL, keys from the database.
 */
export function createProvider(config: AppConfig, db: Db, keys: AuthKeys): Provider {
  const { auth } = config;
  const secure = config.publicUrl.startsWith('https://');
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure, signed: true };

  const configuration: Configuration = {
    adapter: createOidcAdapterClass(db),
    clients: [
      {
        client_id: auth.clientId,
        client_name: config.brandName,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: auth.webOrigins.map((origin) => `${origin}/auth/callback`),
        post_logout_redirect_uris: auth.webOrigins.map((origin) => `${origin}/`),
      },
    ],
    clientBasedCORS: (_ctx, origin) => auth.webOrigins.includes(origin),
    pkce: { required: () => true },
    jwks: { keys: keys.signing },
    cookies: { keys: keys.cookie, long: cookieOptions, short: cookieOptions },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'locale'],
    },
    async findAccount(_ctx, id) {
      const user = await findUserById(db, id);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({
          sub: user.id,
          email: user.email,
          email_verified: user.emailVerifiedAt !== null,
          name: `${user.firstName} ${user.lastName}`.trim(),
          given_name: user.firstName,
          family_name: user.lastName,
          locale: user.locale,
        }),
      };
    },
    async extraTokenClaims(_ctx, token) {
      // Client-credentials tokens have no account.
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const user = await findUserById(db, token.accountId);
      if (!user) return undefined;
      return { [auth.permissionsClaim]: await rolesOf(db, user.id), [auth.emailClaim]: user.email };
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => auth.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== auth.audience) throw new errors.InvalidTarget();
          return {
            scope: 'api',
            audience: auth.audience,
            accessTokenTTL: config.auth.accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          const page = pageContext(config, ctx);
          ctx.type = 'html';
          ctx.body = logoutPage(page, { form, stayHref: `${config.publicUrl}/`, script: LOGOUT_SCRIPT });
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = signedOutPage(pageContext(config, ctx));
        },
      },
    },
    ttl: {
      AccessToken: config.auth.accessTokenTtl,
      AuthorizationCode: MINUTE,
      IdToken: 60 * MINUTE,
      Interaction: 60 * MINUTE,
      RefreshToken: 30 * DAY,
      Session: 30 * DAY,
      Grant: 30 * DAY,
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(pageContext(config, ctx), {
        code: typeof out.error === 'string' ? out.error : undefined,
        expired:
          out.error === 'invalid_request' && /interaction|session/i.test(String(out.error_description)),
      });
    },
  };

  const provider = new Provider(auth.issuer, configuration);
  provider.proxy = config.trustProxy !== false;
  if (typeof config.trustProxy === 'number') provider.maxIpsCount = config.trustProxy;
  return provider;
}
