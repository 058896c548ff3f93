import { payRatesSchema, type PayRates } from '@eclat/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, ok, type ApiRequest } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { PayTermsCard } from './pay-terms-card';

const EMPLOYEE = '00000000-0000-4000-8000-0000000000e1';

function api(rates: PayRates) {
  let current = rates;
  return answerApi((request) => {
    if (request.path !== `/employees/${EMPLOYEE}/pay-rates`) return undefined;
    if (request.method === 'GET') return ok(payRatesSchema, current);
    if (request.method === 'POST') {
      const body = request.body as {
        effectiveFrom: string;
        hourlyCents?: number;
        percentBasisPoints?: number;
      };
      current = {
        rates: [
          ...current.rates,
          {
            effectiveFrom: body.effectiveFrom,
            kind: body.hourlyCents ? 'hourly' : 'percent',
            hourlyCents: body.hourlyCents ?? null,
            percentBasisPoints: body.percentBasisPoints ?? null,
            createdAt: '2026-11-28T10:00:00.000Z',
          },
        ],
      };
      return ok(payRatesSchema, current);
    }
    return undefined;
  });
}

const posts = (sent: ApiRequest[]) => sent.filter((request) => request.method === 'POST');

function renderCard() {
  return renderScreen(<PayTermsCard employeeId={EMPLOYEE} />, {
    path: '/pay',
    session: signedIn('owner@example.com', ['admin']),
  });
}

describe('pay terms', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    answerApi(() => undefined);
    await initI18n('en');
  });

  it('says there are none yet, and sends an hourly rate in cents', async () => {
    const sent = api({ rates: [] });
    renderCard();
    expect(await screen.findByText(/No pay terms yet/)).toBeDefined();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Applies from/), '2026-11-30');
    await user.type(screen.getByRole('textbox', { name: /Hourly rate \(CAD\)/ }), '25.50');
    await user.click(screen.getByRole('button', { name: 'Save the terms' }));
    await waitFor(() => {
      expect(posts(sent).map((request) => request.body)).toEqual([
        { effectiveFrom: '2026-11-30', kind: 'hourly', hourlyCents: 2550 },
      ]);
    });
    expect(await screen.findByRole('cell', { name: '$25.50 an hour' })).toBeDefined();
  });

  it('sends a percent in hundredths and refuses an amount it cannot read, sending nothing', async () => {
    const sent = api({
      rates: [
        {
          effectiveFrom: '2026-01-01',
          kind: 'hourly',
          hourlyCents: 2000,
          percentBasisPoints: null,
          createdAt: '2026-01-01T10:00:00.000Z',
        },
      ],
    });
    renderCard();
    expect(await screen.findByRole('cell', { name: '$20.00 an hour' })).toBeDefined();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Applies from/), '2026-12-01');
    await user.click(screen.getByRole('radio', { name: "Percent of the visit's price" }));
    const amount = screen.getByRole('textbox', { name: /Percent of the price before tax/ });
    await user.type(amount, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save the terms' }));
    expect(await screen.findByText('Enter an amount with at most two decimals.')).toBeDefined();
    expect(posts(sent)).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '45.5');
    await user.click(screen.getByRole('button', { name: 'Save the terms' }));
    await waitFor(() => {
      expect(posts(sent).map((request) => request.body)).toEqual([
        { effectiveFrom: '2026-12-01', kind: 'percent', percentBasisPoints: 4550 },
      ]);
    });
  });
});
