// Apart from the schemas (schemas/service-area.ts): the web app's booking steps read these without zod.

/**
 * Where the company cleans (issue 16, decision 026): the postal-code prefixes served, each with an optional
 * travel surcharge in cents. An empty list means everywhere is served (the behaviour before issue 16).
 */
export type ServiceArea = { prefix: string; surchargeCents: number }[];

/** Letters a Canadian postal code never uses (D F I O Q U), and those never first (W Z as well). */
const FIRST_LETTER = 'ABCEGHJKLMNPRSTVXY';
const OTHER_LETTER = 'ABCEGHJKLMNPRSTVWXYZ';

/** `A1A 1A1`, upper case, one space: the form every postal code is stored and compared in. */
export const POSTAL_CODE_PATTERN = new RegExp(
  `^[${FIRST_LETTER}]\\d[${OTHER_LETTER}] \\d[${OTHER_LETTER}]\\d$`,
);

/**
 * A prefix of the area: a forward sortation area (`M5V`), or a shorter start of one (`M` is all of
 * Toronto, `H2` part of Montréal).
 */
export const AREA_PREFIX_PATTERN = new RegExp(`^[${FIRST_LETTER}](\\d[${OTHER_LETTER}]?)?$`);

/** The most prefixes an area holds, and the largest travel surcharge (in cents). */
export const MAX_AREA_PREFIXES = 300;
export const MAX_SURCHARGE_CENTS = 100_000;

/**
 * A postal code as typed (`h2x1y4`, ` H2X  1Y4 `) in its stored form (`H2X 1Y4`), or null when it is not a
 * Canadian postal code.
 */
export function normalizePostalCode(value: string): string | null {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  if (compact.length !== 6) return null;
  const code = `${compact.slice(0, 3)} ${compact.slice(3)}`;
  return POSTAL_CODE_PATTERN.test(code) ? code : null;
}

/** A prefix as typed (` m5v `) in its stored form (`M5V`), or null when it cannot start a postal code. */
export function normalizeAreaPrefix(value: string): string | null {
  const prefix = value.replace(/\s+/g, '').toUpperCase();
  return AREA_PREFIX_PATTERN.test(prefix) ? prefix : null;
}

/**
 * Whether the area serves a postal code, and its travel surcharge: the surcharge of the longest prefix
 * that matches (`M5V` before `M`). An empty area serves everywhere at no surcharge; a postal code that is
 * not one is not served by a non-empty area.
 */
export function areaFor(area: ServiceArea, postalCode: string): { served: boolean; surchargeCents: number } {
  if (area.length === 0) return { served: true, surchargeCents: 0 };
  const code = normalizePostalCode(postalCode);
  if (!code) return { served: false, surchargeCents: 0 };
  let best: { prefix: string; surchargeCents: number } | undefined;
  for (const entry of area) {
    const prefix = normalizeAreaPrefix(entry.prefix);
    if (prefix && code.startsWith(prefix) && (!best || prefix.length > best.prefix.length)) {
      best = { prefix, surchargeCents: entry.surchargeCents };
    }
  }
  return best ? { served: true, surchargeCents: best.surchargeCents } : { served: false, surchargeCents: 0 };
}

/**
 * Where a visit is priced (issue 16, decision 026): its postal code (null when nobody said one: a profile
 * made before issue 16) and the travel surcharge of the area for it, in cents.
 */
export type VisitPlace = { postalCode: string | null; surchargeCents: number };

/**
 * Where a visit happens (issue 27): the street (the spec's "123 Main Street"), the city and the postal code.
 * The place that is checked against the area and priced is this one, and it is what the visit keeps, the
 * cleaner sees and the emails and calendar say. A profile's address has no city (null); a visit booked
 * before issue 27 may lack any part.
 */
export type VisitAddress = { street: string | null; city: string | null; postalCode: string | null };

/** A profile's address as a visit's place (profiles have a street and a postal code, no city). */
export function profilePlace(customer: { address: string | null; postalCode: string | null }): VisitAddress {
  return { street: customer.address, city: null, postalCode: customer.postalCode };
}

/** A visit's address on one line ("800 Robson Street, Vancouver, V6Z 2E7"), or null when none is known. */
export function addressLine(place: {
  address: string | null;
  city?: string | null | undefined;
  postalCode?: string | null | undefined;
}): string | null {
  return [place.address, place.city, place.postalCode].filter(Boolean).join(', ') || null;
}

/** No postal code known: no surcharge (and nothing to refuse). */
export const UNKNOWN_PLACE: VisitPlace = { postalCode: null, surchargeCents: 0 };

/**
 * The place a visit is priced at, and whether online booking serves it: for a visit being changed
 * (`kept`, what it was priced at), the same postal code keeps the surcharge it was booked with (the area
 * may have changed since; the price of a booked visit does not move by itself); any other postal code
 * takes the area's surcharge (`areaFor`). An unknown postal code is served, at no surcharge. One rule for
 * the server's booking and the web app's live price.
 */
export function placeFor(
  area: ServiceArea,
  postalCode: string | null,
  kept?: VisitPlace,
): VisitPlace & { served: boolean } {
  const code = postalCode === null ? null : (normalizePostalCode(postalCode) ?? postalCode);
  if (kept?.postalCode === code) return { ...kept, served: true };
  if (code === null) return { ...UNKNOWN_PLACE, served: true };
  const { served, surchargeCents } = areaFor(area, code);
  return { postalCode: code, surchargeCents, served };
}

/**
 * The place a booked visit was priced at, from its breakdown: the postal code kept there and the sum of its
 * surcharge lines (a visit booked before the surcharge, or a quoted one, has none: 0).
 */
export function placeOfBreakdown(
  breakdown: {
    postalCode?: string | null | undefined;
    lines: readonly { kind: string; cents: number }[];
  } | null,
): VisitPlace {
  if (!breakdown) return UNKNOWN_PLACE;
  return {
    postalCode: breakdown.postalCode ?? null,
    surchargeCents: breakdown.lines
      .filter((line) => line.kind === 'surcharge')
      .reduce((sum, line) => sum + line.cents, 0),
  };
}
