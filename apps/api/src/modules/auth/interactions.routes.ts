import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { pickLocale, type Locale } from '@eclat/shared';
import type { AppConfig } from '../../config.ts';
import { RESET_MINUTES } from './password-reset.ts';
import { VERIFICATION_HOURS } from './email-verification.ts';
import {
  forgotFormSchema,
  loginFormSchema,
  pageQuerySchema,
  registerFormSchema,
  resetFormSchema,
  tokenQuerySchema,
  verifyEmailFormSchema,
} from './interactions.forms.ts';
import {
  isLiveToken,
  register,
  requestPasswordReset,
  resetPassword,
  signIn,
  verifyEmail,
  type InteractionsDeps,
} from './interactions.service.ts';
import {
  checkEmailPage,
  type FieldErrors,
  fieldErrorsOf,
  forgotPage,
  errorPage,
  loginPage,
  pageContextOf,
  registerPage,
  resetPage,
  uiLocaleOf,
  verifyEmailPage,
} from './pages.ts';
import { PAGE_TEXT } from './page-text.ts';
import { MIN_PASSWORD_LENGTH } from './passwords.ts';
import { clientNetwork } from '../../lib/client-network.ts';
import { hasUnsafeInput } from '../../plugins/input-text.ts';

type Options = { config: AppConfig; provider: Provider };

/**
 * The account pages of the embedded provider: sign in, create an account, forgot and reset password.
 * Server-rendered HTML forms (they work without JavaScript), in the language of the sign-in request.
 */
