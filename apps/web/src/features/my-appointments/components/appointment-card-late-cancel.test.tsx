import { COMPANY_PHONE, selfServicePolicySchema, type Appointment } from '@eclat/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, ok } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { AppointmentCard } from './appointment-card';

const HOUR = 60 * 60 * 1000;
const customer = signedIn('ana@example.com', ['customer']);

/** A confirmed visit starting `hours` from now (inside the 24-hour cut-off when fewer). */
const visitIn = (hours: number): Appointment => {
  const start = new Date(Date.now() + hours * HOUR);
  return {
    appointmentId: '9a1c4e2b-7d3f-4b6a-8c5e-1f2a3b4c5d6e',
    customerId: '5d0f2a34-8e55-4c1b-9a3e-7c6b1e2d4f10',
    customerFirstName: 'Ana',
    customerLastName: 'Lopez',
    appointmentDate: start.toISOString(),
    endsAt: new Date(start.getTime() + 2 * HOUR).toISOString(),
    services: 'Standard cleaning',
    serviceDetails: [],
    totalPrice: 120,
    status: 'confirmed',
    comments: null,
    address: '12 Main Street',
    city: null,
    postalCode: 'M5H 2N2',
    cancelledAt: null,
    createdAt: '2030-03-01T12:00:00.000Z',
    seriesId: null,
    needsTime: false,
    discountPercent: 0,
    priceBreakdown: null,
    step: null,
  };
};

function renderCard(appointment: Appointment, lateCancel?: { fee: string; onCancel: () => void }) {
  return renderScreen(
    <AppointmentCard
      appointment={appointment}
      timeZone="America/Toronto"
      locale="en"
      editHref="/my-appointments/edit/x"
      onCancel={() => undefined}
      lateCancel={lateCancel}
    />,
    { path: '/my-appointments', session: customer },
  );
}

describe('a visit inside the change cut-off', () => {
  beforeEach(async () => {
    answerApi((request) =>
      request.path === '/settings/self-service'
        ? ok(selfServicePolicySchema, { changeCutoffHours: 24, minNoticeHours: 12, phone: COMPANY_PHONE })
        : undefined,
    );
    await initI18n('en');
  });

  it('offers Cancel with a fee, naming the fee, when the owner’s policy is a fee', async () => {
    let asked = 0;
    renderCard(visitIn(5), {
      fee: '$40.00',
      onCancel: () => {
        asked += 1;
      },
    });
    expect((await screen.findByTestId('too-late-notice')).textContent).toMatch(
      /late-cancellation fee of \$40\.00 plus tax/,
    );
    const cancel = screen.getByRole('button', { name: /^Cancel with a fee/ });
    const user = userEvent.setup();
    cancel.focus();
    await user.keyboard('{Enter}');
    expect(asked).toBe(1);
  });

  it('only says whom to call with "call us" (the spec’s flow)', async () => {
    renderCard(visitIn(5));
    expect((await screen.findByTestId('too-late-notice')).textContent).toMatch(
      /can no longer be moved or cancelled online/,
    );
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it('offers the plain Cancel outside the cut-off, with no fee', async () => {
    renderCard(visitIn(72), { fee: '$40.00', onCancel: () => undefined });
    expect(await screen.findByRole('button', { name: /^Cancel Appointment/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Cancel with a fee/ })).toBeNull();
  });
});
