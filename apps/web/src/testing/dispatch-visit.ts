import type { DispatchVisit } from '@eclat/shared';

/** The id of the visit `dispatchVisit` makes. */
export const DISPATCH_VISIT_ID = '3f0c2a9e-8d1b-4f6a-9c2e-7b5d4e3a2f10';

/**
 * A visit as My Day and the dispatch board read it (the field's component tests): Cora Tremblay's deep
 * cleaning on 2 April 2030, 9:00 to 11:00 in Toronto, confirmed, planned (no step yet); `overrides` on top.
 */
export function dispatchVisit(overrides: Partial<DispatchVisit> = {}): DispatchVisit {
  return {
    appointmentId: DISPATCH_VISIT_ID,
    customerId: '7c1e2d3f-4a5b-4c6d-9e8f-0a1b2c3d4e5f',
    customerFirstName: 'Cora',
    customerLastName: 'Tremblay',
    startsAt: '2030-04-02T13:00:00.000Z',
    endsAt: '2030-04-02T15:00:00.000Z',
    status: 'confirmed',
    address: '48 Rue Saint Paul',
    comments: null,
    services: 'Deep Cleaning',
    employeeIds: [],
    seriesId: null,
    needsTime: false,
    step: null,
    arrivedAt: null,
    completedAt: null,
    ...overrides,
  };
}
