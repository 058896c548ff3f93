import type { Locale, ReceiptDocument } from '@eclat/shared';

/**
 * Receipts as the payments service builds them (decision 049), for the PDF and email tests: a Toronto
 * visit (HST 13 %), a Montréal one (GST 5 % + QST 9.975 %, over $1,000) and a Toronto credit note.
 */
const BUSINESS = {
  legalName: 'Éclat Nettoyage inc.',
  address: '350 rue Saint-Paul Est, Montréal QC H2Y 1H2',
  gstHstNumber: '123456789 RT0001',
  qstNumber: '1234567890 TQ0001',
};

export function torontoReceipt(locale: Locale, overrides: Partial<ReceiptDocument> = {}): ReceiptDocument {
  return {
    kind: 'receipt',
    number: 'R-000123',
    // 8:30 p.m. in Toronto on March 9; already March 10 in UTC.
    issuedAt: '2027-03-10T01:30:00.000Z',
    locale,
    business: BUSINESS,
    customer: { name: 'Amélie Tremblay', email: 'amelie@example.com' },
    visit: {
      startsAt: '2027-03-09T14:00:00.000Z',
      timeZone: 'America/Toronto',
      place: '48 Palmerston Avenue, Toronto ON M6G 2N8',
    },
    lines: [
      { label: 'Whole Home Cleaning (3 bedrooms, 2 bathrooms)', cents: 20_500 },
      { label: 'Inside the fridge', cents: 3_000 },
      { label: 'Recurring discount (10%)', cents: -2_350 },
    ],
    baseCents: 21_150,
    taxes: [{ code: 'HST', rate: 13_000, cents: 2_750 }],
    totalCents: 23_900,
    amount: { cents: 23_900, method: 'interac', reference: 'CA1MRqZ4' },
    tipCents: 0,
    owedCents: 0,
    reason: null,
    ...overrides,
  };
}

export function montrealReceipt(locale: Locale, overrides: Partial<ReceiptDocument> = {}): ReceiptDocument {
  return {
    kind: 'receipt',
    number: 'R-000124',
    issuedAt: '2027-04-02T16:00:00.000Z',
    locale,
    business: BUSINESS,
    customer: { name: 'Benoît Côté', email: 'benoit@example.com' },
    visit: {
      startsAt: '2027-04-02T12:30:00.000Z',
      timeZone: 'America/Toronto',
      place: '4820 rue de Brébeuf, Montréal QC H2J 3L2',
    },
    lines: [
      { label: 'Grand ménage de déménagement', cents: 115_000 },
      { label: 'Intérieur du four', cents: 8_450 },
    ],
    baseCents: 123_450,
    taxes: [
      { code: 'GST', rate: 5_000, cents: 6_173 },
      { code: 'QST', rate: 9_975, cents: 12_314 },
    ],
    totalCents: 141_937,
    amount: { cents: 101_500, method: 'cheque', reference: '1042' },
    tipCents: 1_500,
    owedCents: 41_937,
    reason: null,
    ...overrides,
  };
}

/** A partial refund of $56.50, tax included, on the Toronto visit. */
export function torontoCreditNote(locale: Locale, overrides: Partial<ReceiptDocument> = {}): ReceiptDocument {
  return torontoReceipt(locale, {
    kind: 'credit_note',
    number: 'R-000125',
    issuedAt: '2027-03-12T15:00:00.000Z',
    lines: [{ label: 'Oven not cleaned', cents: 5_000 }],
    baseCents: 5_000,
    taxes: [{ code: 'HST', rate: 13_000, cents: 650 }],
    totalCents: 5_650,
    amount: { cents: 5_650, method: 'interac', reference: null },
    owedCents: 0,
    reason: 'The oven was not cleaned; refunded with our apologies.',
    ...overrides,
  });
}
