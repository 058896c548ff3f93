import { receiptDocumentSchema, type Locale, type ReceiptDocument } from '@eclat/shared';
import { escapeHtml } from '../../lib/html.ts';
import { layoutEmail, type RenderContext, type RenderedEmail } from '../layout.ts';
import {
  RECEIPT_TEXT,
  receiptDates,
  receiptFilename,
  receiptFigures,
  receiptMethodLine,
  receiptTaxNumbers,
  receiptTitle,
  renderReceiptPdf,
} from '../receipt-pdf.ts';
import { detailLines, detailsTable, smallPrint, textDetail, type Detail } from './visit-details.ts';

/** The receipt email's data: the receipt itself, as the payments service stored it (decision 049). */
export const receiptEmailDataSchema = receiptDocumentSchema;

/** "d’Éclat inc." before a vowel, "de Nettoyage Plus" otherwise. */
const frenchOf = (name: string) => (/^[aeiouyàâäéèêëîïôöùûü]/i.test(name) ? `d’${name}` : `de ${name}`);

const TEXT = {
  en: {
    subject: { receipt: 'Your receipt', credit_note: 'Your credit note' },
    from: (name: string) => `from ${name}`,
    greeting: (name: string) => `Hello ${name},`,
    intro: {
      receipt: 'Thank you for your payment. Your receipt is attached as a PDF; in short:',
      credit_note: 'We have refunded you. Your credit note is attached as a PDF; in short:',
    },
    keep: { receipt: 'Please keep it for your records.', credit_note: 'Please keep it for your records.' },
    when: 'Visit',
    where: 'Place',
    footer: (name: string) => `${name} · You receive this email because you paid for a cleaning with us.`,
  },
  fr: {
    subject: { receipt: 'Votre reçu', credit_note: 'Votre note de crédit' },
    from: frenchOf,
    greeting: (name: string) => `Bonjour ${name},`,
    intro: {
      receipt: 'Merci de votre paiement. Votre reçu est joint en PDF; en bref\u00a0:',
      credit_note: 'Nous vous avons remboursé. Votre note de crédit est jointe en PDF; en bref\u00a0:',
    },
    keep: {
      receipt: 'Veuillez le conserver pour vos dossiers.',
      credit_note: 'Veuillez la conserver pour vos dossiers.',
    },
    when: 'Visite',
    where: 'Lieu',
    footer: (name: string) =>
      `${name} · Vous recevez ce courriel parce que vous avez payé un ménage chez nous.`,
  },
} as const satisfies Record<Locale, unknown>;

/**
 * A receipt or a credit note by email, in the document's language (the customer's when it was issued):
 * what it says in the body, the PDF attached. The subject names the business it is from ("Your receipt
 * R-000123 from Éclat Nettoyage inc.").
 */
export function receiptEmail(
  doc: ReceiptDocument,
  ctx: RenderContext,
): RenderedEmail & {
  attachments: { filename: string; content: string; contentType: string; encoding: 'base64' }[];
} {
  const t = TEXT[doc.locale];
  const words = RECEIPT_TEXT[doc.locale];
  const business = doc.business.legalName || ctx.brandName;
  const subject = `${t.subject[doc.kind]} ${doc.number} ${t.from(business)}`;
  const dates = receiptDates(doc);
  const figures = receiptFigures(doc);
  const figure = ({
    label,
    amount,
    strong,
  }: {
    label: string;
    amount: string;
    strong?: boolean;
  }): Detail => ({
    label,
    text: amount,
    html: strong ? `<strong>${escapeHtml(amount)}</strong>` : escapeHtml(amount),
  });
  const details: Detail[] = [
    textDetail(t.when, dates.visit),
    ...(doc.visit.place ? [textDetail(t.where, doc.visit.place)] : []),
    ...figures.totals.map(figure),
    ...figures.money.map(figure),
    ...(doc.reason ? [textDetail(words.reason, doc.reason)] : []),
  ];
  const title = receiptTitle(doc);
  const issued = `${words.issued}${words.sep}${dates.issued}`;
  const small = [business, ...receiptTaxNumbers(doc)];

  const text = [
    t.greeting(doc.customer.name),
    '',
    t.intro[doc.kind],
    '',
    title,
    issued,
    '',
    ...detailLines(details, doc.locale),
    receiptMethodLine(doc),
    '',
    t.keep[doc.kind],
    '',
    ...small,
  ].join('\n');

  const bodyHtml = [
    `<p>${escapeHtml(t.greeting(doc.customer.name))}</p>`,
    `<p>${escapeHtml(t.intro[doc.kind])}</p>`,
    `<p><strong>${escapeHtml(title)}</strong><br>${escapeHtml(issued)}</p>`,
    detailsTable(details),
    `<p>${escapeHtml(receiptMethodLine(doc))}</p>`,
    `<p>${escapeHtml(t.keep[doc.kind])}</p>`,
    smallPrint(small),
  ].join('\n');

  return {
    ...layoutEmail({
      locale: doc.locale,
      subject,
      text,
      preheader: title,
      bodyHtml,
      footer: t.footer(business),
      ctx,
    }),
    attachments: [
      {
        filename: receiptFilename(doc),
        content: renderReceiptPdf(doc).toString('base64'),
        encoding: 'base64',
        contentType: 'application/pdf',
      },
    ],
  };
}
