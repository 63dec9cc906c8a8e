// Hospitality (MA000009, from 1 July 2025, Level 1 $24.95 an hour, casual $31.19) and minimum engagement in
// both awards, to the cent: weekday evening (7 pm-midnight, $2.81) and night (midnight-7 am, $4.22) amounts
// per hour or part hour on top of the rate (cl. 29.2), Saturday 125 / 150 %, overtime beyond 11.5 hours a day
// Monday-Friday at 150 % for 2 hours and 200 % after (cl. 28), the overtime the sources do not settle
// refused, and a casual's short shift topped up to the minimum engagement (retail 3 hours, hospitality 2,
// cl. 11) as its own line. Figures: ../shared/reference/au-awards.md.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AwardUnsupported, interpretShifts, type Shift } from '../../../api/packs/au/awards/interpret.ts';
import { MA000004_2025 } from '../../../api/packs/au/awards/ma000004-2025.ts';
import { MA000009_2025 } from '../../../api/packs/au/awards/ma000009-2025.ts';
import type { ModernAward } from '../../../api/packs/au/awards/types.ts';

// Monday 3 Nov 2025 starts the week; 25 Dec 2025 (Thursday) is Christmas Day.
function run(award: ModernAward, employment: 'full_time' | 'casual', shifts: Shift[], week_start = '2025-11-03') {
  return interpretShifts({
    award,
    classification: 'level_1',
    employment,
    shifts,
    public_holidays: new Set(['2025-12-25']),
    week_start,
  }).map((l) => `${l.date} ${l.kind} ${l.hours} x ${l.rate} = ${l.amount} [${l.clause}] ${l.description}`);
}
const shift = (date: string, start: string, end: string, break_minutes = 0): Shift => ({
  date,
  start,
  end,
  break_minutes,
});

describe('MA000009 evening and night work', () => {
  test('a full-time night shift Thursday 10 pm-Friday 6 am: 2 evening hours and 6 night hours', () => {
    assert.deepEqual(run(MA000009_2025, 'full_time', [shift('2025-11-06', '22:00', '06:00')]), [
      '2025-11-06 ordinary 2.00 x 24.95 = 49.90 [MA000009 cl. 18.1] Ordinary hours 100 %',
      '2025-11-06 flat_amount 2.00 x 2.81 = 5.62 [MA000009 cl. 29.2] Evening work (7 pm to midnight, per hour or part hour)',
      '2025-11-07 ordinary 6.00 x 24.95 = 149.70 [MA000009 cl. 18.1] Ordinary hours 100 %',
      '2025-11-07 flat_amount 6.00 x 4.22 = 25.32 [MA000009 cl. 29.2] Night work (midnight to 7 am, per hour or part hour)',
    ]);
  });
  test('a part hour counts as an hour; a casual 1.5-hour shift is topped up to 2 hours', () => {
    assert.deepEqual(run(MA000009_2025, 'casual', [shift('2025-11-04', '19:30', '21:00')]), [
      '2025-11-04 ordinary 1.50 x 24.95 = 37.43 [MA000009 cl. 18.1] Ordinary hours 100 %',
      '2025-11-04 casual_loading 1.50 x 6.24 = 9.36 [MA000009 cl. 11] Casual loading 25 %',
      '2025-11-04 flat_amount 2.00 x 2.81 = 5.62 [MA000009 cl. 29.2] Evening work (7 pm to midnight, per hour or part hour)',
      '2025-11-04 minimum_engagement 0.50 x 31.19 = 15.60 [MA000009 cl. 11] Minimum engagement (paid up to 2 hours) 125 %',
    ]);
  });
  test('Saturday, Sunday and public holiday evenings take the day rate and no flat amount', () => {
    assert.deepEqual(run(MA000009_2025, 'casual', [shift('2025-11-08', '17:00', '23:00')]), [
      '2025-11-08 penalty 6.00 x 37.43 = 224.58 [MA000009 cl. 29.2] Saturday 150 %',
    ]);
    assert.deepEqual(run(MA000009_2025, 'full_time', [shift('2025-11-09', '17:00', '23:00')]), [
      '2025-11-09 penalty 6.00 x 37.43 = 224.58 [MA000009 cl. 29.2] Sunday 150 %',
    ]);
    assert.deepEqual(run(MA000009_2025, 'full_time', [shift('2025-12-25', '17:00', '23:00')], '2025-12-22'), [
      '2025-12-25 penalty 6.00 x 56.14 = 336.84 [MA000009 cl. 29.2] Public holiday 225 %',
    ]);
  });
});

