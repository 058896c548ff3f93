import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { appointmentEmailData, visitNoticeData } from '../../test/factories.ts';
import { createAppointmentInvite, createVisitChange } from './ics.ts';

const ctx = { brandName: 'Éclat', publicUrl: 'https://book.eclat.example', timeZone: 'America/Toronto' };

function parseEvent(ics: string) {
  const component = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const event = new ICAL.Event(component.getFirstSubcomponent('vevent') ?? undefined);
  return event;
}

describe('calendar invitation', () => {
  it('parses back to the booked start and end, with summary and location', () => {
    const event = parseEvent(createAppointmentInvite(appointmentEmailData(), 'en', ctx));
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-03-09T14:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2027-03-09T17:00:00.000Z');
    expect(event.summary).toBe('Éclat cleaning');
    expect(event.location).toBe('48 Palmerston Avenue');
    expect(event.uid).toBe('3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10@book.eclat.example');
    expect(event.description).toContain('Local time (America/Toronto): Tuesday, March 9, 2027 at 9:00 a.m.');
  });

  it('keeps the business-local hour across the daylight-saving change', () => {
    // 2027-03-14: clocks go forward in Toronto. 9:00 local is 14:00Z before, 13:00Z after.
    const after = appointmentEmailData({
      startsAt: '2027-03-15T13:00:00.000Z',
      endsAt: '2027-03-15T14:00:00.000Z',
    });
    const event = parseEvent(createAppointmentInvite(after, 'fr', ctx));
    expect(event.startDate.toJSDate().toISOString()).toBe('2027-03-15T13:00:00.000Z');
    expect(event.description).toContain('Heure locale (America/Toronto)\u00a0: lundi 15 mars 2027 à 9 h 00');
    expect(event.summary).toBe('Ménage Éclat');
  });

  it("gives the event the visit's STATUS: a pending booking is TENTATIVE, a confirmed one CONFIRMED", () => {
    const statusOf = (ics: string) =>
      String(
        new ICAL.Component(ICAL.parse(ics) as unknown[])
          .getFirstSubcomponent('vevent')
          ?.getFirstPropertyValue('status'),
      );
    expect(statusOf(createAppointmentInvite(appointmentEmailData({ status: 'pending' }), 'en', ctx))).toBe(
      'TENTATIVE',
    );
    expect(statusOf(createAppointmentInvite(appointmentEmailData({ status: 'confirmed' }), 'en', ctx))).toBe(
      'CONFIRMED',
    );
    expect(statusOf(createAppointmentInvite(appointmentEmailData({ status: 'completed' }), 'en', ctx))).toBe(
      'CONFIRMED',
    );
    // A visit moved by its customer is pending again: the notice's event is TENTATIVE, a cancel CANCELLED.
    const notice = visitNoticeData({ kind: 'moved', status: 'pending' });
    expect(statusOf(createVisitChange(notice, 'PUBLISH', 'en', ctx))).toBe('TENTATIVE');
    expect(statusOf(createVisitChange({ ...notice, status: 'confirmed' }, 'PUBLISH', 'en', ctx))).toBe(
      'CONFIRMED',
    );
    expect(statusOf(createVisitChange(notice, 'CANCEL', 'en', ctx))).toBe('CANCELLED');
  });
});
