import { describe, expect, it } from 'vitest';
import type { ReceiptDocument } from '@eclat/shared';
import { pdfText } from '../../test/pdf-text.ts';
import { montrealReceipt, torontoCreditNote, torontoReceipt } from '../../test/receipt-documents.ts';
import { pdfSafeText } from '../lib/pdf.ts';
import { renderReceiptPdf } from './receipt-pdf.ts';

/** Pages of a PDF: its page objects (`/Type /Page`, not the `/Pages` tree). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

/** The PDF's text, spaces of every kind read as one plain space. */
const textOf = (doc: ReceiptDocument) => pdfText(renderReceiptPdf(doc));

describe('receipt PDF (decision 049)', () => {
  it('a Toronto receipt in English: the business, its tax numbers, the number, the lines, HST 13%, the money', () => {
    const pdf = renderReceiptPdf(torontoReceipt('en'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    for (const expected of [
      'Éclat Nettoyage inc.',
      '350 rue Saint-Paul Est, Montréal QC H2Y 1H2',
      'GST/HST No.: 123456789 RT0001',
      'QST No.: 1234567890 TQ0001',
      'Receipt R-000123',
      // Issued at 01:30 UTC on March 10: still March 9 in Toronto.
      'Date issued: Tuesday, March 9, 2027',
      'Billed to Amélie Tremblay amelie@example.com',
      'Visit Tuesday, March 9, 2027 at 9:00 a.m. 48 Palmerston Avenue, Toronto ON M6G 2N8',
      'Whole Home Cleaning (3 bedrooms, 2 bathrooms) $205.00',
      'Recurring discount (10%) -$23.50',
      'Subtotal $211.50',
      'HST 13% $27.50',
      'Total $239.00',
      'Amount received $239.00',
      'Still owed $0.00',
      'Method: Interac e-Transfer · Reference: CA1MRqZ4',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    // No tip in this payment: no tip line.
    expect(text).not.toContain('Tip');
  });

  it('the same Toronto receipt in French: Reçu, TVH 13 %, amounts written the French way', () => {
    const text = textOf(torontoReceipt('fr'));
    for (const expected of [
      'No de TPS/TVH : 123456789 RT0001',
      'No de TVQ : 1234567890 TQ0001',
      'Reçu R-000123',
      'mardi 9 mars 2027',
      'Facturé à Amélie Tremblay',
      'Visite mardi 9 mars 2027 à 9 h 00',
      'Sous-total 211,50 $',
      'TVH 13 % 27,50 $',
      'Total 239,00 $',
      'Montant reçu 239,00 $',
      'Solde dû 0,00 $',
      'Mode de paiement : Virement Interac · Référence : CA1MRqZ4',
      'Page 1 sur 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/HST|\$\d/);
  });

  it('a Montréal receipt in French: TPS 5 % and TVQ 9,975 %, thousands grouped, the cheque and the tip', () => {
    const text = textOf(montrealReceipt('fr'));
    for (const expected of [
      'Reçu R-000124',
      'Grand ménage de déménagement 1 150,00 $',
      'Intérieur du four 84,50 $',
      'Sous-total 1 234,50 $',
      'TPS 5 % 61,73 $',
      'TVQ 9,975 % 123,14 $',
      'Total 1 419,37 $',
      'Montant reçu 1 015,00 $',
      'Pourboire 15,00 $',
      'Solde dû 419,37 $',
      'Mode de paiement : Chèque · Référence : 1042',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/GST|QST|1,234|9\.975/);
  });

  it('the Montréal receipt in English: GST 5% and QST 9.975%, $1,234.50', () => {
    const text = textOf(montrealReceipt('en'));
    for (const expected of [
      'Subtotal $1,234.50',
      'GST 5% $61.73',
      'QST 9.975% $123.14',
      'Total $1,419.37',
      'Amount received $1,015.00',
      'Tip $15.00',
      'Still owed $419.37',
      'Method: Cheque · Reference: 1042',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('a credit note in each language: its title, the amount refunded and the reason', () => {
    const en = textOf(torontoCreditNote('en'));
    expect(en).toContain('Credit note R-000125');
    expect(en).toContain('HST 13% $6.50');
    expect(en).toContain('Amount refunded $56.50');
    expect(en).toContain('Reason: The oven was not cleaned; refunded with our apologies.');
    expect(en).not.toContain('Amount received');
    // A refund with no reference says only its method.
    expect(en).toContain('Method: Interac e-Transfer');
    expect(en).not.toContain('Reference');

    const fr = textOf(torontoCreditNote('fr'));
    expect(fr).toContain('Note de crédit R-000125');
    expect(fr).toContain('TVH 13 % 6,50 $');
    expect(fr).toContain('Montant remboursé 56,50 $');
    expect(fr).toContain('Motif : The oven was not cleaned');
  });

  it('prints only the tax numbers the business has', () => {
    const text = textOf(
      torontoReceipt('en', {
        business: {
          legalName: 'Éclat',
          address: '1 Yonge St',
          gstHstNumber: '123456789 RT0001',
          qstNumber: '',
        },
      }),
    );
    expect(text).toContain('GST/HST No.: 123456789 RT0001');
    expect(text).not.toContain('QST No.');
  });

  it('wraps a very long customer name and ten accented lines on one page, every word printed', () => {
    const name = 'Marie-Hélène Bérénice Françoise-Éléonore Saint-Exupéry-Lévesque de la Côte-des-Neiges';
    const lines = Array.from({ length: 10 }, (_, index) => ({
      label: `Nettoyage à fond de la pièce nº ${index + 1} : réfrigérateur, four, hotte, plinthes et fenêtres (côté cour et côté jardin)`,
      cents: 1_234 + index,
    }));
    const doc = montrealReceipt('fr', {
      customer: { name, email: 'marie-helene@example.com' },
      lines,
      visit: {
        startsAt: '2027-04-02T12:30:00.000Z',
        timeZone: 'America/Toronto',
        place:
          'Appartement 1204, 4820 rue de Brébeuf, Montréal QC H2J 3L2 (entrée par la ruelle, sonner chez la concierge)',
      },
    });
    const pdf = renderReceiptPdf(doc);
    expect(pageCount(pdf)).toBe(1);
    const text = pdfText(pdf);
    // A wrapped line breaks after a space or a hyphen: compare without the spaces.
    const letters = text.replace(/\s/g, '');
    const squeezed = (value: string) => value.replace(/\s/g, '');
    expect(letters).toContain(squeezed(name));
    expect(letters).toContain(squeezed('(entrée par la ruelle, sonner chez la concierge)'));
    for (const line of lines) expect(letters).toContain(squeezed(line.label));
    expect(text).toContain('12,43 $');
    expect(text).toContain('TVQ 9,975 %');
    expect(text).toContain('Page 1 sur 1');
  });

  it('a visit with sixty lines runs onto more pages, the heading row above the lines on each', () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({ label: `Extra ${index + 1}`, cents: 100 }));
    const pdf = renderReceiptPdf(torontoReceipt('en', { lines }));
    const pages = pageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = pdfText(pdf);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // Each page's text ends with its number: every page after the first that goes on with the lines
    // starts with the heading row.
    const perPage = text.split(/Page \d+ of \d+/).slice(1, pages);
    expect(perPage.filter((page) => page.includes('Extra')).length).toBeGreaterThan(0);
    for (const page of perPage.filter((chunk) => chunk.includes('Extra'))) {
      expect(page.trim().startsWith('Description Amount')).toBe(true);
    }
    for (const index of [1, 30, 60]) expect(text).toContain(`Extra ${index} $1.00`);
    expect(text).toContain('Total $239.00');
  });

  it('draws letters the built-in fonts lack without their accent, other scripts in Latin letters', () => {
    expect(pdfSafeText('Amélie Œuvre – “Côté”')).toBe('Amélie Œuvre – “Côté”');
    expect(pdfSafeText('Nguyễn Łukasz Dvořák')).toBe('Nguyen Lukasz Dvorák');
    expect(pdfSafeText('王 🧽')).toBe('Wang :sponge:');
    // Accents typed as separate marks are put back on their letter.
    expect(pdfSafeText('Ame\u0301lie\tCo\u0302te\u0301')).toBe('Amélie Côté');
    expect(pdfSafeText('9\u202f975\u00a0%')).toBe('9\u00a0975\u00a0%');
    const text = textOf(
      torontoReceipt('en', { customer: { name: 'Nguyễn Văn Ánh', email: 'anh@example.com' } }),
    );
    expect(text).toContain('Billed to Nguyen Van Ánh');
  });

  it('writes a name or a place in another script in Latin letters, never as "?" (decision 054)', () => {
    expect(pdfSafeText('王芳')).toBe('Wang Fang');
    expect(pdfSafeText('김민준')).toBe('Gim Min Jun');
    expect(pdfSafeText('Юлия Смирнова')).toBe('Yuliya Smirnova');
    expect(pdfSafeText('Αλέξανδρος')).toBe('Alexandros');
    const text = textOf(
      torontoReceipt('en', {
        customer: { name: '王芳 / Юлия', email: 'wang@example.com' },
        visit: {
          startsAt: '2027-03-09T14:00:00.000Z',
          timeZone: 'America/Toronto',
          place: 'شارع الملك 12, Toronto ON M6G 2N8',
        },
      }),
    );
    expect(text).toContain('Billed to Wang Fang / Yuliya');
    // Arabic in Latin letters, without its vowels (its alef has none of its own).
    expect(text).toContain('shr` lmlk 12, Toronto ON M6G 2N8');
    expect(text).not.toContain('?');
  });
});
