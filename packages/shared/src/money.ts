/**
 * The money of a visit (issue 29): taxes by province, fees, payments, tips and refunds, in integer
 * cents. Pure and shared: the server records and checks with it, the web app shows the same figures.
 * Nothing here is stored as a total: `visitMoney` folds a visit's price and its ledger rows each time.
 */
import { roundHalfUp } from './pricing.ts';

/** Canada's provinces and territories, by their two-letter codes. */
export const PROVINCES = [
  'AB',
  'BC',
  'MB',
  'NB',
  'NL',
  'NS',
  'NT',
  'NU',
  'ON',
  'PE',
  'QC',
  'SK',
  'YT',
] as const;
export type Province = (typeof PROVINCES)[number];

/** The first letter of a Canadian postal code names its province (X is split at X0A–X0C: Nunavut). */
const PROVINCE_OF_LETTER: Readonly<Record<string, Province>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT',
  Y: 'YT',
};

/** The province of a postal code (any spacing or case), or null for one that is not Canadian. */
export function provinceOfPostalCode(postalCode: string): Province | null {
  const code = postalCode.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(code)) return null;
  if (/^X0[ABC]/.test(code)) return 'NU';
  return PROVINCE_OF_LETTER[code.charAt(0)] ?? null;
}

/**
 * The province whose taxes a visit pays: its place's, by the postal code, else the business's home
 * province (the admin's setting) for a place whose code names none.
 */
export function provinceOf(postalCode: string | null | undefined, homeProvince: Province): Province {
  return (postalCode ? provinceOfPostalCode(postalCode) : null) ?? homeProvince;
}

/** The tax names receipts print. */
export const TAX_CODES = ['GST', 'HST', 'QST', 'PST', 'RST'] as const;
export type TaxCode = (typeof TAX_CODES)[number];

/** A rate in thousandths of a percent: 13 % is 13000, Québec's 9.975 % is 9975 (exact in integers). */
export const RATE_SCALE = 100_000;

/** One tax a province applies: its name and its rate (thousandths of a percent). */
export type TaxRate = { code: TaxCode; rate: number };

/**
 * The taxes of a visit by the province of its place. Defaults: Ontario's HST and Québec's GST + QST
 * (what the business starts with; the admin sets the rest), the other HST provinces, and the federal GST
 * alone elsewhere. The admin's settings replace a province's list.
 */
export const DEFAULT_TAX_RATES: Readonly<Record<Province, readonly TaxRate[]>> = {
  ON: [{ code: 'HST', rate: 13_000 }],
  QC: [
    { code: 'GST', rate: 5_000 },
    { code: 'QST', rate: 9_975 },
  ],
  NB: [{ code: 'HST', rate: 15_000 }],
  NL: [{ code: 'HST', rate: 15_000 }],
  NS: [{ code: 'HST', rate: 14_000 }],
  PE: [{ code: 'HST', rate: 15_000 }],
  AB: [{ code: 'GST', rate: 5_000 }],
  BC: [{ code: 'GST', rate: 5_000 }],
  MB: [{ code: 'GST', rate: 5_000 }],
  NT: [{ code: 'GST', rate: 5_000 }],
  NU: [{ code: 'GST', rate: 5_000 }],
  SK: [{ code: 'GST', rate: 5_000 }],
  YT: [{ code: 'GST', rate: 5_000 }],
};

/** The admin's rates for some provinces (the tax settings' `rates`). */
export type ProvinceTaxRates = { province: Province; taxes: readonly TaxRate[] };

/**
 * A province's taxes: the admin's list when the settings have one (an empty list too: a business not
 * registered there charges none), else the default.
 */
export function ratesFor(province: Province, overrides: readonly ProvinceTaxRates[]): readonly TaxRate[] {
  return overrides.find((row) => row.province === province)?.taxes ?? DEFAULT_TAX_RATES[province];
}

