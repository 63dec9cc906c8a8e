import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { calculateDePay, papCents, type DeEmployeePayFacts, type DePayInput } from '../../../api/packs/de/index.ts';

const monthly = (
  amount: string,
  employee: Partial<DeEmployeePayFacts> = {},
  extra: DePayInput['earnings'] = [],
): DePayInput => ({
  frequency: 'monthly',
  earnings: [{ type: 'salary', amount }, ...extra],
  employee: { tax_class: 1, ...employee },
});
const line = (r: ReturnType<typeof calculateDePay>, type: string) => r.lines.find((l) => l.type === type)?.amount;
const cost = (r: ReturnType<typeof calculateDePay>, type: string) =>
  r.employer_costs.find((l) => l.type === type)?.amount;

describe('calculateDePay', () => {
  it('a full 2026 payslip: class I, 5,000, Bavarian church tax at 8%, childless, Zusatzbeitrag 2.5%', () => {
    const r = calculateDePay(
      'DE-2026.1',
      monthly('5000.00', {
        church_tax: true,
        state: 'BY',
        health_insurance: { type: 'statutory', additional_rate: '2.5' },
        care_insurance: { childless_surcharge: true },
      }),
    );
    // Published vector KVZ 2.5 / PVZ 1: LSTLZZ 78,583 → 785.83; church 8% of BK 785.83 = 62.8664 → 62.86.
    assert.equal(r.pap.LSTLZZ, '78583');
    assert.equal(line(r, 'income_tax'), '-785.83');
    assert.equal(line(r, 'church_tax'), '-62.86');
    assert.equal(line(r, 'solidarity_surcharge'), undefined);
    assert.equal(r.tax, '848.69');
    assert.equal(r.social, '1077.50'); // 427.50 + 120.00 + 465.00 + 65.00
    assert.equal(r.net, '3073.81');
    assert.equal(r.employment_category, 'regular');
    assert.deepEqual(
      r.wage_types.map((w) => [w.code, w.amount]),
      [
        ['LST', '785.83'],
        ['KIST', '62.86'],
        ['KV-AN', '427.50'],
        ['PV-AN', '120.00'],
        ['RV-AN', '465.00'],
        ['AV-AN', '65.00'],
      ],
    );
    assert.equal(cost(r, 'care_insurance'), '90.00');
  });

  it('church tax is 9% outside Bavaria and Baden-Württemberg, and 8% in BW', () => {
    const emp = {
      church_tax: true,
      health_insurance: { type: 'statutory' as const, additional_rate: '2.5' },
      care_insurance: { childless_surcharge: true },
    };
    assert.equal(
      line(calculateDePay('DE-2026.1', monthly('5000.00', { ...emp, state: 'NW' })), 'church_tax'),
      '-70.72',
    ); // 785.83 · 9%
    assert.equal(
      line(calculateDePay('DE-2026.1', monthly('5000.00', { ...emp, state: 'BW' })), 'church_tax'),
      '-62.86',
    );
    assert.throws(() => calculateDePay('DE-2026.1', monthly('5000.00', { church_tax: true })), RangeError);
  });

  it('children lower Soli and church tax but not the wage tax', () => {
    const r = calculateDePay(
      'DE-2026.1',
      monthly('10000.00', {
        children: 0.5,
        church_tax: true,
        state: 'HE',
        health_insurance: { type: 'statutory', additional_rate: '0' },
      }),
    );
    assert.equal(line(r, 'income_tax'), '-2682.75');
    assert.equal(line(r, 'solidarity_surcharge'), '-97.12'); // 117.44 without the child
    assert.equal(line(r, 'church_tax'), '-226.08'); // BK 2,512.00 · 9%
  });

  it('maps private insurance to PKV 1 with PKPV and the capped subsidy as PKPVAGZ (2026)', () => {
    const r = calculateDePay(
      'DE-2026.1',
      monthly('5000.00', { health_insurance: { type: 'private', private_premium: '600' } }),
    );
    assert.equal(
      r.pap.LSTLZZ,
      String(papCents(2026, { LZZ: 2, RE4: 500000, PKV: 1, PKPV: 60000, PKPVAGZ: 30000 }).LSTLZZ),
    );
    assert.equal(r.pap.LSTLZZ, '86600');
    assert.equal(line(r, 'health_insurance'), undefined);
    assert.equal(line(r, 'care_insurance'), undefined);
    assert.equal(cost(r, 'private_insurance_subsidy'), '300.00');
  });

  it('maps a 2025 employer subsidy to PKV 2', () => {
    const r = calculateDePay(
      'DE-2025.1',
      monthly('6000.00', { health_insurance: { type: 'private', private_premium: '600' } }),
    );
    assert.equal(r.pap.LSTLZZ, '127141'); // hand-checked PKV 2 case
    const none = calculateDePay(
      'DE-2025.1',
      monthly('6000.00', { health_insurance: { type: 'private', private_premium: '600', employer_subsidy: '0' } }),
    );
    assert.equal(none.pap.LSTLZZ, String(papCents(2025, { LZZ: 2, RE4: 600000, PKV: 1, PKPV: 60000 }).LSTLZZ));
  });

  it('maps opt-outs to KRV 1 / ALV 1, Saxony to PVS 1, children under 25 to PVA', () => {
    const noKvz = { health_insurance: { type: 'statutory' as const, additional_rate: '0' } };
    assert.equal(
      calculateDePay(
        'DE-2026.1',
        monthly('5000.00', { ...noKvz, pension_insurance: false, unemployment_insurance: false }),
      ).pap.LSTLZZ,
      '98175',
    );
    assert.equal(calculateDePay('DE-2026.1', monthly('5000.00', { ...noKvz, state: 'SN' })).pap.LSTLZZ, '80883');
    assert.equal(
      calculateDePay('DE-2026.1', monthly('5000.00', { ...noKvz, care_insurance: { children_under_25: 3 } })).pap
        .LSTLZZ,
      '82600',
    );
    // 2025 has no ALV input: unemployment opt-out changes contributions only.
    const y25 = calculateDePay('DE-2025.1', monthly('5000.00', { unemployment_insurance: false }));
    assert.equal(line(y25, 'unemployment_insurance'), undefined);
  });

  it('uses the year-average Zusatzbeitrag when the insurer’s rate is not given', () => {
    const r = calculateDePay('DE-2026.1', monthly('5000.00'));
    assert.equal(r.pap.LSTLZZ, String(papCents(2026, { LZZ: 2, RE4: 500000, KVZ: 2.9 }).LSTLZZ));
    assert.equal(line(r, 'health_insurance'), '-437.50'); // 8.75%
  });

  it('maps frequency to LZZ: annual 1, weekly 3, daily 4', () => {
    const run = (frequency: DePayInput['frequency'], amount: string) =>
      calculateDePay('DE-2026.1', {
        frequency,
        earnings: [{ type: 'salary', amount }],
        employee: { tax_class: 1, health_insurance: { type: 'statutory', additional_rate: '0' } },
      });
    assert.equal(run('annual', '100000.00').pap.LSTLZZ, '2384800');
    assert.equal(run('weekly', '1000.00').pap.LSTLZZ, '14544');
    assert.equal(run('daily', '1000.00').pap.LSTLZZ, '37486');
    assert.equal(run('daily', '1000.00').pap.LZZ, 4);
  });

  it('taxes one-off earnings as SONSTB with JRE4 from the annualised recurring pay or ytd_regular_gross', () => {
    const emp = { health_insurance: { type: 'statutory' as const, additional_rate: '0' } };
    const r = calculateDePay('DE-2026.1', monthly('4000.00', emp, [{ type: 'bonus', amount: '4000.00' }]));
    assert.equal(r.pap.STS, '103400'); // hand-checked: JRE4 48,000
    assert.equal(line(r, 'income_tax'), '-1583.75'); // 549.75 + 1,034.00
    assert.equal(r.gross, '8000.00');
    const ytd = calculateDePay(
      'DE-2026.1',
      monthly('4000.00', { ...emp, ytd_regular_gross: '60000.00' }, [{ type: 'thirteenth_salary', amount: '4000.00' }]),
    );
    assert.equal(ytd.pap.STS, String(papCents(2026, { LZZ: 2, RE4: 400000, SONSTB: 400000, JRE4: 6000000 }).STS));
  });

  it('passes the factor, the age relief and ELStAM allowances to the PAP', () => {
    const factor = calculateDePay('DE-2026.1', {
      frequency: 'annual',
      earnings: [{ type: 'salary', amount: '60000' }],
      employee: { tax_class: 4, factor: '0.9', health_insurance: { type: 'statutory', additional_rate: '0' } },
    });
    assert.equal(factor.pap.LSTLZZ, '882800');
    const aged = calculateDePay('DE-2026.1', monthly('3000.00', { birth_year: 1960 }));
    assert.equal(
      aged.pap.LSTLZZ,
      String(papCents(2026, { LZZ: 2, RE4: 300000, KVZ: 2.9, ALTER1: 1, AJAHR: 2025 }).LSTLZZ),
    );
    const young = calculateDePay('DE-2026.1', monthly('3000.00', { birth_year: 1962 }));
    assert.equal(young.pap.LSTLZZ, String(papCents(2026, { LZZ: 2, RE4: 300000, KVZ: 2.9 }).LSTLZZ));
    const allowance = calculateDePay('DE-2026.1', monthly('3000.00', { annual_allowance: '1200.00' }));
    assert.equal(
      allowance.pap.LSTLZZ,
      String(papCents(2026, { LZZ: 2, RE4: 300000, KVZ: 2.9, LZZFREIB: 10000, JFREIB: 120000 }).LSTLZZ),
    );
  });

  it('Minijob: no deductions but the pension top-up; the employer pays flat rates and the 2% flat tax', () => {
    const r = calculateDePay('DE-2026.1', monthly('500.00', { tax_class: 1 }));
    assert.equal(r.employment_category, 'minijob');
    assert.equal(r.tax, '0.00');
    assert.deepEqual(r.lines, [{ type: 'pension_insurance', amount: '-18.00' }]);
    assert.deepEqual(r.employer_costs, [
      { type: 'health_insurance', amount: '65.00' },
      { type: 'pension_insurance', amount: '75.00' },
      { type: 'minijob_flat_tax', amount: '10.00' },
    ]);
    assert.equal(r.net, '482.00');
    assert.equal(r.pap.LSTLZZ, '0');
  });

  it('Midijob: reduced employee contributions, wage tax by the PAP', () => {
    const r = calculateDePay('DE-2026.1', monthly('1200.00'));
    assert.equal(r.employment_category, 'midijob');
    assert.equal(r.social, '180.77'); // 74.79 + 15.38 + 79.49 + 11.11
    assert.equal(r.net, '1019.23');
  });

  it('computes a forecast without a tax class in class I', () => {
    const facts = { church_tax: false } as DeEmployeePayFacts;
    const r = calculateDePay('DE-2026.1', {
      frequency: 'monthly',
      earnings: [{ type: 'salary', amount: '5000.00' }],
      employee: facts,
    });
    assert.equal(r.pap.STKL, 1);
    assert.equal(r.pap.LSTLZZ, calculateDePay('DE-2026.1', monthly('5000.00')).pap.LSTLZZ);
  });

  it('rejects unknown earning types and amounts with more than two decimals', () => {
    assert.throws(
      () =>
        calculateDePay('DE-2026.1', {
          frequency: 'monthly',
          earnings: [{ type: 'tips', amount: '10' }],
          employee: { tax_class: 1 },
        }),
      RangeError,
    );
    assert.throws(() => calculateDePay('DE-2026.1', monthly('10.005')), RangeError);
  });
});

