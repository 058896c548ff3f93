/**
 * Instant prices (issue 16, decision 025): the price and the length of a visit from its services'
 * pricing models, the home, the extras chosen, the travel surcharge and the frequency discount. Pure and
 * shared: the web app shows the figure live and the server books with the same function, ignoring any
 * figure a client sends. Money is in integer cents throughout.
 */

export const PRICING_KINDS = ['flat', 'rooms', 'area', 'hourly', 'quote'] as const;
export type PricingKind = (typeof PRICING_KINDS)[number];

export const AREA_UNITS = ['sqft', 'sqm'] as const;
export type AreaUnit = (typeof AREA_UNITS)[number];

/** An area band: homes up to `upTo` (in the model's unit) cost `priceCents` and take `minutes`. */
export type AreaBand = { upTo: number; priceCents: number; minutes: number };

export type PricingModel =
  /** The service's `pricing` and `durationMinutes`, as the spec has them (the default). */
  | { kind: 'flat' }
  /** A base plus an amount per bedroom and per bathroom; the duration grows the same way. */
  | {
      kind: 'rooms';
      baseCents: number;
      baseMinutes: number;
      perBedroomCents: number;
      perBedroomMinutes: number;
      perBathroomCents: number;
      perBathroomMinutes: number;
    }
  /** Bands of floor area, ascending: the first band the home fits in. */
  | { kind: 'area'; unit: AreaUnit; bands: AreaBand[] }
  /** A rate per hour times the estimated length. */
  | { kind: 'hourly'; rateCents: number; minutes: number }
  /** "Contact for pricing": price 0, the service's own duration. */
  | { kind: 'quote' };

export type LocalizedText = { en: string; fr: string };

/** An add-on of a service (inside the fridge, interior windows...), chosen at booking. */
export type ServiceExtra = { extraId: string; title: LocalizedText; priceCents: number; minutes: number };

/** A service as the price is computed from it. */
export type PricedService = {
  serviceId: string;
  title: string;
  model: PricingModel;
  /** The spec's `pricing` in cents and `durationMinutes`: what flat and quote services use. */
  flatCents: number;
  flatMinutes: number;
  extras: readonly ServiceExtra[];
};

/** The home as the booking describes it; only what the chosen services need is asked. */
export type Home = { bedrooms?: number; bathrooms?: number; area?: number; areaUnit?: AreaUnit };

export const PRICE_LINE_KINDS = ['service', 'extra', 'surcharge', 'discount'] as const;
export type PriceLineKind = (typeof PRICE_LINE_KINDS)[number];

/**
 * One line of the breakdown. `label` is the service's title (the same in both languages) or the
 * extra's; surcharge and discount lines have empty labels, each client words them. `basis` is what a
 * service line was priced on (rooms, area); `percent` the discount's.
 */
export type PriceLine = {
  kind: PriceLineKind;
  label: LocalizedText;
  /** The service's or the extra's id; null for surcharge and discount. */
  refId: string | null;
  /** Negative for the discount. */
  cents: number;
  minutes: number;
  basis?: Home;
  percent?: number;
};

export type VisitPrice = {
  lines: PriceLine[];
  /** Services, extras and surcharge. */
  subtotalCents: number;
  /** The frequency discount on the subtotal, rounded once, half up. */
  discountCents: number;
  totalCents: number;
  /** The length of the visit: services and extras (the buffer and the one-hour minimum come later). */
  minutes: number;
};

export type PriceVisitInput = {
  services: readonly PricedService[];
  home: Home;
  extraIds: readonly string[];
  /** Travel surcharge of the service area (0 if none). */
  surchargeCents: number;
  /** Frequency discount (decision 020), whole percent. */
  discountPercent: number;
};

/** Home limits: a studio has 0 bedrooms; every home has a bathroom. */
export const HOME_LIMITS = {
  bedrooms: { min: 0, max: 20 },
  bathrooms: { min: 1, max: 20 },
  area: { min: 1, max: 1_000_000 },
} as const;

