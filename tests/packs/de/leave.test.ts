// German annual leave under the BUrlG and continued pay in sickness under the EFZG, with worked examples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  continuedPayDays,
  deAnnualEntitlement,
  fullMonths,
  roundLeaveDays,
  statutoryMinimumDays,
  waitingPeriodEnd,
  workingDays,
} from '../../../api/packs/de/index.ts';
import { D } from '../../../api/lib/money.ts';

const ent = (contractDays: string | null, start: string, end: string | null, year = 2026, daysPerWeek = 5) =>
  deAnnualEntitlement({ contractDays, daysPerWeek, employmentStart: start, employmentEnd: end, year });

test('the statutory minimum is 24 working days on a six-day week, 20 on five (§ 3(1))', () => {
  assert.equal(statutoryMinimumDays(6).toFixed(2), '24.00');
  assert.equal(statutoryMinimumDays(5).toFixed(2), '20.00');
  // A contract below the minimum gets the minimum.
  assert.equal(ent('18', '2020-01-01', null).days, '20.00');
  assert.equal(ent(null, '2020-01-01', null, 2026, 6).days, '24.00');
});

test('the waiting period ends six months on (BGB § 188(2)); full months count from the first day', () => {
  assert.equal(waitingPeriodEnd('2026-02-01'), '2026-07-31');
  assert.equal(waitingPeriodEnd('2026-01-31'), '2026-07-30');
  assert.equal(waitingPeriodEnd('2026-08-15'), '2027-02-14');
  assert.equal(fullMonths('2026-08-01', '2026-12-31'), 5);
  assert.equal(fullMonths('2026-08-15', '2026-12-31'), 4);
  assert.equal(fullMonths('2026-01-01', '2026-05-31'), 5);
});

test('§ 5(2): half a day or more rounds up; less stays as it is', () => {
  assert.equal(roundLeaveDays(new D('12.5')).toFixed(2), '13.00');
  assert.equal(roundLeaveDays(new D('11.6667')).toFixed(2), '12.00');
  assert.equal(roundLeaveDays(new D('8.3333')).toFixed(2), '8.33');
  assert.equal(roundLeaveDays(new D('4')).toFixed(2), '4.00');
});

test('full entitlement once the waiting period is completed in the year (§ 4)', () => {
  // Joined 1 February: waiting period completed 31 July, full 30 days in the first year.
  const e = ent('30', '2026-02-01', null);
  assert.deepEqual([e.days, e.basis, e.full_from], ['30.00', 'full', '2026-08-01']);
  // Long-standing employee leaving in the second half: the full entitlement.
  assert.deepEqual(
    [ent('30', '2015-04-01', '2026-09-30').days, ent('30', '2015-04-01', '2026-09-30').basis],
    ['30.00', 'full'],
  );
});

test('§ 5(1)(a): waiting period not completable in the year — one twelfth per full month', () => {
  // Joined 1 August 2026, 30 days: 5 full months, 30 x 5/12 = 12.5, rounds up to 13.
  assert.deepEqual(
    [ent('30', '2026-08-01', null).days, ent('30', '2026-08-01', null).basis],
    ['13.00', 'pro_rata_5_1_a'],
  );
  // Joined 15 August, 20 days: 4 full months, 20 x 4/12 = 6.67, rounds up to 7.
  assert.equal(ent('20', '2026-08-15', null).days, '7.00');
});

test('§ 5(1)(b): leaving before the waiting period is completed', () => {
  // 1 March to 31 July: waiting period would end 31 August; 5 full months of 30 days = 12.5 → 13.
  const e = ent('30', '2026-03-01', '2026-07-31');
  assert.deepEqual([e.days, e.basis, e.months], ['13.00', 'pro_rata_5_1_b', 5]);
});

test('§ 5(1)(c): leaving after the waiting period in the first half of the year', () => {
  // Employed since 2020, leaves 31 May: 5 full months of 20 days = 8.33 (under half a day: not rounded).
  const e = ent('20', '2020-01-01', '2026-05-31');
  assert.deepEqual([e.days, e.basis, e.months], ['8.33', 'pro_rata_5_1_c', 5]);
  // Leaving on 30 June counts six months: 30 x 6/12 = 15.
  assert.equal(ent('30', '2020-01-01', '2026-06-30').days, '15.00');
});

test('continued pay in sickness: 42 calendar days per incapacity (EFZG § 3(1))', () => {
  // Sick 5 October to 30 November 2026: paid to 15 November, unpaid from 16 November.
  const days = continuedPayDays([{ start: '2026-10-05', end: '2026-11-30' }]);
  assert.equal(days.length, 57);
  assert.equal(days.filter((d) => d.continued_pay).length, 42);
  assert.equal(days.find((d) => !d.continued_pay)!.date, '2026-11-16');
  // Two periods that follow each other are one incapacity; a gap starts six weeks afresh.
  const joined = continuedPayDays([
    { start: '2026-01-05', end: '2026-01-31' },
    { start: '2026-02-01', end: '2026-02-28' },
  ]);
  assert.equal(joined.filter((d) => !d.continued_pay).length, 55 - 42);
  const apart = continuedPayDays([
    { start: '2026-01-05', end: '2026-01-31' },
    { start: '2026-02-03', end: '2026-02-28' },
  ]);
  assert.equal(apart.filter((d) => !d.continued_pay).length, 0);
});

test('working days: Monday to Friday on a five-day week, Saturday too on six', () => {
  assert.equal(workingDays('2026-12-01', '2026-12-31').length, 23);
  assert.equal(workingDays('2026-11-01', '2026-11-30').length, 21);
  assert.equal(workingDays('2026-11-16', '2026-11-30').length, 11);
  assert.equal(workingDays('2026-11-01', '2026-11-30', 6).length, 25);
});
