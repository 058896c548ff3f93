import {
  appointmentSchema,
  customerSchema,
  meSchema,
  recurringDiscountsSchema,
  serviceAreaSchema,
  serviceSchema,
  slotsResponseSchema,
  type Customer,
} from '@eclat/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { paths } from '@/config/paths';
import { BOOKING_SLOT_KEY } from '@/features/booking/booking-selection';
import { initI18n } from '@/lib/i18n';
import { answerApi, fail, ok, type ApiAnswer, type ApiRequest } from '@/testing/api-answers';
import { renderScreen, signedIn } from '@/testing/render-screen';

import { CheckoutRoute } from './checkout';

const EMAIL = 'ana@example.com';
const SERVICE_ID = '0b6f1f5e-3c1d-4a57-9a7e-2f1d6c1b8a01';
const CUSTOMER_ID = '5d0f2a34-8e55-4c1b-9a3e-7c6b1e2d4f10';
// 14:00 in Toronto (business time zone) on a Tuesday.
const STARTS_AT = '2030-03-12T18:00:00.000Z';

const profile: Customer = {
  customerId: CUSTOMER_ID,
  firstName: 'Ana',
  lastName: 'Lopez',
  email: EMAIL,
  phoneNumber: '514-555-0100',
  companyName: null,
  address: '12 Main Street',
  postalCode: 'H2X 1Y4',
};

const appointment = {
  appointmentId: '9a1c4e2b-7d3f-4b6a-8c5e-1f2a3b4c5d6e',
  customerId: CUSTOMER_ID,
  customerFirstName: 'Ana',
  customerLastName: 'Lopez',
  appointmentDate: STARTS_AT,
  endsAt: '2030-03-12T20:00:00.000Z',
  services: 'Standard cleaning',
  serviceDetails: [{ serviceId: SERVICE_ID, title: 'Standard cleaning', price: 120, durationMinutes: 120 }],
  totalPrice: 120,
  status: 'pending',
  comments: null,
  address: '12 Main Street',
  city: null,
  postalCode: 'H2X 1Y4',
  cancelledAt: null,
  createdAt: '2030-03-01T12:00:00.000Z',
  seriesId: null,
  needsTime: false,
  discountPercent: 0,
  priceBreakdown: null,
  step: null,
};

type Api = {
  customer?: Customer | null;
  prefixes?: { prefix: string; surchargeCents: number }[];
  book?: ApiAnswer;
};

/** The API as checkout reads it: a profile, one flat-priced service, the time zone, no surcharge. */
function api({
  customer = profile,
  prefixes = [],
  book = ok(appointmentSchema, appointmentSchema.parse(appointment)),
}: Api = {}) {
  return answerApi((request: ApiRequest) => {
    const { method, path } = request;
    if (method === 'GET' && path === '/auth/me')
      return ok(meSchema, {
        userId: '1f0e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
        email: EMAIL,
        firstName: 'Ana',
        lastName: 'Lopez',
        emailVerified: true,
        permissions: [],
      });
    if (method === 'GET' && path === '/customers/byEmail')
      return customer ? ok(customerSchema, customer) : fail(404, 'NOT_FOUND');
    if (method === 'GET' && path === `/services/${SERVICE_ID}`)
      return ok(serviceSchema, {
        serviceId: SERVICE_ID,
        title: 'Standard cleaning',
        description: 'Every room, top to bottom.',
        pricing: 120,
        isAvailable: true,
        image: null,
        imageVariants: null,
        category: 'Residential',
        durationMinutes: 120,
        pricingModel: { kind: 'flat' },
        extras: [],
      });
    if (method === 'GET' && path === '/slots')
      return ok(slotsResponseSchema, {
        date: request.query.get('date') ?? '2030-03-01',
        timeZone: 'America/Toronto',
        durationMinutes: 60,
        bookableUntil: '2030-06-01',
        minNoticeHours: 24,
        slots: [],
      });
    if (method === 'GET' && path === '/settings/recurring')
      return ok(recurringDiscountsSchema, {
        weekly: 15,
        every2Weeks: 10,
        every4Weeks: 5,
        firstVisitDiscounted: true,
      });
    if (method === 'GET' && path === '/settings/service-area') return ok(serviceAreaSchema, { prefixes });
    if (method === 'POST' && path === `/appointments/customers/${CUSTOMER_ID}`) return book;
    return undefined;
  });
}

const bookings = (sent: ApiRequest[]) => sent.filter((request) => request.method === 'POST');

function renderCheckout(state: unknown = { serviceIds: [SERVICE_ID], appointmentDate: STARTS_AT }) {
  return renderScreen(<CheckoutRoute />, { path: paths.checkout.getHref(), state, session: signedIn(EMAIL) });
}

const confirmButton = () => screen.findByRole('button', { name: 'Confirm Appointment' });

