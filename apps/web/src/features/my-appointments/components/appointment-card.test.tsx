import { listedAppointmentSchema, type ListedAppointment } from '@eclat/shared';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { AppointmentCard } from './appointment-card';

/** A Montréal visit of $160.00 before tax ($183.96 with GST and QST), as My Appointments lists it. */
function visit(payment: ListedAppointment['payment']): ListedAppointment {
  const serviceId = '5b0c2f1e-3a4d-4e6f-8a9b-0c1d2e3f4a5b';
  return listedAppointmentSchema.parse({
    appointmentId: '9a1c4e2b-7d3f-4b6a-8c5e-1f2a3b4c5d6e',
    customerId: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
    customerFirstName: 'Chloé',
    customerLastName: 'Customer',
    appointmentDate: '2030-05-04T13:00:00.000Z',
    endsAt: '2030-05-04T15:00:00.000Z',
    services: 'Carpet & Upholstery Care',
    serviceDetails: [{ serviceId, title: 'Carpet & Upholstery Care', price: 160, durationMinutes: 120 }],
    totalPrice: 160,
    status: 'confirmed',
    comments: null,
    address: '3460 rue Saint-Urbain',
    city: 'Montréal',
    postalCode: 'H2X 2N5',
    cancelledAt: null,
    createdAt: '2030-04-01T13:00:00.000Z',
    seriesId: null,
    needsTime: false,
    step: null,
    discountPercent: 0,
    priceBreakdown: {
      home: {},
      extraIds: [],
      postalCode: 'H2X 2N5',
      lines: [
        {
          kind: 'service',
          label: { en: 'Carpet & Upholstery Care', fr: 'Entretien de tapis' },
          refId: serviceId,
          cents: 16_000,
          minutes: 120,
        },
      ],
      subtotalCents: 16_000,
      discountCents: 0,
      totalCents: 16_000,
      minutes: 120,
    },
    payment,
  });
}

function renderCard(appointment: ListedAppointment, locale: 'en' | 'fr') {
  renderScreen(
    <AppointmentCard
      appointment={appointment}
      payment={appointment.payment}
      timeZone="America/Toronto"
      locale={locale}
    />,
    { path: '/my-appointments', session: signedIn('chloe@example.com', ['customer']) },
  );
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('a card of My Appointments with payments', () => {
  beforeEach(() => {
    // The self-service policy (what the customer may still change) is not needed here.
    answerApi(() => 'pending');
  });

  it('says the price is before tax and gives the total with taxes beside what is owed', async () => {
    await initI18n('en');
    renderCard(visit({ state: 'partly_paid', totalCents: 18_396, owedCents: 8_396 }), 'en');
    expect(await screen.findByText('Total before tax')).toBeTruthy();
    expect(screen.queryByText('Total', { exact: true })).toBeNull();
    const payment = screen.getByTestId('appointment-payment');
    expect(plain(payment.textContent)).toContain('Total with taxes: $183.96');
    expect(plain(payment.textContent)).toContain('Owed: $83.96');
  });

  it('says the same in French', async () => {
    await initI18n('fr');
    renderCard(visit({ state: 'paid', totalCents: 18_396, owedCents: 0 }), 'fr');
    expect(await screen.findByText('Total avant taxes')).toBeTruthy();
    expect(plain(screen.getByTestId('appointment-payment').textContent)).toContain(
      'Total avec taxes : 183,96 $',
    );
  });

  it('keeps the plain Total when payments are off (no payment on the card)', async () => {
    await initI18n('en');
    renderCard(visit(null), 'en');
    expect(await screen.findByText('Total', { exact: true })).toBeTruthy();
    expect(screen.queryByText('Total before tax')).toBeNull();
  });
});
