import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, fail, type ApiAnswer, type ApiRequest } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { ChargeFeeDialog } from './charge-fee-dialog';
import { RecordPaymentDialog } from './record-payment-dialog';
import { RefundDialog } from './refund-dialog';

const VISIT = '9a1c4e2b-7d3f-4b6a-8c5e-1f2a3b4c5d6e';
const admin = signedIn('owner@example.com', ['admin']);
const posts = (sent: ApiRequest[], segment: string) =>
  sent.filter((request) => request.method === 'POST' && request.path === `/appointments/${VISIT}/${segment}`);

/** The API as the dialogs write to it: every ledger write answered with `answer`. */
function api(answer: ApiAnswer) {
  return answerApi((request) => (request.method === 'POST' ? answer : undefined));
}

function renderRecord(owedCents = 11_300, onClose: () => void = () => undefined) {
  return renderScreen(
    <RecordPaymentDialog appointmentId={VISIT} owedCents={owedCents} opened onClose={onClose} />,
    { path: '/appointments/edit/x', session: admin },
  );
}

function renderRefund(refundableCents = 11_300, onClose: () => void = () => undefined, takesCards = false) {
  return renderScreen(
    <RefundDialog
      appointmentId={VISIT}
      refundableCents={refundableCents}
      takesCards={takesCards}
      opened
      onClose={onClose}
    />,
    { path: '/appointments/edit/x', session: admin },
  );
}

