// Australian public holidays against the published 2025 and 2026 lists of every state and territory
// (the government pages cited in api/packs/au/public-holidays.ts). A line reads `date name`, with the
// scope in brackets when the day is not statewide.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auHolidays } from '../../../api/packs/au/public-holidays.ts';

const lines = (region: string, year: number) =>
  auHolidays
    .holidays(region, year)
    .map((h) => `${h.date} ${h.name}${h.scope === 'statewide' ? '' : ` (${h.scope})`}${h.substitute ? ' *' : ''}`);

const EXPECTED: Record<string, Record<number, string[]>> = {
  NSW: {
    2025: [
      "2025-01-01 New Year's Day",
      '2025-01-27 Australia Day *',
      '2025-04-18 Good Friday',
      '2025-04-19 Easter Saturday',
      '2025-04-20 Easter Sunday',
      '2025-04-21 Easter Monday',
      '2025-04-25 Anzac Day',
      "2025-06-09 King's Birthday",
      '2025-08-04 Bank Holiday (limited)',
      '2025-10-06 Labour Day',
      '2025-12-25 Christmas Day',
      '2025-12-26 Boxing Day',
    ],
    2026: [
      "2026-01-01 New Year's Day",
      '2026-01-26 Australia Day',
      '2026-04-03 Good Friday',
      '2026-04-04 Easter Saturday',
      '2026-04-05 Easter Sunday',
      '2026-04-06 Easter Monday',
      '2026-04-25 Anzac Day',
      "2026-06-08 King's Birthday",
      '2026-08-03 Bank Holiday (limited)',
      '2026-10-05 Labour Day',
      '2026-12-25 Christmas Day',
      '2026-12-26 Boxing Day',
      '2026-12-28 Boxing Day *',
    ],
  },
  VIC: {
    2025: [
      "2025-01-01 New Year's Day",
      '2025-01-27 Australia Day *',
      '2025-03-10 Labour Day',
      '2025-04-18 Good Friday',
      '2025-04-19 Easter Saturday',
      '2025-04-20 Easter Sunday',
      '2025-04-21 Easter Monday',
      '2025-04-25 Anzac Day',
      "2025-06-09 King's Birthday",
      '2025-09-26 Friday before the AFL Grand Final',
      '2025-11-04 Melbourne Cup (regional)',
      '2025-12-25 Christmas Day',
      '2025-12-26 Boxing Day',
    ],
    2026: [
      "2026-01-01 New Year's Day",
      '2026-01-26 Australia Day',
      '2026-03-09 Labour Day',
      '2026-04-03 Good Friday',
      '2026-04-04 Easter Saturday',
      '2026-04-05 Easter Sunday',
      '2026-04-06 Easter Monday',
      '2026-04-25 Anzac Day',
      "2026-06-08 King's Birthday",
      '2026-09-25 Friday before the AFL Grand Final',
      '2026-11-03 Melbourne Cup (regional)',
      '2026-12-25 Christmas Day',
      '2026-12-26 Boxing Day',
      '2026-12-28 Boxing Day *',
    ],
  },
  QLD: {
    2025: [
      "2025-01-01 New Year's Day",
      '2025-01-27 Australia Day *',
      '2025-04-18 Good Friday',
      '2025-04-19 Easter Saturday',
      '2025-04-20 Easter Sunday',
      '2025-04-21 Easter Monday',
      '2025-04-25 Anzac Day',
      '2025-05-05 Labour Day',
      '2025-08-13 Royal Queensland Show (regional)',
      "2025-10-06 King's Birthday",
      '2025-12-24 Christmas Eve (part_day)',
      '2025-12-25 Christmas Day',
      '2025-12-26 Boxing Day',
    ],
    2026: [
      "2026-01-01 New Year's Day",
      '2026-01-26 Australia Day',
      '2026-04-03 Good Friday',
      '2026-04-04 Easter Saturday',
      '2026-04-05 Easter Sunday',
      '2026-04-06 Easter Monday',
      '2026-04-25 Anzac Day',
      '2026-05-04 Labour Day',
      '2026-08-12 Royal Queensland Show (regional)',
      "2026-10-05 King's Birthday",
      '2026-12-24 Christmas Eve (part_day)',
      '2026-12-25 Christmas Day',
      '2026-12-26 Boxing Day',
      '2026-12-28 Boxing Day *',
    ],
  },
  SA: {
    2025: [
      "2025-01-01 New Year's Day",
      '2025-01-27 Australia Day *',
      '2025-03-10 Adelaide Cup Day',
      '2025-04-18 Good Friday',
      '2025-04-19 Easter Saturday',
      '2025-04-20 Easter Sunday',
      '2025-04-21 Easter Monday',
      '2025-04-25 Anzac Day',
      "2025-06-09 King's Birthday",
      '2025-10-06 Labour Day',
      '2025-12-24 Christmas Eve (part_day)',
      '2025-12-25 Christmas Day',
      '2025-12-26 Proclamation Day',
      "2025-12-31 New Year's Eve (part_day)",
    ],
    2026: [
      "2026-01-01 New Year's Day",
      '2026-01-26 Australia Day',
      '2026-03-09 Adelaide Cup Day',
      '2026-04-03 Good Friday',
      '2026-04-04 Easter Saturday',
      '2026-04-05 Easter Sunday',
      '2026-04-06 Easter Monday',
      '2026-04-25 Anzac Day',
      "2026-06-08 King's Birthday",
      '2026-10-05 Labour Day',
      '2026-12-24 Christmas Eve (part_day)',
      '2026-12-25 Christmas Day',
      '2026-12-26 Proclamation Day',
      '2026-12-28 Proclamation Day *',
      "2026-12-31 New Year's Eve (part_day)",
    ],
  },
  WA: {
    2025: [
      "2025-01-01 New Year's Day",
      '2025-01-27 Australia Day *',
      '2025-03-03 Labour Day',
      '2025-04-18 Good Friday',
      '2025-04-20 Easter Sunday',
      '2025-04-21 Easter Monday',
      '2025-04-25 Anzac Day',
      '2025-06-02 Western Australia Day',
      "2025-09-29 King's Birthday",
      '2025-12-25 Christmas Day',
      '2025-12-26 Boxing Day',
    ],
    2026: [
      "2026-01-01 New Year's Day",
      '2026-01-26 Australia Day',
      '2026-03-02 Labour Day',
      '2026-04-03 Good Friday',
      '2026-04-05 Easter Sunday',
      '2026-04-06 Easter Monday',
      '2026-04-25 Anzac Day',
      '2026-04-27 Anzac Day *',
      '2026-06-01 Western Australia Day',
      "2026-09-28 King's Birthday",
      '2026-12-25 Christmas Day',
      '2026-12-26 Boxing Day',
      '2026-12-28 Boxing Day *',
    ],
  },
  TAS: {
    2025: [
      "2025-01-01 New Year's Day",
      '2025-01-27 Australia Day *',
      '2025-02-10 Royal Hobart Regatta (regional)',
      '2025-03-10 Eight Hours Day',
      '2025-04-18 Good Friday',
      '2025-04-21 Easter Monday',
      '2025-04-22 Easter Tuesday (limited)',
      '2025-04-25 Anzac Day',
      "2025-06-09 King's Birthday",
      '2025-10-09 Royal Launceston Show (regional)',
      '2025-10-23 Royal Hobart Show (regional)',
      '2025-11-03 Recreation Day (regional)',
      '2025-12-25 Christmas Day',
      '2025-12-26 Boxing Day',
    ],
    2026: [
      "2026-01-01 New Year's Day",
      '2026-01-26 Australia Day',
      '2026-02-09 Royal Hobart Regatta (regional)',
      '2026-03-09 Eight Hours Day',
      '2026-04-03 Good Friday',
      '2026-04-06 Easter Monday',
      '2026-04-07 Easter Tuesday (limited)',
      '2026-04-25 Anzac Day',
      "2026-06-08 King's Birthday",
      '2026-10-08 Royal Launceston Show (regional)',
      '2026-10-22 Royal Hobart Show (regional)',
      '2026-11-02 Recreation Day (regional)',
      '2026-12-25 Christmas Day',
      '2026-12-28 Boxing Day *',
    ],
  },
  ACT: {
    2025: [
      "2025-01-01 New Year's Day",
      '2025-01-27 Australia Day *',
      '2025-03-10 Canberra Day',
      '2025-04-18 Good Friday',
      '2025-04-19 Easter Saturday',
      '2025-04-20 Easter Sunday',
      '2025-04-21 Easter Monday',
      '2025-04-25 Anzac Day',
      '2025-06-02 Reconciliation Day',
      "2025-06-09 King's Birthday",
      '2025-08-04 Bank Holiday (limited)',
      '2025-10-06 Labour Day',
      '2025-12-25 Christmas Day',
      '2025-12-26 Boxing Day',
    ],
    2026: [
      "2026-01-01 New Year's Day",
      '2026-01-26 Australia Day',
      '2026-03-09 Canberra Day',
      '2026-04-03 Good Friday',
      '2026-04-04 Easter Saturday',
      '2026-04-05 Easter Sunday',
      '2026-04-06 Easter Monday',
      '2026-04-25 Anzac Day',
      '2026-04-27 Anzac Day *',
      '2026-06-01 Reconciliation Day',
      "2026-06-08 King's Birthday",
      '2026-08-03 Bank Holiday (limited)',
      '2026-10-05 Labour Day',
      '2026-12-25 Christmas Day',
      '2026-12-26 Boxing Day',
      '2026-12-28 Boxing Day *',
    ],
  },
  NT: {
    2025: [
      "2025-01-01 New Year's Day",
      '2025-01-27 Australia Day *',
      '2025-04-18 Good Friday',
      '2025-04-19 Easter Saturday',
      '2025-04-21 Easter Monday',
      '2025-04-25 Anzac Day',
      '2025-05-05 May Day',
      "2025-06-09 King's Birthday",
      '2025-07-04 Alice Springs Show Day (regional)',
      '2025-07-11 Tennant Creek Show Day (regional)',
      '2025-07-18 Katherine Show Day (regional)',
      '2025-07-25 Darwin Show Day (regional)',
      '2025-08-04 Picnic Day',
      '2025-12-24 Christmas Eve (part_day)',
      '2025-12-25 Christmas Day',
      '2025-12-26 Boxing Day',
      "2025-12-31 New Year's Eve (part_day)",
    ],
    2026: [
      "2026-01-01 New Year's Day",
      '2026-01-26 Australia Day',
      '2026-04-03 Good Friday',
      '2026-04-04 Easter Saturday',
      '2026-04-06 Easter Monday',
      '2026-04-25 Anzac Day',
      '2026-05-04 May Day',
      "2026-06-08 King's Birthday",
      '2026-07-03 Alice Springs Show Day (regional)',
      '2026-07-10 Tennant Creek Show Day (regional)',
      '2026-07-17 Katherine Show Day (regional)',
      '2026-07-24 Darwin Show Day (regional)',
      '2026-08-03 Picnic Day',
      '2026-12-24 Christmas Eve (part_day)',
      '2026-12-25 Christmas Day',
      '2026-12-28 Boxing Day *',
      "2026-12-31 New Year's Eve (part_day)",
    ],
  },
};

