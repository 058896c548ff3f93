import { paymentsPolicySchema, type AppointmentsFilter, type PaymentsMode } from '@eclat/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, ok } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { AppointmentsFilterFields } from './appointments-filter';

const seen: AppointmentsFilter[] = [];

function Harness() {
  const [filter, setFilter] = useState<AppointmentsFilter>({});
  return (
    <AppointmentsFilterFields
      value={filter}
      onChange={(next) => {
        seen.push(next);
        setFilter(next);
      }}
      locale="en"
    />
  );
}

async function renderWith(mode: PaymentsMode, language: 'en' | 'fr' = 'en') {
  answerApi((request) =>
    request.path === '/settings/payments' ? ok(paymentsPolicySchema, { mode }) : undefined,
  );
  await initI18n(language);
  return renderScreen(<Harness />, {
    path: '/appointments',
    session: signedIn('owner@example.com', ['admin']),
  });
}

describe('the staff table’s “payment needed” filter (decision 058)', { timeout: 30_000 }, () => {
  beforeEach(() => {
    seen.length = 0;
  });

  it('with cards: a labelled checkbox that sets and clears payment=needed', async () => {
    await renderWith('stripe');
    const box = await screen.findByRole('checkbox', { name: 'Payment needed only' }, { timeout: 20_000 });
    const user = userEvent.setup();
    await user.click(box);
    expect(seen.at(-1)).toEqual({ payment: 'needed' });
    await user.keyboard(' ');
    expect(seen.at(-1)).toEqual({});
  });

  it('in French', async () => {
    await renderWith('stripe', 'fr');
    expect(
      await screen.findByRole('checkbox', { name: 'Paiement requis seulement' }, { timeout: 20_000 }),
    ).toBeTruthy();
  });
});