/**
 * A home within `HOME_LIMITS`, each count brought to its nearest bound (a quote asked before the limits
 * were shared had 50 bedrooms or none of its bathrooms): what a visit's breakdown keeps (decision 034;
 * migration 0020 does the same to the rows written before).
 */
export function homeWithinLimits(home: Home): Home {
  const clamp = (value: number, limits: { min: number; max: number }) =>
    Math.min(limits.max, Math.max(limits.min, value));
  return {
    ...(home.bedrooms !== undefined && { bedrooms: clamp(home.bedrooms, HOME_LIMITS.bedrooms) }),
    ...(home.bathrooms !== undefined && { bathrooms: clamp(home.bathrooms, HOME_LIMITS.bathrooms) }),
    ...(home.area !== undefined && { area: clamp(home.area, HOME_LIMITS.area) }),
    ...(home.areaUnit !== undefined && { areaUnit: home.areaUnit }),
  };
}

/** Square metres in one square foot (exact by definition). */
const SQM_PER_SQFT = 0.09290304;

/** An area in another unit (not rounded: bands compare against it). */
export function convertArea(area: number, from: AreaUnit, to: AreaUnit): number {
  if (from === to) return area;
  return from === 'sqft' ? area * SQM_PER_SQFT : area / SQM_PER_SQFT;
}

/** Dollars (the spec's `pricing`, two decimals) to cents. */
export function centsOf(dollars: number): number {
  return Math.round(dollars * 100);
}

/** `amount * numerator / denominator` in whole cents, halves rounded up (non-negative amounts). */
export function roundHalfUp(amount: number, numerator: number, denominator: number): number {
  return Math.floor((amount * numerator * 2 + denominator) / (denominator * 2));
}

/** The discount of `percent` on `cents`, rounded once, half up. */
export function discountCentsOf(cents: number, percent: number): number {
  return roundHalfUp(cents, percent, 100);
}

/** What the home step asks for these services; nothing at all means the step is skipped. */
export type HomeNeeds = {
  bedrooms: boolean;
  bathrooms: boolean;
  /** The unit to ask the area in (the first area-priced service's), or null. */
  area: AreaUnit | null;
  extras: ServiceExtra[];
};

export function homeNeeds(services: readonly Pick<PricedService, 'model' | 'extras'>[]): HomeNeeds {
  const rooms = services.some((service) => service.model.kind === 'rooms');
  const areaModel = services.map((service) => service.model).find((model) => model.kind === 'area');
  return {
    bedrooms: rooms,
    bathrooms: rooms,
    area: areaModel?.kind === 'area' ? areaModel.unit : null,
    extras: services.flatMap((service) => service.extras),
  };
}

export function asksAnything(needs: HomeNeeds): boolean {
  return needs.bedrooms || needs.bathrooms || needs.area !== null || needs.extras.length > 0;
}

/** The home keeping only what these services need (a stored or typed home may say more). */
export function relevantHome(needs: HomeNeeds, home: Home): Home {
  return {
    ...(needs.bedrooms && home.bedrooms !== undefined && { bedrooms: home.bedrooms }),
    ...(needs.bathrooms && home.bathrooms !== undefined && { bathrooms: home.bathrooms }),
    ...(needs.area && home.area !== undefined && { area: home.area, areaUnit: home.areaUnit ?? needs.area }),
  };
}

export type PricingField = 'bedrooms' | 'bathrooms' | 'area' | 'extraIds';
/** What is missing or wrong, with a translation key per field. */
export type PricingIssue = { field: PricingField; key: string };

/** The band an area falls in, or undefined when the home is larger than the last band. */
function bandFor(model: Extract<PricingModel, { kind: 'area' }>, home: Home): AreaBand | undefined {
  if (home.area === undefined) return undefined;
  const area = convertArea(home.area, home.areaUnit ?? model.unit, model.unit);
  return model.bands.find((band) => area <= band.upTo);
}

