import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  deGrossPay,
  deHourlyRate,
  deSalaryShare,
  type DeEmploymentTerms,
  type DePackVersion,
  type DePeriodItem,
} from '../../../api/packs/de/index.ts';

const terms = (t: Partial<DeEmploymentTerms>): DeEmploymentTerms => ({
  annual_salary: null,
  hourly_rate: null,
  hours_per_week: null,
  ...t,
});
const VERSIONS: DePackVersion[] = ['DE-2025.1', 'DE-2026.1', 'DE-2026.2'];

describe('deGrossPay: gross pay from the employment terms, inside the pack version', () => {
  it('a salary pays its monthly or weekly share of the year', () => {
    const salaried = terms({ annual_salary: '60000.00' });
    assert.deepEqual(deGrossPay('DE-2026.1', 'monthly', salaried, []).earnings, [
      { type: 'salary', amount: '5000.00' },
    ]);
    assert.deepEqual(deGrossPay('DE-2026.1', 'weekly', salaried, []).earnings, [{ type: 'salary', amount: '1153.85' }]);
  });

  it('an hourly rate pays the contracted hours of the period (weekly hours × 52 / 12 a month)', () => {
    const r = deGrossPay('DE-2026.1', 'monthly', terms({ hourly_rate: '13.90', hours_per_week: '10' }), []);
    assert.deepEqual(r.earnings, [{ type: 'hourly', amount: '602.33', hours: '43.33', rate: '13.90' }]);
    assert.equal(r.hourly_rate, '13.90');
    const week = deGrossPay('DE-2026.1', 'weekly', terms({ hourly_rate: '20', hours_per_week: null }), []);
    assert.deepEqual(week.earnings, [{ type: 'hourly', amount: '800.00', hours: '40.00', rate: '20.00' }]);
  });

  it("the timesheet's ordinary hours replace the contracted hours", () => {
    const items: DePeriodItem[] = [
      { kind: 'hours', category: 'ordinary', hours: '20' },
      { kind: 'hours', category: 'ordinary', hours: '5.5' },
    ];
    const r = deGrossPay('DE-2026.1', 'monthly', terms({ hourly_rate: '13.90', hours_per_week: '10' }), items);
    assert.deepEqual(r.earnings, [{ type: 'hourly', amount: '354.45', hours: '25.50', rate: '13.90' }]);
  });

  it('overtime is paid at the hourly rate (from the salary when there is none) times its multiplier', () => {
    const salaried = terms({ annual_salary: '52000', hours_per_week: '40' });
    assert.equal(deHourlyRate('DE-2026.1', salaried).toFixed(2), '25.00');
    const r = deGrossPay('DE-2026.1', 'monthly', salaried, [
      { kind: 'hours', category: 'overtime', hours: '4', multiplier: '1.5' },
    ]);
    assert.deepEqual(r.earnings, [
      { type: 'salary', amount: '4333.33' },
      { type: 'overtime', amount: '150.00', hours: '4', rate: '25.00' },
    ]);
    assert.equal(r.hourly_rate, '25.00');
  });

  it('leave hours add pay for hourly staff only; salaried leave is in the salary', () => {
    const leave: DePeriodItem[] = [{ kind: 'hours', category: 'leave', hours: '8' }];
    assert.equal(deGrossPay('DE-2026.1', 'monthly', terms({ annual_salary: '60000' }), leave).earnings.length, 1);
    const hourly = deGrossPay('DE-2026.1', 'weekly', terms({ hourly_rate: '15', hours_per_week: '20' }), leave);
    assert.deepEqual(hourly.earnings.at(-1), { type: 'hourly', amount: '120.00', hours: '8', rate: '15.00' });
  });

  it('allowances, bonuses and leave amounts follow in item order; deductions are not earnings', () => {
    const r = deGrossPay('DE-2026.1', 'monthly', terms({ annual_salary: '48000' }), [
      { kind: 'amount', category: 'bonus', amount: '1500' },
      { kind: 'amount', category: 'deduction', amount: '20' },
      { kind: 'amount', category: 'allowance', amount: '45.5' },
      { kind: 'amount', category: 'leave', amount: '300' },
    ]);
    assert.deepEqual(
      r.earnings.map((e) => [e.type, e.amount]),
      [
        ['salary', '4000.00'],
        ['bonus', '1500.00'],
        ['allowance', '45.50'],
        ['holiday_pay', '300.00'],
      ],
    );
  });

  it('the salary share also serves the stateless forecast: annual, monthly, weekly and daily periods', () => {
    assert.deepEqual(
      (['annual', 'monthly', 'weekly', 'daily'] as const).map((f) => deSalaryShare('DE-2026.1', '36000', f)),
      ['36000.00', '3000.00', '692.31', '100.00'],
    );
  });

  it('a version the pack does not have is refused, never computed with another year’s rules', () => {
    assert.throws(
      () => deGrossPay('DE-2031.1' as DePackVersion, 'monthly', terms({ annual_salary: '1' }), []),
      RangeError,
    );
  });

  it('a salaried period pays the salary share exactly, in every version', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000_000 }), fc.constantFrom(...VERSIONS), (cents, version) => {
        const annual = (cents / 100).toFixed(2);
        const r = deGrossPay(version, 'monthly', terms({ annual_salary: annual }), []);
        assert.deepEqual(r.earnings, [{ type: 'salary', amount: deSalaryShare(version, annual, 'monthly') }]);
      }),
    );
  });
});
