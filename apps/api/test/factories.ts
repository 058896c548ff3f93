import type { AppointmentEmailData } from '../src/mail/templates/appointment.ts';
import type { VisitNoticeData } from '../src/mail/templates/visit-notice.ts';

/** A booking as the confirmation email sees it: 2027-03-09 09:00 to 12:00 in Toronto (EST, UTC-5). */
export function appointmentEmailData(overrides: Partial<AppointmentEmailData> = {}): AppointmentEmailData {
  return {
    appointmentId: '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10',
    customerFirstName: 'Amélie',
    customerLastName: 'Tremblay',
    startsAt: '2027-03-09T14:00:00.000Z',
    endsAt: '2027-03-09T17:00:00.000Z',
    services: [
      { title: 'Deep Cleaning', price: 289 },
      { title: 'Window Washing', price: 50 },
    ],
    total: 339,
    address: '48 Palmerston Avenue',
    comments: 'The cat hides under the bed.',
    ...overrides,
  };
}

/** A one-off visit moved from Tuesday 9:00 to Thursday 14:00 (Toronto), told to its customer. */
export function visitNoticeData(overrides: Partial<VisitNoticeData> = {}): VisitNoticeData {
  return {
    kind: 'moved',
    audience: 'customer',
    recipientFirstName: 'Amélie',
    seriesId: null,
    appointmentId: '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10',
    customerFirstName: 'Amélie',
    customerLastName: 'Tremblay',
    startsAt: '2027-03-11T18:00:00.000Z',
    endsAt: '2027-03-11T21:00:00.000Z',
    previousStartsAt: '2027-03-09T14:00:00.000Z',
    cancelledBy: null,
    services: [{ title: 'Deep Cleaning', price: 289 }],
    totalPrice: 289,
    address: '48 Palmerston Avenue',
    revision: 2,
    ...overrides,
  };
}
