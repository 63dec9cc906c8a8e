import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { D } from '../../../api/lib/money.ts';
import { midijobBases, socialContributions, type SocialInput } from '../../../api/packs/de/index.ts';

type Overrides = Omit<Partial<SocialInput>, 'gross'> & { gross?: string };
const base = (over: Overrides): SocialInput => {
  const gross = new D(over.gross ?? '5000');
  return {
    year: 2026,
    frequency: 'monthly',
    healthType: 'statutory',
    additionalRate: new D('2.9'),
    privatePremiumMonthly: new D(0),
    employerSubsidyMonthly: null,
    childlessSurcharge: false,
    childrenUnder25: 1,
    saxony: false,
    pensionInsured: true,
    unemploymentInsured: true,
    ...over,
    gross,
    regularGross: over.regularGross ?? gross,
  };
};
const fixed = (c: { health: unknown; care: unknown; pension: unknown; unemployment: unknown }) =>
  Object.fromEntries(Object.entries(c).map(([k, v]) => [k, (v as InstanceType<typeof D>).toFixed(2)]));

describe('social insurance: regular employment', () => {
  it('splits each branch half and half below the ceilings', () => {
    // 5,000 · (7.3% + 2.5%/2) = 427.50; care 1.8% + 0.6% childless = 120.00 (employer 90.00).
    const r = socialContributions(base({ additionalRate: new D('2.5'), childlessSurcharge: true, childrenUnder25: 0 }));
    assert.equal(r.category, 'regular');
    assert.deepEqual(fixed(r.employee), { health: '427.50', care: '120.00', pension: '465.00', unemployment: '65.00' });
    assert.deepEqual(fixed(r.employer), { health: '427.50', care: '90.00', pension: '465.00', unemployment: '65.00' });
  });

  it('caps health and care at 5,812.50 and pension and unemployment at 8,450 a month (2026)', () => {
    // 5,812.50 · 8.75% = 508.59375 → 508.59; · 1.8% = 104.625 → 104.63; 8,450 · 9.3% = 785.85.
    const r = socialContributions(base({ gross: '10000' }));
    assert.deepEqual(fixed(r.employee), {
      health: '508.59',
      care: '104.63',
      pension: '785.85',
      unemployment: '109.85',
    });
    const between = socialContributions(base({ gross: '8000' }));
    assert.equal(between.employee.health.toFixed(2), '508.59');
    assert.equal(between.employee.pension.toFixed(2), '744.00');
  });

  it('uses the 2025 ceilings for 2025', () => {
    // 5,512.50 · (7.3% + 1.25%) = 471.31875 → 471.32; 8,050 · 9.3% = 748.65.
    const r = socialContributions(base({ year: 2025, gross: '9000', additionalRate: new D('2.5') }));
    assert.equal(r.employee.health.toFixed(2), '471.32');
    assert.equal(r.employee.pension.toFixed(2), '748.65');
  });

  it('prorates ceilings for weeks and days by calendar days (monthly × days/30) and multiplies for a year', () => {
    // Weekly: 5,812.50·7/30 = 1,356.25 and 8,450·7/30 = 1,971.67 (rounded to the cent).
    const week = socialContributions(base({ frequency: 'weekly', gross: '2500' }));
    assert.equal(week.employee.health.toFixed(2), '118.67'); // 1,356.25 · 8.75% = 118.671875
    assert.equal(week.employee.pension.toFixed(2), '183.37'); // 1,971.67 · 9.3% = 183.36531
    const day = socialContributions(base({ frequency: 'daily', gross: '500' }));
    assert.equal(day.employee.health.toFixed(2), '16.95'); // 193.75 · 8.75% = 16.953125
    assert.equal(day.employee.pension.toFixed(2), '26.20'); // 281.67 · 9.3% = 26.19531
    const year = socialContributions(base({ frequency: 'annual', gross: '120000' }));
    assert.equal(year.employee.health.toFixed(2), '6103.13'); // 69,750 · 8.75% = 6,103.125
    assert.equal(year.employee.pension.toFixed(2), '9430.20'); // 101,400 · 9.3%
  });

  it('Saxony: employee 2.3%, employer 1.3% care', () => {
    const r = socialContributions(base({ saxony: true }));
    assert.equal(r.employee.care.toFixed(2), '115.00');
    assert.equal(r.employer.care.toFixed(2), '65.00');
    const childless = socialContributions(base({ saxony: true, childlessSurcharge: true }));
    assert.equal(childless.employee.care.toFixed(2), '145.00'); // 2.9%
  });

  it('child reductions: −0.25% per child from the 2nd to the 5th, employee only', () => {
    const care = (children: number) => socialContributions(base({ childrenUnder25: children }));
    assert.equal(care(1).employee.care.toFixed(2), '90.00');
    assert.equal(care(2).employee.care.toFixed(2), '77.50'); // 1.55%
    assert.equal(care(3).employee.care.toFixed(2), '65.00'); // 1.3%
    assert.equal(care(5).employee.care.toFixed(2), '40.00'); // 0.8%
    assert.equal(care(7).employee.care.toFixed(2), '40.00'); // capped at four reductions
    assert.equal(care(7).employer.care.toFixed(2), '90.00');
  });

  it('opt-outs remove the pension or unemployment contribution on both sides', () => {
    const r = socialContributions(base({ pensionInsured: false, unemploymentInsured: false }));
    assert.equal(r.employee.pension.toFixed(2), '0.00');
    assert.equal(r.employer.pension.toFixed(2), '0.00');
    assert.equal(r.employee.unemployment.toFixed(2), '0.00');
    assert.equal(r.employer.unemployment.toFixed(2), '0.00');
  });
});

