// Gesetzliche Feiertage against the published 2025 and 2026 lists of every Land (the Feiertagsgesetze
// cited in api/packs/de/public-holidays.ts). Regional days are marked `(regional)`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deHolidays } from '../../../api/packs/de/public-holidays.ts';

const lines = (region: string, year: number) =>
  deHolidays.holidays(region, year).map((h) => `${h.date} ${h.name}${h.scope === 'regional' ? ' (regional)' : ''}`);

// Every Land: Neujahr, Karfreitag, Ostermontag, Tag der Arbeit, Christi Himmelfahrt, Pfingstmontag, Tag der
// Deutschen Einheit and both Weihnachtstage.
const common = {
  2025: {
    '01-01': 'Neujahr',
    '04-18': 'Karfreitag',
    '04-21': 'Ostermontag',
    '05-01': 'Tag der Arbeit',
    '05-29': 'Christi Himmelfahrt',
    '06-09': 'Pfingstmontag',
    '10-03': 'Tag der Deutschen Einheit',
    '12-25': '1. Weihnachtstag',
    '12-26': '2. Weihnachtstag',
  },
  2026: {
    '01-01': 'Neujahr',
    '04-03': 'Karfreitag',
    '04-06': 'Ostermontag',
    '05-01': 'Tag der Arbeit',
    '05-14': 'Christi Himmelfahrt',
    '05-25': 'Pfingstmontag',
    '10-03': 'Tag der Deutschen Einheit',
    '12-25': '1. Weihnachtstag',
    '12-26': '2. Weihnachtstag',
  },
} as const;

/** The Land's own days on top of the common ones, per year (month-day and name). */
const EXTRA: Record<string, Record<2025 | 2026, Record<string, string>>> = {
  BW: {
    2025: { '01-06': 'Heilige Drei Könige', '06-19': 'Fronleichnam', '11-01': 'Allerheiligen' },
    2026: { '01-06': 'Heilige Drei Könige', '06-04': 'Fronleichnam', '11-01': 'Allerheiligen' },
  },
  BY: {
    2025: {
      '01-06': 'Heilige Drei Könige',
      '06-19': 'Fronleichnam',
      '08-08': 'Augsburger Hohes Friedensfest (regional)',
      '08-15': 'Mariä Himmelfahrt (regional)',
      '11-01': 'Allerheiligen',
    },
    2026: {
      '01-06': 'Heilige Drei Könige',
      '06-04': 'Fronleichnam',
      '08-08': 'Augsburger Hohes Friedensfest (regional)',
      '08-15': 'Mariä Himmelfahrt (regional)',
      '11-01': 'Allerheiligen',
    },
  },
  BE: {
    2025: { '03-08': 'Internationaler Frauentag', '05-08': '80. Jahrestag der Befreiung vom Nationalsozialismus' },
    2026: { '03-08': 'Internationaler Frauentag' },
  },
  BB: {
    2025: { '04-20': 'Ostersonntag', '06-08': 'Pfingstsonntag', '10-31': 'Reformationstag' },
    2026: { '04-05': 'Ostersonntag', '05-24': 'Pfingstsonntag', '10-31': 'Reformationstag' },
  },
  HB: { 2025: { '10-31': 'Reformationstag' }, 2026: { '10-31': 'Reformationstag' } },
  HH: { 2025: { '10-31': 'Reformationstag' }, 2026: { '10-31': 'Reformationstag' } },
  HE: {
    2025: { '04-20': 'Ostersonntag', '06-08': 'Pfingstsonntag', '06-19': 'Fronleichnam' },
    2026: { '04-05': 'Ostersonntag', '05-24': 'Pfingstsonntag', '06-04': 'Fronleichnam' },
  },
  MV: {
    2025: { '03-08': 'Internationaler Frauentag', '10-31': 'Reformationstag' },
    2026: { '03-08': 'Internationaler Frauentag', '10-31': 'Reformationstag' },
  },
  NI: { 2025: { '10-31': 'Reformationstag' }, 2026: { '10-31': 'Reformationstag' } },
  NW: {
    2025: { '06-19': 'Fronleichnam', '11-01': 'Allerheiligen' },
    2026: { '06-04': 'Fronleichnam', '11-01': 'Allerheiligen' },
  },
  RP: {
    2025: { '06-19': 'Fronleichnam', '11-01': 'Allerheiligen' },
    2026: { '06-04': 'Fronleichnam', '11-01': 'Allerheiligen' },
  },
  SL: {
    2025: { '06-19': 'Fronleichnam', '08-15': 'Mariä Himmelfahrt', '11-01': 'Allerheiligen' },
    2026: { '06-04': 'Fronleichnam', '08-15': 'Mariä Himmelfahrt', '11-01': 'Allerheiligen' },
  },
  SN: {
    2025: { '06-19': 'Fronleichnam (regional)', '10-31': 'Reformationstag', '11-19': 'Buß- und Bettag' },
    2026: { '06-04': 'Fronleichnam (regional)', '10-31': 'Reformationstag', '11-18': 'Buß- und Bettag' },
  },
  ST: {
    2025: { '01-06': 'Heilige Drei Könige', '10-31': 'Reformationstag' },
    2026: { '01-06': 'Heilige Drei Könige', '10-31': 'Reformationstag' },
  },
  SH: { 2025: { '10-31': 'Reformationstag' }, 2026: { '10-31': 'Reformationstag' } },
  TH: {
    2025: { '06-19': 'Fronleichnam (regional)', '09-20': 'Weltkindertag', '10-31': 'Reformationstag' },
    2026: { '06-04': 'Fronleichnam (regional)', '09-20': 'Weltkindertag', '10-31': 'Reformationstag' },
  },
};

const expected = (land: string, year: 2025 | 2026) =>
  Object.entries({ ...common[year], ...EXTRA[land][year] })
    .map(([md, name]) => `${year}-${md} ${name}`)
    .sort();

describe('German public holidays, 2025 and 2026', () => {
  for (const land of Object.keys(EXTRA))
    for (const year of [2025, 2026] as const)
      it(`${land} ${year} matches the published list`, () => {
        assert.deepEqual(lines(land, year), expected(land, year));
      });

  it('covers all sixteen Länder', () => {
    assert.equal(deHolidays.regions.length, 16);
    assert.deepEqual(Object.keys(EXTRA).sort(), deHolidays.regions.map((r) => r.code).sort());
  });

  it('regional days name their area', () => {
    const augsburg = deHolidays.holidays('BY', 2026).find((h) => h.name === 'Augsburger Hohes Friedensfest')!;
    assert.deepEqual([augsburg.scope, augsburg.area], ['regional', 'Stadt Augsburg']);
    const th = deHolidays.holidays('TH', 2025).find((h) => h.name === 'Fronleichnam')!;
    assert.match(th.area!, /Eichsfeld/);
  });

  it('answers "not covered" beyond the checked years', () => {
    assert.throws(() => deHolidays.holidays('BY', 2027), RangeError);
    assert.throws(() => deHolidays.holidays('XX', 2025), RangeError);
  });
});