describe('Record a payment', () => {
  beforeEach(async () => {
    answerApi(() => undefined);
    await initI18n('en');
  });

  it('starts with what the visit owes, paid in cash, and records it in cents', async () => {
    const sent = api({ status: 201, body: {} });
    renderRecord(11_300);
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    expect(amount).toHaveProperty('value', '113.00');
    expect(screen.getByRole('radio', { name: 'Cash' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Payment' })).toHaveProperty('checked', true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Interac e-Transfer' }));
    await user.type(screen.getByRole('textbox', { name: /^Reference/ }), 'CA4kP9');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() => {
      expect(posts(sent, 'payments')).toHaveLength(1);
    });
    expect(posts(sent, 'payments')[0]?.body).toMatchObject({
      kind: 'payment',
      method: 'interac',
      cents: 11_300,
      reference: 'CA4kP9',
    });
  });

  it('writes the amount in the French way in French', async () => {
    await initI18n('fr');
    api({ status: 201, body: {} });
    renderRecord(123_450);
    expect(await screen.findByRole('textbox', { name: /^Montant/ })).toHaveProperty('value', '1234,50');
    expect(screen.getByRole('radio', { name: 'Comptant' })).toHaveProperty('checked', true);
  });

  it('sends one request, with one idempotency key, for a double click', async () => {
    const sent = api('pending');
    renderRecord();
    const user = userEvent.setup();
    const record = await screen.findByRole('button', { name: 'Record' });
    await user.dblClick(record);
    await user.click(record);
    await waitFor(() => {
      expect(posts(sent, 'payments')).toHaveLength(1);
    });
    const body = posts(sent, 'payments')[0]?.body as { idempotencyKey: string };
    expect(body.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it('keeps the same key when the office tries again after a refusal', async () => {
    let answer: ApiAnswer = fail(503, 'SERVICE_UNAVAILABLE');
    const sent = answerApi((request) => (request.method === 'POST' ? answer : undefined));
    renderRecord();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record' }));
    await screen.findByRole('alert');
    answer = { status: 201, body: {} };
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await waitFor(() => {
      expect(posts(sent, 'payments')).toHaveLength(2);
    });
    const [first, second] = posts(sent, 'payments').map(
      (request) => (request.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(second).toBe(first);
  });

  it('says why the server refused the amount, in the language', async () => {
    api(fail(409, 'PAYMENT_ABOVE_OWED', [{ path: 'body.cents', message: 'payments.errors.aboveOwed' }]));
    renderRecord();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Record' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'The payment was not recorded. This payment is more than what the visit still owes. Record the amount owed, or the rest as a tip.',
    );
  });

  it('stays open, its ✕ disabled, while the write waits for its answer: Esc and ✕ lose nothing', async () => {
    const sent = api('pending');
    let closed = 0;
    renderRecord(11_300, () => (closed += 1));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record' }));
    await waitFor(() => {
      expect(posts(sent, 'payments')).toHaveLength(1);
    });
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveProperty('disabled', true);
    await user.keyboard('{Escape}');
    await user.click(close);
    expect(closed).toBe(0);
    expect(screen.getByRole('dialog', { name: 'Record a payment' })).toBeTruthy();
  });

  it('closes with Esc again once the answer came (here a refusal, shown)', async () => {
    api(fail(503, 'SERVICE_UNAVAILABLE'));
    let closed = 0;
    renderRecord(11_300, () => (closed += 1));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record' }));
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveProperty('disabled', false);
    await user.keyboard('{Escape}');
    expect(closed).toBe(1);
  });

  it('refuses an amount that is not money before sending anything', async () => {
    const sent = api({ status: 201, body: {} });
    renderRecord();
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Enter an amount in dollars and cents, such as 40.50.')).toBeTruthy();
    expect(posts(sent, 'payments')).toHaveLength(0);
  });
});

describe('Refund', () => {
  beforeEach(async () => {
    answerApi(() => undefined);
    await initI18n('en');
  });

  it('stays open when a click lands beside it (a second press on the shorter confirmation)', async () => {
    let closed = 0;
    renderRefund(11_300, () => (closed += 1));
    await screen.findByRole('textbox', { name: /^Amount/ });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    await userEvent.setup().click(overlay ?? document.body);
    expect(closed).toBe(0);
  });

  it('says the amount and asks to confirm before refunding', async () => {
    const sent = api({ status: 201, body: {} });
    renderRefund(11_300);
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    expect(amount).toHaveProperty('value', '113.00');
    await user.clear(amount);
    await user.type(amount, '40');
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Bathroom skipped');
    await user.click(screen.getByRole('button', { name: 'Review the refund' }));

    const confirmation = await screen.findByTestId('refund-confirmation');
    expect(within(confirmation).getByText('Refund $40.00 in cash?')).toBeTruthy();
    expect(posts(sent, 'refunds')).toHaveLength(0);
    await user.click(within(confirmation).getByRole('button', { name: 'Refund $40.00' }));
    await waitFor(() => {
      expect(posts(sent, 'refunds')).toHaveLength(1);
    });
    expect(posts(sent, 'refunds')[0]?.body).toMatchObject({
      cents: 4_000,
      method: 'cash',
      reason: 'Bathroom skipped',
    });
  });

  it('offers no card when cards are not taken, and gives back to the card first when they are', async () => {
    const sent = api({ status: 201, body: {} });
    const manual = renderRefund(11_300);
    await screen.findByRole('textbox', { name: /^Amount/ });
    expect(screen.queryByRole('radio', { name: 'Card' })).toBeNull();
    manual.unmount();

    renderRefund(11_300, () => undefined, true);
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: /^Amount/ });
    expect(screen.getByRole('radio', { name: 'Card' })).toHaveProperty('checked', true);
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Oven not cleaned');
    await user.click(screen.getByRole('button', { name: 'Review the refund' }));
    const confirmation = await screen.findByTestId('refund-confirmation');
    expect(within(confirmation).getByText('Refund $113.00 to the card?')).toBeTruthy();
    await user.click(within(confirmation).getByRole('button', { name: 'Refund $113.00' }));
    await waitFor(() => {
      expect(posts(sent, 'refunds')).toHaveLength(1);
    });
    expect(posts(sent, 'refunds')[0]?.body).toMatchObject({ cents: 11_300, method: 'card' });
  });

  it('says how the money is given back in lower case inside the sentence, in French too', async () => {
    await initI18n('fr');
    const sent = api('pending');
    let closed = 0;
    renderRefund(11_300, () => (closed += 1));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Chèque' }));
    await user.type(screen.getByRole('textbox', { name: /^Motif/ }), 'Four oublié');
    await user.click(screen.getByRole('button', { name: 'Vérifier le remboursement' }));
    const confirmation = await screen.findByTestId('refund-confirmation');
    expect(within(confirmation).getByText(/^Rembourser 113,00\s\$ par chèque\s\?$/)).toBeTruthy();
    // Refunding: Esc does not close the dialog before the answer.
    await user.click(within(confirmation).getByRole('button', { name: /^Rembourser 113,00\s\$$/ }));
    await waitFor(() => {
      expect(posts(sent, 'refunds')).toHaveLength(1);
    });
    await user.keyboard('{Escape}');
    expect(closed).toBe(0);
  });

  it('goes back to the form from the confirmation without refunding', async () => {
    const sent = api({ status: 201, body: {} });
    renderRefund();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Reason/ }), 'Broken vase');
    await user.click(screen.getByRole('button', { name: 'Review the refund' }));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: /^Reason/ })).toHaveProperty('value', 'Broken vase');
    expect(posts(sent, 'refunds')).toHaveLength(0);
  });

  it('asks for a reason and refuses more than what may be refunded', async () => {
    const sent = api({ status: 201, body: {} });
    renderRefund(5_000);
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    await user.clear(amount);
    await user.type(amount, '50.01');
    await user.click(screen.getByRole('button', { name: 'Review the refund' }));
    expect(await screen.findByText('This is more than what may be refunded.')).toBeTruthy();
    expect(screen.getByText('Give the reason for the refund.')).toBeTruthy();
    expect(screen.queryByTestId('refund-confirmation')).toBeNull();
    expect(posts(sent, 'refunds')).toHaveLength(0);
  });
});

describe('Charge a fee', () => {
  beforeEach(async () => {
    answerApi(() => undefined);
    await initI18n('en');
  });

  it('says a fee Stripe did not answer for is kept and charged shortly, and offers only Close', async () => {
    const sent = api(fail(503, 'CARD_CHARGE_PENDING'));
    let closed = 0;
    renderScreen(
      <ChargeFeeDialog
        appointmentId={VISIT}
        opened
        onClose={() => {
          closed += 1;
        }}
      />,
      { path: '/appointments/edit/x', session: admin },
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^Amount before tax/ }), '40');
    await user.click(screen.getByRole('button', { name: 'Charge the fee' }));
    const said = await screen.findByRole('alert');
    expect(said.textContent).toMatch(/^Stripe did not answer in time: the charge is kept/);
    expect(said.textContent).not.toContain('The fee was not charged.');
    // Sending it again would only risk a second fee: no submit button, no Cancel, one Close.
    expect(screen.queryByRole('button', { name: 'Charge the fee' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    // Besides the dialog's ✕ (named by its aria-label), the form's own Close, its text visible.
    const formClose = screen
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.textContent === 'Close');
    expect(formClose).toBeDefined();
    if (formClose) await user.click(formClose);
    expect(closed).toBe(1);
    expect(posts(sent, 'fees')).toHaveLength(1);
  });
});
