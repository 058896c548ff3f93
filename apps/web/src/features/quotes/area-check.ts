import { areaFor, normalizePostalCode, type ServiceArea } from '@eclat/shared';

/**
 * What the booking flow knows of an address against the service area (issue 16): nothing yet (no postal
 * code, or the area not loaded), served (with its travel surcharge), or outside, where online booking is
 * closed and a quote request is offered. The server decides the same with `areaFor` (decision 026).
 */
export type AreaCheck =
  | { kind: 'unknown' }
  | { kind: 'served'; postalCode: string; surchargeCents: number }
  | { kind: 'outside'; postalCode: string };

export function checkArea(area: ServiceArea | undefined, postalCode: string | null | undefined): AreaCheck {
  const code = postalCode ? normalizePostalCode(postalCode) : null;
  if (!area || !code) return { kind: 'unknown' };
  const { served, surchargeCents } = areaFor(area, code);
  return served
    ? { kind: 'served', postalCode: code, surchargeCents }
    : { kind: 'outside', postalCode: code };
}
