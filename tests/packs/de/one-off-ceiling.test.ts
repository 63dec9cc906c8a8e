// § 23a SGB IV in the pack: SV days, the pro-rata ceiling per branch and the March clause's deciding ceiling
// (Abs. 5: the KV ceiling for the statutory health insured, otherwise the RV ceiling). Figures: de.md 2025/2026
// ceilings (KV/PV 5,512.50 / 5,812.50 a month, RV/AV 8,050 / 8,450).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { D } from '../../../api/lib/money.ts';
import { oneOffCeiling, YearToDateMissing } from '../../../api/packs/de/one-off-ceiling.ts';
import { svDays } from '../../../api/engines/de-year-to-date.ts';

describe('SV days', () => {
  it('a whole month is 30 days, a part month its calendar days', () => {
    assert.equal(svDays('2026-01-01', '2026-10-31'), 300);
    assert.equal(svDays('2026-02-01', '2026-02-28'), 30);
    assert.equal(svDays('2026-10-16', '2026-10-31'), 16);
    assert.equal(svDays('2026-10-16', '2026-11-30'), 46);
    assert.equal(svDays('2026-11-01', '2026-10-31'), 0);
  });
});

describe('one-off payments against the pro-rata annual ceiling', () => {
  const regular = { kv_pv: new D('5166.67'), rv_av: new D('5166.67') };
  const ytd = (kv: string, rv: string, month = 3) => ({
    month,
    current: { sv_days: month * 30, kv_pv: kv, rv_av: rv },
    previous: { sv_days: 360, kv_pv: '60000.00', rv_av: '60000.00' },
  });

  it('privately insured: the RV ceiling decides the March clause, so a bonus fitting RV stays in March', () => {
    // RV room 8,450 × 3 = 25,350.00 − 10,333.34 − 5,166.67 = 9,850.01 ≥ 5,000: no March clause, though KV
    // (17,437.50 − 15,500.01 = 1,937.49) would not fit.
    const c = oneOffCeiling(2026, new D('5000'), regular, ytd('10333.34', '10333.34'), false);
    assert.equal(c.attributed_to, 'current_year');
    assert.deepEqual([c.kv_pv.liable, c.rv_av.liable], ['1937.49', '5000.00']);
    // Statutory health insured: the KV ceiling decides: December 2025.
    assert.equal(
      oneOffCeiling(2026, new D('5000'), regular, ytd('10333.34', '10333.34'), true).attributed_to,
      'previous_year',
    );
  });

  it('from April the clause does not apply; a year not on record is refused', () => {
    const april = oneOffCeiling(2026, new D('20000'), regular, ytd('15500.01', '15500.01', 4), true);
    assert.equal(april.attributed_to, 'current_year');
    // KV: 5,812.50 × 4 = 23,250.00 − 15,500.01 − 5,166.67 = 2,583.32.
    assert.equal(april.kv_pv.liable, '2583.32');
    const incomplete = { ...ytd('0', '0', 10), current: { sv_days: 300, kv_pv: '0', rv_av: '0', complete: false } };
    assert.throws(() => oneOffCeiling(2026, new D('1'), regular, incomplete, true), YearToDateMissing);
  });
});