const employees = fc.record({
  tax_class: fc.constantFrom(1, 2, 3, 4, 5, 6) as fc.Arbitrary<DeEmployeePayFacts['tax_class']>,
  children: fc.constantFrom(0, 0.5, 1, 2),
  church_tax: fc.boolean(),
  state: fc.constantFrom('BY', 'BW', 'NW', 'SN', 'BE'),
  health_insurance: fc.oneof(
    fc.record({ type: fc.constant('statutory' as const), additional_rate: fc.constantFrom('0', '1.7', '2.5', '3.4') }),
    fc.record({ type: fc.constant('private' as const), private_premium: fc.constantFrom('300', '650.50', '1200') }),
  ),
  care_insurance: fc.record({ childless_surcharge: fc.boolean(), children_under_25: fc.integer({ min: 0, max: 6 }) }),
  pension_insurance: fc.boolean(),
  unemployment_insurance: fc.boolean(),
});
const payInputs = fc.record({
  version: fc.constantFrom('DE-2025.1' as const, 'DE-2026.1' as const, 'DE-2026.2' as const),
  frequency: fc.constantFrom('annual' as const, 'monthly' as const, 'weekly' as const, 'daily' as const),
  salary: fc.integer({ min: 1, max: 3_000_000 }),
  bonus: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000_000 })),
  employee: employees,
});
const toMoney = (c: number) => (c / 100).toFixed(2);
const cents = (s: string) => Math.round(Number(s) * 100);