/** Every province's taxes in `PROVINCES` order, the admin's lists with the defaults filled in. */
export function allTaxRates(
  overrides: readonly ProvinceTaxRates[],
): { province: Province; taxes: TaxRate[] }[] {
  return PROVINCES.map((province) => ({
    province,
    taxes: ratesFor(province, overrides).map((tax) => ({ ...tax })),
  }));
}

/** A tax line of a receipt: the tax, its rate and its amount on the taxable base. */
export type TaxLine = TaxRate & { cents: number };

/** Each tax on `baseCents`, each rounded once, half up (Québec's QST is on the price, not on the GST). */
export function taxesOn(baseCents: number, rates: readonly TaxRate[]): TaxLine[] {
  return rates.map((tax) => ({ ...tax, cents: roundHalfUp(baseCents, tax.rate, RATE_SCALE) }));
}

/**
 * A tax-included amount split into its base and its taxes (a refund's credit note): each tax is its
 * share of the amount, half up, and the base is what is left, so the parts always add up to the amount.
 */
export function splitTaxIncluded(
  amountCents: number,
  rates: readonly TaxRate[],
): { baseCents: number; taxes: TaxLine[] } {
  const scale = RATE_SCALE + rates.reduce((sum, tax) => sum + tax.rate, 0);
  const taxes = rates.map((tax) => ({ ...tax, cents: roundHalfUp(amountCents, tax.rate, scale) }));
  return { baseCents: amountCents - sumCents(taxes), taxes };
}

export function sumCents(items: readonly { cents: number }[]): number {
  return items.reduce((sum, item) => sum + item.cents, 0);
}

/** A deposit rule of a service (decision: percent of the visit's price, or a fixed amount). */
export type DepositRule = { kind: 'percent'; percent: number } | { kind: 'fixed'; cents: number };

/** The deposit a booking of `totalCents` asks for: never more than the total, never below zero. */
export function depositCents(rule: DepositRule | null, totalCents: number): number {
  if (!rule || totalCents <= 0) return 0;
  const cents = rule.kind === 'percent' ? roundHalfUp(totalCents, rule.percent, 100) : rule.cents;
  return Math.min(Math.max(0, cents), totalCents);
}

/**
 * A tip split among the visit's cleaners: equal shares, the cents left over going one each to the first
 * ones, so the shares always add up to the tip.
 */
export function splitEvenly(cents: number, ways: number): number[] {
  if (ways <= 0) return [];
  const share = Math.floor(cents / ways);
  const rest = cents - share * ways;
  return Array.from({ length: ways }, (_, index) => share + (index < rest ? 1 : 0));
}

