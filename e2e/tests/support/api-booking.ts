import type { Page } from '@playwright/test';
import { readAccessToken } from './accounts.ts';

/**
 * Through the page's own session (its access token, as the web app calls the API): the customer profile,
 * then one visit of the first demo service at the first free time of `day`, its emails in `language`.
 * Returns the ids, or a string saying what refused.
 */
export async function profileAndVisit(
  page: Page,
  options: {
    day: string;
    language: 'en' | 'fr';
    firstName: string;
    lastName: string;
    /** The profile's postal code (its province taxes the visit, issue 29); none by default. */
    postalCode?: string;
  },
): Promise<{ customerId: string; appointmentId: string; serviceId: string } | string> {
  const token = await readAccessToken(page);
  return page.evaluate(
    async ({ token, day, language, firstName, lastName, postalCode }) => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const profile = await fetch('/api/v1/customers/me', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          firstName,
          lastName,
          phoneNumber: '514-555-0199',
          address: '48 Rue Saint Paul',
          ...(postalCode && { postalCode }),
        }),
      });
      const created = (await profile.json()) as { customerId?: string };
      if (!created.customerId) return `profile ${profile.status} ${JSON.stringify(created)}`;
      const { customerId } = created;
      const services = (await (await fetch('/api/v1/services')).json()) as { serviceId: string }[];
      const serviceId = services[0]?.serviceId ?? '';
      const slots = (await (await fetch(`/api/v1/slots?date=${day}&serviceIds=${serviceId}`)).json()) as {
        slots: { startsAt: string; available: boolean }[];
      };
      const slot = slots.slots.find((candidate) => candidate.available);
      const res = await fetch(`/api/v1/appointments/customers/${customerId}`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': `e2e-${language}-${crypto.randomUUID()}` },
        body: JSON.stringify({ serviceIds: [serviceId], appointmentDate: slot?.startsAt, locale: language }),
      });
      const booked = (await res.json()) as { appointmentId?: string };
      return booked.appointmentId
        ? { customerId, appointmentId: booked.appointmentId, serviceId }
        : `${res.status} ${JSON.stringify(booked)} ${JSON.stringify(slots).slice(0, 300)}`;
    },
    { token, ...options },
  );
}
