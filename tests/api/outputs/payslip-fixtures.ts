import { dec, money } from '../../../api/lib/money.ts';
import type { PayslipDocument } from '../../../api/services/outputs/payslip-pdf.ts';

export const auPayslip: PayslipDocument = {
  locale: 'en-AU',
  currency: 'AUD',
  employer: { name: 'Harbour & Co Cafés Pty Ltd', abn: '51824753556', address: '12 Wharf Street, Sydney NSW 2000' },
  employee: {
    id: 'EMP-0042',
    name: 'Chloé Nguyen',
    employment_type: 'full_time',
    pay_frequency: 'fortnightly',
    hourly_rate: '34.5000',
  },
  pay_run_id: 'pr_2025_07_14_au',
  period_start: '2025-07-01',
  period_end: '2025-07-14',
  payment_date: '2025-07-16',
  pack_version: 'AU-2025.1',
  earnings: [
    { label: 'Ordinary hours', hours: '76.00', rate: '34.5000', amount: '2622.00' },
    { label: 'Overtime (time and a half)', hours: '4.00', rate: '51.7500', amount: '207.00' },
    { label: 'Laundry allowance', amount: '18.40' },
  ],
  deductions: [
    { label: 'PAYG withholding', amount: '512.00' },
    { label: 'Study and training support loan', amount: '71.00' },
    { label: 'Salary sacrifice to super', amount: '100.00' },
  ],
  contributions: [{ label: 'Super guarantee (12%) · AustralianSuper', amount: '314.64' }],
  gross: '2847.40',
  tax: '583.00',
  net: '2164.40',
  ytd: { gross: '5694.80', tax: '1166.00', net: '4328.80', super: '629.28' },
  payment: { bsb: '062000', account_last3: '789', account_name: 'C Nguyen' },
  leave: [
    { label: 'Annual leave', hours: '11.69' },
    { label: "Personal/carer's leave", hours: '5.85' },
  ],
};

export const dePayslip: PayslipDocument = {
  locale: 'de-DE',
  currency: 'EUR',
  employer: { name: 'Müller & Söhne GmbH', abn: null, address: 'Königstraße 12, 70173 Stuttgart' },
  employee: {
    id: 'P-1007',
    name: 'Jürgen Weiß',
    employment_type: 'full_time',
    pay_frequency: 'monthly',
    hourly_rate: null,
  },
  pay_run_id: 'pr_2025_07_de',
  period_start: '2025-07-01',
  period_end: '2025-07-31',
  payment_date: '2025-07-30',
  pack_version: 'DE-2025.1',
  earnings: [
    { label: 'Grundgehalt', amount: '4200.00' },
    { label: 'Überstundenzuschlag', hours: '6.00', rate: '30.2500', amount: '181.50' },
  ],
  deductions: [
    { label: 'Lohnsteuer', amount: '612.41' },
    { label: 'Solidaritätszuschlag', amount: '0.00' },
    { label: 'Kirchensteuer', amount: '55.11' },
    { label: 'Krankenversicherung (AN-Anteil)', amount: '359.28' },
    { label: 'Rentenversicherung (AN-Anteil)', amount: '407.48' },
    { label: 'Arbeitslosenversicherung (AN-Anteil)', amount: '56.96' },
    { label: 'Pflegeversicherung (AN-Anteil)', amount: '78.88' },
  ],
  contributions: [
    { label: 'Krankenversicherung (AG-Anteil)', amount: '359.28' },
    { label: 'Rentenversicherung (AG-Anteil)', amount: '407.48' },
    { label: 'Arbeitslosenversicherung (AG-Anteil)', amount: '56.96' },
    { label: 'Pflegeversicherung (AG-Anteil)', amount: '78.88' },
  ],
  gross: '4381.50',
  tax: '667.52',
  net: '2811.38',
  ytd: { gross: '30670.50', tax: '4672.64', net: '19679.66', super: null },
  payment: { bsb: null, account_last3: '321', account_name: 'Jürgen Weiß' },
  leave: [{ label: 'Resturlaub', hours: '96.00' }],
};

/** The Entgeltabrechnung with what § 108 GewO and EBV § 1 add, as the DE builder words it. */
export const deEntgeltabrechnung: PayslipDocument = {
  ...dePayslip,
  employee: { ...dePayslip.employee, employment_type: null },
  ytd: { ...dePayslip.ytd, social: '6318.20' },
  payment: { account_name: 'Jürgen Weiß', iban_last4: '3000' },
  particulars: {
    employee: [
      { label: 'Anschrift', value: 'Lindenallee 7a' },
      { label: '', value: '70176 Stuttgart' },
      { label: 'Geburtsdatum', value: '14. März 1986' },
      { label: 'Beschäftigung', value: 'Vollzeit' },
      { label: 'Eintritt', value: '1. Feb. 2021' },
    ],
    period: [
      { label: 'Steuerklasse', value: 'III' },
      { label: 'Kinderfreibeträge', value: '1,5' },
      { label: 'Kirchensteuermerkmal', value: 'rk (römisch-katholisch)' },
      { label: 'Krankenkasse', value: 'Techniker Krankenkasse' },
      { label: 'SV-Nummer', value: 'hinterlegt \u00b9' },
    ],
    bases: {
      title: 'Steuer- und SV-Brutto',
      figures: [
        { label: 'Steuer-Brutto', value: '4.381,50 €' },
        { label: 'SV-Brutto', value: '4.381,50 €' },
        { label: 'Gesetzl. Netto', value: '2.811,38 €' },
      ],
    },
    notes: ['\u00b9 Die Sozialversicherungsnummer ist bei Payrail nur als Prüfwert gespeichert, nicht im Klartext.'],
  },
};

/** A casual with a line per shift: long enough that the payslip has to run onto a second page. */
export function longPayslip(lines = 25): PayslipDocument {
  const earnings = Array.from({ length: lines }, (_, i) => ({
    label: `Shift ${String(i + 1).padStart(2, '0')} · ordinary hours incl. casual loading`,
    hours: '7.60',
    rate: '43.1250',
    amount: '327.75',
  }));
  const gross = money(dec('327.75').times(lines));
  return {
    ...auPayslip,
    employee: { ...auPayslip.employee, employment_type: 'casual', hourly_rate: '43.1250' },
    earnings,
    gross,
    deductions: [{ label: 'PAYG withholding', amount: '1900.00' }],
    tax: '1900.00',
    net: money(dec(gross).minus('1900.00')),
    contributions: [{ label: 'Super guarantee (12%)', amount: money(dec(gross).times('0.12')) }],
  };
}