describe('social insurance: private health insurance', () => {
  const priv = (over: Overrides) => socialContributions(base({ healthType: 'private', ...over }));

  it('no statutory health or care; the subsidy is half the premium', () => {
    const r = priv({ gross: '7000', privatePremiumMonthly: new D(900) });
    assert.equal(r.employee.health.toFixed(2), '0.00');
    assert.equal(r.employer.care.toFixed(2), '0.00');
    assert.equal(r.privateSubsidy.toFixed(2), '450.00');
  });

  it('caps the subsidy at the statutory maximum: 2026 508.59 + 104.63, 2025 471.32 + 99.23', () => {
    assert.equal(priv({ gross: '9000', privatePremiumMonthly: new D(1400) }).privateSubsidy.toFixed(2), '613.22');
    const y2025 = priv({ year: 2025, gross: '9000', privatePremiumMonthly: new D(1400) });
    assert.equal(y2025.privateSubsidy.toFixed(2), '570.55');
    // Saxony: care part 5,812.50 · 1.3% = 75.56.
    assert.equal(
      priv({ gross: '9000', saxony: true, privatePremiumMonthly: new D(1400) }).privateSubsidy.toFixed(2),
      '584.15',
    );
  });

  it('below the ceiling the maximum follows the pay; a requested lower subsidy is honoured', () => {
    // 3,000 · 8.75% + 3,000 · 1.8% = 262.50 + 54.00.
    assert.equal(priv({ gross: '3000', privatePremiumMonthly: new D(1000) }).privateSubsidy.toFixed(2), '316.50');
    assert.equal(
      priv({
        gross: '7000',
        privatePremiumMonthly: new D(900),
        employerSubsidyMonthly: new D(300),
      }).privateSubsidy.toFixed(2),
      '300.00',
    );
    assert.equal(
      priv({
        gross: '7000',
        privatePremiumMonthly: new D(900),
        employerSubsidyMonthly: new D(800),
      }).privateSubsidy.toFixed(2),
      '450.00',
    );
  });
});

