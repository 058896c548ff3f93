import { afterEach, describe, expect, it } from 'vitest';
import type { Locale, ReceiptDocument } from '@eclat/shared';
import { buildApp } from '../app.ts';
import { createTestDatabase, testConfig } from '../../test/helpers.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { montrealReceipt, torontoCreditNote, torontoReceipt } from '../../test/receipt-documents.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver.ts';
import { emailJobSchema, renderEmail } from './email-message.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';

const ctx = { brandName: 'Éclat', publicUrl: 'https://book.eclat.example', timeZone: 'America/Toronto' };

/** The receipt email as the mail worker renders a queued job. */
const render = (doc: ReceiptDocument, locale: Locale = doc.locale) =>
  renderEmail(
    emailJobSchema.parse({ to: doc.customer.email, locale, message: { template: 'receipt', data: doc } }),
    ctx,
  );

const attachedPdf = (email: ReturnType<typeof render>) => {
  expect(email.attachments).toHaveLength(1);
  const [file] = email.attachments;
  expect(file?.contentType).toBe('application/pdf');
  expect(file?.encoding).toBe('base64');
  return { filename: file?.filename, bytes: Buffer.from(file?.content ?? '', 'base64') };
};

describe('receipt email (decision 049)', () => {
  it('a Toronto receipt in English: the subject names the number and the business, the PDF is attached', () => {
    const doc = torontoReceipt('en');
    const email = render(doc);
    expect(email.subject).toBe('Your receipt R-000123 from Éclat Nettoyage inc.');
    for (const expected of [
      'Hello Amélie Tremblay,',
      'Receipt R-000123',
      'Date issued: Tuesday, March 9, 2027',
      'Visit: Tuesday, March 9, 2027 at 9:00 a.m.',
      'Place: 48 Palmerston Avenue, Toronto ON M6G 2N8',
      'Subtotal: $211.50',
      'HST 13%: $27.50',
      'Total: $239.00',
      'Amount received: $239.00',
      'Still owed: $0.00',
      'Method: Interac e-Transfer · Reference: CA1MRqZ4',
      'GST/HST No.: 123456789 RT0001',
    ]) {
      expect(email.text).toContain(expected);
    }
    expect(email.html).toContain('<html lang="en">');
    expect(email.html).toContain('HST 13%');
    const pdf = attachedPdf(email);
    expect(pdf.filename).toBe('receipt-R-000123.pdf');
    // The attachment is the receipt's PDF, byte for byte.
    expect(pdf.bytes.equals(renderReceiptPdf(doc))).toBe(true);
  });

  it('a Montréal receipt in French: « Votre reçu … de » / « d’ », TPS and TVQ, recu-R-000124.pdf', () => {
    const email = render(montrealReceipt('fr'));
    expect(email.subject).toBe('Votre reçu R-000124 d’Éclat Nettoyage inc.');
    for (const expected of [
      'Bonjour Benoît Côté,',
      'Votre reçu est joint en PDF',
      'Veuillez le conserver pour vos dossiers.',
      'Reçu R-000124',
      'Sous-total\u00a0: 1\u00a0234,50\u00a0$',
      'TPS 5\u00a0%\u00a0: 61,73\u00a0$',
      'TVQ 9,975\u00a0%\u00a0: 123,14\u00a0$',
      'Total\u00a0: 1\u00a0419,37\u00a0$',
      'Pourboire\u00a0: 15,00\u00a0$',
      'Solde dû\u00a0: 419,37\u00a0$',
      'Mode de paiement\u00a0: Chèque · Référence\u00a0: 1042',
      'No de TPS/TVH\u00a0: 123456789 RT0001',
      'No de TVQ\u00a0: 1234567890 TQ0001',
    ]) {
      expect(email.text).toContain(expected);
    }
    expect(email.text).not.toMatch(/GST|QST/);
    expect(email.html).toContain('<html lang="fr">');
    const pdf = attachedPdf(email);
    expect(pdf.filename).toBe('recu-R-000124.pdf');
    expect(pdfText(pdf.bytes)).toContain('TVQ 9,975 % 123,14 $');
  });

  it('a business name starting with a consonant takes « de » in French', () => {
    const doc = montrealReceipt('fr', {
      business: {
        legalName: 'Nettoyage Plus inc.',
        address: '',
        gstHstNumber: '123456789 RT0001',
        qstNumber: '',
      },
    });
    expect(render(doc).subject).toBe('Votre reçu R-000124 de Nettoyage Plus inc.');
  });

  it('a credit note in each language: its subject, the refund, the reason and its file name', () => {
    const en = render(torontoCreditNote('en'));
    expect(en.subject).toBe('Your credit note R-000125 from Éclat Nettoyage inc.');
    expect(en.text).toContain('Amount refunded: $56.50');
    expect(en.text).toContain('Reason: The oven was not cleaned; refunded with our apologies.');
    expect(attachedPdf(en).filename).toBe('credit-note-R-000125.pdf');

    const fr = render(torontoCreditNote('fr'));
    expect(fr.subject).toBe('Votre note de crédit R-000125 d’Éclat Nettoyage inc.');
    expect(fr.text).toContain('Montant remboursé\u00a0: 56,50\u00a0$');
    expect(fr.text).toContain('Motif\u00a0: The oven was not cleaned');
    expect(fr.text).toContain('Veuillez la conserver');
    const pdf = attachedPdf(fr);
    expect(pdf.filename).toBe('note-de-credit-R-000125.pdf');
    expect(pdfText(pdf.bytes)).toContain('Note de crédit R-000125');
  });

  it('is written in the job’s language, the PDF too', () => {
    const email = render(torontoReceipt('en'), 'fr');
    expect(email.subject).toBe('Votre reçu R-000123 d’Éclat Nettoyage inc.');
    expect(attachedPdf(email).filename).toBe('recu-R-000123.pdf');
    expect(pdfText(attachedPdf(email).bytes)).toContain('TVH 13 % 27,50 $');
  });

  it('escapes what people wrote in the HTML part', () => {
    const email = render(
      torontoCreditNote('en', {
        customer: { name: 'Eve <script>', email: 'eve@example.com' },
        reason: 'Broken <b>vase</b>',
      }),
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Eve &lt;script&gt;');
    expect(email.html).toContain('Broken &lt;b&gt;vase&lt;/b&gt;');
  });

  it('a job whose document is malformed is refused before anything renders', () => {
    const doc = torontoReceipt('en');
    expect(
      emailJobSchema.safeParse({
        to: 'a@example.com',
        locale: 'en',
        message: { template: 'receipt', data: { ...doc, totalCents: 239.5 } },
      }).success,
    ).toBe(false);
  });
});

describe('receipt email through the job queue', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanup.splice(0).map((close) => close()));
  });

  it('arrives over SMTP in French with the receipt PDF attached, the same bytes', async () => {
    const smtp: SmtpReceiver = await startSmtpReceiver();
    cleanup.push(() => smtp.close());
    const app = await buildApp(testConfig({ JOB_POLL_SECONDS: '0.5', SMTP_URL: smtp.url }), {
      databaseUrl: await createTestDatabase(),
    });
    cleanup.unshift(() => app.close());
    await app.ready();

    const doc = montrealReceipt('fr');
    await app.jobs.enqueue('email', {
      to: doc.customer.email,
      locale: doc.locale,
      message: { template: 'receipt', data: doc },
    });
    const [email] = await smtp.waitFor(1);
    expect(email?.subject).toBe('Votre reçu R-000124 d’Éclat Nettoyage inc.');
    expect(email?.text).toContain('TVQ 9,975\u00a0%\u00a0: 123,14\u00a0$');
    const file = email?.attachments.find((attachment) => attachment.filename === 'recu-R-000124.pdf');
    expect(file?.mimeType).toBe('application/pdf');
    const content = file?.content ?? '';
    const bytes =
      typeof content === 'string'
        ? Buffer.from(content, 'base64')
        : Buffer.from(content instanceof ArrayBuffer ? new Uint8Array(content) : content);
    expect(bytes.equals(renderReceiptPdf(doc))).toBe(true);
  });
});
