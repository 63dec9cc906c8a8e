// Gesetzliche Feiertage of every Land. Every day is set by a rule of the Land's Feiertagsgesetz (or, for
// the Tag der Deutschen Einheit, the Einigungsvertrag), so the days are computed; the one-off day a
// Land proclaimed by its own law (Berlin, 8 May 2025) is listed for its year. The pack answers for the
// covered years only, where the laws below were checked; later years come with a pack release.
//
// Sources (Feiertagsgesetze as in force 2025/2026):
// - BW: Gesetz über die Sonntage und Feiertage (FTG) § 1
// - BY: Feiertagsgesetz (FTG) Art. 1 — Mariä Himmelfahrt only in municipalities with a predominantly
//   Catholic population (Art. 1 Abs. 1 Nr. 2, list of the Bayerisches Landesamt für Statistik);
//   Augsburger Hohes Friedensfest only in the city of Augsburg (Art. 1 Abs. 2)
// - BE: Gesetz über die Sonn- und Feiertage § 1 (Internationaler Frauentag since 2019); Gesetz über
//   einen einmaligen Feiertag anlässlich des 80. Jahrestages der Befreiung (8 May 2025)
// - BB: Feiertagsgesetz (FTG) § 2 (Ostersonntag, Pfingstsonntag, Reformationstag)
// - HB, HH, NI, SH: Feiertagsgesetze, Reformationstag since 2018
// - HE: Hessisches Feiertagsgesetz (HFeiertagsG) § 1 (Ostersonntag, Pfingstsonntag, Fronleichnam)
// - MV: Feiertagsgesetz (FTG M-V) § 2 (Internationaler Frauentag since 2023, Reformationstag)
// - NW: Feiertagsgesetz NW § 2; RP: Landesfeiertagsgesetz (LFtG) § 2; SL: Feiertagsgesetz § 2
// - SN: Sächsisches Sonn- und Feiertagsgesetz (SächsSFG) § 1; Fronleichnam in the Catholic-Sorbian
//   municipalities named in the Fronleichnamsverordnung (Landkreis Bautzen)
// - ST: Gesetz über die Sonn- und Feiertage (FeiertG LSA) § 2 (Heilige Drei Könige, Reformationstag)
// - TH: Thüringer Feier- und Gedenktagsgesetz (ThürFGtG) § 2 (Weltkindertag since 2019); Fronleichnam in
//   the Landkreis Eichsfeld and the municipalities of the Unstrut-Hainich-Kreis and Wartburgkreis named there
// - Bundesministerium des Innern, "Gesetzliche Feiertage in Deutschland" (overview per Land)
import { addDays } from '../../lib/dates.ts';
import {
  byDate,
  easterSunday,
  iso,
  wednesdayBefore,
  type HolidayCalendar,
  type PublicHoliday,
} from '../public-holidays.ts';

export const DE_REGIONS = [
  { code: 'BW', name: 'Baden-Württemberg' },
  { code: 'BY', name: 'Bayern' },
  { code: 'BE', name: 'Berlin' },
  { code: 'BB', name: 'Brandenburg' },
  { code: 'HB', name: 'Bremen' },
  { code: 'HH', name: 'Hamburg' },
  { code: 'HE', name: 'Hessen' },
  { code: 'MV', name: 'Mecklenburg-Vorpommern' },
  { code: 'NI', name: 'Niedersachsen' },
  { code: 'NW', name: 'Nordrhein-Westfalen' },
  { code: 'RP', name: 'Rheinland-Pfalz' },
  { code: 'SL', name: 'Saarland' },
  { code: 'SN', name: 'Sachsen' },
  { code: 'ST', name: 'Sachsen-Anhalt' },
  { code: 'SH', name: 'Schleswig-Holstein' },
  { code: 'TH', name: 'Thüringen' },
] as const;

const COVERED = { from: 2025, to: 2026 };

type Rule = {
  name: string;
  date: (year: number, easter: string) => string;
  /** Länder where it is a holiday everywhere. */
  lands: readonly string[];
  /** Länder where it is a holiday in part of the Land only, with the area. */
  regional?: Readonly<Record<string, string>>;
};

