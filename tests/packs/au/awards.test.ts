// Award interpretation (MA000004, AU-2025.1) against worked examples: a weekday, a Saturday, a Sunday, a
// public holiday and an overtime shift for a full-time and a casual Retail Employee Level 1, to the cent.
// Rates: $26.55 an hour (cl. 17.1, from 1 July 2025); permanent 100/125/125/150/225 %, overtime 150/200 %;
// casual 125/150/150/175/250 %, overtime 175/225 % (cl. 11, 21, 22). Each line's rate is the hourly rate x
// the percentage to the cent (as the pay guide tabulates it), its amount hours x rate to the cent.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { interpretShifts, minimumHourly, AwardInputError, type Shift } from '../../../api/packs/au/awards/interpret.ts';
import { awardOf, awardsOf } from '../../../api/packs/au/awards/catalogue.ts';
import { MA000004_2025 } from '../../../api/packs/au/awards/ma000004-2025.ts';

// Monday 3 Nov 2025 starts the week; 8 Nov Saturday, 9 Nov Sunday; 25 Dec 2025 (Thursday) is Christmas Day.
const WEEK = '2025-11-03';
const HOLIDAYS = new Set(['2025-12-25']);

function run(employment: 'full_time' | 'casual', shifts: Shift[], week_start = WEEK, classification = 'level_1') {
  return interpretShifts({
    award: MA000004_2025,
    classification,
    employment,
    shifts,
    public_holidays: HOLIDAYS,
    week_start,
  }).map((l) => `${l.kind}:${l.band} ${l.hours}h x ${l.rate} = ${l.amount} [${l.clause}]`);
}

const day = (date: string, start = '09:00', end = '17:00', break_minutes = 30): Shift => ({
  date,
  start,
  end,
  break_minutes,
});

describe('MA000004 full-time Level 1', () => {
  test('weekday 9-5 with a 30-minute break: 7.5 ordinary hours at $26.55', () => {
    assert.deepEqual(run('full_time', [day('2025-11-04')]), [
      'ordinary:ordinary 7.50h x 26.55 = 199.13 [MA000004 cl. 17.1]',
    ]);
  });
  test('Saturday: 125 % = $33.19', () => {
    assert.deepEqual(run('full_time', [day('2025-11-08')]), [
      'penalty:saturday 7.50h x 33.19 = 248.93 [MA000004 cl. 22.1]',
    ]);
  });
  test('Sunday: 150 % = $39.83', () => {
    assert.deepEqual(run('full_time', [day('2025-11-09')]), [
      'penalty:sunday 7.50h x 39.83 = 298.73 [MA000004 cl. 22.1]',
    ]);
  });
  test('public holiday: 225 % = $59.74', () => {
    assert.deepEqual(run('full_time', [day('2025-12-25')], '2025-12-22'), [
      'penalty:public_holiday 7.50h x 59.74 = 448.05 [MA000004 cl. 22.1]',
    ]);
  });
  test('overtime: 8 am-8 pm with a 30-minute break is 9 ordinary hours and 2.5 at 150 %', () => {
    assert.deepEqual(run('full_time', [day('2025-11-04', '08:00', '20:00')]), [
      'ordinary:ordinary 9.00h x 26.55 = 238.95 [MA000004 cl. 17.1]',
      'overtime:overtime_first 2.50h x 39.83 = 99.58 [MA000004 cl. 21]',
    ]);
  });
  test('overtime beyond 3 hours is 200 %; beyond the span (9 pm) is overtime', () => {
    assert.deepEqual(run('full_time', [day('2025-11-04', '07:00', '23:00', 0)]), [
      'ordinary:ordinary 9.00h x 26.55 = 238.95 [MA000004 cl. 17.1]',
      'overtime:overtime_first 3.00h x 39.83 = 119.49 [MA000004 cl. 21]',
      'overtime:overtime_after 4.00h x 53.10 = 212.40 [MA000004 cl. 21]',
    ]);
  });
  test('weekday evening after 6 pm within the span: 125 %', () => {
    assert.deepEqual(run('full_time', [day('2025-11-05', '13:00', '21:00', 0)]), [
      'ordinary:ordinary 5.00h x 26.55 = 132.75 [MA000004 cl. 17.1]',
      'penalty:evening 3.00h x 33.19 = 99.57 [MA000004 cl. 22.1]',
    ]);
  });
  test('weekly overtime: the hours beyond 38 in the week are overtime', () => {
    // Five 8-hour days (no break) = 40 hours: the last 2 hours of Friday are overtime.
    const shifts = ['2025-11-03', '2025-11-04', '2025-11-05', '2025-11-06', '2025-11-07'].map((d) =>
      day(d, '09:00', '17:00', 0),
    );
    const lines = run('full_time', shifts);
    assert.equal(lines.at(-2), 'ordinary:ordinary 6.00h x 26.55 = 159.30 [MA000004 cl. 17.1]');
    assert.equal(lines.at(-1), 'overtime:overtime_first 2.00h x 39.83 = 79.66 [MA000004 cl. 21]');
  });
});

