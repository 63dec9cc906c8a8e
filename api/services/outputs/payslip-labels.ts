// Payslip wording per language. Anything not German falls back to English.

const en = {
  payslip: 'Payslip',
  abn: 'ABN',
  employee: 'Employee',
  employeeId: 'Employee ID',
  employment: 'Employment',
  payFrequency: 'Pay frequency',
  hourlyRate: 'Hourly rate',
  payPeriod: 'Pay period',
  period: 'Period',
  paymentDate: 'Payment date',
  payRun: 'Pay run',
  pack: 'Regulation pack',
  earnings: 'Earnings',
  description: 'Description',
  hours: 'Hours',
  rate: 'Rate',
  amount: 'Amount',
  grossPay: 'Gross pay',
  deductions: 'Deductions',
  taxWithheld: 'Tax withheld',
  totalDeductions: 'Total deductions',
  contributions: 'Employer contributions',
  contributionsShort: 'Contributions',
  total: 'Total',
  netPay: 'Net pay',
  ytd: 'Year to date',
  ytdGross: 'Gross',
  ytdTax: 'Tax',
  ytdSuper: 'Super',
  ytdNet: 'Net',
  payment: 'Payment',
  depositedTo: 'Deposited to',
  bsb: 'BSB',
  account: 'Account',
  leave: 'Leave accrued this pay',
  balance: 'Balance',
  continued: 'continued',
  page: 'Page',
  of: 'of',
};

export type PayslipLabels = typeof en;

const de: PayslipLabels = {
  payslip: 'Entgeltabrechnung',
  abn: 'ABN',
  employee: 'Mitarbeiter',
  employeeId: 'Personalnummer',
  employment: 'Beschäftigung',
  payFrequency: 'Abrechnung',
  hourlyRate: 'Stundenlohn',
  payPeriod: 'Abrechnungszeitraum',
  period: 'Zeitraum',
  paymentDate: 'Auszahlung am',
  payRun: 'Lohnlauf',
  pack: 'Regelwerk',
  earnings: 'Bezüge',
  description: 'Bezeichnung',
  hours: 'Stunden',
  rate: 'Satz',
  amount: 'Betrag',
  grossPay: 'Gesamtbrutto',
  deductions: 'Abzüge',
  taxWithheld: 'Lohnsteuer',
  totalDeductions: 'Summe Abzüge',
  contributions: 'Arbeitgeberanteile',
  contributionsShort: 'AG-Anteile',
  total: 'Summe',
  netPay: 'Auszahlungsbetrag',
  ytd: 'Jahressummen',
  ytdGross: 'Brutto',
  ytdTax: 'Steuer',
  ytdSuper: 'Altersvorsorge',
  ytdNet: 'Netto',
  payment: 'Überweisung',
  depositedTo: 'Überwiesen an',
  bsb: 'BSB',
  account: 'Konto',
  leave: 'Urlaub und Abwesenheiten',
  balance: 'Stand',
  continued: 'Fortsetzung',
  page: 'Seite',
  of: 'von',
};

const codeNames: Record<'en' | 'de', Record<string, string>> = {
  en: {
    full_time: 'Full-time',
    part_time: 'Part-time',
    casual: 'Casual',
    fixed_term: 'Fixed term',
    weekly: 'Weekly',
    fortnightly: 'Fortnightly',
    four_weekly: 'Four-weekly',
    monthly: 'Monthly',
  },
  de: {
    full_time: 'Vollzeit',
    part_time: 'Teilzeit',
    casual: 'Aushilfe',
    minijob: 'Minijob',
    fixed_term: 'Befristet',
    weekly: 'Wöchentlich',
    fortnightly: 'Zweiwöchentlich',
    four_weekly: 'Vierwöchentlich',
    monthly: 'Monatlich',
  },
};

const language = (locale: string): 'en' | 'de' => (locale.toLowerCase().startsWith('de') ? 'de' : 'en');

export const labelsFor = (locale: string): PayslipLabels => (language(locale) === 'de' ? de : en);

/** Stored codes such as `full_time` read as words; unknown codes are humanised rather than hidden. */
export function describeCode(locale: string, code: string): string {
  const known = codeNames[language(locale)][code.toLowerCase()];
  if (known) return known;
  const words = code.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
