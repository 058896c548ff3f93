import { discrepanciesSchema, discrepancySchema, type PaymentDiscrepancy } from '@eclat/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, ok } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { DiscrepanciesPanel } from './discrepancies-panel';

const VISIT = '9a1c4e2b-7d3f-4b6a-8c5e-1f2a3b4c5d6e';
const OPEN: PaymentDiscrepancy = {
  id: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9',
  kind: 'amount_differs',
  providerObjectId: 'pi_123',
  appointmentId: VISIT,
  cents: 11_300,
  detail: 'Stripe received 11300 cents; our ledger has 10000.',
  repaired: false,
  foundAt: '2026-11-20T08:40:00.000Z',
  resolvedAt: null,
  resolutionNote: null,
  visitExists: true,
};
const REPAIRED: PaymentDiscrepancy = {
  ...OPEN,
  id: '2b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9',
  kind: 'payment_unknown',
  providerObjectId: 'pi_456',
  appointmentId: null,
  visitExists: false,
  cents: 5_000,
  resolvedAt: '2026-11-21T09:00:00.000Z',
  resolutionNote: 'Refunded in the dashboard.',
};

/** A page of the list as the API answers it: `content`, of `total` differences (`open` still open). */
function pageOf(content: PaymentDiscrepancy[], total = content.length, open?: number) {
  return ok(discrepanciesSchema, {
    content,
    page: 0,
    size: 20,
    totalElements: total,
    totalPages: Math.ceil(total / 20),
    openCount: open ?? content.filter((item) => item.resolvedAt === null).length,
  });
}

function renderPanel() {
  renderScreen(<DiscrepanciesPanel />, {
    path: '/payment-discrepancies',
    session: signedIn('owner@example.com', ['admin']),
  });
}

describe('the differences with Stripe', () => {
  beforeEach(() => {
    answerApi(() => undefined);
  });

  it('shows a busy list while loading, then says there is nothing when Stripe and the ledger agree', async () => {
    await initI18n('en');
    let answer: 'pending' | 'empty' = 'pending';
    answerApi((request) =>
      request.path === '/payments/discrepancies'
        ? answer === 'pending'
          ? 'pending'
          : pageOf([])
        : undefined,
    );
    renderPanel();
    expect(await screen.findByLabelText('Loading...')).toBeTruthy();
    answer = 'empty';
    // A second panel with the answer: the empty state.
    renderPanel();
    expect(await screen.findByText('No differences: Stripe and the ledger agree.')).toBeTruthy();
  });

  it('lists each difference with its visit, kind, amount and date, and marks one resolved with a note', async () => {
    await initI18n('en');
    let list = [OPEN, REPAIRED];
    const sent = answerApi((request) => {
      if (request.path === '/payments/discrepancies' && request.method === 'GET') return pageOf(list);
      if (request.path === `/payments/discrepancies/${OPEN.id}/resolve` && request.method === 'POST') {
        const resolved = { ...OPEN, resolvedAt: '2026-11-28T10:00:00.000Z', resolutionNote: 'Fixed.' };
        list = [resolved, REPAIRED];
        return ok(discrepancySchema, resolved);
      }
      return undefined;
    });
    renderPanel();
    const rows = await screen.findAllByTestId('discrepancy-row');
    expect(rows).toHaveLength(2);
    const [firstRow, secondRow] = rows;
    if (!firstRow || !secondRow) throw new Error('two rows expected');
    const first = within(firstRow);
    expect(first.getByText('Amounts differ')).toBeTruthy();
    expect(first.getByText('$113.00')).toBeTruthy();
    expect(first.getByText('pi_123')).toBeTruthy();
    expect(first.getByRole('link', { name: 'Open the visit' }).getAttribute('href')).toBe(
      `/appointments/edit/${VISIT}`,
    );
    expect(first.getByText('Nov 20, 2026', { exact: false })).toBeTruthy();
    const second = within(secondRow);
    expect(second.getByText('No visit')).toBeTruthy();
    expect(second.getByText('Refunded in the dashboard.')).toBeTruthy();
    expect(second.queryByRole('button', { name: /^Mark resolved/ })).toBeNull();
    expect(screen.getByText(/^1 difference to look at/)).toBeTruthy();

    const user = userEvent.setup();
    await user.click(first.getByRole('button', { name: /^Mark resolved: Amounts differ, found/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the difference resolved' });
    const submit = within(dialog).getByRole('button', { name: 'Mark resolved' });
    await user.click(submit);
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /What was done/ }), '  Fixed. ');
    await user.click(submit);
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { note: 'Fixed.' },
    ]);
    // The list is read again: nothing left to look at.
    expect(await screen.findByText(/^0 differences to look at/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Mark resolved/ })).toBeNull();
  });

  it('says it in French', async () => {
    await initI18n('fr');
    answerApi((request) => (request.path === '/payments/discrepancies' ? pageOf([OPEN]) : undefined));
    renderPanel();
    expect(await screen.findByText('Montants différents')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Marquer comme réglé : Montants différents/ })).toBeTruthy();
    expect(screen.getByText('113,00 $', { normalizer: (text) => text.replace(/\s/g, ' ') })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ouvrir la visite' })).toBeTruthy();
  });

  it('pages a long list: 20 a page, the count of those to look at from every page, page 2 on request', async () => {
    await initI18n('en');
    const sent = answerApi((request) => {
      if (request.path !== '/payments/discrepancies') return undefined;
      const page = Number(request.query.get('page'));
      return pageOf([page === 0 ? OPEN : REPAIRED], 25, 7);
    });
    renderPanel();
    expect(await screen.findByText(/^7 differences to look at/)).toBeTruthy();
    expect(screen.getByLabelText('Pages of differences')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Refunded in the dashboard.')).toBeTruthy();
    const asked = sent.filter((request) => request.path === '/payments/discrepancies');
    expect(asked.map((request) => [request.query.get('page'), request.query.get('size')])).toEqual([
      ['0', '20'],
      ['1', '20'],
    ]);
  });
});
