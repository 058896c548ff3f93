import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  DEFAULT_TAX_RATES,
  PROVINCES,
  RATE_SCALE,
  TAX_CODES,
  allTaxRates,
  allocationOf,
  depositCents,
  provinceOf,
  provinceOfPostalCode,
  ratesFor,
  refundParts,
  splitEvenly,
  splitTaxIncluded,
  sumCents,
  taxesOn,
  visitMoney,
  type DepositRule,
  type LedgerAmount,
  type TaxRate,
  type VisitMoney,
  type VisitMoneyInput,
} from './money.ts';
import { centsFromDollars, dollarsFromCents, formatCents } from './money-format.ts';
import { discountCentsOf } from './pricing.ts';
import { MAX_PAYMENT_CENTS } from './schemas/payments.ts';

const ON = DEFAULT_TAX_RATES.ON;
const QC = DEFAULT_TAX_RATES.QC;
const spaces = (text: string) => text.replace(/\s/g, ' ');

/** A visit with no ledger yet. */
function visit(priceCents: number, rates: readonly TaxRate[], entries: LedgerAmount[] = []): VisitMoneyInput {
  return { priceCents, cancelled: false, rates, entries };
}

describe('provinces and rates', () => {
  it('reads the province from the postal code, Nunavut from X0A–X0C and the rest of X as the Northwest Territories', () => {
    expect(provinceOfPostalCode('m5v 2t6')).toBe('ON');
    expect(provinceOfPostalCode('H2X 1Y4')).toBe('QC');
    expect(provinceOfPostalCode('B3H4R2')).toBe('NS');
    expect(provinceOfPostalCode('X0A 0H0')).toBe('NU');
    expect(provinceOfPostalCode('X0B 0C0')).toBe('NU');
    expect(provinceOfPostalCode('X0C 0G0')).toBe('NU');
    expect(provinceOfPostalCode('X0E 0P0')).toBe('NT');
    expect(provinceOfPostalCode('X1A 2L9')).toBe('NT');
    expect(provinceOfPostalCode('Y1A 1A1')).toBe('YT');
    expect(provinceOfPostalCode('D1A 1A1')).toBeNull();
    expect(provinceOfPostalCode('90210')).toBeNull();
  });

  it("falls back to the business's home province for a place whose postal code names none", () => {
    expect(provinceOf('H2X 1Y4', 'ON')).toBe('QC');
    expect(provinceOf('90210', 'ON')).toBe('ON');
    expect(provinceOf(null, 'QC')).toBe('QC');
  });

  it('starts with the 2025 rates: 13 % HST in Ontario, 5 % GST + 9.975 % QST in Québec, 14 % in Nova Scotia, 15 % in NB, NL and PE, GST alone elsewhere', () => {
    expect(DEFAULT_TAX_RATES.ON).toEqual([{ code: 'HST', rate: 13_000 }]);
    expect(DEFAULT_TAX_RATES.QC).toEqual([
      { code: 'GST', rate: 5_000 },
      { code: 'QST', rate: 9_975 },
    ]);
    expect(DEFAULT_TAX_RATES.NS).toEqual([{ code: 'HST', rate: 14_000 }]);
    for (const province of ['NB', 'NL', 'PE'] as const) {
      expect(DEFAULT_TAX_RATES[province]).toEqual([{ code: 'HST', rate: 15_000 }]);
    }
    for (const province of ['AB', 'BC', 'MB', 'NT', 'NU', 'SK', 'YT'] as const) {
      expect(DEFAULT_TAX_RATES[province]).toEqual([{ code: 'GST', rate: 5_000 }]);
    }
  });

  it("takes a province's taxes from the admin's settings, the defaults filling the rest", () => {
    const overrides = [
      {
        province: 'BC' as const,
        taxes: [
          { code: 'GST' as const, rate: 5_000 },
          { code: 'PST' as const, rate: 7_000 },
        ],
      },
    ];
    expect(ratesFor('BC', overrides)).toEqual(overrides[0]?.taxes);
    expect(ratesFor('ON', overrides)).toEqual(ON);
    // An emptied list is the admin's choice (a business below the small-supplier threshold), not a gap.
    expect(ratesFor('ON', [{ province: 'ON', taxes: [] }])).toEqual([]);
    const table = allTaxRates(overrides);
    expect(table.map((row) => row.province)).toEqual([...PROVINCES]);
    expect(table.find((row) => row.province === 'BC')?.taxes).toEqual(overrides[0]?.taxes);
    expect(table.find((row) => row.province === 'QC')?.taxes).toEqual(QC);
  });
});