const isWhole = (value: number | undefined, limits: { min: number; max: number }) =>
  value !== undefined && Number.isInteger(value) && value >= limits.min && value <= limits.max;

/**
 * Why these services cannot be priced for this home and these extras, or an empty list: a count or an
 * area the services need is missing or out of range, the home is larger than an area-priced service's
 * last band (it is priced on quote), or an extra does not belong to a chosen service.
 */
export function pricingIssues(
  services: readonly PricedService[],
  home: Home,
  extraIds: readonly string[],
): PricingIssue[] {
  const needs = homeNeeds(services);
  const issues: PricingIssue[] = [];
  if (needs.bedrooms && !isWhole(home.bedrooms, HOME_LIMITS.bedrooms))
    issues.push({ field: 'bedrooms', key: 'pricing.errors.bedrooms' });
  if (needs.bathrooms && !isWhole(home.bathrooms, HOME_LIMITS.bathrooms))
    issues.push({ field: 'bathrooms', key: 'pricing.errors.bathrooms' });
  if (needs.area) {
    if (!isWhole(home.area, HOME_LIMITS.area)) issues.push({ field: 'area', key: 'pricing.errors.area' });
    else if (services.some((service) => service.model.kind === 'area' && !bandFor(service.model, home)))
      issues.push({ field: 'area', key: 'pricing.errors.areaTooLarge' });
  }
  const offered = new Set(needs.extras.map((extra) => extra.extraId));
  if (extraIds.some((id) => !offered.has(id)))
    issues.push({ field: 'extraIds', key: 'pricing.errors.extra' });
  return issues;
}

export class PricingError extends Error {
  readonly issues: PricingIssue[];
  constructor(issues: PricingIssue[]) {
    super(`The visit cannot be priced: ${issues.map((issue) => issue.key).join(', ')}`);
    this.name = 'PricingError';
    this.issues = issues;
  }
}

/** One service's line for this home (the home is known to be valid for it). */
function serviceLine(service: PricedService, home: Home): PriceLine {
  const line = (cents: number, minutes: number, basis?: Home): PriceLine => ({
    kind: 'service',
    label: { en: service.title, fr: service.title },
    refId: service.serviceId,
    cents,
    minutes,
    ...(basis && { basis }),
  });
  const { model } = service;
  switch (model.kind) {
    case 'flat':
      return line(service.flatCents, service.flatMinutes);
    case 'quote':
      return line(0, service.flatMinutes);
    case 'hourly':
      return line(roundHalfUp(model.rateCents, model.minutes, 60), model.minutes);
    case 'rooms': {
      const bedrooms = home.bedrooms ?? 0;
      const bathrooms = home.bathrooms ?? 0;
      return line(
        model.baseCents + model.perBedroomCents * bedrooms + model.perBathroomCents * bathrooms,
        model.baseMinutes + model.perBedroomMinutes * bedrooms + model.perBathroomMinutes * bathrooms,
        { bedrooms, bathrooms },
      );
    }
    case 'area': {
      const band = bandFor(model, home);
      if (!band || home.area === undefined)
        throw new PricingError([{ field: 'area', key: 'pricing.errors.areaTooLarge' }]);
      return line(band.priceCents, band.minutes, { area: home.area, areaUnit: home.areaUnit ?? model.unit });
    }
  }
}

/**
 * The price and length of a visit: a line per service (its model applied to the home), a line per
 * extra chosen (in the services' order, each once), the surcharge, then the frequency discount on the
 * subtotal (rounded once, half up). Throws `PricingError` when `pricingIssues` has anything to say.
 */
