import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AuPayInputError, calculateAuPay, paygWithholding, UnsupportedInPack } from '../../../api/packs/au/index.ts';
import { amount, hourly, hours, residentTax, salaried } from './fixtures.ts';

const ordinaryPay = (r: ReturnType<typeof calculateAuPay>) => r.lines.filter((l) => l.type === 'ordinary_pay');

test('salary per period is annual / 52, 26, 12 or 4, half-up to the cent', () => {
  const gross = (frequency: 'weekly' | 'fortnightly' | 'monthly' | 'quarterly', annual = '85000') =>
    calculateAuPay('AU-2026.1', salaried(annual, { frequency })).gross;
  assert.equal(gross('weekly'), '1634.62');
  assert.equal(gross('fortnightly'), '3269.23');
  assert.equal(gross('monthly'), '7083.33');
  assert.equal(gross('quarterly'), '21250.00');
  assert.equal(gross('weekly', '520.26'), '10.01'); // exactly 10.005: half-up, not half-even
});

test('salaried hourly rate is annual / 52 / hours per week, 38 by default', () => {
  const r = calculateAuPay(
    'AU-2026.1',
    salaried('78000', { employment: { type: 'full_time', annual_salary: '78000' } }),
  );
  assert.equal(r.hourly_rate, '39.4737');
  assert.equal(r.ordinary_hours, '76.00');
});

test('withholding on a salaried pay equals the Schedule 1 figure for the taxable gross', () => {
  const r = calculateAuPay('AU-2025.1', salaried('66664', { frequency: 'fortnightly' })); // 2564.00 a fortnight
  assert.equal(r.gross, '2564.00');
  assert.equal(r.payg, '468.00');
  assert.equal(r.tax, '468.00');
  assert.equal(r.scale, 2);
  assert.equal(r.tax_treatment_code, 'RTXXXX');
  assert.equal(r.super_guarantee, '307.68'); // 12% of 2564.00
  assert.equal(r.net, '2096.00');
});

test('salaried leave hours re-label ordinary pay instead of adding to it', () => {
  const r = calculateAuPay('AU-2026.1', salaried('78000', { frequency: 'weekly', items: [hours('leave', '8')] }));
  assert.equal(r.gross, '1500.00');
  assert.deepEqual(
    r.lines.filter((l) => l.type === 'ordinary_pay' || l.type === 'leave').map((l) => [l.type, l.amount, l.hours]),
    [
      ['ordinary_pay', '1184.21', '30.00'],
      ['leave', '315.79', '8.00'],
    ],
  );
  assert.equal(r.ordinary_time_earnings, '1500.00');
  assert.equal(r.ordinary_hours, '38.00');
});

test('hourly staff without a timesheet are paid the standard hours for the period', () => {
  assert.equal(
    calculateAuPay(
      'AU-2026.1',
      hourly('30.00', { employment: { type: 'part_time', hourly_rate: '30.00', hours_per_week: '20' } }),
    ).gross,
    '600.00',
  );
  const monthly = calculateAuPay('AU-2026.1', hourly('30.00', { frequency: 'monthly' }));
  assert.equal(monthly.ordinary_hours, '164.6667'); // 38 x 52 / 12
  assert.equal(monthly.gross, '4940.00');
  const withLeave = calculateAuPay('AU-2026.1', hourly('30.00', { items: [hours('leave', '8')] }));
  assert.equal(withLeave.gross, '1140.00'); // 30 worked + 8 leave = the standard 38
});

test('timesheet hours replace the standard pattern; leave is paid on top of them', () => {
  const r = calculateAuPay('AU-2026.1', hourly('30.00', { items: [hours('ordinary', '30'), hours('leave', '8')] }));
  assert.equal(r.gross, '1140.00');
  assert.equal(r.ordinary_hours, '38.00');
  const penalty = calculateAuPay(
    'AU-2026.1',
    hourly('40.00', {
      employment: { type: 'casual', hourly_rate: '40.00' },
      items: [hours('ordinary', '10'), hours('ordinary', '5', '1.25')],
    }),
  );
  assert.deepEqual(
    ordinaryPay(penalty).map((l) => [l.amount, l.rate]),
    [
      ['400.00', '40.00'],
      ['250.00', '50.00'],
    ],
  );
  assert.deepEqual(penalty.leave_accrued, { annual_hours: '0.0000', personal_hours: '0.0000' });
});

test('a casual with no timesheet and no hours per week is paid nothing ordinary', () => {
  const r = calculateAuPay('AU-2026.1', hourly('40.00', { employment: { type: 'casual', hourly_rate: '40.00' } }));
  assert.equal(r.gross, '0.00');
  assert.equal(r.net, '0.00');
});

test('overtime (1.5x by default) and allowances are gross but not OTE; bonuses are OTE', () => {
  const r = calculateAuPay(
    'AU-2024.1',
    hourly('40.00', {
      items: [
        hours('overtime', '2'),
        hours('overtime', '1', '2'),
        amount('allowance', '25.00'),
        amount('bonus', '100.00'),
      ],
    }),
  );
  assert.equal(r.gross, '1845.00'); // 1520 + 120 + 80 + 25 + 100
  assert.equal(r.ordinary_time_earnings, '1620.00');
  assert.equal(r.super_guarantee, '186.30'); // 11.5% of 1620
});

