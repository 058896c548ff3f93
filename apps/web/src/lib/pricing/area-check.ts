import { normalizePostalCode, placeFor, type ServiceArea, type VisitPlace } from '@eclat/shared';

/**
 * What the booking flow knows of an address against the service area (issue 16): nothing yet (no postal
 * code, or the area not loaded), served (with its travel surcharge), or outside, where online booking is
 * closed and a quote request is offered. The server decides the same with `placeFor` (decision 026).
 */
export type AreaCheck =
  | { kind: 'unknown' }
  | { kind: 'served'; postalCode: string; surchargeCents: number }
  | { kind: 'outside'; postalCode: string };

export function checkArea(
  area: ServiceArea | undefined,
  postalCode: string | null | undefined,
  /** A visit being changed: what it was priced at (the same postal code keeps its surcharge). */
  kept?: VisitPlace,
): AreaCheck {
  const code = postalCode ? normalizePostalCode(postalCode) : null;
  if (!area || !code) return { kind: 'unknown' };
  const { served, surchargeCents } = placeFor(area, code, kept);
  return served
    ? { kind: 'served', postalCode: code, surchargeCents }
    : { kind: 'outside', postalCode: code };
}