describe('calculateDePay invariants', () => {
  it('net = gross − tax − social; lines negative, employer costs positive; totals add up; repeatable', () => {
    fc.assert(
      fc.property(payInputs, (p) => {
        const input: DePayInput = {
          frequency: p.frequency,
          earnings: [
            { type: 'salary', amount: toMoney(p.salary) },
            ...(p.bonus ? [{ type: 'bonus', amount: toMoney(p.bonus) }] : []),
          ],
          employee: p.employee,
        };
        const r = calculateDePay(p.version, input);
        assert.equal(cents(r.net), cents(r.gross) - cents(r.tax) - cents(r.social));
        assert.equal(cents(r.gross), p.salary + p.bonus);
        for (const l of r.lines) assert.ok(cents(l.amount) < 0, `${l.type} ${l.amount}`);
        for (const c of r.employer_costs) assert.ok(cents(c.amount) > 0, `${c.type} ${c.amount}`);
        const taxLines = r.lines.filter((l) => ['income_tax', 'solidarity_surcharge', 'church_tax'].includes(l.type));
        assert.equal(0 - taxLines.reduce((s, l) => s + cents(l.amount), 0), cents(r.tax));
        assert.equal(0 - r.lines.reduce((s, l) => s + cents(l.amount), 0), cents(r.tax) + cents(r.social));
        assert.equal(r.wage_types.length, r.lines.length);
        assert.deepEqual(calculateDePay(p.version, input), r);
      }),
      { numRuns: 600, seed: 11 },
    );
  });
});
