import {
  DEFAULT_TAX_RATES,
  appointmentSchema,
  listedAppointmentSchema,
  paymentsPolicySchema,
  slotsResponseSchema,
  visitMoney,
  visitPaymentsSchema,
} from '@eclat/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { initI18n } from '@/lib/i18n';
import { answerApi, ok } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { MyAppointmentsRoute } from './my-appointments';

/**
 * The feedback email's `/my-appointments?tip=<id>` (decision 057) opens "Add a tip" for that visit even
 * when it is not on the list's first page (decision 061): the visit and its money are read by its id.
 */
const CUSTOMER = '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9';
const RECENT = '9a1c4e2b-7d3f-4b6a-8c5e-1f2a3b4c5d6e';
const OLDER = '3c1d4e2b-7d3f-4b6a-8c5e-1f2a3b4c5d6f';

function visitFields(appointmentId: string, appointmentDate: string) {
  return {
    appointmentId,
    customerId: CUSTOMER,
    customerFirstName: 'Chloé',
    customerLastName: 'Customer',
    appointmentDate,
    endsAt: appointmentDate,
    services: 'Standard Cleaning',
    serviceDetails: [
      {
        serviceId: '5b0c2f1e-3a4d-4e6f-8a9b-0c1d2e3f4a5b',
        title: 'Standard Cleaning',
        price: 100,
        durationMinutes: 60,
      },
    ],
    totalPrice: 100,
    status: 'completed',
    comments: null,
    address: '100 Queen Street West',
    city: 'Toronto',
    postalCode: 'M5H 2N2',
    cancelledAt: null,
    createdAt: '2026-01-01T13:00:00.000Z',
    seriesId: null,
    needsTime: false,
    step: null,
    discountPercent: 0,
    priceBreakdown: {
      home: {},
      extraIds: [],
      postalCode: 'M5H 2N2',
      lines: [
        {
          kind: 'service',
          label: { en: 'Standard Cleaning', fr: 'Ménage standard' },
          refId: '5b0c2f1e-3a4d-4e6f-8a9b-0c1d2e3f4a5b',
          cents: 10_000,
          minutes: 60,
        },
      ],
      subtotalCents: 10_000,
      discountCents: 0,
      totalCents: 10_000,
      minutes: 60,
    },
  };
}

const money = visitMoney({ priceCents: 10_000, cancelled: false, rates: DEFAULT_TAX_RATES.ON, entries: [] });

// The whole page renders in happy-dom: seconds on a shared 2-core machine.
describe('the tip link of the feedback email', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    answerApi(() => 'pending');
    await initI18n('en');
  });

  it('opens "Add a tip" for a visit that is not on the first page of the list', async () => {
    const sent = answerApi((request) => {
      if (request.path === '/settings/payments') return ok(paymentsPolicySchema, { mode: 'stripe' });
      if (request.path === '/appointments/my-appointments')
        return ok(listedAppointmentSchema.array(), [
          listedAppointmentSchema.parse({
            ...visitFields(RECENT, '2026-11-20T15:00:00.000Z'),
            payment: { state: 'paid', totalCents: 11_300, owedCents: 0 },
          }),
        ]);
      if (request.path === `/appointments/${OLDER}`)
        return ok(appointmentSchema, appointmentSchema.parse(visitFields(OLDER, '2025-03-04T15:00:00.000Z')));
      if (request.path === `/appointments/${OLDER}/payments`)
        return ok(visitPaymentsSchema, { appointmentId: OLDER, province: 'ON', money, entries: [] });
      if (request.path === '/series/mine') return { status: 200, body: [] };
      // The business's time zone, as the slots name it.
      if (request.path === '/slots')
        return ok(slotsResponseSchema, {
          date: '2026-11-28',
          timeZone: 'America/Toronto',
          durationMinutes: 60,
          bookableUntil: '2027-01-28',
          minNoticeHours: 24,
          slots: [],
        });
      return 'pending';
    });
    renderScreen(<MyAppointmentsRoute />, {
      path: '/my-appointments',
      search: `?tip=${OLDER}`,
      session: signedIn('chloe@example.com', ['customer']),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add a tip' }, { timeout: 20_000 });
    // 15 % of $113.00 in whole dollars: the visit's own total was read.
    expect(within(dialog).getAllByText(/\$17\b/).length).toBeGreaterThan(0);
    expect(sent.some((request) => request.path === `/appointments/${OLDER}`)).toBe(true);
  });
});
