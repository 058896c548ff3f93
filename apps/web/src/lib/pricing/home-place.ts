import {
  addressLine,
  visitPlaceInputSchema,
  type ServiceArea,
  type VisitAddress,
  type VisitPlace,
} from '@eclat/shared';

import { checkArea, type AreaCheck } from '@/lib/pricing/area-check';

/** "Another address" as typed in "Your home" (issue 27): street, city and postal code. */
export type TypedPlace = { street: string; city: string; postalCode: string };
export const EMPTY_TYPED_PLACE: TypedPlace = { street: '', city: '', postalCode: '' };

/**
 * Where the visit happens (issues 16 and 27, decisions 026 and 035), and what the service area says of it:
 * the profile's address (or an edited visit's own) unless another one is typed (street, city and postal
 * code, checked by the same schema the server reads). The postal code of that place, and only it, is
 * checked against the area and priced with the travel surcharge (`checkArea`, `placeFor`).
 */
export type HomePlace = {
  /** Another address is typed (else the visit is at `own`). */
  isOther: boolean;
  /** The address the visit happens at by default, on one line (null: none known). */
  ownLine: string | null;
  /** Per field of the typed address, a translation key of its broken rule. */
  errors: Partial<Record<keyof TypedPlace, string>>;
  /** Another address is typed and not complete or not valid yet. */
  error: string | null;
  /** Nothing known yet (no postal code, or the area not loaded), served with its surcharge, or outside. */
  check: AreaCheck;
  /** The visit's postal code in its stored form (undefined: none known). */
  postalCode: string | undefined;
  surchargeCents: number;
  /** What the booking sends as `place` (undefined: the default place, the server reads it itself). */
  send: { street: string; city: string; postalCode: string } | undefined;
  /** Where the visit happens, on one line (checkout shows it). */
  line: string | null;
};

export function homePlace(
  area: ServiceArea | undefined,
  typed: TypedPlace | undefined,
  own: VisitAddress | null | undefined,
  kept?: VisitPlace,
): HomePlace {
  const ownLine = own
    ? addressLine({ address: own.street, city: own.city, postalCode: own.postalCode })
    : null;
  if (!typed) {
    const check = checkArea(area, own?.postalCode, kept);
    return {
      isOther: false,
      ownLine,
      errors: {},
      error: null,
      check,
      postalCode: own?.postalCode ?? undefined,
      surchargeCents: check.kind === 'served' ? check.surchargeCents : 0,
      send: undefined,
      line: ownLine,
    };
  }
  const parsed = visitPlaceInputSchema.safeParse(typed);
  const errors: HomePlace['errors'] = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'street' || field === 'city' || field === 'postalCode') && !errors[field]) {
        errors[field] = issue.message;
      }
    }
  }
  const send = parsed.success ? parsed.data : undefined;
  const check = checkArea(area, send?.postalCode, kept);
  return {
    isOther: true,
    ownLine,
    errors,
    error: errors.street ?? errors.city ?? errors.postalCode ?? null,
    check,
    postalCode: send?.postalCode,
    surchargeCents: check.kind === 'served' ? check.surchargeCents : 0,
    send,
    line: send ? addressLine({ address: send.street, city: send.city, postalCode: send.postalCode }) : null,
  };
}
