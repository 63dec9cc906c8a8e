// The Lohnsteuer-Anmeldung (§ 41a EStG) of one filing period, from the period's finalised entries.
//
// Kennzahlen as the form uses them (Haufe, "Lohnsteuer-Anmeldung, Beitragsnachweis sowie Einbehalten –
// 2.1 Auszufüllende Kennziffern / 2.2 Trennung einzubehaltende und pauschale Lohnsteuer"): 86 number of
// employees, 42 wage tax withheld by the ELStAM method, 41 flat-rate wage tax, 44 flat tax on benefits in
// kind (§ 37b EStG), 49 solidarity surcharge, 47 flat-rate church tax (simplified method), 61 Protestant and
// 62 Roman Catholic church tax, 83 the total due.
//
// What this pack can and cannot fill:
// - 41, 44 and 47 stay 0.00: the pack computes no flat-rate wage tax payable to the Finanzamt (5 %, 20 %,
//   25 %, § 37b). The minijob 2 % flat tax (einheitliche Pauschsteuer) is filed with the Minijob-Zentrale,
//   not here (Haufe, "Lohnsteuer-Anmeldung und Beitragsnachweis: Verfahren Lohnsteuer – Pauschalsteuer von
//   2 % an Minijob-Zentrale melden"): it is on the Minijob-Beitragsnachweis.
// - 86 counts the employees paid in the period whose wage tax was determined individually; minijobbers
//   under the 2 % flat tax are left out, their tax being filed with the Minijob-Zentrale.
// - Church tax of the denominations other than the Protestant (ev, lt, rf, fr → 61) and Roman Catholic
//   (rk → 62) churches has Land-specific lines: it is listed by denomination and is part of 83.
import { money, sum } from '../../lib/money.ts';
import { DENOMINATION_KENNZAHL, NO_DENOMINATION, isDenomination } from '../../packs/de/index.ts';
import type { DeEntryFigures } from './de-entry-figures.ts';

/** One line of the form: a count for Kz 86, a 2-decimal amount for the others. */
export interface LstaKennzahl {
  kennzahl: string;
  label: string;
  value: string;
}

export interface LohnsteuerAnmeldung {
  employee_count: number;
  kennzahlen: LstaKennzahl[];
  church_tax_by_denomination: { denomination: string; kennzahl: string | null; amount: string }[];
  total_due: string;
}

/** Entries whose church tax cannot be placed on a line: no denomination on file. */
export function undeclaredChurchTax(entries: DeEntryFigures[]): DeEntryFigures[] {
  return entries.filter(
    (e) =>
      e.kist !== '0.00' && (!e.denomination || e.denomination === NO_DENOMINATION || !isDenomination(e.denomination)),
  );
}

export function buildLohnsteuerAnmeldung(entries: DeEntryFigures[]): LohnsteuerAnmeldung {
  const total = (pick: (e: DeEntryFigures) => string, of = entries) => money(sum(of.map(pick)));
  const church = new Map<string, DeEntryFigures[]>();
  for (const e of entries)
    if (e.kist !== '0.00') church.set(e.denomination!, [...(church.get(e.denomination!) ?? []), e]);
  const byDenomination = [...church.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([denomination, list]) => ({
      denomination,
      kennzahl: isDenomination(denomination) ? (DENOMINATION_KENNZAHL[denomination] ?? null) : null,
      amount: total((e) => e.kist, list),
    }));
  const atKennzahl = (kz: string) => money(sum(byDenomination.filter((d) => d.kennzahl === kz).map((d) => d.amount)));
  const individually = entries.filter((e) => !e.flat_taxed);
  const kennzahlen: LstaKennzahl[] = [
    { kennzahl: '42', label: 'Summe der einzubehaltenden Lohnsteuer', value: total((e) => e.lst) },
    { kennzahl: '41', label: 'Summe der pauschalen Lohnsteuer', value: '0.00' },
    { kennzahl: '44', label: 'Pauschale Lohnsteuer nach § 37b EStG', value: '0.00' },
    { kennzahl: '49', label: 'Solidaritätszuschlag', value: total((e) => e.solz) },
    { kennzahl: '47', label: 'Pauschale Kirchensteuer im vereinfachten Verfahren', value: '0.00' },
    { kennzahl: '61', label: 'Evangelische Kirchensteuer', value: atKennzahl('61') },
    { kennzahl: '62', label: 'Römisch-katholische Kirchensteuer', value: atKennzahl('62') },
  ];
  const due = money(
    sum([...kennzahlen.map((k) => k.value), ...byDenomination.filter((d) => d.kennzahl === null).map((d) => d.amount)]),
  );
  const count = new Set(individually.map((e) => e.employee_id)).size;
  return {
    employee_count: count,
    kennzahlen: [
      { kennzahl: '86', label: 'Zahl der Arbeitnehmer', value: String(count) },
      ...kennzahlen,
      { kennzahl: '83', label: 'Gesamtbetrag', value: due },
    ],
    church_tax_by_denomination: byDenomination,
    total_due: due,
  };
}