describe('social insurance: Minijob', () => {
  it('at the 603 limit (2026): employer 13% health, 15% pension, 2% flat tax; employee tops up to 18.6%', () => {
    const r = socialContributions(base({ gross: '603' }));
    assert.equal(r.category, 'minijob');
    assert.equal(r.employer.health.toFixed(2), '78.39');
    assert.equal(r.employer.pension.toFixed(2), '90.45');
    assert.equal(r.minijobFlatTax.toFixed(2), '12.06');
    assert.equal(r.employee.pension.toFixed(2), '21.71'); // 112.16 − 90.45
    assert.equal(r.employee.health.toFixed(2), '0.00');
    assert.equal(r.employee.care.toFixed(2), '0.00');
    assert.equal(r.employee.unemployment.toFixed(2), '0.00');
  });

  it('uses the 175 EUR minimum pension base', () => {
    const r = socialContributions(base({ gross: '150' }));
    assert.equal(r.employee.pension.toFixed(2), '10.05'); // 175 · 18.6% = 32.55 − 22.50
  });

  it('exempt minijobbers pay nothing; private insured ones cost no health flat rate', () => {
    assert.equal(
      socialContributions(base({ gross: '400', pensionInsured: false })).employee.pension.toFixed(2),
      '0.00',
    );
    assert.equal(socialContributions(base({ gross: '400', healthType: 'private' })).employer.health.toFixed(2), '0.00');
  });

  it('2025 limit is 556', () => {
    assert.equal(socialContributions(base({ year: 2025, gross: '556' })).category, 'minijob');
    assert.equal(socialContributions(base({ year: 2025, gross: '556.01' })).category, 'midijob');
  });
});

describe('social insurance: Midijob (Übergangsbereich)', () => {
  it('2026 at 1,200: BE 1,083.25, BE_AN 854.69; employer pays the total minus the employee share', () => {
    // BE = 0.6619·603 + (2000/1397 − 603/1397·0.6619)·597 = 1,083.2502…; BE_AN = 2000/1397·597 = 854.6886…
    const be = midijobBases(2026, new D(1200), new D(1));
    assert.equal(be.total.toFixed(2), '1083.25');
    assert.equal(be.employee.toFixed(2), '854.69');
    const r = socialContributions(base({ gross: '1200' }));
    assert.equal(r.category, 'midijob');
    assert.deepEqual(fixed(r.employee), { health: '74.79', care: '15.38', pension: '79.49', unemployment: '11.11' });
    assert.deepEqual(fixed(r.employer), { health: '114.78', care: '23.62', pension: '121.99', unemployment: '17.05' });
  });

  it('2025 at 1,000 matches the published simplified formulas (1.127718283·AE − 255.4365651)', () => {
    const be = midijobBases(2025, new D(1000), new D(1));
    assert.equal(be.total.toFixed(2), '872.28');
    assert.equal(be.employee.toFixed(2), '614.96'); // 1.385041551·AE − 770.0831025
    const r = socialContributions(base({ year: 2025, gross: '1000', additionalRate: new D('2.5') }));
    assert.equal(r.employee.health.toFixed(2), '52.58');
    assert.equal(r.employer.health.toFixed(2), '96.58');
  });

  it('childless surcharge on BE to the employee alone; child reductions leave the employer share alone', () => {
    const childless = socialContributions(base({ gross: '1200', childlessSurcharge: true, childrenUnder25: 0 }));
    assert.equal(childless.employee.care.toFixed(2), '21.88'); // 15.38 + 1,083.25 · 0.6% = 6.50
    assert.equal(childless.employer.care.toFixed(2), '23.62');
    const three = socialContributions(base({ gross: '1200', childrenUnder25: 3 }));
    assert.equal(three.employee.care.toFixed(2), '11.11'); // 854.69 · 1.3%
    assert.equal(three.employer.care.toFixed(2), '22.47'); // 1,083.25 · 3.1% = 33.58 − 11.11
  });

  it('boundaries: 603.01 starts with an employee share near zero, 2,000 equals regular, 2,000.01 is regular', () => {
    const low = socialContributions(base({ gross: '603.01' }));
    assert.equal(low.category, 'midijob');
    assert.equal(low.employee.pension.toFixed(2), '0.00');
    assert.equal(low.employer.pension.toFixed(2), '74.24'); // 399.14 · 18.6%
    const top = socialContributions(base({ gross: '2000' }));
    assert.equal(top.category, 'midijob');
    assert.deepEqual(fixed(top.employee), {
      health: '175.00',
      care: '36.00',
      pension: '186.00',
      unemployment: '26.00',
    });
    assert.deepEqual(fixed(top.employer), fixed(top.employee));
    assert.equal(socialContributions(base({ gross: '2000.01' })).category, 'regular');
  });
});
