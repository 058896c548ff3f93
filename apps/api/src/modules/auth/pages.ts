import { isLocale, type Locale } from '@eclat/shared';
import { escapeHtml } from '../../lib/html.ts';
import { PAGE_TEXT, type PageText } from './page-text.ts';

export type PageContext = {
  locale: Locale;
  brandName: string;
  publicUrl: string;
  /** This page's URL with `?lang=` for the other language. */
  otherLanguageHref: string;
};

/** The first language of a sign-in request's `ui_locales` (space-separated tags) that we speak. */
export function uiLocaleOf(uiLocales: unknown): Locale | undefined {
  if (typeof uiLocales !== 'string') return undefined;
  return uiLocales
    .split(' ')
    .map((tag) => tag.split('-')[0] ?? '')
    .find(isLocale);
}

/** The context of a page at `requestUrl` (its path and query) in `locale`. */
export function pageContextOf(
  requestUrl: string,
  locale: Locale,
  site: { brandName: string; publicUrl: string },
): PageContext {
  const url = new URL(requestUrl, site.publicUrl);
  url.searchParams.set('lang', locale === 'en' ? 'fr' : 'en');
  return {
    locale,
    brandName: site.brandName,
    publicUrl: site.publicUrl,
    otherLanguageHref: `${url.pathname}${url.search}`,
  };
}

const STYLE = `
:root{--teal:#0F5E63;--teal-dark:#0a474b;--mint:#4FB59A;--ink:#1E2A2F;--sand:#F3E9DC;--muted:#4a5a60;--danger:#b42318}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:linear-gradient(160deg,#fbfaf7 0%,var(--sand) 100%);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
a{color:var(--teal);font-weight:600}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--mint);outline-offset:2px}
header{display:flex;justify-content:space-between;align-items:center;max-width:960px;margin:0 auto;padding:16px 20px}
.brand{display:flex;align-items:center;gap:10px;color:var(--ink);text-decoration:none;font-size:1.35rem;font-weight:700}
.brand img{width:32px;height:32px}
.lang{font-size:.95rem}
main{display:flex;justify-content:center;padding:24px 16px 48px}
.card{width:100%;max-width:440px;background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(30,42,47,.10);padding:32px}
h1{margin:0 0 4px;font-size:1.6rem;line-height:1.25}
.intro{margin:0 0 24px;color:var(--muted)}
label{display:block;font-weight:600;margin:16px 0 6px}
input{width:100%;padding:11px 12px;border:1px solid #b9c2c5;border-radius:8px;font:inherit;color:var(--ink);background:#fff}
input[aria-invalid=true]{border-color:var(--danger)}
.hint{margin:6px 0 0;font-size:.9rem;color:var(--muted)}
.field-error{margin:6px 0 0;font-size:.9rem;color:var(--danger);font-weight:600}
.alert{margin:0 0 16px;padding:12px 14px;border-radius:8px;background:#fdecea;color:#7a1c12;border:1px solid #f3b8b0}
h1+.alert,h1+.notice{margin-top:16px}
.notice{margin:0 0 16px;padding:12px 14px;border-radius:8px;background:#e7f5f0;color:#0b3d33;border:1px solid #b5dfcf}
.row{display:grid;grid-template-columns:1fr 1fr;gap:0 12px}
@media (max-width:420px){.row{grid-template-columns:1fr}.card{padding:24px 18px}}
button{width:100%;margin-top:24px;padding:12px 16px;border:0;border-radius:8px;background:var(--teal);color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:hover{background:var(--teal-dark)}
a.button{display:block;margin-top:24px;padding:12px 16px;border-radius:8px;background:var(--teal);color:#fff;text-align:center;text-decoration:none;font-weight:700}
a.button:hover{background:var(--teal-dark)}
button.secondary{background:#fff;color:var(--teal);border:1px solid var(--teal);margin-top:12px}
.links{margin:20px 0 0;display:flex;flex-direction:column;gap:8px;font-size:.95rem}
footer{text-align:center;color:var(--muted);font-size:.85rem;padding:0 16px 24px}
`;