describe('MA000009 overtime', () => {
  test('a full-time Monday 5 am-7 pm: 11.5 ordinary hours, 2 at 150 %, 0.5 at 200 %, 2 night hours', () => {
    assert.deepEqual(run(MA000009_2025, 'full_time', [shift('2025-11-03', '05:00', '19:00')]), [
      '2025-11-03 ordinary 11.50 x 24.95 = 286.93 [MA000009 cl. 18.1] Ordinary hours 100 %',
      '2025-11-03 overtime 2.00 x 37.43 = 74.86 [MA000009 cl. 28] Overtime (first 2 hours) 150 %',
      '2025-11-03 overtime 0.50 x 49.90 = 24.95 [MA000009 cl. 28] Overtime (after 2 hours) 200 %',
      '2025-11-03 flat_amount 2.00 x 4.22 = 8.44 [MA000009 cl. 29.2] Night work (midnight to 7 am, per hour or part hour)',
    ]);
  });
  test('Saturday, Sunday, public holiday and casual overtime are refused, never guessed', () => {
    const long = (date: string) => [shift(date, '07:00', '19:00')];
    assert.throws(() => run(MA000009_2025, 'full_time', long('2025-11-08')), AwardUnsupported);
    assert.throws(() => run(MA000009_2025, 'full_time', long('2025-11-08')), /Saturday 2025-11-08/);
    assert.throws(() => run(MA000009_2025, 'full_time', long('2025-11-09')), /Overtime \(Sunday\)/);
    assert.throws(() => run(MA000009_2025, 'full_time', long('2025-12-25'), '2025-12-22'), /public holiday/);
    assert.throws(() => run(MA000009_2025, 'casual', long('2025-11-04')), /casual employee/);
    // Within 11.5 hours nothing is refused.
    assert.equal(run(MA000009_2025, 'casual', [shift('2025-11-08', '07:00', '18:30')]).length, 1);
  });
});

describe('minimum engagement: a casual retail shift shorter than 3 hours', () => {
  test('a 2-hour Tuesday shift is paid up to 3 hours at the casual rate, as its own line', () => {
    assert.deepEqual(run(MA000004_2025, 'casual', [shift('2025-11-04', '10:00', '12:00')]), [
      '2025-11-04 ordinary 2.00 x 26.55 = 53.10 [MA000004 cl. 17.1] Ordinary hours 100 %',
      '2025-11-04 casual_loading 2.00 x 6.64 = 13.28 [MA000004 cl. 11] Casual loading 25 %',
      '2025-11-04 minimum_engagement 1.00 x 33.19 = 33.19 [MA000004 cl. 11] Minimum engagement (paid up to 3 hours) 125 %',
    ]);
  });
  test('a 2-hour Sunday shift is topped up at the Sunday rate; a full-time employee has no top-up', () => {
    assert.deepEqual(run(MA000004_2025, 'casual', [shift('2025-11-09', '10:00', '12:00')]), [
      '2025-11-09 penalty 2.00 x 46.46 = 92.92 [MA000004 cl. 22.1] Sunday 175 %',
      '2025-11-09 minimum_engagement 1.00 x 46.46 = 46.46 [MA000004 cl. 11] Minimum engagement (paid up to 3 hours) 175 %',
    ]);
    assert.deepEqual(run(MA000004_2025, 'full_time', [shift('2025-11-04', '10:00', '12:00')]), [
      '2025-11-04 ordinary 2.00 x 26.55 = 53.10 [MA000004 cl. 17.1] Ordinary hours 100 %',
    ]);
  });
  test('each shift is its own engagement; a 3-hour shift needs no top-up', () => {
    const lines = run(MA000004_2025, 'casual', [
      shift('2025-11-04', '09:00', '12:00'),
      shift('2025-11-05', '09:00', '11:30'),
    ]);
    assert.deepEqual(
      lines.filter((l) => l.includes('minimum_engagement')),
      [
        '2025-11-05 minimum_engagement 0.50 x 33.19 = 16.60 [MA000004 cl. 11] Minimum engagement (paid up to 3 hours) 125 %',
      ],
    );
  });
});
