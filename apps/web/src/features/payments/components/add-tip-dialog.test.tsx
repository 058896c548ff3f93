import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, fail, type ApiAnswer, type ApiRequest } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { AddTipDialog } from './add-tip-dialog';

const VISIT = '9a1c4e2b-7d3f-4b6a-8c5e-1f2a3b4c5d6e';
const customer = signedIn('cam@example.com', ['customer']);
const tips = (sent: ApiRequest[]) =>
  sent.filter((request) => request.method === 'POST' && request.path === `/appointments/${VISIT}/tips`);

function api(answer: ApiAnswer) {
  return answerApi((request) => (request.method === 'POST' ? answer : undefined));
}

const renderTip = (totalCents = 11_300) =>
  renderScreen(
    <AddTipDialog appointmentId={VISIT} totalCents={totalCents} opened onClose={() => undefined} />,
    {
      path: '/my-appointments',
      session: customer,
    },
  );

describe('Add a tip', () => {
  beforeEach(async () => {
    answerApi(() => undefined);
    await initI18n('en');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('offers shares of the total, names the amount before charging, and sends it in cents', async () => {
    const sent = api({ status: 201, body: {} });
    renderTip(11_300);
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: '$17.00 (15%)' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('radio', { name: '$23.00 (20%)' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      screen.getByText('$23.00 will be charged to your card on file as a tip for your cleaners.'),
    ).toBeTruthy();
    expect(tips(sent)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Charge $23.00' }));
    await waitFor(() => {
      expect(tips(sent)).toHaveLength(1);
    });
    expect(tips(sent)[0]?.body).toMatchObject({ cents: 2_300 });
  });

  it('checks another amount before the confirmation, from the keyboard', async () => {
    api({ status: 201, body: {} });
    renderTip();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Another amount' }));
    const amount = screen.getByRole('textbox', { name: /^Amount/ });
    await user.type(amount, '0.50{Enter}');
    expect(await screen.findByText('A tip is at least $1.00.')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '12.5{Enter}');
    expect(await screen.findByRole('button', { name: 'Charge $12.50' })).toBeTruthy();
  });

  it('sends one request for a double press', async () => {
    const sent = api('pending');
    renderTip();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const charge = screen.getByRole('button', { name: 'Charge $17.00' });
    await user.dblClick(charge);
    await user.click(charge);
    await waitFor(() => {
      expect(tips(sent)).toHaveLength(1);
    });
  });

  it('says why a card was refused, and tries again with the same key', async () => {
    const sent = api(fail(402, 'CARD_DECLINED'));
    renderTip();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Charge $17.00' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The tip was not charged\. The card was declined/,
    );
    await user.click(screen.getByRole('button', { name: 'Charge $17.00' }));
    await waitFor(() => {
      expect(tips(sent)).toHaveLength(2);
    });
    const keys = tips(sent).map((request) => (request.body as { idempotencyKey: string }).idempotencyKey);
    expect(new Set(keys).size).toBe(1);
  });

  it('says a tip Stripe did not answer is kept, and offers only to close: no second tip', async () => {
    const sent = api(fail(503, 'CARD_CHARGE_PENDING'));
    renderTip();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Charge $17.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Stripe did not answer in time: the charge is kept and will be made shortly, with its receipt by email. No need to send it again.',
    );
    expect(screen.queryByRole('button', { name: 'Charge $17.00' })).toBeNull();
    // The dialog's ✕ and the alert's own Close.
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    expect(tips(sent)).toHaveLength(1);
  });

  it('speaks French', async () => {
    await initI18n('fr');
    api({ status: 201, body: {} });
    renderTip(11_300);
    expect(await screen.findByRole('radio', { name: /^17,00\s\$ \(15 %\)$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continuer' })).toBeTruthy();
  });

  it.each([
    [
      'en',
      'Continue',
      'Charge $17.00',
      'Your bank wants to confirm this tip',
      'Continue to the payment page',
    ],
    [
      'fr',
      'Continuer',
      /^Payer 17,00/,
      'Votre banque veut confirmer ce pourboire',
      'Continuer vers la page de paiement',
    ],
  ] as const)(
    'when the bank wants the tip confirmed, continues on the payment page with the tip’s key (%s)',
    async (locale, review, charge, title, action) => {
      await initI18n(locale);
      const PAGE = 'http://127.0.0.1:9/checkout/cs_test_tip';
      const assign = vi.fn();
      vi.spyOn(window.location, 'assign').mockImplementation(assign);
      const sent = answerApi((request) => {
        if (request.method !== 'POST') return undefined;
        return request.path.endsWith('/tips')
          ? fail(402, 'BANK_CONFIRMATION_NEEDED')
          : { status: 201, body: { url: PAGE } };
      });
      renderTip();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: review }));
      await user.click(screen.getByRole('button', { name: charge }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(title);
      await user.click(screen.getByRole('button', { name: action }));
      await waitFor(() => {
        expect(assign).toHaveBeenCalledWith(PAGE);
      });
      const [tipSent] = tips(sent);
      const opened = sent.filter((request) => request.path === `/appointments/${VISIT}/payment-confirmation`);
      expect(opened).toHaveLength(1);
      expect(opened[0]?.body).toEqual({
        tipKey: (tipSent?.body as { idempotencyKey: string }).idempotencyKey,
      });
    },
  );
});