function layout(ctx: PageContext, title: string, body: string): string {
  const t = PAGE_TEXT[ctx.locale];
  return `<!doctype html>
<html lang="${ctx.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(ctx.brandName)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<header>
<a class="brand" href="${escapeHtml(ctx.publicUrl)}/"><img src="/logo-mark.svg" alt="">${escapeHtml(ctx.brandName)}</a>
<a class="lang" href="${escapeHtml(ctx.otherLanguageHref)}" lang="${ctx.locale === 'en' ? 'fr' : 'en'}">${escapeHtml(t.otherLanguage)}</a>
</header>
<main id="main" aria-label="${escapeHtml(t.mainLabel)}">
<div class="card">
${body}
</div>
</main>
<footer>© ${new Date().getFullYear()} ${escapeHtml(ctx.brandName)}</footer>
</body>
</html>`;
}

export type FieldErrors = Partial<Record<string, string>>;

/** A message of `PAGE_TEXT` that is plain text (not a function of a number or a name). */
type PlainTextKey = { [K in keyof PageText]: PageText[K] extends string ? K : never }[keyof PageText];

/** The text of each field's problem (a key of `PAGE_TEXT`; a too short password names the minimum). */
export function fieldErrorsOf(
  t: PageText,
  problems: Partial<Record<string, PlainTextKey | 'tooShort'>>,
  minLength: number,
): FieldErrors {
  return Object.fromEntries(
    Object.entries(problems).map(([field, key]) => [
      field,
      key === undefined ? undefined : key === 'tooShort' ? t.tooShort(minLength) : t[key],
    ]),
  );
}