describe('taxes, by hand', () => {
  it('a Toronto visit of $120: HST $15.60, $135.60 in all', () => {
    const money = visitMoney(visit(12_000, ON));
    expect(money.taxes).toEqual([{ code: 'HST', rate: 13_000, cents: 1_560 }]);
    expect(money.totalCents).toBe(13_560);
    expect(money.state).toBe('unpaid');
    expect(money.owedCents).toBe(13_560);
  });

  it('a Montréal visit of $120: GST $6.00 and QST $11.97 both on the price, $137.97 in all', () => {
    const money = visitMoney(visit(12_000, QC));
    expect(money.taxes.map((tax) => [tax.code, tax.cents])).toEqual([
      ['GST', 600],
      ['QST', 1_197],
    ]);
    expect(money.totalCents).toBe(13_797);
  });

  it('a discount comes off before tax: $99.99 less 15 % is $84.99, HST $11.05, $96.04', () => {
    const discount = discountCentsOf(9_999, 15);
    expect(discount).toBe(1_500);
    const money = visitMoney(visit(9_999 - discount, ON));
    expect(money.taxes[0]?.cents).toBe(1_105);
    expect(money.totalCents).toBe(9_604);
  });

  it('rounds each tax line half up: a tax of exactly x.5 cents takes the upper cent', () => {
    expect(taxesOn(50, ON)[0]?.cents).toBe(7); // 6.5
    expect(taxesOn(150, ON)[0]?.cents).toBe(20); // 19.5
    expect(taxesOn(10, DEFAULT_TAX_RATES.AB)[0]?.cents).toBe(1); // 0.5
    expect(taxesOn(25, DEFAULT_TAX_RATES.NS)[0]?.cents).toBe(4); // 3.5
    // $20 in Montréal: GST $1.00, QST 199.5 cents → $2.00, each line rounded on its own.
    expect(taxesOn(2_000, QC).map((tax) => tax.cents)).toEqual([100, 200]);
    // Just under a half stays down: 1.4 cents of GST on 28 cents.
    expect(taxesOn(28, DEFAULT_TAX_RATES.AB)[0]?.cents).toBe(1);
    expect(taxesOn(29, DEFAULT_TAX_RATES.AB)[0]?.cents).toBe(1);
    expect(taxesOn(30, DEFAULT_TAX_RATES.AB)[0]?.cents).toBe(2);
  });

  it("splits a tax-included credit by each tax's fraction: $50.00 in Québec is $43.49 + GST $2.17 + QST $4.34", () => {
    expect(splitTaxIncluded(5_000, QC)).toEqual({
      baseCents: 4_349,
      taxes: [
        { code: 'GST', rate: 5_000, cents: 217 },
        { code: 'QST', rate: 9_975, cents: 434 },
      ],
    });
    // The whole of a Montréal visit gives back exactly the invoice's lines.
    expect(splitTaxIncluded(13_797, QC).taxes.map((tax) => tax.cents)).toEqual([600, 1_197]);
    expect(splitTaxIncluded(13_560, ON)).toEqual({
      baseCents: 12_000,
      taxes: [{ code: 'HST', rate: 13_000, cents: 1_560 }],
    });
  });

  it('deposits: a percent of the total half up, a fixed amount never above the total', () => {
    expect(depositCents({ kind: 'percent', percent: 25 }, 13_797)).toBe(3_449); // 3449.25
    expect(depositCents({ kind: 'percent', percent: 50 }, 13_797)).toBe(6_899); // 6898.5
    expect(depositCents({ kind: 'fixed', cents: 5_000 }, 3_000)).toBe(3_000);
    expect(depositCents(null, 3_000)).toBe(0);
  });

  it('a tip of $10.00 among three cleaners: $3.34, $3.33, $3.33', () => {
    expect(splitEvenly(1_000, 3)).toEqual([334, 333, 333]);
    expect(splitEvenly(1_000, 0)).toEqual([]);
  });
});

