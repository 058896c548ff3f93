import {
  pricingModelSchema,
  serviceExtrasInputSchema,
  type AreaUnit,
  type PricingKind,
  type PricingModel,
  type Service,
  type ServiceExtraInput,
} from '@eclat/shared';

/**
 * The pricing part of the admin's service form (decision 025), as typed: the model, its amounts in
 * dollars and minutes, the area bands and the extras. Read into the API's model (cents) and extras.
 */
export type BandValues = { upTo: string; dollars: string; minutes: string };
export type ExtraValues = { extraId?: string; en: string; fr: string; dollars: string; minutes: string };
export type PricingFormValues = {
  kind: PricingKind;
  rooms: {
    baseDollars: string;
    baseMinutes: string;
    perBedroomDollars: string;
    perBedroomMinutes: string;
    perBathroomDollars: string;
    perBathroomMinutes: string;
  };
  area: { unit: AreaUnit; bands: BandValues[] };
  hourly: { rateDollars: string; minutes: string };
  extras: ExtraValues[];
};

/** Field errors of the pricing part, by path ("rooms.baseDollars", "bands.0.upTo", "extras.1.en"). */
export type PricingFormErrors = Record<string, string>;

export const EMPTY_BAND: BandValues = { upTo: '', dollars: '', minutes: '' };
export const EMPTY_EXTRA: ExtraValues = { en: '', fr: '', dollars: '', minutes: '' };

export const EMPTY_PRICING_FORM: PricingFormValues = {
  kind: 'flat',
  rooms: {
    baseDollars: '',
    baseMinutes: '',
    perBedroomDollars: '',
    perBedroomMinutes: '',
    perBathroomDollars: '',
    perBathroomMinutes: '',
  },
  area: { unit: 'sqft', bands: [{ ...EMPTY_BAND }] },
  hourly: { rateDollars: '', minutes: '' },
  extras: [],
};

/** Cents as the form shows them: "25" or "25.50". */
export function dollarsText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

export function toPricingFormValues(service: Pick<Service, 'pricing' | 'pricingModel' | 'extras'>) {
  const model = service.pricingModel;
  const values: PricingFormValues = structuredClone(EMPTY_PRICING_FORM);
  // The spec's "Contact for pricing" (a flat price of 0) is the quote model.
  values.kind = model.kind === 'flat' && service.pricing <= 0 ? 'quote' : model.kind;
  if (model.kind === 'rooms') {
    values.rooms = {
      baseDollars: dollarsText(model.baseCents),
      baseMinutes: String(model.baseMinutes),
      perBedroomDollars: dollarsText(model.perBedroomCents),
      perBedroomMinutes: String(model.perBedroomMinutes),
      perBathroomDollars: dollarsText(model.perBathroomCents),
      perBathroomMinutes: String(model.perBathroomMinutes),
    };
  }
  if (model.kind === 'area') {
    values.area = {
      unit: model.unit,
      bands: model.bands.map((band) => ({
        upTo: String(band.upTo),
        dollars: dollarsText(band.priceCents),
        minutes: String(band.minutes),
      })),
    };
  }
  if (model.kind === 'hourly') {
    values.hourly = { rateDollars: dollarsText(model.rateCents), minutes: String(model.minutes) };
  }
  values.extras = service.extras.map((extra) => ({
    extraId: extra.extraId,
    en: extra.title.en,
    fr: extra.title.fr,
    dollars: dollarsText(extra.priceCents),
    minutes: String(extra.minutes),
  }));
  return values;
}

const DOLLARS = /^\d{1,6}([.,]\d{1,2})?$/;
const WHOLE = /^\d{1,7}$/;

type Reader = {
  cents: (path: string, value: string) => number;
  whole: (path: string, value: string) => number;
  errors: PricingFormErrors;
};

function reader(): Reader {
  const errors: PricingFormErrors = {};
  return {
    errors,
    cents(path, value) {
      const typed = value.trim();
      if (typed === '') errors[path] = 'validation.required';
      else if (!DOLLARS.test(typed)) errors[path] = 'pricing.errors.dollars';
      else return Math.round(Number(typed.replace(',', '.')) * 100);
      return 0;
    },
    whole(path, value) {
      const typed = value.trim();
      if (typed === '') errors[path] = 'validation.required';
      else if (!WHOLE.test(typed)) errors[path] = 'validation.wholeNumber';
      else return Number(typed);
      return 0;
    },
  };
}