function field(options: {
  name: string;
  label: string;
  type: string;
  value?: string;
  autocomplete: string;
  error?: string | undefined;
  hint?: string;
  autofocus?: boolean;
}): string {
  const id = `f-${options.name}`;
  const describedBy = [options.hint ? `${id}-hint` : '', options.error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return `<label for="${id}">${escapeHtml(options.label)}</label>
<input id="${id}" name="${options.name}" type="${options.type}" autocomplete="${options.autocomplete}" required${
    options.value ? ` value="${escapeHtml(options.value)}"` : ''
  }${options.error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${
    options.autofocus ? ' autofocus' : ''
  }>${options.hint ? `\n<p class="hint" id="${id}-hint">${escapeHtml(options.hint)}</p>` : ''}${
    options.error ? `\n<p class="field-error" id="${id}-error">${escapeHtml(options.error)}</p>` : ''
  }`;
}

const alert = (message?: string) =>
  message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : '';
const notice = (message?: string) =>
  message ? `<p class="notice" role="status">${escapeHtml(message)}</p>` : '';

export function loginPage(
  ctx: PageContext,
  options: {
    action: string;
    registerHref: string;
    forgotHref: string;
    abortHref: string;
    email?: string;
    error?: string;
    notice?: string;
  },
): string {
  const t: PageText = PAGE_TEXT[ctx.locale];
  return layout(
    ctx,
    t.signInTitle,
    `<h1>${escapeHtml(t.signInTitle)}</h1>
<p class="intro">${escapeHtml(t.signInIntro(ctx.brandName))}</p>
${notice(options.notice)}${alert(options.error)}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${field({ name: 'email', label: t.email, type: 'email', value: options.email ?? '', autocomplete: 'username', autofocus: !options.email })}
${field({ name: 'password', label: t.password, type: 'password', autocomplete: 'current-password', autofocus: Boolean(options.email) })}
<button type="submit">${escapeHtml(t.signIn)}</button>
</form>
<div class="links">
<a href="${escapeHtml(options.forgotHref)}">${escapeHtml(t.forgot)}</a>
<span>${escapeHtml(t.noAccount)} <a href="${escapeHtml(options.registerHref)}">${escapeHtml(t.createAccountLink)}</a></span>
<a href="${escapeHtml(options.abortHref)}">${escapeHtml(t.cancel)}</a>
</div>`,
  );
}

export function registerPage(
  ctx: PageContext,
  options: {
    action: string;
    loginHref: string;
    values?: { firstName?: string; lastName?: string; email?: string };
    errors?: FieldErrors;
    error?: string;
    minLength: number;
  },
): string {
  const t = PAGE_TEXT[ctx.locale];
  const errors = options.errors ?? {};
  const values = options.values ?? {};
  const hasFieldErrors = Object.values(errors).some(Boolean);
  return layout(
    ctx,
    t.registerTitle,
    `<h1>${escapeHtml(t.registerTitle)}</h1>
<p class="intro">${escapeHtml(t.registerIntro)}</p>
${alert(options.error ?? (hasFieldErrors ? t.formProblem : undefined))}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
<div class="row">
<div>${field({ name: 'firstName', label: t.firstName, type: 'text', value: values.firstName ?? '', autocomplete: 'given-name', error: errors.firstName, autofocus: true })}</div>
<div>${field({ name: 'lastName', label: t.lastName, type: 'text', value: values.lastName ?? '', autocomplete: 'family-name', error: errors.lastName })}</div>
</div>
${field({ name: 'email', label: t.email, type: 'email', value: values.email ?? '', autocomplete: 'email', error: errors.email })}
${field({ name: 'password', label: t.password, type: 'password', autocomplete: 'new-password', error: errors.password, hint: t.passwordHint(options.minLength) })}
<button type="submit">${escapeHtml(t.createAccount)}</button>
</form>
<div class="links"><span>${escapeHtml(t.haveAccount)} <a href="${escapeHtml(options.loginHref)}">${escapeHtml(t.signIn)}</a></span></div>`,
  );
}

export function forgotPage(
  ctx: PageContext,
  options: { action: string; loginHref: string; email?: string; error?: string; sentMinutes?: number },
): string {
  const t = PAGE_TEXT[ctx.locale];
  const sent = options.sentMinutes !== undefined;
  return layout(
    ctx,
    t.forgotTitle,
    `<h1>${escapeHtml(t.forgotTitle)}</h1>
${sent ? notice(t.forgotSent(options.sentMinutes ?? 0)) : `<p class="intro">${escapeHtml(t.forgotIntro)}</p>`}
${alert(options.error)}
${
  sent
    ? ''
    : `<form method="post" action="${escapeHtml(options.action)}" novalidate>
${field({ name: 'email', label: t.email, type: 'email', value: options.email ?? '', autocomplete: 'email', autofocus: true })}
<button type="submit">${escapeHtml(t.sendLink)}</button>
</form>`
}
<div class="links"><a href="${escapeHtml(options.loginHref)}">${escapeHtml(t.backToSignIn)}</a></div>`,
  );
}

export function resetPage(
  ctx: PageContext,
  options: { action?: string; errors?: FieldErrors; error?: string; done?: boolean; minLength: number },
): string {
  const t = PAGE_TEXT[ctx.locale];
  const errors = options.errors ?? {};
  const body = options.done
    ? `${notice(t.resetDone)}<div class="links"><a href="${escapeHtml(ctx.publicUrl)}/">${escapeHtml(t.goToSite(ctx.brandName))}</a></div>`
    : options.action
      ? `${alert(options.error)}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${field({ name: 'password', label: t.newPassword, type: 'password', autocomplete: 'new-password', error: errors.password, hint: t.passwordHint(options.minLength), autofocus: true })}
${field({ name: 'confirm', label: t.confirmPassword, type: 'password', autocomplete: 'new-password', error: errors.confirm })}
<button type="submit">${escapeHtml(t.changePassword)}</button>
</form>`
      : `${alert(t.resetInvalid)}<div class="links"><a href="${escapeHtml(ctx.publicUrl)}/">${escapeHtml(t.goToSite(ctx.brandName))}</a></div>`;
  return layout(ctx, t.resetTitle, `<h1>${escapeHtml(t.resetTitle)}</h1>\n${body}`);
}

/** After "Create account": the same page whether or not the address already had an account. */
export function checkEmailPage(
  ctx: PageContext,
  options: { email: string; loginHref: string; expiresInHours: number },
): string {
  const t = PAGE_TEXT[ctx.locale];
  return layout(
    ctx,
    t.checkEmailTitle,
    `<h1>${escapeHtml(t.checkEmailTitle)}</h1>
${notice(t.checkEmailSent(options.email, options.expiresInHours))}
<p class="intro">${escapeHtml(t.checkEmailNext)}</p>
<a class="button" href="${escapeHtml(options.loginHref)}">${escapeHtml(t.continueToSignIn)}</a>`,
  );
}

/**
 * Where a verification link leads. A valid link shows a form asking for the account's password (`action`):
 * opening the link (a mail scanner does) changes nothing, and only the person who chose the password can
 * confirm, so whoever signs up first with somebody else's address cannot have the owner verify it for them.
 * Then: confirmed (with the way on to the site), or a link that no longer works.
 */
export function verifyEmailPage(
  ctx: PageContext,
  options: { verified: boolean; action?: string; error?: string },
): string {
  const t = PAGE_TEXT[ctx.locale];
  const title = options.verified ? t.verifiedTitle : t.verifyTitle;
  const body = options.verified
    ? `${notice(t.verifiedDone)}
<a class="button" href="${escapeHtml(ctx.publicUrl)}/">${escapeHtml(t.continueToSite(ctx.brandName))}</a>`
    : options.action
      ? `<p class="intro">${escapeHtml(t.verifyIntro)}</p>
${alert(options.error)}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${field({ name: 'password', label: t.password, type: 'password', autocomplete: 'current-password', autofocus: true })}
<button type="submit">${escapeHtml(t.verifyAction)}</button>
</form>`
      : `${alert(t.verifyInvalid)}
<a class="button" href="${escapeHtml(ctx.publicUrl)}/">${escapeHtml(t.continueToSite(ctx.brandName))}</a>`;
  return layout(ctx, title, `<h1>${escapeHtml(title)}</h1>\n${body}`);
}

/** The provider's logout confirmation: `form` is its hidden form; the script submits it at once. */
export function logoutPage(
  ctx: PageContext,
  options: { form: string; stayHref: string; script: string },
): string {
  const t = PAGE_TEXT[ctx.locale];
  return layout(
    ctx,
    t.signOutTitle,
    `<h1>${escapeHtml(t.signOutTitle)}</h1>
<p class="intro">${escapeHtml(t.signOutIntro(ctx.brandName))}</p>
${options.form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="eclat-logout" autofocus>${escapeHtml(t.signOut)}</button>
<div class="links"><a href="${escapeHtml(options.stayHref)}">${escapeHtml(t.stay)}</a></div>
<script>${options.script}</script>`,
  );
}

export function signedOutPage(ctx: PageContext): string {
  const t = PAGE_TEXT[ctx.locale];
  return layout(
    ctx,
    t.signOutTitle,
    `<h1>${escapeHtml(t.signedOut)}</h1><div class="links"><a href="${escapeHtml(ctx.publicUrl)}/">${escapeHtml(t.goToSite(ctx.brandName))}</a></div>`,
  );
}

export function errorPage(
  ctx: PageContext,
  options: { code?: string | undefined; expired?: boolean },
): string {
  const t = PAGE_TEXT[ctx.locale];
  return layout(
    ctx,
    t.errorTitle,
    `<h1>${escapeHtml(t.errorTitle)}</h1>
<p class="intro">${escapeHtml(options.expired ? t.errorExpired : t.errorIntro)}</p>
${options.code ? `<p class="hint">${escapeHtml(t.errorCode)}: ${escapeHtml(options.code)}</p>` : ''}
<div class="links"><a href="${escapeHtml(ctx.publicUrl)}/">${escapeHtml(t.goToSite(ctx.brandName))}</a></div>`,
  );
}

/** The inline script of the logout page, and its CSP hash. */
export const LOGOUT_SCRIPT = "document.getElementById('eclat-logout').click();";

/**
 * The unsubscribe page of the reminders and feedback requests (issue 15): asks before it changes
 * anything (a link checker that opens the link turns nothing off), then says it is done.
 */
export function unsubscribePage(
  ctx: PageContext,
  state: { step: 'ask'; action: string } | { step: 'done' } | { step: 'invalid' },
): string {
  const t = PAGE_TEXT[ctx.locale];
  const body =
    state.step === 'ask'
      ? `<p class="intro">${escapeHtml(t.unsubscribeIntro)}</p>
<form method="post" action="${escapeHtml(state.action)}">
<button type="submit">${escapeHtml(t.unsubscribeAction)}</button>
</form>`
      : state.step === 'done'
        ? `${notice(t.unsubscribeDone)}
<a class="button" href="${escapeHtml(ctx.publicUrl)}/">${escapeHtml(t.continueToSite(ctx.brandName))}</a>`
        : `${alert(t.unsubscribeInvalid)}
<a class="button" href="${escapeHtml(ctx.publicUrl)}/">${escapeHtml(t.continueToSite(ctx.brandName))}</a>`;
  return layout(ctx, t.unsubscribeTitle, `<h1>${escapeHtml(t.unsubscribeTitle)}</h1>\n${body}`);
}
