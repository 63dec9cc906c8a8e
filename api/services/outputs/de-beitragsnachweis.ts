// Beitragsnachweise (§ 28f Abs. 3 SGB IV) of one month, from the month's finalised entries: one per
// health insurer (Krankenkasse, the collecting office for KV, PV, RV and AV) and one for the minijobs
// (Minijob-Zentrale).
//
// Beitragsgruppen: KV general rate 1000, RV full 0100, AV full 0010, PV 0001; minijobs: KV flat 6000,
// RV flat 0500 (employer only, the minijobber exempt) or 0100 (the employer's 15 % plus the minijobber's
// top-up to the full rate), Umlagen U1, U2 and the Insolvenzgeldumlage 0050, and the 2 % flat tax
// (lohn-info.de, "Minijobrechner: Beitragsgruppen 6000, 0500, 0100, U1, U2, INSO, ST"; Haufe,
// "Geringfügigkeits-Richtlinien 3: Einzug und Nachweis der Insolvenzgeldumlage – Beitragsgruppenschlüssel
// 0050"; minijob-zentrale.de, "Beitragsnachweis": the Steuernummer goes on it when it holds the flat tax).
//
// Umlagen (DE-2026.3 on): U1 and U2 (Aufwendungsausgleichsgesetz) on their own lines `U1` and `U2`, the
// Insolvenzgeldumlage as Beitragsgruppe 0050, employer only, to the insurer the contributions go to (the
// minijobs' to the Minijob-Zentrale).
//
// What the pack does not compute is said, not invented:
// - The KV amount includes the insurer's Zusatzbeitrag and the PV amount the childless surcharge: the
//   entries hold each contribution as one amount, so they are not split into their own lines here.
// - KV at the reduced rate (3000) is not modelled: every statutory member pays the general rate.
// - Entries of versions before DE-2026.3 hold no levies: they are listed as not included, and must be added
//   before the Beitragsnachweis is filed. Accident insurance is not a Beitragsnachweis item.
import { money, sum } from '../../lib/money.ts';
import type { DeEntryFigures, DeInsurer } from './de-entry-figures.ts';

export interface BeitragsLine {
  beitragsgruppe: string;
  label: string;
  employee: string;
  employer: string;
  total: string;
}

export interface Beitragsnachweis {
  insurer: DeInsurer | null;
  employee_count: number;
  lines: BeitragsLine[];
  total_due: string;
}

export const NOT_COMPUTED_LEVIES = ['U1', 'U2', 'Insolvenzgeldumlage (0050)'];

const line = (beitragsgruppe: string, label: string, employee: string[], employer: string[]): BeitragsLine => {
  const ee = money(sum(employee));
  const er = money(sum(employer));
  return { beitragsgruppe, label, employee: ee, employer: er, total: money(sum([ee, er])) };
};

const nonZero = (l: BeitragsLine) => l.total !== '0.00';

/** The employer's levies of these entries, as lines U1, U2 and 0050. */
const levyLines = (list: DeEntryFigures[]): BeitragsLine[] => [
  line(
    'U1',
    'Umlage U1 (Entgeltfortzahlung bei Krankheit)',
    [],
    list.map((e) => e.levies.u1),
  ),
  line(
    'U2',
    'Umlage U2 (Mutterschaftsaufwendungen)',
    [],
    list.map((e) => e.levies.u2),
  ),
  line(
    '0050',
    'Insolvenzgeldumlage',
    [],
    list.map((e) => e.levies.u3),
  ),
];
const totalOf = (lines: BeitragsLine[]) => money(sum(lines.map((l) => l.total)));

/** Entries reported to a Krankenkasse: every one with a contribution that is not a minijob. */
export const insurerEntries = (entries: DeEntryFigures[]) =>
  entries.filter(
    (e) =>
      e.category !== 'minijob' &&
      [...Object.values(e.employee), ...Object.values(e.employer)].some((a) => a !== '0.00'),
  );

/** One Beitragsnachweis per insurer (by Betriebsnummer), in name order. */
export function buildBeitragsnachweise(entries: DeEntryFigures[]): Beitragsnachweis[] {
  const byInsurer = new Map<string, DeEntryFigures[]>();
  for (const e of insurerEntries(entries)) {
    const key = e.insurer!.betriebsnummer;
    byInsurer.set(key, [...(byInsurer.get(key) ?? []), e]);
  }
  return [...byInsurer.values()]
    .map((list) => {
      const col = (side: 'employee' | 'employer', k: 'kv' | 'pv' | 'rv' | 'av') => list.map((e) => e[side][k]);
      const lines = [
        line(
          '1000',
          'Krankenversicherung, allgemeiner Beitrag (mit Zusatzbeitrag)',
          col('employee', 'kv'),
          col('employer', 'kv'),
        ),
        line('0100', 'Rentenversicherung, voller Beitrag', col('employee', 'rv'), col('employer', 'rv')),
        line('0010', 'Arbeitslosenversicherung, voller Beitrag', col('employee', 'av'), col('employer', 'av')),
        line(
          '0001',
          'Pflegeversicherung (mit Beitragszuschlag für Kinderlose)',
          col('employee', 'pv'),
          col('employer', 'pv'),
        ),
        ...levyLines(list),
      ].filter(nonZero);
      return {
        // The insurer as the latest entry froze it: one Betriebsnummer, one name.
        insurer: list[list.length - 1].insurer,
        employee_count: new Set(list.map((e) => e.employee_id)).size,
        lines,
        total_due: totalOf(lines),
      };
    })
    .sort(
      (a, b) =>
        a.insurer!.name.localeCompare(b.insurer!.name) ||
        a.insurer!.betriebsnummer.localeCompare(b.insurer!.betriebsnummer),
    );
}

/** The Minijob-Zentrale's Beitragsnachweis of the month's minijobs. */
export function buildMinijobBeitragsnachweis(entries: DeEntryFigures[]): Beitragsnachweis & { flat_tax: string } {
  const minijobs = entries.filter((e) => e.category === 'minijob');
  const toppedUp = minijobs.filter((e) => e.employee.rv !== '0.00');
  const exempt = minijobs.filter((e) => e.employee.rv === '0.00');
  const flat = minijobs.filter((e) => e.flat_taxed);
  const lines = [
    line(
      '6000',
      'Krankenversicherung, Pauschalbeitrag (13 %)',
      [],
      minijobs.map((e) => e.employer.kv),
    ),
    line(
      '0100',
      'Rentenversicherung, voller Beitrag (15 % Arbeitgeber und Aufstockung des Minijobbers)',
      toppedUp.map((e) => e.employee.rv),
      toppedUp.map((e) => e.employer.rv),
    ),
    line(
      '0500',
      'Rentenversicherung, Pauschalbeitrag (15 %, befreit)',
      [],
      exempt.map((e) => e.employer.rv),
    ),
    ...levyLines(minijobs),
    line(
      'ST',
      'Einheitliche Pauschsteuer (2 %)',
      [],
      flat.map((e) => e.flat_tax),
    ),
  ].filter(nonZero);
  return {
    insurer: {
      name: 'Minijob-Zentrale (Deutsche Rentenversicherung Knappschaft-Bahn-See)',
      betriebsnummer: '98000006',
    },
    employee_count: new Set(minijobs.map((e) => e.employee_id)).size,
    lines,
    total_due: totalOf(lines),
    flat_tax: money(sum(flat.map((e) => e.flat_tax))),
  };
}
