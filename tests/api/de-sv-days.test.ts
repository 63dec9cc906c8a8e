// SV days under § 23a SGB IV (gesetze-im-internet.de/sgb_4/__23a.html): a whole calendar month counts 30, a part
// month its calendar days (§ 223 Abs. 2 SGB V: the month at 30 days), and time not covered by
// contributions from recurring pay is left out (Abs. 3 Satz 2): a month with such days counts its calendar days
// covered, a whole month of them none.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { svDays, svDaysLeftOut, uncoveredDaysOf } from '../../api/engines/de-year-to-date.ts';

describe('SV days and the days § 23a Abs. 3 Satz 2 SGB IV leaves out', () => {
  test('whole months count 30, part months their calendar days', () => {
    assert.equal(svDays('2026-01-01', '2026-10-31'), 300);
    assert.equal(svDays('2026-02-01', '2026-02-28'), 30);
    assert.equal(svDays('2026-10-15', '2026-10-31'), 17);
  });

  test('a whole month without contributions (Elternzeit in July, 31 days) loses all its 30 SV days', () => {
    assert.equal(svDaysLeftOut('2026-07-01', '2026-07-31', 31), 30);
  });

  test('17 uncovered days of September (30 days) leave 13: 17 left out', () => {
    assert.equal(svDaysLeftOut('2026-09-01', '2026-09-30', 17), 17);
  });

  test('10 uncovered days of February (28 days) leave its 18 covered calendar days: 12 of its 30 left out', () => {
    assert.equal(svDaysLeftOut('2026-02-01', '2026-02-28', 10), 12);
  });

  test('a week with 3 uncovered days loses 3; none uncovered loses none', () => {
    assert.equal(svDaysLeftOut('2026-03-02', '2026-03-08', 3), 3);
    assert.equal(svDaysLeftOut('2026-03-01', '2026-03-31', 0), 0);
  });

  test('the period’s uncovered days are the sum of its absences’ (unpaid leave and Krankengeld days)', () => {
    assert.equal(uncoveredDaysOf([{ uncovered_days: '4' }, {}, { uncovered_days: '9' }]), 13);
  });
});