/** The form paths of a schema issue: `bands.0.upTo` for `['bands', 0, 'upTo']` of an area model. */
function modelPath(kind: PricingKind, path: readonly PropertyKey[]): string {
  const FIELDS: Record<string, string> = {
    baseCents: 'baseDollars',
    perBedroomCents: 'perBedroomDollars',
    perBathroomCents: 'perBathroomDollars',
    rateCents: 'rateDollars',
    priceCents: 'dollars',
  };
  const parts = path.map((part) => FIELDS[String(part)] ?? String(part));
  if (kind === 'area') return parts.join('.');
  return [kind, ...parts].join('.');
}

export type PricingFormResult =
  { ok: true; model: PricingModel; extras: ServiceExtraInput[] } | { ok: false; errors: PricingFormErrors };

/** The model and extras the form says, checked by the shared schemas (the server's own rules). */
export function readPricingForm(values: PricingFormValues): PricingFormResult {
  const read = reader();
  let model: PricingModel = { kind: values.kind } as PricingModel;
  if (values.kind === 'rooms') {
    const rooms = values.rooms;
    model = {
      kind: 'rooms',
      baseCents: read.cents('rooms.baseDollars', rooms.baseDollars),
      baseMinutes: read.whole('rooms.baseMinutes', rooms.baseMinutes),
      perBedroomCents: read.cents('rooms.perBedroomDollars', rooms.perBedroomDollars),
      perBedroomMinutes: read.whole('rooms.perBedroomMinutes', rooms.perBedroomMinutes),
      perBathroomCents: read.cents('rooms.perBathroomDollars', rooms.perBathroomDollars),
      perBathroomMinutes: read.whole('rooms.perBathroomMinutes', rooms.perBathroomMinutes),
    };
  } else if (values.kind === 'area') {
    model = {
      kind: 'area',
      unit: values.area.unit,
      bands: values.area.bands.map((band, index) => ({
        upTo: read.whole(`bands.${String(index)}.upTo`, band.upTo),
        priceCents: read.cents(`bands.${String(index)}.dollars`, band.dollars),
        minutes: read.whole(`bands.${String(index)}.minutes`, band.minutes),
      })),
    };
  } else if (values.kind === 'hourly') {
    model = {
      kind: 'hourly',
      rateCents: read.cents('hourly.rateDollars', values.hourly.rateDollars),
      minutes: read.whole('hourly.minutes', values.hourly.minutes),
    };
  }
  const extras: ServiceExtraInput[] = values.extras.map((extra, index) => ({
    ...(extra.extraId && { extraId: extra.extraId }),
    title: { en: extra.en.trim(), fr: extra.fr.trim() },
    priceCents: read.cents(`extras.${String(index)}.dollars`, extra.dollars),
    minutes: read.whole(`extras.${String(index)}.minutes`, extra.minutes),
  }));
  const errors = read.errors;
  const parsedModel = pricingModelSchema.safeParse(model);
  for (const issue of parsedModel.error?.issues ?? []) {
    const path = modelPath(values.kind, issue.path);
    errors[path] ??= issue.message;
  }
  const parsedExtras = serviceExtrasInputSchema.safeParse(extras);
  for (const issue of parsedExtras.error?.issues ?? []) {
    const parts = issue.path.map(String);
    // title.en -> en: the form has a box per language.
    const path = ['extras', ...parts.filter((part) => part !== 'title')]
      .join('.')
      .replace('priceCents', 'dollars');
    errors[parts.length ? path : 'extras'] ??= issue.message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, model, extras };
}

/** Server field errors of the pricing part (`body.pricingModel.bands.0.upTo`, `body.extras.1.title.fr`). */
export function toServerPricingErrors(
  details: readonly { path: string; message: string }[],
  kind: PricingKind,
): PricingFormErrors {
  const errors: PricingFormErrors = {};
  for (const detail of details) {
    const parts = detail.path.replace(/^\//, '').split(/[./]/);
    const rest = parts[0] === 'body' ? parts.slice(1) : parts;
    if (rest[0] === 'pricingModel') errors[modelPath(kind, rest.slice(1))] ??= detail.message;
    if (rest[0] === 'extras') {
      const path = rest
        .filter((part) => part !== 'title')
        .join('.')
        .replace('priceCents', 'dollars');
      errors[path] ??= detail.message;
    }
  }
  return errors;
}
