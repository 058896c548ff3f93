import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, type ApiRequest } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { ConfirmationReturn } from './confirmation-return';
import { ConfirmWithBank } from './confirm-with-bank';

const VISIT = '9a1c4e2b-7d3f-4b6a-8c5e-1f2a3b4c5d6e';
const customer = signedIn('cam@example.com', ['customer']);
const PAGE = 'http://127.0.0.1:9/checkout/cs_test_1';

const opened = (sent: ApiRequest[]) =>
  sent.filter((r) => r.method === 'POST' && r.path === `/appointments/${VISIT}/payment-confirmation`);

describe('Payment needed — confirm with your bank', () => {
  const assign = vi.fn();
  beforeEach(() => {
    answerApi(() => undefined);
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    assign.mockReset();
  });

  it.each([
    [
      'en',
      'Payment needed — confirm with your bank',
      'Your bank asks you to confirm the hold of $113.00 for this visit.',
      'Confirm with my bank',
    ],
    [
      'fr',
      'Paiement requis — confirmez avec votre banque',
      'Votre banque vous demande de confirmer la réservation de 113,00',
      'Confirmer avec ma banque',
    ],
  ] as const)(
    'says what the bank wants confirmed and leaves for the page in one press (%s)',
    async (locale, title, what, action) => {
      await initI18n(locale);
      const sent = answerApi((request) =>
        request.method === 'POST' ? { status: 201, body: { url: PAGE } } : undefined,
      );
      renderScreen(
        <ConfirmWithBank
          confirmation={{ appointmentId: VISIT, purpose: 'hold', cents: 11_300 }}
          visitLabel="March 9, 2027, 10:00 AM"
        />,
        { path: '/my-appointments', session: customer },
      );
      expect(await screen.findByText(title)).toBeTruthy();
      expect(screen.getByText(new RegExp(what.replace(/[$.]/g, '\\$&')))).toBeTruthy();
      const button = screen.getByRole('button', { name: new RegExp(`^${action}`) });
      // The accessible name has the visible text and the visit.
      expect(button.getAttribute('aria-label')).toContain('March 9, 2027, 10:00 AM');
      await userEvent.setup().click(button);
      await waitFor(() => {
        expect(assign).toHaveBeenCalledWith(PAGE);
      });
      expect(opened(sent)).toHaveLength(1);
    },
  );

  it('back from the page: records it and says "Hold confirmed", with the focus on the notice', async () => {
    await initI18n('en');
    const sent = answerApi((request) =>
      request.method === 'POST' && request.path === '/payments/confirmation/done'
        ? {
            status: 200,
            body: { appointmentId: VISIT, purpose: 'hold', cents: 11_300, status: 'confirmed' },
          }
        : undefined,
    );
    renderScreen(<ConfirmationReturn outcome="confirmed" sessionId="cs_test_1" onClose={() => undefined} />, {
      path: '/my-appointments',
      session: customer,
    });
    const notice = await screen.findByText(/^Hold confirmed/);
    expect(sent.find((r) => r.path === '/payments/confirmation/done')?.body).toEqual({
      sessionId: 'cs_test_1',
    });
    await waitFor(() => {
      expect(document.activeElement?.contains(notice)).toBe(true);
    });
  });

  it.each([
    ['en', /^Tip confirmed: thank you!/],
    ['fr', /^Pourboire confirmé : merci!/],
  ] as const)('back from a tip’s page: says "Tip confirmed" (%s)', async (locale, text) => {
    await initI18n(locale);
    answerApi((request) =>
      request.method === 'POST' && request.path === '/payments/confirmation/done'
        ? { status: 200, body: { appointmentId: VISIT, purpose: 'tip', cents: 1_700, status: 'confirmed' } }
        : undefined,
    );
    renderScreen(<ConfirmationReturn outcome="confirmed" sessionId="cs_test_2" onClose={() => undefined} />, {
      path: '/my-appointments',
      session: customer,
    });
    expect(await screen.findByText(text)).toBeTruthy();
  });
});