/** How money is received: by the office (manual mode) or by card through the provider. */
export const PAYMENT_METHODS = ['cash', 'cheque', 'interac', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What a fee is for. */
export const FEE_KINDS = ['late_cancellation', 'lockout'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

/**
 * A row of a visit's ledger, as the arithmetic needs it. `payment`: money received for the visit (its
 * price, a deposit, a fee), tax included. `tip`: money received for the cleaners, untaxed. `fee`: a
 * charge added to what the visit costs, before tax. `refund`: money given back, tax included.
 */
export type LedgerAmount =
  | { kind: 'payment'; cents: number }
  | { kind: 'tip'; cents: number }
  | { kind: 'fee'; cents: number }
  | { kind: 'refund'; cents: number; allocation?: RefundAllocation | null };

/**
 * Where a refund went, decided once when it is written (`refundParts`) and stored on its ledger row
 * (decision 054): money paid beyond the total, a credit on what the visit costs, tips. The three add up
 * to the refund. A refund written before allocations were stored has none: the fold places it as it did.
 */
export type RefundAllocation = { overpaymentCents: number; creditCents: number; tipsCents: number };

/**
 * The taxes a visit's money is computed with, fixed when its first ledger row is written (decision 054):
 * its province, that province's rates, and the business's name, numbers and address as receipts print
 * them. A later change of the settings does not rewrite a visit that has money on it.
 */
export type VisitTaxes = {
  province: Province;
  rates: TaxRate[];
  legalName: string;
  gstHstNumber: string;
  qstNumber: string;
  address: string;
};

export const PAYMENT_STATES = [
  'nothing_due',
  'unpaid',
  'partly_paid',
  'paid',
  'partly_refunded',
  'refunded',
  'refund_due',
  'payment_needed',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export type VisitMoneyInput = {
  /** The visit's price before tax, discount taken off (its breakdown's total). */
  priceCents: number;
  /** A cancelled visit costs nothing but its fees. */
  cancelled: boolean;
  /** The taxes of the visit's province. */
  rates: readonly TaxRate[];
  entries: readonly LedgerAmount[];
  /** The provider's last attempt failed or waits for the customer (set by the card flow). */
  paymentNeeded?: boolean;
};

export type VisitMoney = {
  /** The services' price counted (0 once cancelled). */
  priceCents: number;
  feesCents: number;
  /** Taxes on price and fees. */
  taxes: TaxLine[];
  /** Price, fees and taxes. */
  totalCents: number;
  paidCents: number;
  tipsCents: number;
  refundedCents: number;
  /**
   * The part of the refunds that reduced what the visit costs (a credit note); the rest gave back what
   * was paid beyond the total (a cancelled visit paid ahead).
   */
  creditedCents: number;
  /** What the customer still owes. */
  owedCents: number;
  /** What was paid beyond the total and not yet given back. */
  refundDueCents: number;
  /** The most a refund may be now: what was paid (tips included) less what was given back. */
  refundableCents: number;
  state: PaymentState;
};

/**
 * The money of a visit from its price and its ledger, the same whatever the order of its rows. Each refund
 * counts where its stored allocation put it (`refundParts` decided when it was written, so a fee charged
 * or a visit cancelled later does not move it); a refund without one (written before allocations were
 * stored) gives back the payments for the visit before the tips, what was paid beyond the total first,
 * the rest as a credit. A credit lowers what the visit costs. Tips are never part of the visit's balance.
 * Every figure is a whole number of cents, never negative.
 */
export function visitMoney(input: VisitMoneyInput): VisitMoney {
  return foldMoney(input).money;
}

function foldMoney(input: VisitMoneyInput): { money: VisitMoney; keptCents: number } {
  const of = (kind: LedgerAmount['kind']) => sumCents(input.entries.filter((entry) => entry.kind === kind));
  const priceCents = input.cancelled ? 0 : Math.max(0, input.priceCents);
  const feesCents = of('fee');
  const taxes = taxesOn(priceCents + feesCents, input.rates);
  const totalCents = priceCents + feesCents + sumCents(taxes);
  const paidCents = of('payment');
  const tipsCents = of('tip');
  const refundedCents = of('refund');
  const { creditedCents, keptCents } = refundsOf(input.entries, totalCents, paidCents);
  // What the visit costs after its credits, less what was paid for it and kept.
  const balance = Math.max(0, totalCents - creditedCents) - keptCents;
  const owedCents = Math.max(0, balance);
  const refundDueCents = Math.max(0, -balance);
  const refundableCents = Math.max(0, paidCents + tipsCents - refundedCents);
  const money: VisitMoney = {
    priceCents,
    feesCents,
    taxes,
    totalCents,
    paidCents,
    tipsCents,
    refundedCents,
    creditedCents,
    owedCents,
    refundDueCents,
    refundableCents,
    state: stateOf({ input, totalCents, refundedCents, creditedCents, keptCents, owedCents, refundDueCents }),
  };
  return { money, keptCents };
}

/**
 * Where the refunds went: the stored allocations as they are, then the refunds without one folded on what
 * is left, back on the visit's payments (overpayment first, then credit) or on tips.
 */
function refundsOf(entries: readonly LedgerAmount[], totalCents: number, paidCents: number) {
  let credited = 0;
  let overpaymentRefunded = 0;
  let unallocated = 0;
  for (const entry of entries) {
    if (entry.kind !== 'refund') continue;
    if (entry.allocation) {
      credited += entry.allocation.creditCents;
      overpaymentRefunded += entry.allocation.overpaymentCents;
    } else unallocated += entry.cents;
  }
  const heldCents = Math.max(0, paidCents - credited - overpaymentRefunded);
  const paymentsRefundedCents = Math.min(unallocated, heldCents);
  const overpaidCents = Math.max(0, heldCents - Math.max(0, totalCents - credited));
  const overpaymentRefundedCents = Math.min(paymentsRefundedCents, overpaidCents);
  return {
    creditedCents: credited + paymentsRefundedCents - overpaymentRefundedCents,
    /** What was paid for the visit and not given back. */
    keptCents: heldCents - paymentsRefundedCents,
  };
}

function stateOf(money: {
  input: VisitMoneyInput;
  totalCents: number;
  refundedCents: number;
  creditedCents: number;
  keptCents: number;
  owedCents: number;
  refundDueCents: number;
}): PaymentState {
  if (money.owedCents > 0 && money.input.paymentNeeded) return 'payment_needed';
  if (money.refundDueCents > 0) return 'refund_due';
  if (money.owedCents > 0) return money.keptCents > 0 ? 'partly_paid' : 'unpaid';
  // Everything paid was given back (a cancelled visit paid ahead, a full refund).
  if (money.refundedCents > 0 && money.keptCents === 0) return 'refunded';
  // A credit lowered the price; giving back only an overpayment leaves the visit paid.
  if (money.creditedCents > 0) return 'partly_refunded';
  return money.totalCents > 0 ? 'paid' : 'nothing_due';
}

/**
 * Whether what a visit owes is due yet (decision 061): once it is completed or cancelled (a cancelled visit
 * owes only its fees), or once its time has come. Before that (a visit still to come, or one waiting for a
 * time) its balance is not owed yet: the office's lists say "Not due" instead of "Unpaid" and no "Owed".
 * A card declined ("Payment needed") is shown whatever the time: the customer has something to do.
 */
export function isBalanceDue(
  visit: { status: string; appointmentDate: string; needsTime?: boolean },
  now: Date,
): boolean {
  if (visit.status === 'completed' || visit.status === 'cancelled') return true;
  if (visit.needsTime) return false;
  return new Date(visit.appointmentDate).getTime() <= now.getTime();
}

/** A visit's payment as the office's lists show it: `not_due` for an unpaid visit still to come. */
export function shownPaymentState(
  state: PaymentState,
  visit: { status: string; appointmentDate: string; needsTime?: boolean },
  now: Date,
): PaymentState | 'not_due' {
  return state === 'unpaid' && !isBalanceDue(visit, now) ? 'not_due' : state;
}

/** What a refund of `cents` would give back, and the credit note of its credit (tax included, split). */
export type RefundParts = {
  /** Money paid beyond the visit's total (no credit note: it was never a sale). */
  overpaymentCents: number;
  /** The part that lowers what the visit costs. */
  creditCents: number;
  /** The part that gives back tips (untaxed). */
  tipsCents: number;
  creditNote: { baseCents: number; taxes: TaxLine[] };
};

/**
 * The parts of a refund of `cents` about to be added to a visit's ledger, decided on the money as it is
 * now: what was paid beyond the total first, then a credit on what the visit costs (at most the payments
 * kept for it), then tips. Stored on the refund's row (`RefundAllocation`), so `visitMoney`, the credit
 * note and the accountant's CSV read the same split ever after, whatever the order of the rows.
 */
export function refundParts(input: VisitMoneyInput, cents: number): RefundParts {
  const { money, keptCents } = foldMoney(input);
  const overpaymentCents = Math.min(cents, money.refundDueCents);
  const creditCents = Math.min(cents - overpaymentCents, Math.max(0, keptCents - money.refundDueCents));
  return {
    overpaymentCents,
    creditCents,
    tipsCents: cents - overpaymentCents - creditCents,
    creditNote: splitTaxIncluded(creditCents, input.rates),
  };
}

/** A refund's parts as its ledger row stores them. */
export const allocationOf = (parts: RefundParts): RefundAllocation => ({
  overpaymentCents: parts.overpaymentCents,
  creditCents: parts.creditCents,
  tipsCents: parts.tipsCents,
});
