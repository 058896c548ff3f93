import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import {
  customerByEmailQuerySchema,
  isLocale,
  pickLocale,
  profileInputSchema,
  type Locale,
} from '@eclat/shared';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import {
  createUser,
  findUserByEmail,
  findUserById,
  setPassword,
  type UserRecord,
} from './accounts.repository.ts';
import { consumeEmailToken, findEmailToken, retireEmailTokens } from './email-tokens.ts';
import { RESET_MINUTES } from './password-reset.ts';
import {
  greetingNameOf,
  markEmailVerified,
  sendVerificationEmail,
  VERIFICATION_EMAIL_RULE,
  VERIFICATION_HOURS,
  verificationThrottleKey,
  verifyEmailWithToken,
} from './email-verification.ts';
import {
  checkEmailPage,
  forgotPage,
  errorPage,
  loginPage,
  registerPage,
  resetPage,
  type FieldErrors,
  type PageContext,
  verifyEmailPage,
} from './pages.ts';
import { PAGE_TEXT } from './page-text.ts';
import { checkPasswordPolicy, hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords.ts';
import { clearHits, isLocked, recordHit, RULES } from '../../plugins/throttle.ts';
import { attemptSignIn, clearSignInWaitsOf } from './sign-in-throttle.ts';
import { endEverySessionOf } from './token-epoch.ts';
import { clientNetwork } from '../../lib/client-network.ts';
import { hasUnsafeInput } from '../../plugins/input-text.ts';

const emailSchema = z.email();
/** The limits an account's names and address will meet on its customer profile: the shared rules. */
const firstNameSchema = profileInputSchema.shape.firstName;
const lastNameSchema = profileInputSchema.shape.lastName;
const storableEmailSchema = customerByEmailQuerySchema.shape.email;

type Options = { config: AppConfig; provider: Provider };

/**
 * The text fields of a posted form (a field sent twice, or a JSON body's other types, is left out). Each
 * field's length is checked by the page that reads it, with that field's own message.
 */
function form(request: FastifyRequest): Record<string, string> {
  const body: unknown = request.body;
  if (body === null || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The account pages of the embedded provider: sign in, create an account, forgot and reset password.
 * Server-rendered HTML forms (they work without JavaScript), in the language of the sign-in request.
 */
export const interactionRoutes: FastifyPluginCallback<Options> = (app, { config, provider }, done) => {
  const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...config.auth.webOrigins]);

  /** Refuses form posts coming from another site (SameSite=Lax cookies already keep them unauthenticated). */
  function isCrossSite(request: FastifyRequest): boolean {
    const origin = request.headers.origin;
    if (typeof origin === 'string' && origin !== 'null' && !allowedOrigins.has(origin)) return true;
    return request.headers['sec-fetch-site'] === 'cross-site';
  }

  function localeFor(request: FastifyRequest, uiLocales?: unknown): Locale {
    const query = request.query as Record<string, unknown>;
    if (isLocale(query.lang)) return query.lang;
    if (typeof uiLocales === 'string') {
      const found = uiLocales
        .split(' ')
        .map((tag) => tag.split('-')[0] ?? '')
        .find(isLocale);
      if (found) return found;
    }
    return pickLocale(request.headers['accept-language']);
  }

  function pageContext(request: FastifyRequest, locale: Locale): PageContext {
    const url = new URL(request.url, config.publicUrl);
    url.searchParams.set('lang', locale === 'en' ? 'fr' : 'en');
    return {
      locale,
      brandName: config.brandName,
      publicUrl: config.publicUrl,
      otherLanguageHref: `${url.pathname}${url.search}`,
    };
  }

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
   * Tells the owner of an address that someone tried to create an account with it, in the owner's language
   * (at most a few times an hour per address, so nobody can flood their inbox).
   */
  async function warnOwnerOfSignUpAttempt(owner: UserRecord) {
    const emailKey = `sign-up-attempt:${owner.email.toLowerCase()}`;
    if (await isLocked(app.db, emailKey)) return;
    await recordHit(app.db, emailKey, RULES.resetEmails);
    const locale = isLocale(owner.locale) ? owner.locale : 'en';
    await app.jobs.enqueue('email', {
      to: owner.email,
      locale,
      message: {
        template: 'sign-up-attempt',
        data: {
          firstName: greetingNameOf(owner),
          signInUrl: `${config.publicUrl}/profile`,
        },
      },
    });
  }

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

  app.get<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid',
    { schema: { hide: true } },
    async (request, reply) => {
      const opened = await openInteraction(request, reply);
      if (!opened) return reply;
      const { interaction, locale } = opened;
      const { prompt } = interaction;

      if (prompt.name === 'consent') {
        // Our own web app is first-party: the consent is given on the user's behalf.
        const grant = interaction.grantId
          ? await provider.Grant.find(interaction.grantId)
          : new provider.Grant({
              accountId: interaction.session?.accountId ?? '',
              clientId: String(interaction.params.client_id),
            });
        if (!grant) return html(reply, errorPage(pageContext(request, locale), { expired: true }), 400);
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

      const links = hrefs(interaction.uid, locale);
      return html(
        reply,
        loginPage(pageContext(request, locale), {
          action: links.loginAction,
          registerHref: links.register,
          forgotHref: links.forgot,
          abortHref: `${config.publicUrl}/`,
        }),
      );
    },
  );

  app.post<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid/login',
    { schema: { hide: true } },
    async (request, reply) => {
      const opened = await openInteraction(request, reply);
      if (!opened) return reply;
      const { t, page, links } = opened;
      const body = form(request);
      const email = (body.email ?? '').trim();
      const render = (error: string, status: number) =>
        html(
          reply,
          loginPage(page, {
            action: links.loginAction,
            registerHref: links.register,
            forgotHref: links.forgot,
            abortHref: `${config.publicUrl}/`,
            email,
            error,
          }),
          status,
        );
      if (isCrossSite(request)) return render(t.errorIntro, 403);
      // No account has an address longer than the shared limit (and its throttle key would not fit an index).
      const tooLong = storableEmailSchema
        .safeParse(email)
        .error?.issues.some((issue) => issue.code === 'too_big');
      if (tooLong) {
        return render(t.badCredentials, 401);
      }

      const outcome = await app.jobs.transaction(({ db }) =>
        attemptSignIn(db, { email, address: clientNetwork(request.ip) }, async () => {
          const user = email ? await findUserByEmail(db, email) : undefined;
          const valid = await verifyPassword(user?.passwordHash ?? null, body.password ?? '');
          return user && valid ? user.id : null;
        }),
      );
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
    },
  );

  app.get<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid/register',
    { schema: { hide: true } },
    async (request, reply) => {
      const opened = await openInteraction(request, reply);
      if (!opened) return reply;
      const { locale, links } = opened;
      return html(
        reply,
        registerPage(pageContext(request, locale), {
          action: links.register,
          loginHref: links.login,
          minLength: MIN_PASSWORD_LENGTH,
        }),
      );
    },
  );

  app.post<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid/register',
    { schema: { hide: true } },
    async (request, reply) => {
      const opened = await openInteraction(request, reply);
      if (!opened) return reply;
      const { locale, t, links } = opened;
      const body = form(request);
      const values = {
        firstName: (body.firstName ?? '').trim(),
        lastName: (body.lastName ?? '').trim(),
        email: (body.email ?? '').trim(),
      };
      const password = body.password ?? '';
      const render = (status: number, errors: FieldErrors = {}, error?: string) =>
        html(
          reply,
          registerPage(pageContext(request, locale), {
            action: links.register,
            loginHref: links.login,
            values,
            errors,
            ...(error ? { error } : {}),
            minLength: MIN_PASSWORD_LENGTH,
          }),
          status,
        );
      if (isCrossSite(request)) return render(403, {}, t.errorIntro);

      const errors: FieldErrors = {};
      if (!values.firstName) errors.firstName = t.fieldRequired;
      else if (!firstNameSchema.safeParse(values.firstName).success) errors.firstName = t.firstNameTooLong;
      if (!values.lastName) errors.lastName = t.fieldRequired;
      else if (!lastNameSchema.safeParse(values.lastName).success) errors.lastName = t.lastNameTooLong;
      if (!values.email) errors.email = t.fieldRequired;
      else if (!emailSchema.safeParse(values.email).success) errors.email = t.emailInvalid;
      else if (!storableEmailSchema.safeParse(values.email).success) errors.email = t.emailTooLong;
      const problem = checkPasswordPolicy(password, [
        values.email,
        values.firstName,
        values.lastName,
        config.brandName,
      ]);
      if (problem === 'tooShort') errors.password = t.tooShort(MIN_PASSWORD_LENGTH);
      else if (problem === 'tooLong') errors.password = t.tooLong;
      else if (problem === 'tooCommon') errors.password = t.tooCommon;
      if (Object.keys(errors).length > 0) return render(400, errors);

      const ipKey = `register-ip:${clientNetwork(request.ip)}`;
      if (await isLocked(app.db, ipKey)) return render(429, {}, t.throttled);
      await recordHit(app.db, ipKey, RULES.registrations);

      // The answer is the same whether or not the address has an account (the same page and status, and the
      // password is hashed either way so it takes as long); the address's inbox learns which it was.
      const passwordHash = await hashPassword(password);
      const existing = await findUserByEmail(app.db, values.email);
      if (existing) await warnOwnerOfSignUpAttempt(existing);
      else {
        try {
          const userId = await app.jobs.transaction(async (tx) => {
            const user = await createUser(tx.db, { ...values, passwordHash, locale });
            await recordHit(tx.db, verificationThrottleKey(user.id), VERIFICATION_EMAIL_RULE);
            await sendVerificationEmail(tx, config.publicUrl, user, locale);
            return user.id;
          });
          request.log.info({ userId }, 'account created');
        } catch (error) {
          // Two sign-ups with the same email at once: the unique index lets one create the account.
          const raced = await findUserByEmail(app.db, values.email);
          if (!raced) throw error;
          await warnOwnerOfSignUpAttempt(raced);
        }
      }
      return html(
        reply,
        checkEmailPage(pageContext(request, locale), {
          email: values.email,
          loginHref: links.login,
          expiresInHours: VERIFICATION_HOURS,
        }),
      );
    },
  );

  /**
   * A verification link (single use, 24 hours). Opening it only shows a form: the address is confirmed when
   * the account's password is typed there (decision 010), so neither a mail scanner nor the owner of the
   * mailbox can verify an account somebody else created with that address.
   */
  const verifyAction = (token: string, locale: Locale) =>
    `/oidc/account/verify-email?token=${encodeURIComponent(token)}&lang=${locale}`;

  app.get('/oidc/account/verify-email', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    const locale = localeFor(request);
    const row = await findEmailToken(app.db, token, 'email-verification');
    return html(
      reply,
      verifyEmailPage(pageContext(request, locale), {
        verified: false,
        ...(row ? { action: verifyAction(token, locale) } : {}),
      }),
      row ? 200 : 400,
    );
  });

  app.post('/oidc/account/verify-email', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    const locale = localeFor(request);
    const t = PAGE_TEXT[locale];
    const page = pageContext(request, locale);
    const row = await findEmailToken(app.db, token, 'email-verification');
    if (!row || isCrossSite(request)) return html(reply, verifyEmailPage(page, { verified: false }), 400);
    const action = verifyAction(token, locale);
    const lockKey = `verify-password:${row.userId}`;
    if (await isLocked(app.db, lockKey)) {
      return html(reply, verifyEmailPage(page, { verified: false, action, error: t.throttled }), 429);
    }
    const account = await findUserById(app.db, row.userId);
    if (!(await verifyPassword(account?.passwordHash ?? null, form(request).password ?? ''))) {
      await recordHit(app.db, lockKey, RULES.verifyPassword);
      return html(
        reply,
        verifyEmailPage(page, { verified: false, action, error: t.verifyWrongPassword }),
        400,
      );
    }
    const used = await app.jobs.transaction(({ db }) => verifyEmailWithToken(db, token));
    if (!used) return html(reply, verifyEmailPage(page, { verified: false }), 400);
    await clearHits(app.db, lockKey);
    request.log.info({ userId: used.userId }, 'email verified');
    return html(reply, verifyEmailPage(page, { verified: true }));
  });

  app.get<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid/forgot',
    { schema: { hide: true } },
    async (request, reply) => {
      const opened = await openInteraction(request, reply);
      if (!opened) return reply;
      const { locale, links } = opened;
      return html(
        reply,
        forgotPage(pageContext(request, locale), { action: links.forgot, loginHref: links.login }),
      );
    },
  );

  app.post<{ Params: { uid: string } }>(
    '/oidc/interaction/:uid/forgot',
    { schema: { hide: true } },
    async (request, reply) => {
      const opened = await openInteraction(request, reply);
      if (!opened) return reply;
      const { locale, t, links, page } = opened;
      const email = (form(request).email ?? '').trim();
      if (isCrossSite(request))
        return html(
          reply,
          forgotPage(page, { action: links.forgot, loginHref: links.login, email, error: t.errorIntro }),
          403,
        );
      if (!emailSchema.safeParse(email).success || !storableEmailSchema.safeParse(email).success) {
        return html(
          reply,
          forgotPage(page, { action: links.forgot, loginHref: links.login, email, error: t.emailInvalid }),
          400,
        );
      }
      const ipKey = `forgot-ip:${clientNetwork(request.ip)}`;
      if (await isLocked(app.db, ipKey)) {
        return html(
          reply,
          forgotPage(page, { action: links.forgot, loginHref: links.login, email, error: t.throttled }),
          429,
        );
      }
      await recordHit(app.db, ipKey, RULES.registrations);

      // The same work whether or not the address has an account (issue 27): its own throttle, and one job
      // that emails the link when there is an account (`password-reset.ts`). Nothing here reads the
      // account, so neither the answer nor its time tells whether one exists.
      const emailKey = `forgot-email:${email.toLowerCase()}`;
      if (!(await isLocked(app.db, emailKey))) {
        await app.jobs.transaction(async (tx) => {
          await recordHit(tx.db, emailKey, RULES.resetEmails);
          await tx.enqueue('password-reset', { email, locale });
        });
      }
      return html(
        reply,
        forgotPage(page, { action: links.forgot, loginHref: links.login, sentMinutes: RESET_MINUTES }),
      );
    },
  );

  app.get('/oidc/account/reset-password', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    const locale = localeFor(request);
    const row = await findEmailToken(app.db, token, 'password-reset');
    const action = `/oidc/account/reset-password?token=${encodeURIComponent(token)}&lang=${locale}`;
    return html(
      reply,
      resetPage(pageContext(request, locale), { ...(row ? { action } : {}), minLength: MIN_PASSWORD_LENGTH }),
      row ? 200 : 400,
    );
  });

  app.post('/oidc/account/reset-password', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const token = typeof query.token === 'string' ? query.token : '';
    const locale = localeFor(request);
    const t = PAGE_TEXT[locale];
    const page = pageContext(request, locale);
    const action = `/oidc/account/reset-password?token=${encodeURIComponent(token)}&lang=${locale}`;
    const row = await findEmailToken(app.db, token, 'password-reset');
    if (!row || isCrossSite(request))
      return html(reply, resetPage(page, { minLength: MIN_PASSWORD_LENGTH }), 400);

    const body = form(request);
    const password = body.password ?? '';
    const errors: FieldErrors = {};
    const owner = await findUserById(app.db, row.userId);
    const problem = checkPasswordPolicy(
      password,
      owner ? [owner.email, owner.firstName, owner.lastName, config.brandName] : [],
    );
    if (problem === 'tooShort') errors.password = t.tooShort(MIN_PASSWORD_LENGTH);
    else if (problem === 'tooLong') errors.password = t.tooLong;
    else if (problem === 'tooCommon') errors.password = t.tooCommon;
    else if (password !== (body.confirm ?? '')) errors.confirm = t.mismatch;
    if (Object.keys(errors).length > 0) {
      return html(reply, resetPage(page, { action, errors, minLength: MIN_PASSWORD_LENGTH }), 400);
    }

    const passwordHash = await hashPassword(password);
    // One transaction: the link is used (every other reset link too), the password set, the address counts
    // as verified (the link reached its mailbox, and whoever chose the old password loses the account), its
    // verification links stop, and tokens issued before now stop working at the API.
    const used = await app.jobs.transaction(async ({ db }) => {
      const consumed = await consumeEmailToken(db, token, 'password-reset');
      if (!consumed) return undefined;
      await setPassword(db, consumed.userId, passwordHash);
      await markEmailVerified(db, consumed.userId);
      await retireEmailTokens(db, consumed.userId, 'email-verification');
      await endEverySessionOf(db, consumed.userId);
      return consumed;
    });
    if (!used) return html(reply, resetPage(page, { minLength: MIN_PASSWORD_LENGTH }), 400);
    // The account's sign-in waits end.
    if (owner) await clearSignInWaitsOf(app.db, owner.email);
    request.log.info({ userId: row.userId }, 'password reset');
    return html(reply, resetPage(page, { done: true, minLength: MIN_PASSWORD_LENGTH }));
  });
  done();
};
