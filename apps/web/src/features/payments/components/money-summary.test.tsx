import { DEFAULT_TAX_RATES, visitMoney, visitPaymentsSchema, type LedgerAmount } from '@eclat/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { MoneySummary } from './money-summary';

const VISIT = '9a1c4e2b-7d3f-4b6a-8c5e-1f2a3b4c5d6e';

/** A Montréal visit of $100 before tax (GST 5 % + QST 9.975 %: $114.98), with these ledger rows. */
function montrealVisit(entries: LedgerAmount[]) {
  return visitPaymentsSchema.parse({
    appointmentId: VISIT,
    province: 'QC',
    money: visitMoney({ priceCents: 10_000, cancelled: false, rates: DEFAULT_TAX_RATES.QC, entries }),
    entries: [],
  });
}

function renderSummary(locale: 'en' | 'fr', entries: LedgerAmount[]) {
  renderScreen(<MoneySummary payments={montrealVisit(entries)} locale={locale} />, {
    path: '/appointments/edit/x',
    session: signedIn('owner@example.com', ['admin']),
  });
}

/** Each row of the summary as "label: value", the value's spaces made plain. */
function rows(): string[] {
  const list = screen.getByTestId('money-summary').querySelector('dl');
  return [...(list?.children ?? [])].map((row) => {
    const [label, value] = [row.querySelector('dt'), row.querySelector('dd')];
    return `${label?.textContent ?? ''}: ${(value?.textContent ?? '').replace(/\s/g, ' ')}`;
  });
}

describe('the money summary', () => {
  beforeEach(() => {
    answerApi(() => undefined);
  });

  it('shows the credit a refund gave on what the visit costs, and says what is before and with taxes', async () => {
    await initI18n('en');
    // Paid in full, then $20.00 given back: a credit note that lowers what the visit costs.
    renderSummary('en', [
      { kind: 'payment', cents: 11_498 },
      { kind: 'refund', cents: 2_000 },
    ]);
    expect(await screen.findByText('Partly refunded')).toBeTruthy();
    expect(rows()).toEqual([
      'Price before tax: $100.00',
      'GST 5%: $5.00',
      'QST 9.975%: $9.98',
      'Total with taxes: $114.98',
      'Credit: −$20.00',
      'Paid: $114.98',
      'Refunded: $20.00',
      'Owed: $0.00',
    ]);
    expect(within(screen.getByTestId('money-summary')).getByText('Taxes of Quebec')).toBeTruthy();
  });

  it('says it in French, with Québec', async () => {
    await initI18n('fr');
    renderSummary('fr', [
      { kind: 'payment', cents: 11_498 },
      { kind: 'refund', cents: 2_000 },
    ]);
    expect(await screen.findByText('Remboursé en partie')).toBeTruthy();
    expect(rows()).toContain('Crédit: −20,00 $');
    expect(rows()[0]).toBe('Prix avant taxes: 100,00 $');
    expect(rows()).toContain('Total avec taxes: 114,98 $');
    expect(screen.getByText('Taxes : Québec')).toBeTruthy();
  });

  it('shows no credit when none was given (a payment only)', async () => {
    await initI18n('en');
    renderSummary('en', [{ kind: 'payment', cents: 11_498 }]);
    expect((await screen.findByTestId('money-summary')).querySelector('[data-state]')?.textContent).toBe(
      'Paid',
    );
    expect(rows().some((row) => row.startsWith('Credit'))).toBe(false);
  });
});
