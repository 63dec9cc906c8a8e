// Schedule 5 (NAT 7905) Method A and the Payday Super business-day count, pack functions on their own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { calculateAuPay, getAuVersion } from '../../../api/packs/au/index.ts';
import { addBusinessDays, nonBusinessDays, superDueDate } from '../../../api/packs/au/super-due.ts';

const declared = {
  tfn_provided: true,
  tax_free_threshold: true,
  residency: 'resident' as const,
  medicare_levy_exemption: 'none' as const,
  study_loan: false,
  medicare_adjustment: null,
};
const weekly = (version: string, bonus: Record<string, unknown>, tax = declared) =>
  calculateAuPay(version, {
    frequency: 'weekly',
    payment_date: getAuVersion(version).effective.to,
    employment: { type: 'full_time', annual_salary: '78000.00' },
    tax,
    items: [{ kind: 'amount', category: 'bonus', amount: '10000.00', ...bonus }],
  });

test('Schedule 5 Method A: $10,000 bonus on $1,500 a week, 2026 table: 299 + (360 - 299) x 52 = 3,471', () => {
  assert.equal(weekly('AU-2026.1', {}).payg, '3471.00');
  assert.equal(weekly('AU-2026.1', { earned_over_periods: 1 }).payg, '4750.00');
  assert.equal(weekly('AU-2026.1', { earned_over_periods: 4 }).payg, '4003.00');
});

test('Schedule 5: step 8 caps the spread at the top rate; without a TFN the no-TFN rate takes the whole pay', () => {
  // $100 spread over 52 pays adds 100/52 -> 1 a week to step 1; the bonus never carries more than 47 % of itself.
  const small = weekly('AU-2026.1', { amount: '100.00' });
  assert.ok(Number(small.payg) - 299 <= 47);
  // No TFN (scale 4): 47 % of whole dollars of 11,500 = 5,405.
  assert.equal(weekly('AU-2026.1', {}, { ...declared, tfn_provided: false }).payg, '5405.00');
});

test("business days skip weekends and public holidays: national, and the state's where the calendar covers the year", () => {
  // Christmas 2026 is a Friday; Boxing Day a Saturday, so NSW (and every state) keeps Monday 28 December.
  assert.ok(nonBusinessDays(2026, 'NSW').has('2026-12-28'));
  assert.ok(nonBusinessDays(2026, null).has('2026-12-25'));
  assert.equal(addBusinessDays('2026-12-16', 7, 'NSW'), '2026-12-29');
  // A year beyond the calendar: the national days by rule (New Year's Day 2027 is a Friday).
  assert.equal(addBusinessDays('2026-12-31', 1, 'NSW'), '2027-01-04');
  // Labour Day is the first Monday in October in NSW (Public Holidays Act 2010); WA keeps its King's Birthday on
  // 28 September 2026 instead, so 5 October is a business day there.
  assert.equal(addBusinessDays('2026-10-02', 1, 'NSW'), '2026-10-06');
  assert.equal(addBusinessDays('2026-10-02', 1, 'WA'), '2026-10-05');
  assert.equal(addBusinessDays('2026-09-25', 1, 'WA'), '2026-09-29');
  // Melbourne Cup Day is a holiday of metropolitan Melbourne only: a regional day does not count statewide.
  assert.equal(addBusinessDays('2026-11-02', 1, 'VIC'), '2026-11-03');
  assert.deepEqual(superDueDate('AU-2026.1', '2026-11-18', false, 'NSW'), {
    due_date: '2026-11-27',
    rule: 'payday_7_business_days',
  });
  assert.equal(superDueDate('AU-2025.1', '2025-11-19', true, 'NSW').rule, 'quarterly_28_days');
});

test('a quarterly due date on a weekend or public holiday moves to the next business day (ATO super guarantee due dates)', () => {
  // April-June 2024 is due 28 July 2024, a Sunday: paid on Monday 29 July.
  assert.deepEqual(superDueDate('AU-2025.1', '2024-06-10', false, 'NSW'), {
    due_date: '2024-07-29',
    rule: 'quarterly_28_days',
  });
  // July-September 2025 is due Tuesday 28 October 2025, a business day: unchanged.
  assert.equal(superDueDate('AU-2025.1', '2025-08-20', false, 'NSW').due_date, '2025-10-28');
  // October-December 2022 was due 28 January 2023, a Saturday: Monday 30 January.
  assert.equal(superDueDate('AU-2025.1', '2022-11-15', true, null).due_date, '2023-01-30');
});