describe('checkout', () => {
  beforeEach(async () => {
    answerApi(() => undefined);
    await initI18n('en');
  });

  describe('defaults', () => {
    it('shows the name and address of the profile, and the chosen time in the business time zone', async () => {
      api();
      renderCheckout();
      expect(await screen.findByRole('textbox', { name: 'First Name' })).toHaveProperty('value', 'Ana');
      expect(screen.getByRole('textbox', { name: 'Last Name' })).toHaveProperty('value', 'Lopez');
      expect(screen.getByTestId('checkout-address').textContent).toContain('12 Main Street');
      expect((await screen.findByTestId('checkout-time')).textContent).toBe('14:00');
      expect(screen.getByTestId('checkout-total').textContent).toContain('120');
      await waitFor(async () => {
        expect(await confirmButton()).toHaveProperty('disabled', false);
      });
    });

    it('books a date chosen without a time at 12:00, business time, from the tab storage', async () => {
      const sent = api();
      sessionStorage.setItem(BOOKING_SLOT_KEY, '2030-03-12');
      renderCheckout({ serviceIds: [SERVICE_ID] });
      expect((await screen.findByTestId('checkout-time')).textContent).toBe('12:00');
      const user = userEvent.setup();
      await waitFor(async () => {
        expect(await confirmButton()).toHaveProperty('disabled', false);
      });
      await user.click(await confirmButton());
      await waitFor(() => {
        expect(bookings(sent)).toHaveLength(1);
      });
      expect(bookings(sent)[0]?.body).toMatchObject({ appointmentDate: '2030-03-12T16:00:00.000Z' });
    });

    it('speaks the active language and books in it', async () => {
      await initI18n('fr');
      const sent = api();
      renderCheckout();
      const user = userEvent.setup();
      const confirm = await screen.findByRole('button', { name: 'Confirmer le rendez-vous' });
      await waitFor(() => {
        expect(confirm).toHaveProperty('disabled', false);
      });
      await user.click(confirm);
      await waitFor(() => {
        expect(bookings(sent)).toHaveLength(1);
      });
      expect(bookings(sent)[0]?.body).toMatchObject({ locale: 'fr', serviceIds: [SERVICE_ID] });
      expect((await screen.findByTestId('location')).textContent).toBe(paths.myAppointments.getHref());
    });
  });

  describe('refusals', () => {
    it('offers a quote instead of booking at an address outside the service area', async () => {
      const sent = api({ prefixes: [{ prefix: 'K1', surchargeCents: 0 }] });
      renderCheckout();
      expect(await screen.findByRole('link', { name: 'Request a quote' })).toBeTruthy();
      const confirm = await confirmButton();
      expect(confirm).toHaveProperty('disabled', true);
      await userEvent.setup().click(confirm);
      expect(bookings(sent)).toHaveLength(0);
    });

    it('asks for a name before booking with a profile that has none', async () => {
      const sent = api({ customer: { ...profile, firstName: ' ' } });
      renderCheckout();
      const user = userEvent.setup();
      await waitFor(async () => {
        expect(await confirmButton()).toHaveProperty('disabled', false);
      });
      await user.click(await confirmButton());
      expect((await screen.findByRole('alert')).textContent).toBe('Please enter valid details.');
      expect(bookings(sent)).toHaveLength(0);
    });

    it('sends back to the calendar without a date, and books nothing', async () => {
      const sent = api();
      renderCheckout({ serviceIds: [SERVICE_ID] });
      const user = userEvent.setup();
      const noDate = await screen.findByRole('alert');
      expect(within(noDate).getByText('No appointment date selected.')).toBeTruthy();
      await waitFor(async () => {
        expect(await confirmButton()).toHaveProperty('disabled', false);
      });
      await user.click(await confirmButton());
      expect(await screen.findAllByText('No appointment date selected.')).toHaveLength(2);
      expect(bookings(sent)).toHaveLength(0);
      await user.click(within(noDate).getByRole('button', { name: 'Choose a date and time' }));
      expect((await screen.findByTestId('location')).textContent).toBe(paths.calendarSelect.getHref());
    });

    it('says a time taken meanwhile (SLOT_FULL) is no longer free and leads back to the calendar with why', async () => {
      const sent = api({ book: fail(409, 'SLOT_FULL') });
      renderCheckout();
      const user = userEvent.setup();
      await waitFor(async () => {
        expect(await confirmButton()).toHaveProperty('disabled', false);
      });
      await user.click(await confirmButton());
      const refusal = await screen.findByTestId('booking-refusal');
      expect(refusal.textContent).toContain('Sorry, this time slot was just fully booked.');
      const another = within(refusal).getByRole('button', { name: 'Choose another time' });
      await waitFor(() => {
        expect(document.activeElement).toBe(another);
      });
      expect(await confirmButton()).toHaveProperty('disabled', true);
      expect(bookings(sent)).toHaveLength(1);
      await user.click(another);
      const location = await screen.findByTestId('location');
      expect(location.textContent).toBe(paths.calendarSelect.getHref());
      expect(JSON.parse(location.dataset.state ?? 'null')).toMatchObject({
        serviceIds: [SERVICE_ID],
        appointmentDate: STARTS_AT,
        refusedReason: 'full',
      });
    });
  });

  describe('disabled states', () => {
    it('waits for the profile, the services and the time zone before Confirm can be pressed', async () => {
      answerApi(() => 'pending');
      renderCheckout();
      expect(await confirmButton()).toHaveProperty('disabled', true);
    });

    it('books once: Confirm is disabled and says so while the booking is on its way', async () => {
      const sent = api({ book: 'pending' });
      renderCheckout();
      const user = userEvent.setup();
      await waitFor(async () => {
        expect(await confirmButton()).toHaveProperty('disabled', false);
      });
      await user.click(await confirmButton());
      const confirming = await screen.findByRole('button', { name: 'Confirming...' });
      expect(confirming).toHaveProperty('disabled', true);
      await user.click(confirming);
      expect(bookings(sent)).toHaveLength(1);
    });
  });
});
