// A statutory output as CSV, one line per Kennzahl or Beitragsgruppe, for entering into certified filing
// software (ELSTER, sv.net): the same figures as the JSON answer.
import { writeCsv } from '../../lib/csv.ts';
import type { StatutoryOutput } from '../lodgement/de-statutory-outputs.ts';

export function statutoryOutputCsv(o: StatutoryOutput): string {
  const head = [
    ['kind', o.kind],
    ['period', o.period.label],
    ['employer', o.employer.name],
  ];
  if ('lohnsteuer_anmeldung' in o) {
    const l = o.lohnsteuer_anmeldung;
    return writeCsv([
      ...head,
      ['kennzahl', 'label', 'value'],
      ...l.kennzahlen.map((k) => [k.kennzahl, k.label, k.value]),
      ...l.church_tax_by_denomination
        .filter((d) => d.kennzahl === null)
        .map((d) => ['', `Kirchensteuer (${d.denomination})`, d.amount]),
    ]);
  }
  const sheets = 'beitragsnachweise' in o ? o.beitragsnachweise : [o.minijob_beitragsnachweis];
  return writeCsv([
    ...head,
    ['insurer_betriebsnummer', 'insurer', 'beitragsgruppe', 'label', 'employee', 'employer', 'total'],
    ...sheets.flatMap((s) => [
      ...s.lines.map((x) => [
        s.insurer?.betriebsnummer ?? '',
        s.insurer?.name ?? '',
        x.beitragsgruppe,
        x.label,
        x.employee,
        x.employer,
        x.total,
      ]),
      [s.insurer?.betriebsnummer ?? '', s.insurer?.name ?? '', 'total', 'Gesamtbetrag', '', '', s.total_due],
    ]),
  ]);
}