export const interactionRoutes: FastifyPluginCallback<Options> = (app, { config, provider }, done) => {
  const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...config.auth.webOrigins]);
  const deps: InteractionsDeps = { db: app.db, jobs: app.jobs, config };

  /** Refuses form posts coming from another site (SameSite=Lax cookies already keep them unauthenticated). */
  function isCrossSite(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    if (typeof origin === 'string' && origin !== 'null' && !allowedOrigins.has(origin)) return true;
    return request.headers['sec-fetch-site'] === 'cross-site';
  }

  function localeFor(request: FastifyRequest, uiLocales?: unknown): Locale {
    const { lang } = pageQuerySchema.parse(request.query);
    return lang ?? uiLocaleOf(uiLocales) ?? pickLocale(request.headers['accept-language']);
  }

  const pageContext = (request: FastifyRequest, locale: Locale) => pageContextOf(request.url, locale, config);

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);

  // A NUL or a lone surrogate anywhere in a page's request (the rule of `plugins/input-text.ts`): the error
  // page with `invalid_request` (400), as the provider answers, before the global guard's JSON would.
  app.addHook('preValidation', async (request, reply) => {
    if (!hasUnsafeInput(request)) return;
    return html(reply, errorPage(pageContext(request, localeFor(request)), { code: 'invalid_request' }), 400);
  });
  // What Fastify refuses before a page's handler (a form over the size limit, a body it cannot parse) is
  // a page too; a server error goes on to the app's handler (logged, with the request id).
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 400 || status >= 500) throw error;
    return html(
      reply,
      errorPage(pageContext(request, localeFor(request)), { code: 'invalid_request' }),
      status,
    );
  });

  /** Loads the interaction; an unknown or expired one shows the "expired" page. */
  async function details(request: FastifyRequest, reply: FastifyReply) {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      await html(reply, errorPage(pageContext(request, localeFor(request)), { expired: true }), 400);
      return undefined;
    }
  }

  const hrefs = (uid: string, locale: Locale) => ({
    login: `/oidc/interaction/${uid}?lang=${locale}`,
    loginAction: `/oidc/interaction/${uid}/login?lang=${locale}`,
    register: `/oidc/interaction/${uid}/register?lang=${locale}`,
    forgot: `/oidc/interaction/${uid}/forgot?lang=${locale}`,
  });

  /**
   * The interaction of a page request, with everything a page needs: its language (the sign-in request's
   * ui_locales, ?lang=, else the browser's), texts, links and layout context. Undefined once the
   * "expired" page has been sent.
   */
  async function openInteraction(request: FastifyRequest, reply: FastifyReply) {
    const interaction = await details(request, reply);
    if (!interaction) return undefined;
    const locale = localeFor(request, interaction.params.ui_locales);
    return {
      interaction,
      locale,
      t: PAGE_TEXT[locale],
      links: hrefs(interaction.uid, locale),
      page: pageContext(request, locale),
    };
  }

  type Opened = NonNullable<Awaited<ReturnType<typeof openInteraction>>>;

  /** The sign-in page's form and links. */
  const loginForm = (links: Opened['links']) => ({
    action: links.loginAction,
    registerHref: links.register,
    forgotHref: links.forgot,
    abortHref: `${config.publicUrl}/`,
  });

  /** A page of a sign-in interaction: its handler gets the opened interaction (else the "expired" page). */
  function interactionPage(
    method: 'GET' | 'POST',
    url: string,
    handle: (opened: Opened, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) {
    app.route({
      method,
      url,
      schema: { hide: true },
      handler: async (request, reply) => {
        const opened = await openInteraction(request, reply);
        if (!opened) return reply;
        return handle(opened, request, reply);
      },
    });
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ) {
    const redirectTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    return reply.redirect(redirectTo, 303);
  }

  interactionPage('GET', '/oidc/interaction/:uid', async (opened, request, reply) => {
    const { interaction, page, links } = opened;
    const { prompt } = interaction;

    if (prompt.name === 'consent') {
      // Our own web app is first-party: the consent is given on the user's behalf.
      const grant = interaction.grantId
        ? await provider.Grant.find(interaction.grantId)
        : new provider.Grant({
            accountId: interaction.session?.accountId ?? '',
            clientId: String(interaction.params.client_id),
          });
      if (!grant) return html(reply, errorPage(page, { expired: true }), 400);
      const missing = prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      const grantId = await grant.save();
      return finish(request, reply, { consent: interaction.grantId ? {} : { grantId } });
    }

    return html(reply, loginPage(page, loginForm(links)));
  });

  interactionPage('POST', '/oidc/interaction/:uid/login', async (opened, request, reply) => {
    const { t, page, links } = opened;
    const input = loginFormSchema.parse(request.body);
    const render = (error: string, status: number) =>
      html(reply, loginPage(page, { ...loginForm(links), email: input.email, error }), status);
    if (isCrossSite(request)) return render(t.errorIntro, 403);
    const outcome = await signIn(deps, input, clientNetwork(request.ip));
    if (outcome.kind === 'wait') {
      request.log.info({ retryAfterSeconds: outcome.retryAfterSeconds }, 'sign-in throttled');
      reply.header('Retry-After', String(outcome.retryAfterSeconds));
      return render(t.throttledFor(outcome.retryAfterSeconds), 429);
    }
    if (outcome.kind === 'refused') {
      request.log.info('sign-in refused');
      return render(t.badCredentials, 401);
    }
    return finish(request, reply, { login: { accountId: outcome.userId, remember: true } });
  });

  interactionPage('GET', '/oidc/interaction/:uid/register', async ({ page, links }, _request, reply) => {
    return html(
      reply,
      registerPage(page, {
        action: links.register,
        loginHref: links.login,
        minLength: MIN_PASSWORD_LENGTH,
      }),
    );
  });

  interactionPage('POST', '/oidc/interaction/:uid/register', async (opened, request, reply) => {
    const { locale, t, links, page } = opened;
    const input = registerFormSchema.parse(request.body);
    const { firstName, lastName, email } = input;
    const render = (status: number, errors: FieldErrors = {}, error?: string) =>
      html(
        reply,
        registerPage(page, {
          action: links.register,
          loginHref: links.login,
          values: { firstName, lastName, email },
          errors,
          ...(error ? { error } : {}),
          minLength: MIN_PASSWORD_LENGTH,
        }),
        status,
      );
    if (isCrossSite(request)) return render(403, {}, t.errorIntro);
    const outcome = await register(deps, input, { locale, address: clientNetwork(request.ip) });
    if (outcome.kind === 'invalid') {
      return render(400, fieldErrorsOf(t, outcome.problems, MIN_PASSWORD_LENGTH));
    }
    if (outcome.kind === 'throttled') return render(429, {}, t.throttled);
    if (outcome.userId) request.log.info({ userId: outcome.userId }, 'account created');
    return html(
      reply,
      checkEmailPage(page, {
        email,
        loginHref: links.login,
        expiresInHours: VERIFICATION_HOURS,
      }),
    );
  });

  /**
   * The page of an emailed link (`path`, its token in the query): its token, language, texts, layout
   * context, and the form's action (the same address with the page's language).
   */
  function linkPage(request: FastifyRequest, path: string) {
    const { token } = tokenQuerySchema.parse(request.query);
    const locale = localeFor(request);
    return {
      token,
      t: PAGE_TEXT[locale],
      page: pageContext(request, locale),
      action: `${path}?token=${encodeURIComponent(token)}&lang=${locale}`,
    };
  }

  /**
   * A verification link (single use, 24 hours). Opening it only shows a form: the address is confirmed when
   * the account's password is typed there (decision 010), so neither a mail scanner nor the owner of the
   * mailbox can verify an account somebody else created with that address.
   */
  const VERIFY_PATH = '/oidc/account/verify-email';

  app.get(VERIFY_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { token, page, action } = linkPage(request, VERIFY_PATH);
    const live = await isLiveToken(deps, token, 'email-verification');
    return html(
      reply,
      verifyEmailPage(page, { verified: false, ...(live ? { action } : {}) }),
      live ? 200 : 400,
    );
  });

  app.post(VERIFY_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { token, t, page, action } = linkPage(request, VERIFY_PATH);
    if (isCrossSite(request)) return html(reply, verifyEmailPage(page, { verified: false }), 400);
    const { password } = verifyEmailFormSchema.parse(request.body);
    const { outcome, userId } = await verifyEmail(deps, token, password);
    switch (outcome) {
      case 'invalid':
        return html(reply, verifyEmailPage(page, { verified: false }), 400);
      case 'throttled':
        return html(reply, verifyEmailPage(page, { verified: false, action, error: t.throttled }), 429);
      case 'wrongPassword':
        return html(
          reply,
          verifyEmailPage(page, { verified: false, action, error: t.verifyWrongPassword }),
          400,
        );
      case 'verified':
        request.log.info({ userId }, 'email verified');
        return html(reply, verifyEmailPage(page, { verified: true }));
    }
  });

  interactionPage('GET', '/oidc/interaction/:uid/forgot', async ({ page, links }, _request, reply) =>
    html(reply, forgotPage(page, { action: links.forgot, loginHref: links.login })),
  );

  interactionPage('POST', '/oidc/interaction/:uid/forgot', async (opened, request, reply) => {
    const { locale, t, links, page } = opened;
    const { email } = forgotFormSchema.parse(request.body);
    const render = (status: number, error?: string) =>
      html(
        reply,
        forgotPage(page, {
          action: links.forgot,
          loginHref: links.login,
          ...(error ? { email, error } : { sentMinutes: RESET_MINUTES }),
        }),
        status,
      );
    if (isCrossSite(request)) return render(403, t.errorIntro);
    const outcome = await requestPasswordReset(deps, email, { locale, address: clientNetwork(request.ip) });
    if (outcome.kind === 'invalid') return render(400, t.emailInvalid);
    if (outcome.kind === 'throttled') return render(429, t.throttled);
    return render(200);
  });

  const RESET_PATH = '/oidc/account/reset-password';

  app.get(RESET_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { token, page, action } = linkPage(request, RESET_PATH);
    const live = await isLiveToken(deps, token, 'password-reset');
    return html(
      reply,
      resetPage(page, { ...(live ? { action } : {}), minLength: MIN_PASSWORD_LENGTH }),
      live ? 200 : 400,
    );
  });

  app.post(RESET_PATH, { schema: { hide: true } }, async (request, reply) => {
    const { token, t, page, action } = linkPage(request, RESET_PATH);
    if (isCrossSite(request)) return html(reply, resetPage(page, { minLength: MIN_PASSWORD_LENGTH }), 400);
    const outcome = await resetPassword(deps, token, resetFormSchema.parse(request.body));
    if (outcome.kind === 'invalid') {
      return html(reply, resetPage(page, { minLength: MIN_PASSWORD_LENGTH }), 400);
    }
    if (outcome.kind === 'refused') {
      const errors = fieldErrorsOf(t, outcome.problems, MIN_PASSWORD_LENGTH);
      return html(reply, resetPage(page, { action, errors, minLength: MIN_PASSWORD_LENGTH }), 400);
    }
    request.log.info({ userId: outcome.userId }, 'password reset');
    return html(reply, resetPage(page, { done: true, minLength: MIN_PASSWORD_LENGTH }));
  });
  done();
};