describe('Australian public holidays, 2025 and 2026', () => {
  for (const [region, years] of Object.entries(EXPECTED))
    for (const [year, expected] of Object.entries(years))
      it(`${region} ${year} matches the published list`, () => {
        assert.deepEqual(lines(region, Number(year)), expected);
      });

  it('covers every state and territory', () => {
    assert.deepEqual(Object.keys(EXPECTED).sort(), auHolidays.regions.map((r) => r.code).sort());
  });

  it('part-day holidays carry their hours; regional ones their area', () => {
    const sa = auHolidays.holidays('SA', 2026).find((h) => h.name === 'Christmas Eve')!;
    assert.equal(sa.hours, '19:00-24:00');
    const qld = auHolidays.holidays('QLD', 2026).find((h) => h.name === 'Christmas Eve')!;
    assert.equal(qld.hours, '18:00-24:00');
    const cup = auHolidays.holidays('VIC', 2025).find((h) => h.name === 'Melbourne Cup')!;
    assert.match(cup.area!, /Metropolitan Melbourne/);
  });

  it('answers "not covered" for a year without published proclamations rather than guess', () => {
    assert.throws(() => auHolidays.holidays('VIC', 2027), RangeError);
    assert.throws(() => auHolidays.holidays('NSW', 2024), RangeError);
    assert.throws(() => auHolidays.holidays('XX', 2025), RangeError);
  });
});