describe('the money of a visit, by hand', () => {
  it('paid in full: nothing owed, paid', () => {
    const money = visitMoney(visit(12_000, ON, [{ kind: 'payment', cents: 13_560 }]));
    expect(money).toMatchObject({ owedCents: 0, refundDueCents: 0, refundableCents: 13_560, state: 'paid' });
  });

  it('a part refund of a paid visit is a credit: the visit costs less, nothing is owed', () => {
    const input = visit(12_000, QC, [{ kind: 'payment', cents: 13_797 }]);
    const parts = refundParts(input, 5_000);
    expect(parts).toEqual({
      overpaymentCents: 0,
      creditCents: 5_000,
      tipsCents: 0,
      creditNote: splitTaxIncluded(5_000, QC),
    });
    const money = visitMoney({ ...input, entries: [...input.entries, { kind: 'refund', cents: 5_000 }] });
    expect(money).toMatchObject({
      creditedCents: 5_000,
      owedCents: 0,
      refundDueCents: 0,
      refundableCents: 8_797,
      state: 'partly_refunded',
    });
  });

  it('a cancelled visit paid ahead: the whole payment is due back, and giving it back is no credit note', () => {
    const input: VisitMoneyInput = {
      ...visit(12_000, ON, [{ kind: 'payment', cents: 13_560 }]),
      cancelled: true,
    };
    expect(visitMoney(input)).toMatchObject({ totalCents: 0, refundDueCents: 13_560, state: 'refund_due' });
    expect(refundParts(input, 13_560)).toMatchObject({
      overpaymentCents: 13_560,
      creditCents: 0,
      tipsCents: 0,
    });
    const refunded = visitMoney({ ...input, entries: [...input.entries, { kind: 'refund', cents: 13_560 }] });
    expect(refunded).toMatchObject({ creditedCents: 0, owedCents: 0, refundDueCents: 0, state: 'refunded' });
  });

  it('a cancelled visit with a late fee costs the fee and its tax', () => {
    const money = visitMoney({
      ...visit(12_000, ON, [{ kind: 'fee', cents: 5_000 }]),
      cancelled: true,
    });
    expect(money).toMatchObject({ priceCents: 0, feesCents: 5_000, totalCents: 5_650, owedCents: 5_650 });
  });

  it('a refund gives back the payments for the visit before the tips, and only that part is a credit', () => {
    // $135.60 visit, half paid ($67.80), a $20 tip, then everything refundable given back ($87.80):
    // $67.80 is a credit on the visit, $20 gives back the tip, and the other half is still owed.
    const entries: LedgerAmount[] = [
      { kind: 'payment', cents: 6_780 },
      { kind: 'tip', cents: 2_000 },
    ];
    expect(refundParts(visit(12_000, ON, entries), 8_780)).toMatchObject({
      overpaymentCents: 0,
      creditCents: 6_780,
      tipsCents: 2_000,
    });
    const money = visitMoney(visit(12_000, ON, [...entries, { kind: 'refund', cents: 8_780 }]));
    expect(money).toMatchObject({
      creditedCents: 6_780,
      owedCents: 6_780,
      refundableCents: 0,
      state: 'unpaid',
    });
  });

  it('giving back only what was paid beyond the total leaves the visit paid, not refunded', () => {
    const money = visitMoney(
      visit(12_000, ON, [
        { kind: 'payment', cents: 14_000 },
        { kind: 'refund', cents: 440 },
      ]),
    );
    expect(money).toMatchObject({ creditedCents: 0, owedCents: 0, refundDueCents: 0, state: 'paid' });
  });

  it('a refund keeps where it went: a fee charged after an overpayment was given back is still owed', () => {
    // Paid $135.60, cancelled (nothing due), all of it given back as an overpayment; then a late fee.
    const paid: VisitMoneyInput = {
      ...visit(12_000, ON, [{ kind: 'payment', cents: 13_560 }]),
      cancelled: true,
    };
    const parts = refundParts(paid, 13_560);
    expect(parts).toMatchObject({ overpaymentCents: 13_560, creditCents: 0, tipsCents: 0 });
    const entries: LedgerAmount[] = [
      ...paid.entries,
      { kind: 'refund', cents: 13_560, allocation: allocationOf(parts) },
      { kind: 'fee', cents: 5_000 },
    ];
    const money = visitMoney({ ...paid, entries });
    // The fee and its HST are owed: the earlier refund was not a credit on the fee.
    expect(money).toMatchObject({ totalCents: 5_650, creditedCents: 0, owedCents: 5_650 });
    expect(visitMoney({ ...paid, entries: entries.reverse() })).toEqual(money);
  });

  it('a tip given back stays a tip given back when a payment comes after it', () => {
    const tipped = visit(12_000, ON, [{ kind: 'tip', cents: 2_000 }]);
    const parts = refundParts(tipped, 2_000);
    expect(parts).toMatchObject({ overpaymentCents: 0, creditCents: 0, tipsCents: 2_000 });
    const money = visitMoney({
      ...tipped,
      entries: [
        ...tipped.entries,
        { kind: 'refund', cents: 2_000, allocation: allocationOf(parts) },
        { kind: 'payment', cents: 13_560 },
      ],
    });
    expect(money).toMatchObject({ owedCents: 0, creditedCents: 0, state: 'paid' });
  });

  it('a failed card attempt shows while something is owed', () => {
    expect(visitMoney({ ...visit(12_000, ON), paymentNeeded: true }).state).toBe('payment_needed');
    expect(
      visitMoney({ ...visit(12_000, ON, [{ kind: 'payment', cents: 13_560 }]), paymentNeeded: true }).state,
    ).toBe('paid');
  });
});

