import { addressLine, type Appointment } from '@eclat/shared';
import type { AppointmentEmailData } from '../../mail/templates/appointment.ts';

/** What the booking confirmation and the reminder say about an appointment. */
export function appointmentEmailDataOf(appointment: Appointment): AppointmentEmailData {
  return {
    appointmentId: appointment.appointmentId,
    customerFirstName: appointment.customerFirstName,
    customerLastName: appointment.customerLastName,
    startsAt: appointment.appointmentDate,
    endsAt: appointment.endsAt,
    services: appointment.serviceDetails.map((line) => ({ title: line.title, price: line.price })),
    ...(appointment.priceBreakdown && { lines: appointment.priceBreakdown.lines }),
    total: appointment.totalPrice,
    // Where the visit happens: street, city and postal code (issue 27).
    address: addressLine(appointment),
    comments: appointment.comments,
    status: appointment.status,
  };
}