describe('MA000004 casual Level 1 (casual rate $33.19)', () => {
  test('weekday: ordinary $26.55 and the 25 % casual loading as its own line', () => {
    assert.deepEqual(run('casual', [day('2025-11-04')]), [
      'ordinary:ordinary 7.50h x 26.55 = 199.13 [MA000004 cl. 17.1]',
      'casual_loading:casual_loading 7.50h x 6.64 = 49.80 [MA000004 cl. 11]',
    ]);
  });
  test('Saturday: 150 % = $39.83', () => {
    assert.deepEqual(run('casual', [day('2025-11-08')]), [
      'penalty:saturday 7.50h x 39.83 = 298.73 [MA000004 cl. 22.1]',
    ]);
  });
  test('Sunday: 175 % = $46.46', () => {
    assert.deepEqual(run('casual', [day('2025-11-09')]), ['penalty:sunday 7.50h x 46.46 = 348.45 [MA000004 cl. 22.1]']);
  });
  test('public holiday: 250 % = $66.38', () => {
    assert.deepEqual(run('casual', [day('2025-12-25')], '2025-12-22'), [
      'penalty:public_holiday 7.50h x 66.38 = 497.85 [MA000004 cl. 22.1]',
    ]);
  });
  test('overtime: beyond 9 hours at 175 % = $46.46', () => {
    assert.deepEqual(run('casual', [day('2025-11-04', '08:00', '20:00')]), [
      'ordinary:ordinary 9.00h x 26.55 = 238.95 [MA000004 cl. 17.1]',
      'casual_loading:casual_loading 9.00h x 6.64 = 59.76 [MA000004 cl. 11]',
      'overtime:overtime_first 2.50h x 46.46 = 116.15 [MA000004 cl. 21]',
    ]);
  });
  test('Sunday overtime beyond the span (6 pm) at 225 %', () => {
    assert.deepEqual(run('casual', [day('2025-11-09', '10:00', '19:00', 0)]), [
      'penalty:sunday 8.00h x 46.46 = 371.68 [MA000004 cl. 22.1]',
      'overtime:overtime_sunday 1.00h x 59.74 = 59.74 [MA000004 cl. 21]',
    ]);
  });
});