describe('amounts typed in dollars', () => {
  it.each([
    ['450', 45_000],
    ['450.75', 45_075],
    ['450,5', 45_050],
    [' 12 ', 1200],
    ['$15', 1500],
    ['1 234,50 $', 123_450],
  ])('reads %j as %i cents', (text, cents) => {
    expect(centsFromDollars(text)).toBe(cents);
  });
  it.each(['', 'abc', '1.234', '-5', '12.5.1'])('refuses %j', (text) => {
    expect(centsFromDollars(text)).toBeNull();
  });
  it('writes cents back as dollars', () => {
    expect(dollarsFromCents(45_075)).toBe('450.75');
    expect(dollarsFromCents(1500)).toBe('15');
  });
});

describe('money written in each language', () => {
  it('writes cents as Canadian dollars: "$1,234.50" and "1 234,50 $"', () => {
    expect(formatCents(123_450, 'en')).toBe('$1,234.50');
    expect(spaces(formatCents(123_450, 'fr'))).toBe('1 234,50 $');
    expect(formatCents(5, 'en')).toBe('$0.05');
    expect(formatCents(-1_560, 'en')).toBe('-$15.60');
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties. Every figure is checked against BigInt arithmetic, which cannot lose a cent.

const RUNS = 2_000;
const cents = fc.integer({ min: 0, max: MAX_PAYMENT_CENTS });
const taxRate: fc.Arbitrary<TaxRate> = fc.record({
  code: fc.constantFrom(...TAX_CODES),
  rate: fc.integer({ min: 0, max: RATE_SCALE / 2 }),
});
/** A province's defaults or anything the settings accept (up to three taxes of up to 50 %). */
const rates: fc.Arbitrary<readonly TaxRate[]> = fc.oneof(
  fc.constantFrom(...Object.values(DEFAULT_TAX_RATES)),
  fc.array(taxRate, { maxLength: 3 }),
);

/** `amount × rate / RATE_SCALE`, half up, in BigInt. */
function exactHalfUp(amount: number, rate: number): number {
  const scale = BigInt(RATE_SCALE);
  return Number((2n * BigInt(amount) * BigInt(rate) + scale) / (2n * scale));
}

function figures(money: VisitMoney): number[] {
  return [
    money.priceCents,
    money.feesCents,
    money.totalCents,
    money.paidCents,
    money.tipsCents,
    money.refundedCents,
    money.creditedCents,
    money.owedCents,
    money.refundDueCents,
    money.refundableCents,
    ...money.taxes.map((tax) => tax.cents),
  ];
}

/** What happens to a visit, in the order it happens; a refund is a share (‰) of what may be refunded then. */
type Step =
  | { kind: 'payment' | 'tip' | 'fee'; cents: number }
  | { kind: 'refund'; perMille: number }
  | { kind: 'payOwed' }
  | { kind: 'refundAll' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constantFrom('payment', 'tip', 'fee'), cents: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ kind: fc.constant('refund'), perMille: fc.integer({ min: 1, max: 1_000 }) }),
  fc.record({ kind: fc.constant('payOwed') }),
  fc.record({ kind: fc.constant('refundAll') }),
);

/**
 * A priced visit (a discount taken off its subtotal) and its ledger, refunds never above what may be
 * refunded; `allocate`: each refund stores where it went when written (`refundParts`, decision 054), as
 * the server writes them; without: rows written before allocations were stored.
 */
const ledgerInput = (allocate: boolean): fc.Arbitrary<VisitMoneyInput> =>
  fc
    .record({
      subtotal: fc.integer({ min: 0, max: 2_000_000 }),
      discountPercent: fc.integer({ min: 0, max: 100 }),
      cancelled: fc.boolean(),
      rates,
      steps: fc.array(step, { maxLength: 12 }),
      paymentNeeded: fc.boolean(),
    })
    .map(({ subtotal, discountPercent, cancelled, rates: taxes, steps, paymentNeeded }) => {
      const input: VisitMoneyInput = {
        priceCents: subtotal - discountCentsOf(subtotal, discountPercent),
        cancelled,
        rates: taxes,
        entries: [],
        paymentNeeded,
      };
      const entries: LedgerAmount[] = [];
      for (const next of steps) {
        const money = visitMoney({ ...input, entries });
        const row: LedgerAmount =
          next.kind === 'refund'
            ? { kind: 'refund', cents: Math.floor((money.refundableCents * next.perMille) / 1_000) }
            : next.kind === 'payOwed'
              ? { kind: 'payment', cents: money.owedCents }
              : next.kind === 'refundAll'
                ? { kind: 'refund', cents: money.refundableCents }
                : next;
        if (row.cents <= 0) continue;
        entries.push(
          allocate && row.kind === 'refund'
            ? { ...row, allocation: allocationOf(refundParts({ ...input, entries }, row.cents)) }
            : row,
        );
      }
      return { ...input, entries };
    });
const visitInput = ledgerInput(false);
const allocatedInput = ledgerInput(true);

/** The same rows in another order. */
const reordered = (entries: readonly LedgerAmount[]) =>
  fc.array(fc.double({ noNaN: true }), { minLength: entries.length, maxLength: entries.length }).map((keys) =>
    entries
      .map((entry, index) => ({ entry, key: keys[index] ?? 0 }))
      .sort((a, b) => a.key - b.key)
      .map(({ entry }) => entry),
  );

describe('money properties', () => {
  it('each tax line is the half-up rounding of base × rate, exactly', () => {
    fc.assert(
      fc.property(cents, rates, (base, taxes) => {
        const lines = taxesOn(base, taxes);
        expect(lines.map((line) => line.cents)).toEqual(taxes.map((tax) => exactHalfUp(base, tax.rate)));
        for (const line of lines) expect(Number.isInteger(line.cents) && line.cents >= 0).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('a tax-included amount splits into parts that add up to it, the base within half a cent per tax of the exact base', () => {
    fc.assert(
      fc.property(cents, rates, (amount, taxes) => {
        const { baseCents, taxes: lines } = splitTaxIncluded(amount, taxes);
        expect(baseCents + sumCents(lines)).toBe(amount);
        for (const value of [baseCents, ...lines.map((line) => line.cents)]) {
          expect(Number.isInteger(value) && value >= 0).toBe(true);
        }
        // |base − amount × S / (S + Σrates)| ≤ n / 2, in integers: 2 |base (S + Σr) − amount S| ≤ n (S + Σr).
        const scale = BigInt(RATE_SCALE + taxes.reduce((sum, tax) => sum + tax.rate, 0));
        const gap = BigInt(baseCents) * scale - BigInt(amount) * BigInt(RATE_SCALE);
        expect(2n * (gap < 0n ? -gap : gap) <= BigInt(taxes.length) * scale).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it("the whole of an invoice, split back, gives the invoice's own tax lines (every default province)", () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(...PROVINCES), (base, province) => {
        const taxes = taxesOn(base, DEFAULT_TAX_RATES[province]);
        expect(splitTaxIncluded(base + sumCents(taxes), DEFAULT_TAX_RATES[province])).toEqual({
          baseCents: base,
          taxes,
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('a deposit is a whole number of cents between zero and the total', () => {
    const rule: fc.Arbitrary<DepositRule> = fc.oneof(
      fc.record({ kind: fc.constant('percent'), percent: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ kind: fc.constant('fixed'), cents }),
    );
    fc.assert(
      fc.property(fc.option(rule), cents, (deposit, total) => {
        const value = depositCents(deposit, total);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(total);
        if (deposit?.kind === 'percent') {
          expect(value).toBe(Number((2n * BigInt(total) * BigInt(deposit.percent) + 100n) / 200n));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a tip split evenly adds up to the tip, shares a cent apart at most', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 12 }), (tip, ways) => {
        const shares = splitEvenly(tip, ways);
        expect(shares).toHaveLength(ways);
        expect(shares.reduce((sum, share) => sum + share, 0)).toBe(tip);
        expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
        for (const share of shares) expect(Number.isInteger(share) && share >= 0).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('every figure of a visit is a whole number of cents, never below zero, and the total is its lines', () => {
    fc.assert(
      fc.property(visitInput, (input) => {
        const money = visitMoney(input);
        for (const value of figures(money)) expect(Number.isInteger(value) && value >= 0).toBe(true);
        const priceCents = input.cancelled ? 0 : input.priceCents;
        expect(money.priceCents).toBe(priceCents);
        expect(money.taxes).toEqual(taxesOn(priceCents + money.feesCents, input.rates));
        expect(money.totalCents).toBe(money.priceCents + money.feesCents + sumCents(money.taxes));
        expect(money.owedCents > 0 && money.refundDueCents > 0).toBe(false);
        expect(money.creditedCents).toBeLessThanOrEqual(money.totalCents);
        // What the visit costs less what was kept for it is what is owed, or (negative) what is due back.
        const keptCents = money.paidCents - Math.min(money.refundedCents, money.paidCents);
        expect(money.totalCents - money.creditedCents - keptCents).toBe(
          money.owedCents - money.refundDueCents,
        );
        expect(money.refundableCents).toBe(money.paidCents + money.tipsCents - money.refundedCents);
      }),
      { numRuns: RUNS },
    );
  });

  it('the order of the ledger rows does not matter', () => {
    fc.assert(
      fc.property(
        visitInput.chain((input) => fc.tuple(fc.constant(input), reordered(input.entries))),
        ([input, entries]) => {
          expect(visitMoney({ ...input, entries })).toEqual(visitMoney(input));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('with stored refund allocations, shuffling the rows changes nothing, and the allocations are the parts', () => {
    fc.assert(
      fc.property(
        allocatedInput.chain((input) => fc.tuple(fc.constant(input), reordered(input.entries))),
        ([input, entries]) => {
          const money = visitMoney(input);
          expect(visitMoney({ ...input, entries })).toEqual(money);
          for (const value of figures(money)) expect(Number.isInteger(value) && value >= 0).toBe(true);
          expect(money.owedCents > 0 && money.refundDueCents > 0).toBe(false);
          expect(money.refundableCents).toBe(money.paidCents + money.tipsCents - money.refundedCents);
          // A refund's next parts do not depend on the order the earlier rows were read in either.
          const refund = money.refundableCents;
          expect(refundParts({ ...input, entries }, refund)).toEqual(refundParts(input, refund));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('with stored allocations, paying what is owed after any refund (a tip given back too) leaves the visit paid', () => {
    fc.assert(
      fc.property(allocatedInput, (input) => {
        const before = visitMoney(input);
        fc.pre(before.owedCents > 0);
        const after = visitMoney({
          ...input,
          entries: [...input.entries, { kind: 'payment', cents: before.owedCents }],
        });
        expect(after.owedCents).toBe(0);
        expect(after.refundDueCents).toBe(0);
      }),
      { numRuns: RUNS },
    );
  });

  it('paying exactly what is owed leaves nothing owed and the visit paid', () => {
    fc.assert(
      fc.property(visitInput, (input) => {
        const before = visitMoney(input);
        // A refund row does not say whether it gave back a tip: the fold reads a refund beyond the
        // payments as tips, so a payment recorded after a tip's refund takes that refund over (decision 047).
        fc.pre(before.owedCents > 0 && before.refundedCents <= before.paidCents);
        const after = visitMoney({
          ...input,
          entries: [...input.entries, { kind: 'payment', cents: before.owedCents }],
        });
        expect(after.owedCents).toBe(0);
        expect(after.refundDueCents).toBe(0);
        expect(after.state).toBe(after.creditedCents > 0 ? 'partly_refunded' : 'paid');
      }),
      { numRuns: RUNS },
    );
  });

  it('refunding all that may be refunded leaves nothing refundable; a paid visit ends refunded, owing nothing', () => {
    fc.assert(
      fc.property(visitInput, (input) => {
        const before = visitMoney(input);
        const entries: LedgerAmount[] = [...input.entries, { kind: 'refund', cents: before.refundableCents }];
        const after = visitMoney({ ...input, entries });
        expect(after.refundableCents).toBe(0);
        expect(after.refundDueCents).toBe(0);
        if (before.owedCents === 0 && before.paidCents > 0) {
          expect(after.owedCents).toBe(0);
          expect(after.state).toBe('refunded');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("a refund's parts add up to it, and its credit note to the credit", () => {
    fc.assert(
      fc.property(
        visitInput.chain((input) =>
          fc.tuple(fc.constant(input), fc.integer({ min: 0, max: visitMoney(input).refundableCents })),
        ),
        ([input, refund]) => {
          const parts = refundParts(input, refund);
          expect(parts.overpaymentCents + parts.creditCents + parts.tipsCents).toBe(refund);
          for (const value of [parts.overpaymentCents, parts.creditCents, parts.tipsCents]) {
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(parts.creditNote.baseCents + sumCents(parts.creditNote.taxes)).toBe(parts.creditCents);
          const after = visitMoney({
            ...input,
            entries: [...input.entries, { kind: 'refund', cents: refund }],
          });
          expect(after.creditedCents - visitMoney(input).creditedCents).toBe(parts.creditCents);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('cents written as dollars read back as the same cents, in either language', () => {
    fc.assert(
      fc.property(cents, (amount) => {
        expect(centsFromDollars(dollarsFromCents(amount))).toBe(amount);
        expect(centsFromDollars(dollarsFromCents(amount).replace('.', ','))).toBe(amount);
      }),
      { numRuns: RUNS },
    );
  });

  it("a cancelled visit's total is its fees and their tax", () => {
    fc.assert(
      fc.property(visitInput, (input) => {
        const money = visitMoney({ ...input, cancelled: true });
        const feesCents = sumCents(input.entries.filter((entry) => entry.kind === 'fee'));
        expect(money.totalCents).toBe(feesCents + sumCents(taxesOn(feesCents, input.rates)));
      }),
      { numRuns: RUNS },
    );
  });
});
