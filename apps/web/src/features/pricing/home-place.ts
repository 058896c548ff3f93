import { normalizePostalCode, type ServiceArea, type VisitPlace } from '@eclat/shared';

import { checkArea, type AreaCheck } from '@/features/quotes/area-check';

/**
 * The postal code of "Your home" (issue 16, decision 026) and what the service area says of it: the box
 * shows what was typed, else the profile's (pre-filled); the price takes the area's travel surcharge with
 * the shared rule the server books with (`checkArea`, `placeFor`).
 */
export type HomePlace = {
  /** What the postal code box shows. */
  value: string;
  /** A translation key: typed and not a postal code, or emptied while the profile has one. */
  error: string | null;
  /** Nothing known yet (no postal code, or the area not loaded), served with its surcharge, or outside. */
  check: AreaCheck;
  /** What the booking sends, in its stored form (undefined: none to send). */
  postalCode: string | undefined;
  surchargeCents: number;
};

export function homePlace(
  area: ServiceArea | undefined,
  typed: string | undefined,
  fallback: string | null | undefined,
  kept?: VisitPlace,
): HomePlace {
  const value = typed ?? fallback ?? '';
  const code = normalizePostalCode(value);
  let error: string | null = null;
  if (value.trim() === '') error = fallback ? 'validation.postalCode' : null;
  else if (!code) error = 'validation.postalCode';
  const check = checkArea(area, code, kept);
  return {
    value,
    error,
    check,
    postalCode: code ?? undefined,
    surchargeCents: check.kind === 'served' ? check.surchargeCents : 0,
  };
}