describe('MA000004 Levels 2 and 3, and casual overtime beyond 3 hours', () => {
  test('casual overtime: the first 3 hours at 175 %, the rest at 225 % ($59.74)', () => {
    assert.deepEqual(run('casual', [day('2025-11-04', '07:00', '23:00', 0)]), [
      'ordinary:ordinary 9.00h x 26.55 = 238.95 [MA000004 cl. 17.1]',
      'casual_loading:casual_loading 9.00h x 6.64 = 59.76 [MA000004 cl. 11]',
      'overtime:overtime_first 3.00h x 46.46 = 139.38 [MA000004 cl. 21]',
      'overtime:overtime_after 4.00h x 59.74 = 238.96 [MA000004 cl. 21]',
    ]);
  });
  test('Level 2 casual weekday: $27.16 and a loading of $6.79 (casual rate $33.95)', () => {
    assert.deepEqual(run('casual', [day('2025-11-04')], WEEK, 'level_2'), [
      'ordinary:ordinary 7.50h x 27.16 = 203.70 [MA000004 cl. 17.1]',
      'casual_loading:casual_loading 7.50h x 6.79 = 50.93 [MA000004 cl. 11]',
    ]);
  });
  test('Level 3 Sunday: full-time 150 % = $41.37, casual 175 % = $48.27', () => {
    assert.deepEqual(run('full_time', [day('2025-11-09')], WEEK, 'level_3'), [
      'penalty:sunday 7.50h x 41.37 = 310.28 [MA000004 cl. 22.1]',
    ]);
    assert.deepEqual(run('casual', [day('2025-11-09')], WEEK, 'level_3'), [
      'penalty:sunday 7.50h x 48.27 = 362.03 [MA000004 cl. 22.1]',
    ]);
  });
});

describe('rates and refusals', () => {
  test('minimum hourly rates, permanent and casual', () => {
    assert.equal(minimumHourly(MA000004_2025, 'level_1', 'full_time'), '26.55');
    assert.equal(minimumHourly(MA000004_2025, 'level_1', 'casual'), '33.19');
    assert.equal(minimumHourly(MA000004_2025, 'level_2', 'casual'), '33.95');
    assert.equal(minimumHourly(MA000004_2025, 'level_3', 'part_time'), '27.58');
    assert.equal(minimumHourly(MA000004_2025, 'level_3', 'casual'), '34.48');
    assert.equal(minimumHourly(MA000004_2025, 'level_9', 'casual'), null);
  });
  test('AU-2025.1 and AU-2026.2 carry MA000004 and MA000009; AU-2026.1 carries no award', () => {
    assert.equal(awardOf('AU-2025.1', 'ma000004')?.code, 'MA000004');
    assert.equal(awardOf('AU-2025.1', 'MA000009')?.rates_from, '2025-07-01');
    assert.deepEqual(
      awardsOf('AU-2026.2').map((a) => `${a.code} ${a.rates_from}`),
      ['MA000004 2026-07-01', 'MA000009 2026-07-01'],
    );
    assert.deepEqual(awardsOf('AU-2026.1'), []);
    assert.deepEqual(awardsOf('AU-2024.1'), []);
  });
  test('bad times, a break as long as the shift and overlapping shifts are refused with the path', () => {
    assert.throws(
      () => run('casual', [day('2025-11-04', '9:00')]),
      (e: AwardInputError) => e.path === 'shifts[0].start',
    );
    assert.throws(() => run('casual', [day('2025-11-04', '09:00', '10:00', 60)]), /break/);
    assert.throws(
      () => run('casual', [day('2025-11-04', '09:00', '17:00', 0), day('2025-11-04', '16:00', '18:00', 0)]),
      /overlap/,
    );
  });
  test('a shift past midnight puts the minutes after midnight on the next day', () => {
    // Saturday 8 pm to Sunday 1 am: all outside the span, so overtime; Sunday's hour at the Sunday rate.
    assert.deepEqual(run('full_time', [day('2025-11-08', '20:00', '01:00', 0)]), [
      'overtime:overtime_first 3.00h x 39.83 = 119.49 [MA000004 cl. 21]',
      'overtime:overtime_after 1.00h x 53.10 = 53.10 [MA000004 cl. 21]',
      'overtime:overtime_sunday 1.00h x 53.10 = 53.10 [MA000004 cl. 21]',
    ]);
  });
});
