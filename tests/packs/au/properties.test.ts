import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  AU_VERSIONS,
  calculateAuPay,
  paygWithholding,
  studyLoanComponent,
  type AuPayInput,
  type AuPayItem,
  type PayFrequency,
  type TaxScale,
} from '../../../api/packs/au/index.ts';
import { PAID_ON } from './fixtures.ts';

const FREQUENCIES: PayFrequency[] = ['weekly', 'fortnightly', 'monthly', 'quarterly'];
const SCALES: TaxScale[] = [1, 2, 3, 4, 5, 6];
const MAX_WEEKLY_CENTS = 800_000; // $8,000 a week reaches every table's top row
const WEEKS: Record<PayFrequency, number> = { weekly: 1, fortnightly: 2, monthly: 5, quarterly: 13 };

const asMoney = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const toCents = (s: string) => Math.round(Number(s) * 100);
const centsFor = (frequency: PayFrequency) => fc.integer({ min: 0, max: MAX_WEEKLY_CENTS * WEEKS[frequency] });
const residencyFor = (scale: TaxScale) => (scale === 3 ? 'foreign_resident' : 'resident');

for (const { version } of AU_VERSIONS) {
  for (const frequency of FREQUENCIES) {
    test(`${version} ${frequency}: withholding is monotonic, never negative and never above gross`, () => {
      for (const scale of SCALES) {
        const withhold = (cents: number) =>
          toCents(
            paygWithholding(version, { earnings: asMoney(cents), frequency, scale, residency: residencyFor(scale) }),
          );
        fc.assert(
          fc.property(centsFor(frequency), centsFor(frequency), (a, b) => {
            const [lo, hi] = a <= b ? [a, b] : [b, a];
            const [wLo, wHi] = [withhold(lo), withhold(hi)];
            assert.ok(wLo <= wHi, `scale ${scale}: ${asMoney(lo)} -> ${wLo} but ${asMoney(hi)} -> ${wHi}`);
            assert.ok(wLo >= 0 && wLo <= lo, `scale ${scale}: ${asMoney(lo)} -> ${wLo}`);
            assert.ok(wHi <= hi, `scale ${scale}: ${asMoney(hi)} -> ${wHi}`);
          }),
          { numRuns: 150 },
        );
      }
    });

    test(`${version} ${frequency}: study loan component is monotonic and never negative`, () => {
      for (const scale of [1, 2] as const) {
        const component = (cents: number) =>
          toCents(studyLoanComponent(version, { earnings: asMoney(cents), frequency, scale, payment_date: PAID_ON }));
        fc.assert(
          fc.property(centsFor(frequency), centsFor(frequency), (a, b) => {
            const [lo, hi] = a <= b ? [a, b] : [b, a];
            assert.ok(component(lo) >= 0 && component(lo) <= component(hi));
          }),
          { numRuns: 100 },
        );
      }
    });
  }
}

const money = (maxDollars: number) => fc.integer({ min: 0, max: maxDollars * 100 }).map(asMoney);
const hoursString = fc.integer({ min: 0, max: 6000 }).map((h) => (h / 100).toFixed(2));

const earningItem: fc.Arbitrary<AuPayItem> = fc.oneof(
  fc.record({
    kind: fc.constant('hours' as const),
    category: fc.constantFrom('ordinary' as const, 'overtime' as const, 'leave' as const),
    hours: hoursString,
  }),
  fc.record({
    kind: fc.constant('amount' as const),
    category: fc.constantFrom('allowance' as const, 'bonus' as const, 'leave' as const),
    amount: money(2000),
  }),
);

const payInput: fc.Arbitrary<AuPayInput> = fc.record({
  frequency: fc.constantFrom(...FREQUENCIES),
  payment_date: fc.constant(PAID_ON),
  employment: fc.oneof(
    fc.record({
      type: fc.constantFrom('full_time' as const, 'part_time' as const),
      annual_salary: money(400_000),
      hours_per_week: fc.constantFrom('38', '30', '20'),
    }),
    fc.record({
      type: fc.constantFrom('full_time' as const, 'part_time' as const, 'casual' as const),
      hourly_rate: money(150),
      hours_per_week: fc.constantFrom('38', '15', null),
    }),
  ),
  tax: fc.record({
    tfn_provided: fc.boolean(),
    tax_free_threshold: fc.boolean(),
    residency: fc.constantFrom('resident' as const, 'foreign_resident' as const),
    medicare_levy_exemption: fc.constantFrom('none' as const, 'half' as const, 'full' as const),
    study_loan: fc.boolean(),
    medicare_adjustment: fc.option(fc.record({ children: fc.integer({ min: 0, max: 12 }) }), { nil: null }),
  }),
  items: fc.array(earningItem, { maxLength: 5 }),
});

/** Adds a salary sacrifice and a deduction sized from a first pass, so the pay stays lawful. */
function withSacrificeAndDeduction(
  version: string,
  input: AuPayInput,
  sacrificeShare: number,
  deductionShare: number,
): AuPayInput {
  const first = calculateAuPay(version, input);
  const sacrifice = Math.floor(toCents(first.gross) * sacrificeShare);
  const withSacrifice = {
    ...input,
    items: [...input.items, { kind: 'amount', category: 'salary_sacrifice', amount: asMoney(sacrifice) } as AuPayItem],
  };
  const second = calculateAuPay(version, withSacrifice);
  const deduction = Math.floor(toCents(second.net) * deductionShare);
  return {
    ...withSacrifice,
    items: [...withSacrifice.items, { kind: 'amount', category: 'deduction', amount: asMoney(deduction) }],
  };
}

test('calculateAuPay: net = gross - salary sacrifice - tax - deductions; tax never above taxable gross', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...AU_VERSIONS.map((v) => v.version)),
      payInput,
      fc.double({ min: 0, max: 0.5, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      (version, base, s, d) => {
        const r = calculateAuPay(version, withSacrificeAndDeduction(version, base, s, d));
        const c = (k: keyof typeof r) => toCents(r[k] as string);
        assert.equal(c('net'), c('gross') - c('salary_sacrifice') - c('tax') - c('deductions'));
        assert.equal(c('taxable_gross'), c('gross') - c('salary_sacrifice'));
        assert.equal(c('tax'), c('payg') + c('study_loan'));
        assert.equal(c('super_total'), c('super_guarantee') + c('salary_sacrifice'));
        assert.ok(c('tax') <= c('taxable_gross') && c('net') >= 0);
        const lineTotal = r.lines
          .filter((l) => l.type !== 'super_guarantee')
          .reduce((acc, l) => acc + toCents(l.amount), 0);
        assert.equal(lineTotal, c('net'));
        for (const v of [r.gross, r.net, r.tax, r.super_guarantee, ...r.lines.map((l) => l.amount)])
          assert.match(v, /^-?\d+\.\d{2}$/);
      },
    ),
    { numRuns: 400 },
  );
});

test('calculateAuPay is deterministic and does not mutate its input', () => {
  fc.assert(
    fc.property(fc.constantFrom(...AU_VERSIONS.map((v) => v.version)), payInput, (version, input) => {
      const snapshot = JSON.stringify(input);
      const first = calculateAuPay(version, input);
      assert.deepEqual(calculateAuPay(version, JSON.parse(snapshot) as AuPayInput), first);
      assert.equal(JSON.stringify(input), snapshot);
    }),
    { numRuns: 200 },
  );
});
