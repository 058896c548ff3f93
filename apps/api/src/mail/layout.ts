import { escapeHtml } from '../lib/html.ts';

export type RenderContext = {
  brandName: string;
  publicUrl: string;
  timeZone: string;
  /** An optional email's one-click unsubscribe page (RFC 8058): a line at the end of the email links it. */
  unsubscribeUrl?: string | undefined;
};

const UNSUBSCRIBE = {
  en: 'No longer want these emails? Unsubscribe:',
  fr: 'Vous ne voulez plus recevoir ces courriels\u00a0? Désabonnez-vous\u00a0:',
} as const;

export type RenderedEmail = { subject: string; text: string; html: string };

const INK = '#1E2A2F';
const TEAL = '#0F5E63';
const SAND = '#F3E9DC';

/**
 * Wraps already-escaped HTML body content in the brand's email layout (tables and inline styles, which
 * is what email clients understand). `preheader` is the hidden preview line.
 */
export function htmlLayout(options: {
  lang: string;
  title: string;
  preheader: string;
  bodyHtml: string;
  footer: string;
  ctx: RenderContext;
  unsubscribe?: { line: string; url: string };
}): string {
  const { ctx, unsubscribe } = options;
  const unsubscribeHtml = unsubscribe
    ? `<br>${escapeHtml(unsubscribe.line)} <a href="${escapeHtml(unsubscribe.url)}" style="color:${TEAL};">${escapeHtml(unsubscribe.url)}</a>`
    : '';
  return `<!doctype html>
<html lang="${options.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
</head>
<body style="margin:0;padding:0;background:${SAND};font-family:Segoe UI,Helvetica,Arial,sans-serif;color:${INK};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(options.preheader)}</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:${SAND};padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="600" cellspacing="0" cellpadding="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:${TEAL};padding:20px 32px;">
<a href="${escapeHtml(ctx.publicUrl)}" style="color:#ffffff;font-size:22px;font-weight:700;text-decoration:none;">${escapeHtml(ctx.brandName)}</a>
</td></tr>
<tr><td style="padding:32px;font-size:16px;line-height:1.6;">
${options.bodyHtml}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e8e2d8;font-size:13px;line-height:1.5;color:#4a5a60;">
${escapeHtml(options.footer)}${unsubscribeHtml}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

export function button(href: string, label: string): string {
  return `<p style="margin:28px 0;"><a href="${escapeHtml(href)}" style="background:${TEAL};color:#ffffff;padding:12px 24px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block;">${escapeHtml(label)}</a></p>`;
}

/** An email whose HTML part is `bodyHtml` (already escaped) in the brand's layout, titled by its subject. */
export function layoutEmail(options: {
  locale: string;
  subject: string;
  text: string;
  preheader: string;
  bodyHtml: string;
  footer: string;
  ctx: RenderContext;
}): RenderedEmail {
  const { locale, subject, text, ...rest } = options;
  const url = options.ctx.unsubscribeUrl;
  if (!url) return { subject, text, html: htmlLayout({ lang: locale, title: subject, ...rest }) };
  const line = UNSUBSCRIBE[locale === 'fr' ? 'fr' : 'en'];
  return {
    subject,
    text: `${text}\n\n${line} ${url}`,
    html: htmlLayout({ lang: locale, title: subject, ...rest, unsubscribe: { line, url } }),
  };
}
