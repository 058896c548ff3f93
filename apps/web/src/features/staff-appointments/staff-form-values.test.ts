import type { Appointment } from '@eclat/shared';
import { describe, expect, it } from 'vitest';

import {
  EMPTY_STAFF_APPOINTMENT_FORM,
  instantToZonedHour,
  toStaffAppointmentFieldErrors,
  toStaffAppointmentFormValues,
  validateStaffAppointmentForm,
  zonedHourToInstant,
} from './staff-form-values';

const TZ = 'America/Toronto';
const CUSTOMER = '5b0c1f8e-3a57-4a31-9d0e-2f0d8c2b7a11';
const SERVICE = '9c7e3a52-1d4b-4c8f-a0e6-7b2d5f9e1c33';
const NOW = Date.parse('2026-11-22T12:00:00Z');

describe('zonedHourToInstant', () => {
  it('turns a business-local hour into an instant, winter and summer', () => {
    expect(zonedHourToInstant('2026-12-01', 10, TZ)).toBe('2026-12-01T15:00:00.000Z');
    expect(zonedHourToInstant('2026-07-01', 10, TZ)).toBe('2026-07-01T14:00:00.000Z');
    expect(zonedHourToInstant('2026-07-01', 20, TZ)).toBe('2026-07-02T00:00:00.000Z');
  });

  it('is right on the days the clocks change', () => {
    expect(zonedHourToInstant('2026-03-08', 9, TZ)).toBe('2026-03-08T13:00:00.000Z');
    expect(zonedHourToInstant('2026-11-01', 9, TZ)).toBe('2026-11-01T14:00:00.000Z');
  });

  it('does not depend on the time zone of the browser', () => {
    expect(zonedHourToInstant('2026-12-01', 10, 'Asia/Tokyo')).toBe('2026-12-01T01:00:00.000Z');
  });
});

describe('instantToZonedHour', () => {
  it('gives back the business-local day and hour', () => {
    expect(instantToZonedHour('2026-07-02T00:00:00.000Z', TZ)).toEqual({ date: '2026-07-01', hour: 20 });
    expect(instantToZonedHour('2026-12-01T15:00:00.000Z', TZ)).toEqual({ date: '2026-12-01', hour: 10 });
  });
});

const filled = {
  ...EMPTY_STAFF_APPOINTMENT_FORM,
  customerId: CUSTOMER,
  serviceIds: [SERVICE],
  date: '2026-12-01',
  hour: '10',
  comments: '  Side door  ',
};

describe('validateStaffAppointmentForm', () => {
  it('builds the API input: instant, trimmed comments, status', () => {
    const result = validateStaffAppointmentForm(
      { ...filled, status: 'confirmed' },
      { timeZone: TZ, now: NOW },
    );
    expect(result).toEqual({
      ok: true,
      input: {
        customerId: CUSTOMER,
        serviceIds: [SERVICE],
        appointmentDate: '2026-12-01T15:00:00.000Z',
        status: 'confirmed',
        comments: 'Side door',
      },
    });
  });

  it('sends no comments when left blank (they are optional)', () => {
    const result = validateStaffAppointmentForm({ ...filled, comments: '   ' }, { timeZone: TZ, now: NOW });
    expect(result.ok && result.input.comments).toBeNull();
  });

  it('requires the customer, services, date and time (spec §5)', () => {
    const result = validateStaffAppointmentForm(EMPTY_STAFF_APPOINTMENT_FORM, { timeZone: TZ, now: NOW });
    expect(result).toEqual({
      ok: false,
      errors: {
        customerId: 'validation.required',
        serviceIds: 'staffAppointments.form.errors.services',
        date: 'validation.required',
        hour: 'validation.required',
      },
    });
  });

  it('refuses an hour outside the slots', () => {
    const result = validateStaffAppointmentForm({ ...filled, hour: '7' }, { timeZone: TZ, now: NOW });
    expect(result).toEqual({ ok: false, errors: { hour: 'validation.required' } });
  });

  it('refuses a new time in the past but keeps a saved past time', () => {
    const past = { ...filled, date: '2026-11-20' };
    expect(validateStaffAppointmentForm(past, { timeZone: TZ, now: NOW })).toEqual({
      ok: false,
      errors: { hour: 'appointments.errors.pastTime' },
    });
    const kept = validateStaffAppointmentForm(
      { ...past, status: 'completed' },
      { timeZone: TZ, now: NOW, savedStart: '2026-11-20T15:00:00Z' },
    );
    expect(kept.ok).toBe(true);
  });

  it('checks the shared schema too (comments length)', () => {
    const result = validateStaffAppointmentForm(
      { ...filled, comments: 'x'.repeat(1001) },
      { timeZone: TZ, now: NOW },
    );
    expect(result).toEqual({ ok: false, errors: { comments: 'validation.tooLong' } });
  });
});

describe('toStaffAppointmentFormValues', () => {
  it('fills the form from a saved appointment', () => {
    const appointment = {
      appointmentId: 'd6a0c3de-8f7b-4d0e-9a41-6c1f5e2b3a44',
      customerId: CUSTOMER,
      customerFirstName: 'Ana',
      customerLastName: 'Silva',
      appointmentDate: '2026-07-01T18:00:00.000Z',
      endsAt: '2026-07-01T19:00:00.000Z',
      services: 'Deep Cleaning, Gone',
      serviceDetails: [
        { serviceId: SERVICE, title: 'Deep Cleaning', price: 120, durationMinutes: 60 },
        { serviceId: null, title: 'Gone', price: 10, durationMinutes: 30 },
      ],
      totalPrice: 130,
      status: 'confirmed',
      comments: null,
      address: null,
      city: null,
      postalCode: null,
      cancelledAt: null,
      createdAt: '2026-06-01T12:00:00.000Z',
      seriesId: null,
      needsTime: false,
      discountPercent: 0,
      priceBreakdown: null,
      step: null,
    } satisfies Appointment;
    expect(toStaffAppointmentFormValues(appointment, TZ)).toEqual({
      customerId: CUSTOMER,
      serviceIds: [SERVICE],
      date: '2026-07-01',
      hour: '14',
      status: 'confirmed',
      comments: '',
      // Booked before instant prices: no home, no extras; the postal code is the customer's until typed.
      home: { home: {}, extraIds: [] },
    });
    const priced = toStaffAppointmentFormValues(
      {
        ...appointment,
        priceBreakdown: {
          home: { bedrooms: 2, bathrooms: 1 },
          extraIds: ['fridge'],
          postalCode: 'L6J 4V1',
          lines: [],
          subtotalCents: 0,
          discountCents: 0,
          totalCents: 0,
          minutes: 60,
        },
      },
      TZ,
    );
    expect(priced.home).toEqual({ home: { bedrooms: 2, bathrooms: 1 }, extraIds: ['fridge'] });
  });
});

describe('toStaffAppointmentFieldErrors', () => {
  it('puts the server details under their fields', () => {
    expect(
      toStaffAppointmentFieldErrors([
        { path: 'body.customerId', message: 'appointments.errors.customer' },
        { path: 'body.appointmentDate', message: 'appointments.errors.slot' },
        { path: 'body.serviceIds.0', message: 'appointments.errors.services' },
        { path: 'body.unknown', message: 'x' },
      ]),
    ).toEqual({
      customerId: 'appointments.errors.customer',
      hour: 'appointments.errors.slot',
      serviceIds: 'appointments.errors.services',
    });
  });
});
