// What a German Entgeltabrechnung carries beyond the common payslip figures, in German: § 108 Abs. 1 GewO
// and § 1 EBV (Entgeltbescheinigungsverordnung) ask for the employee's name, address and date of birth, the
// social-insurance number, the tax class, child allowances and church-tax mark (ELStAM), the health insurer,
// the taxable and contributory wage (Steuer-Brutto, SV-Brutto), each tax and each branch's employee share,
// the statutory net and the amount paid out. The figures are the finalised entry's, never worked out again.
import type { EntryResult } from '../../engines/types.ts';
import { deOf } from '../../jurisdictions/statutory.ts';
import { dec, money } from '../../lib/money.ts';
import type { Address } from '../../model/address.ts';
import type { EmployeeData } from '../../model/employee.ts';
import { payslipFormat } from '../outputs/payslip-format.ts';
import { describeCode } from '../outputs/payslip-labels.ts';
import type { PayslipAmountLine, PayslipFact, PayslipParticulars } from '../outputs/payslip-types.ts';

const ROMAN = ['', 'I', 'II', 'III', 'IV', 'V', 'VI'];

/** Kirchensteuermerkmale as ELStAM states them, in words (kirchensteuerinfo.de). */
const DENOMINATION: Record<string, string> = {
  ev: 'evangelisch',
  rk: 'römisch-katholisch',
  lt: 'lutherisch',
  rf: 'reformiert',
  fr: 'französisch-reformiert',
  ak: 'altkatholisch',
  fs: 'freireligiös',
  is: 'israelitisch',
  ib: 'israelitisch',
  iw: 'israelitisch',
  jd: 'jüdisch',
  jh: 'jüdisch',
};

/** The deductions every Entgeltabrechnung lists, even at nil: the taxes of § 1 Abs. 1 Nr. 3 EBV. */
const TAXES = ['Lohnsteuer', 'Solidaritätszuschlag', 'Kirchensteuer'];

const f = payslipFormat('de-DE', 'EUR');

/** A German address as it is written: street, then postcode before the town. */
export function germanAddress(a: Address | string | null | undefined): string[] {
  if (!a) return [];
  if (typeof a === 'string') return [a];
  const town = [a.postcode, a.locality].filter(Boolean).join(' ');
  return [[a.line1, a.line2].filter(Boolean).join(', '), [town, a.country !== 'DE' ? a.country : null]]
    .flat()
    .filter((l): l is string => !!l);
}

function churchTaxMark(denomination: string | null | undefined, liable: boolean | null | undefined): string {
  if (denomination && denomination !== '--')
    return DENOMINATION[denomination] ? `${denomination} (${DENOMINATION[denomination]})` : denomination;
  if (denomination === '--' || liable === false) return '-- (keine Kirchensteuer)';
  return liable ? 'kirchensteuerpflichtig' : 'nicht hinterlegt';
}

function taxClassOf(d: ReturnType<typeof deOf>['de'], flatTaxed: boolean): string {
  if (flatTaxed) return 'Pauschal versteuert (2 %)';
  if (!d.tax_class) return 'nicht hinterlegt';
  const factor = d.tax_class === 4 && d.factor ? ` mit Faktor ${d.factor.replace('.', ',')}` : '';
  return `${ROMAN[d.tax_class]}${factor}`;
}

function employmentOf(category: string, type: string | null | undefined): string {
  if (category === 'minijob') return 'Minijob';
  if (category === 'midijob') return 'Midijob (Übergangsbereich)';
  return type ? describeCode('de-DE', type) : 'Beschäftigt';
}

/** The entry's deductions with the three taxes always listed, at nil when the period has none. */
export function deDeductions(listed: PayslipAmountLine[]): PayslipAmountLine[] {
  const missing = TAXES.filter((t) => !listed.some((l) => l.label === t)).map((label) => ({ label, amount: '0.00' }));
  const taxes = [...listed.filter((l) => TAXES.includes(l.label)), ...missing].sort(
    (a, b) => TAXES.indexOf(a.label) - TAXES.indexOf(b.label),
  );
  return [...taxes, ...listed.filter((l) => !TAXES.includes(l.label))];
}

export function deParticulars(w: EmployeeData | undefined, res: EntryResult, flatTaxed: boolean): PayslipParticulars {
  const d = w ? deOf(w).de : {};
  const category = String(res.detail.employment_category ?? 'regular');
  const employee: PayslipFact[] = [];
  const address = germanAddress(w?.address);
  address.forEach((line, i) => employee.push({ label: i === 0 ? 'Anschrift' : '', value: line }));
  if (!address.length) employee.push({ label: 'Anschrift', value: 'nicht hinterlegt' });
  employee.push({ label: 'Geburtsdatum', value: w?.date_of_birth ? f.date(w.date_of_birth) : 'nicht hinterlegt' });
  employee.push({ label: 'Beschäftigung', value: employmentOf(category, w?.employment.type) });
  if (w?.employment.start_date) employee.push({ label: 'Eintritt', value: f.date(w.employment.start_date) });

  const health = d.health_insurance;
  const insurer =
    health?.type === 'private'
      ? 'privat versichert'
      : health?.insurer?.name
        ? health.insurer.name
        : category === 'minijob'
          ? 'Minijob-Zentrale'
          : 'nicht hinterlegt';
  const svnr = d.svnr_attested === true;
  const period: PayslipFact[] = [
    { label: 'Steuerklasse', value: taxClassOf(d, flatTaxed) },
    { label: 'Kinderfreibeträge', value: String(d.children ?? 0).replace('.', ',') },
    { label: 'Kirchensteuermerkmal', value: churchTaxMark(d.church_tax_denomination, d.church_tax) },
    { label: 'Krankenkasse', value: insurer },
    { label: 'SV-Nummer', value: svnr ? 'hinterlegt \u00b9' : 'nicht hinterlegt' },
  ];

  // Every pay type the pack knows is taxable and contributory, so the taxable wage is the gross; a flat-taxed
  // minijob's pay is taxed by the employer's 2 % and is not on the employee's tax account.
  const bases = res.detail.sv_bases as { kv_pv?: string; rv_av?: string } | undefined;
  const figures: PayslipFact[] = [{ label: 'Steuer-Brutto', value: f.money(flatTaxed ? '0.00' : res.gross) }];
  if (bases?.kv_pv && bases.rv_av && bases.kv_pv === bases.rv_av)
    figures.push({ label: 'SV-Brutto', value: f.money(bases.kv_pv) });
  else if (bases?.kv_pv && bases.rv_av)
    figures.push(
      { label: 'SV-Brutto KV/PV', value: f.money(bases.kv_pv) },
      { label: 'SV-Brutto RV/AV', value: f.money(bases.rv_av) },
    );
  figures.push({
    label: 'Gesetzl. Netto',
    value: f.money(
      money(
        dec(res.gross)
          .minus(res.tax)
          .minus(res.social ?? '0'),
      ),
    ),
  });

  const notes = svnr
    ? [
        '\u00b9 Die Sozialversicherungsnummer ist bei Payrail nur als Prüfwert gespeichert, nicht im Klartext, ' +
          'und kann deshalb nicht abgedruckt werden.',
      ]
    : [];
  if (!bases) notes.push('Das SV-Brutto je Versicherungszweig ist zu dieser Abrechnung nicht gespeichert.');
  return { employee, period, bases: { title: 'Steuer- und SV-Brutto', figures }, notes };
}