export function priceVisit(input: PriceVisitInput): VisitPrice {
  const issues = pricingIssues(input.services, input.home, input.extraIds);
  if (issues.length > 0) throw new PricingError(issues);
  const chosen = new Set(input.extraIds);
  const lines: PriceLine[] = input.services.map((service) => serviceLine(service, input.home));
  const seen = new Set<string>();
  for (const extra of input.services.flatMap((service) => service.extras)) {
    if (!chosen.has(extra.extraId) || seen.has(extra.extraId)) continue;
    seen.add(extra.extraId);
    lines.push({
      kind: 'extra',
      label: extra.title,
      refId: extra.extraId,
      cents: extra.priceCents,
      minutes: extra.minutes,
    });
  }
  if (input.surchargeCents > 0) {
    lines.push({
      kind: 'surcharge',
      label: { en: '', fr: '' },
      refId: null,
      cents: input.surchargeCents,
      minutes: 0,
    });
  }
  const subtotalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const minutes = lines.reduce((sum, line) => sum + line.minutes, 0);
  const discountCents = discountCentsOf(subtotalCents, input.discountPercent);
  if (discountCents > 0) {
    lines.push({
      kind: 'discount',
      label: { en: '', fr: '' },
      refId: null,
      cents: -discountCents,
      minutes: 0,
      percent: input.discountPercent,
    });
  }
  return { lines, subtotalCents, discountCents, totalCents: subtotalCents - discountCents, minutes };
}

/**
 * A service's "from" figure: the spec's `pricing` and `durationMinutes` of a service priced another
 * way (the smallest home: a studio with one bathroom, the first band, the estimated hours), so the
 * spec's clients and the catalogue show a sensible price. Flat and quote keep their own.
 */
export function startingFigures(
  model: PricingModel,
  flat: { cents: number; minutes: number },
): { cents: number; minutes: number } {
  switch (model.kind) {
    case 'flat':
      return flat;
    case 'quote':
      return { cents: 0, minutes: flat.minutes };
    case 'hourly':
      return { cents: roundHalfUp(model.rateCents, model.minutes, 60), minutes: model.minutes };
    case 'rooms':
      return {
        cents: model.baseCents + model.perBathroomCents,
        minutes: model.baseMinutes + model.perBathroomMinutes,
      };
    case 'area': {
      const [first] = model.bands;
      return first ? { cents: first.priceCents, minutes: first.minutes } : flat;
    }
  }
}

/**
 * A home the services can be priced on, for a visit nobody is there to ask (a series visit planned
 * later, a visit changed without saying its home again, an admin's booking that says nothing): what
 * these services need and the home does not say (or says out of range) is the smallest home, a studio
 * with one bathroom; an area beyond an area-priced service's last band is that band's bound.
 */
export function completeHome(services: readonly PricedService[], home: Home): Home {
  const needs = homeNeeds(services);
  const kept = relevantHome(needs, home);
  const complete: Home = { ...kept };
  if (needs.bedrooms && !isWhole(kept.bedrooms, HOME_LIMITS.bedrooms))
    complete.bedrooms = HOME_LIMITS.bedrooms.min;
  if (needs.bathrooms && !isWhole(kept.bathrooms, HOME_LIMITS.bathrooms))
    complete.bathrooms = HOME_LIMITS.bathrooms.min;
  if (needs.area) {
    const unit = kept.areaUnit ?? needs.area;
    let area = isWhole(kept.area, HOME_LIMITS.area) ? (kept.area ?? 1) : 1;
    for (const { model } of services) {
      if (model.kind !== 'area') continue;
      const last = model.bands.at(-1);
      if (last && convertArea(area, unit, model.unit) > last.upTo)
        area = Math.max(1, Math.floor(convertArea(last.upTo, model.unit, unit)));
    }
    complete.area = area;
    complete.areaUnit = unit;
  }
  return complete;
}

/** The extras of `extraIds` that these services offer (the others are dropped, not refused). */
export function offeredExtraIds(
  services: readonly Pick<PricedService, 'extras'>[],
  extraIds: readonly string[],
): string[] {
  const offered = new Set(services.flatMap((service) => service.extras.map((extra) => extra.extraId)));
  return [...new Set(extraIds)].filter((id) => offered.has(id));
}