test('salary sacrifice reduces taxable gross and adds to super; deductions are post-tax', () => {
  const r = calculateAuPay(
    'AU-2024.1',
    salaried('66664', {
      items: [amount('salary_sacrifice', '200.00'), amount('deduction', '25.00', 'Union fees')],
    }),
  );
  assert.equal(r.taxable_gross, '2364.00');
  assert.equal(
    r.payg,
    paygWithholding('AU-2024.1', { earnings: '2364.00', frequency: 'fortnightly', scale: 2, residency: 'resident' }),
  );
  assert.equal(r.super_guarantee, '294.86'); // 11.5% of the pre-sacrifice OTE 2564.00
  assert.equal(r.super_total, '494.86');
  assert.equal(r.net, (2364 - Number(r.tax) - 25).toFixed(2));
  assert.deepEqual(
    r.lines.find((l) => l.type === 'deduction'),
    { type: 'deduction', amount: '-25.00', description: 'Union fees' },
  );
  assert.equal(r.lines.find((l) => l.type === 'salary_sacrifice')?.amount, '-200.00');
});

test('lines other than super_guarantee add up to net', () => {
  const r = calculateAuPay(
    'AU-2026.1',
    salaried('120000', {
      tax: residentTax({ study_loan: true }),
      items: [
        hours('overtime', '3'),
        amount('allowance', '40.00'),
        amount('salary_sacrifice', '300.00'),
        amount('deduction', '15.50'),
      ],
    }),
  );
  const total = r.lines
    .filter((l) => l.type !== 'super_guarantee')
    .reduce((acc, l) => acc + Math.round(Number(l.amount) * 100), 0);
  assert.equal((total / 100).toFixed(2), r.net);
  assert.equal(r.tax, (Number(r.payg) + Number(r.study_loan)).toFixed(2));
  assert.equal(r.tax_treatment_code, 'RTSXXX');
});

test('study loan is added on top, but not without a TFN or with a Medicare levy reduction', () => {
  const input = (tax: Parameters<typeof residentTax>[0]) =>
    salaried('90000', { frequency: 'weekly', tax: residentTax(tax) });
  // 1730.77 a week -> x = 1730.99: PAYG .32x - 181.7319 = 372; loan .15x - 200.5615 = 59.
  const withLoan = calculateAuPay('AU-2026.1', input({ study_loan: true }));
  assert.deepEqual([withLoan.payg, withLoan.study_loan, withLoan.tax], ['372.00', '59.00', '431.00']);
  assert.equal(withLoan.lines.find((l) => l.type === 'study_loan')?.amount, '-59.00');

  const noTfn = calculateAuPay('AU-2026.1', input({ study_loan: true, tfn_provided: false }));
  assert.deepEqual(
    [noTfn.scale, noTfn.payg, noTfn.study_loan, noTfn.tax_treatment_code],
    [4, '813.00', '0.00', 'NAXXXX'],
  );
  assert.equal(
    noTfn.lines.some((l) => l.type === 'study_loan'),
    false,
  );

  const reduction = calculateAuPay('AU-2026.1', input({ study_loan: true, medicare_adjustment: { children: 1 } }));
  assert.deepEqual([reduction.study_loan, reduction.tax_treatment_code], ['0.00', 'RTSXX1']);
});

test('tax treatment codes follow the declaration', () => {
  const code = (tax: Parameters<typeof residentTax>[0]) =>
    calculateAuPay('AU-2026.1', salaried('60000', { tax: residentTax(tax) })).tax_treatment_code;
  assert.equal(code({}), 'RTXXXX');
  assert.equal(code({ tax_free_threshold: false }), 'RNXXXX');
  assert.equal(code({ residency: 'foreign_resident', tax_free_threshold: false }), 'FFXXXX');
  assert.equal(code({ tfn_provided: false, residency: 'foreign_resident' }), 'NFXXXX');
  assert.equal(code({ medicare_levy_exemption: 'full' }), 'RTXXFX');
  assert.equal(
    code({ medicare_levy_exemption: 'half', study_loan: true, medicare_adjustment: { children: 2 } }),
    'RTSXH2',
  );
  assert.equal(code({ medicare_adjustment: { children: 0 } }), 'RTXXX0');
  assert.equal(code({ medicare_adjustment: { children: 12 } }), 'RTXXXA');
});

test('leave accrual follows ordinary hours, paid leave included', () => {
  const r = calculateAuPay('AU-2026.1', salaried('78000', { items: [hours('leave', '7.6')] }));
  assert.deepEqual(r.leave_accrued, { annual_hours: '5.8462', personal_hours: '2.9231' });
});

test('inputs that cannot make a lawful pay are refused with typed errors', () => {
  assert.throws(
    () => calculateAuPay('AU-2026.1', salaried('60000', { tax: residentTax({ residency: 'working_holiday_maker' }) })),
    UnsupportedInPack,
  );
  assert.throws(
    () =>
      calculateAuPay(
        'AU-2026.1',
        salaried('52000', { frequency: 'weekly', items: [amount('salary_sacrifice', '1000.01')] }),
      ),
    AuPayInputError,
  );
  assert.throws(
    () =>
      calculateAuPay('AU-2026.1', salaried('52000', { frequency: 'weekly', items: [amount('deduction', '1000.00')] })),
    AuPayInputError,
  );
  assert.throws(
    () => calculateAuPay('AU-2026.1', hourly('30', { employment: { type: 'full_time' } })),
    AuPayInputError,
  );
  assert.throws(() => calculateAuPay('AU-2026.1', hourly('30', { items: [hours('ordinary', '-1')] })), AuPayInputError);
  assert.throws(() => calculateAuPay('AU-2026.1', hourly('30', { items: [amount('bonus', '1e3')] })), AuPayInputError);
});
