import type { Locale } from '@eclat/shared';
import { escapeHtml } from '../lib/html.ts';
import { button, layoutEmail, type RenderContext, type RenderedEmail } from './layout.ts';

const GREETING = {
  en: (name?: string) => (name ? `Hello ${name},` : 'Hello,'),
  fr: (name?: string) => (name ? `Bonjour ${name},` : 'Bonjour,'),
} as const;

/** The words of an email built around one link, in the recipient's language. */
export type LinkEmailTexts = {
  subject: string;
  /** The paragraphs before the link; the first is also the preview line and the last leads into the link. */
  paragraphs: readonly [string, ...string[]];
  /** The button's label. */
  action: string;
  /** Small print after the link, one line each. */
  notes: readonly string[];
  footer: string;
};

/**
 * An email that greets the recipient, says what happened, gives one link (a button in HTML, the bare URL
 * in plain text) and ends with small print such as the link's expiry.
 */
export function renderLinkEmail(
  texts: LinkEmailTexts,
  link: { url: string; firstName: string | undefined },
  locale: Locale,
  ctx: RenderContext,
): RenderedEmail {
  const greeting = GREETING[locale](link.firstName);
  const text = [
    greeting,
    '',
    texts.paragraphs.join('\n\n'),
    link.url,
    '',
    ...texts.notes,
    '',
    `— ${ctx.brandName}`,
  ].join('\n');
  const bodyHtml = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...texts.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    button(link.url, texts.action),
    `<p style="font-size:14px;color:#4a5a60;">${texts.notes.map((note) => escapeHtml(note)).join('<br>')}</p>`,
  ].join('\n');
  return layoutEmail({
    locale,
    subject: texts.subject,
    text,
    preheader: texts.paragraphs[0],
    bodyHtml,
    footer: texts.footer,
    ctx,
  });
}