const ALL = DE_REGIONS.map((r) => r.code);
const easter = (offset: number) => (_y: number, e: string) => addDays(e, offset);
const on = (month: number, day: number) => (y: number) => iso(y, month, day);

const RULES: readonly Rule[] = [
  { name: 'Neujahr', date: on(1, 1), lands: ALL },
  { name: 'Heilige Drei Könige', date: on(1, 6), lands: ['BW', 'BY', 'ST'] },
  { name: 'Internationaler Frauentag', date: on(3, 8), lands: ['BE', 'MV'] },
  { name: 'Karfreitag', date: easter(-2), lands: ALL },
  { name: 'Ostersonntag', date: easter(0), lands: ['BB', 'HE'] },
  { name: 'Ostermontag', date: easter(1), lands: ALL },
  { name: 'Tag der Arbeit', date: on(5, 1), lands: ALL },
  { name: 'Christi Himmelfahrt', date: easter(39), lands: ALL },
  { name: 'Pfingstsonntag', date: easter(49), lands: ['BB', 'HE'] },
  { name: 'Pfingstmontag', date: easter(50), lands: ALL },
  {
    name: 'Fronleichnam',
    date: easter(60),
    lands: ['BW', 'BY', 'HE', 'NW', 'RP', 'SL'],
    regional: {
      SN: 'Katholisch-sorbische Gemeinden im Landkreis Bautzen',
      TH: 'Landkreis Eichsfeld und einzelne Gemeinden im Unstrut-Hainich-Kreis und Wartburgkreis',
    },
  },
  { name: 'Augsburger Hohes Friedensfest', date: on(8, 8), lands: [], regional: { BY: 'Stadt Augsburg' } },
  {
    name: 'Mariä Himmelfahrt',
    date: on(8, 15),
    lands: ['SL'],
    regional: { BY: 'Gemeinden mit überwiegend katholischer Bevölkerung' },
  },
  { name: 'Weltkindertag', date: on(9, 20), lands: ['TH'] },
  { name: 'Tag der Deutschen Einheit', date: on(10, 3), lands: ALL },
  {
    name: 'Reformationstag',
    date: on(10, 31),
    lands: ['BB', 'HB', 'HH', 'MV', 'NI', 'SN', 'ST', 'SH', 'TH'],
  },
  { name: 'Allerheiligen', date: on(11, 1), lands: ['BW', 'BY', 'NW', 'RP', 'SL'] },
  { name: 'Buß- und Bettag', date: (y) => wednesdayBefore(iso(y, 11, 23)), lands: ['SN'] },
  { name: '1. Weihnachtstag', date: on(12, 25), lands: ALL },
  { name: '2. Weihnachtstag', date: on(12, 26), lands: ALL },
];

/** One-off holidays a Land set by its own law for a single year. */
const ONE_OFF: readonly PublicHoliday[] = [
  {
    date: '2025-05-08',
    name: '80. Jahrestag der Befreiung vom Nationalsozialismus',
    region: 'BE',
    scope: 'statewide',
  },
];

export const deHolidays: HolidayCalendar = {
  regions: DE_REGIONS,
  coveredYears: COVERED,
  holidays(region, year) {
    if (year < COVERED.from || year > COVERED.to)
      throw new RangeError(`German public holidays are covered for ${COVERED.from}–${COVERED.to}.`);
    if (!DE_REGIONS.some((r) => r.code === region)) throw new RangeError(`Unknown Land ${region}.`);
    const e = easterSunday(year);
    const out: PublicHoliday[] = [];
    for (const rule of RULES) {
      const date = rule.date(year, e);
      if (rule.lands.includes(region)) out.push({ date, name: rule.name, region, scope: 'statewide' });
      const area = rule.regional?.[region];
      if (area) out.push({ date, name: rule.name, region, scope: 'regional', area });
    }
    out.push(...ONE_OFF.filter((h) => h.region === region && h.date.startsWith(`${year}-`)));
    return byDate(out);
  },
};
