// Country profiles for sample mode: plausible employers, people and simplified statutory rates
// so previews look like real payroll. They are illustrations, not the packs' statutory maths.
import type { Country, PayFrequency } from '../../client/models.js';

/** Marginal bands on an annual amount: `[from, rate]`, ascending. */
export type Bands = [number, number][];
export const bands =
  (table: Bands) =>
  (x: number): number =>
    table.reduce((t, [from, rate], i) => {
      const to = table[i + 1]?.[0] ?? Infinity;
      return x > from ? t + (Math.min(x, to) - from) * rate : t;
    }, 0);

/** `[label, code, rate, annual cap]`: a deduction or employer contribution as a share of gross. */
export type Levy = [string, string, number, number?];

export interface Profile {
  freq: PayFrequency;
  /** Days from period end to payday (weekly/fortnightly), or day of month (monthly). */
  pay: number;
  fyMonth: number;
  employer: { name: string; abn?: string };
  names: string;
  ccs: string[];
  sites: string[];
  scale: number;
  tax: (annual: number) => number;
  taxLabel: string;
  taxCode: string;
  deductions: Levy[];
  contributions: Levy[];
  salaryLabel: string;
  hoursLabel: string;
  flags: Record<string, unknown>;
  /** The flags of the sample employee still missing a document (default: the first flag false). */
  pendingFlags?: Record<string, unknown>;
  taxProfile: Record<string, unknown>;
  missing: string[];
}

// German wage tax, tariff §32a EStG 2026, on an approximated taxable income (class I).
const deTax = (gross: number) => {
  const x = Math.floor(Math.max(0, gross * 0.79 - 1266));
  if (x <= 12348) return 0;
  if (x <= 17799) {
    const y = (x - 12348) / 1e4;
    return (914.51 * y + 1400) * y;
  }
  if (x <= 69878) {
    const z = (x - 17799) / 1e4;
    return (173.1 * z + 2397) * z + 1034.87;
  }
  return x <= 277825 ? 0.42 * x - 11135.63 : 0.45 * x - 19470.38;
};

export const PROFILES: Record<Country, Profile> = {
  AU: {
    freq: 'fortnightly',
    pay: 3,
    fyMonth: 6,
    employer: { name: 'Harbour & Vine Hospitality Pty Ltd', abn: '51 824 753 556' },
    names:
      'Olivia Nguyen,Jack Thompson,Charlotte Wilson,Liam O’Brien,Amelia Patel,Noah Kelly,Isla Murphy,Lachlan Smith,Mia Chen,Cooper Jones,Ruby Walker,Ethan Russo',
    ccs: ['HQ-ADMIN', 'SYD-FOH', 'MEL-FOH'],
    sites: ['Sydney', 'Sydney', 'Melbourne'],
    scale: 1,
    // Resident rates 2025–26 with the 2 % Medicare levy folded in, as withholding does.
    tax: bands([
      [18200, 0.18],
      [45000, 0.32],
      [135000, 0.39],
      [190000, 0.47],
    ]),
    taxLabel: 'PAYG withholding',
    taxCode: 'PAYGW',
    deductions: [],
    contributions: [['Superannuation guarantee (12%)', 'SG', 0.12]],
    salaryLabel: 'Base salary',
    hoursLabel: 'Ordinary hours',
    // As the API shows an AU employee: the declaration's state and question 9 with whether it was answered.
    flags: {
      tfn_attested: true,
      tfn_declaration: 'tfn_quoted',
      tax_free_threshold: true,
      tax_free_threshold_answered: true,
      study_loan: false,
      bank_attested: true,
      super_fund_attested: true,
    },
    // Hired before the TFN declaration arrived: nothing quoted yet and question 9 unanswered.
    pendingFlags: {
      tfn_attested: false,
      tfn_declaration: 'not_received',
      tax_free_threshold: false,
      tax_free_threshold_answered: false,
    },
    taxProfile: { residency: 'resident', treatment_code: 'RTXXXX' },
    missing: ['tfn_declaration', 'super_fund'],
  },
  DE: {
    freq: 'monthly',
    pay: 28,
    fyMonth: 0,
    employer: { name: 'Nordlicht Logistik GmbH' },
    names:
      'Anna Schmidt,Lukas Müller,Sophie Weber,Jonas Becker,Lea Hoffmann,Felix Schäfer,Mia Koch,Paul Wagner,Hannah Richter,Leon Klein,Emma Wolf,Tim Neumann',
    ccs: ['HH-VERW', 'HH-LAGER', 'B-VERTRIEB'],
    sites: ['Hamburg', 'Hamburg', 'Berlin'],
    scale: 0.62,
    tax: deTax,
    taxLabel: 'Lohnsteuer',
    taxCode: 'LST',
    deductions: [
      ['Krankenversicherung AN', 'KV-AN', 0.0875, 69750],
      ['Rentenversicherung AN', 'RV-AN', 0.093, 101400],
      ['Arbeitslosenversicherung AN', 'AV-AN', 0.013, 101400],
      ['Pflegeversicherung AN', 'PV-AN', 0.018, 69750],
    ],
    contributions: [
      ['Krankenversicherung AG', 'KV-AG', 0.0875, 69750],
      ['Rentenversicherung AG', 'RV-AG', 0.093, 101400],
      ['Arbeitslosenversicherung AG', 'AV-AG', 0.013, 101400],
      ['Pflegeversicherung AG', 'PV-AG', 0.018, 69750],
    ],
    salaryLabel: 'Grundgehalt',
    hoursLabel: 'Stundenlohn',
    flags: { tax_id_attested: true, svnr_attested: true, iban_attested: true, church_tax: true },
    taxProfile: { tax_class: 1, church_tax: 'ev', state: 'HH', child_allowances: 0 },
    missing: ['tax_id', 'social_security_number'],
  },
  NZ: {
    freq: 'fortnightly',
    pay: 3,
    fyMonth: 3,
    employer: { name: 'Kōwhai Digital Ltd' },
    names:
      'Aroha Ngata,James Wilson,Sophie Taylor,Nikau Parata,Emily Brown,Oliver Smith,Charlotte Williams,Tama Rangi,Isla Thompson,Jack Anderson,Mere Tawhiri,Liam Scott',
    ccs: ['AKL-ENG', 'AKL-OPS', 'WLG-SUPPORT'],
    sites: ['Auckland', 'Auckland', 'Wellington'],
    scale: 0.92,
    tax: bands([
      [0, 0.105],
      [15600, 0.175],
      [53500, 0.3],
      [78100, 0.33],
      [180000, 0.39],
    ]),
    taxLabel: 'PAYE',
    taxCode: 'PAYE',
    deductions: [
      ['ACC earners’ levy', 'ACC', 0.0167],
      ['KiwiSaver employee (3%)', 'KS-EE', 0.03],
    ],
    contributions: [['KiwiSaver employer (3%)', 'KS-ER', 0.03]],
    salaryLabel: 'Salary',
    hoursLabel: 'Ordinary hours',
    flags: { ird_number_attested: true, kiwisaver_enrolled: true, student_loan: false },
    taxProfile: { tax_code: 'M', residency: 'resident' },
    missing: ['ird_number', 'kiwisaver_rate'],
  },
  UK: {
    freq: 'monthly',
    pay: 25,
    fyMonth: 3,
    employer: { name: 'Thistle & Thames Retail Ltd' },
    names:
      'Amelia Clarke,Oliver Hughes,Isla Evans,George Patel,Freya Roberts,Harry Davies,Poppy Wright,Arthur Khan,Ava Green,Jacob Hall,Grace Morris,Alfie Ward',
    ccs: ['LDN-HO', 'LDN-STORE', 'MAN-STORE'],
    sites: ['London', 'London', 'Manchester'],
    scale: 0.55,
    tax: bands([
      [12570, 0.2],
      [50270, 0.4],
      [125140, 0.45],
    ]),
    taxLabel: 'Income Tax (PAYE)',
    taxCode: 'PAYE',
    deductions: [
      ['National Insurance', 'NI', 0.065],
      ['Workplace pension (5%)', 'PEN-EE', 0.05],
    ],
    contributions: [
      ['Employer pension (3%)', 'PEN-ER', 0.03],
      ['Employer National Insurance', 'NI-ER', 0.13],
    ],
    salaryLabel: 'Basic salary',
    hoursLabel: 'Hours worked',
    flags: { ni_number_attested: true, starter_declaration: true, student_loan: false },
    taxProfile: { tax_code: '1257L', ni_category: 'A' },
    missing: ['ni_number', 'starter_declaration'],
  },
  US: {
    freq: 'fortnightly',
    pay: 5,
    fyMonth: 0,
    employer: { name: 'Bluebird Health Partners, Inc.' },
    names:
      'Emma Johnson,Liam Garcia,Olivia Martinez,Noah Williams,Ava Brown,Ethan Davis,Sophia Rodriguez,Mason Miller,Isabella Wilson,Lucas Moore,Harper Lee,Logan Clark',
    ccs: ['NYC-ADMIN', 'NYC-CLINIC', 'AUS-CLINIC'],
    sites: ['New York', 'New York', 'Austin'],
    scale: 0.78,
    tax: bands([
      [15750, 0.1],
      [27675, 0.12],
      [64225, 0.22],
      [119100, 0.24],
      [213050, 0.32],
    ]),
    taxLabel: 'Federal income tax',
    taxCode: 'FIT',
    deductions: [
      ['Social Security', 'OASDI', 0.062],
      ['Medicare', 'MED', 0.0145],
      ['401(k) (5%)', '401K', 0.05],
    ],
    contributions: [
      ['Employer Social Security', 'OASDI-ER', 0.062],
      ['Employer Medicare', 'MED-ER', 0.0145],
      ['401(k) match', '401K-ER', 0.04],
    ],
    salaryLabel: 'Regular salary',
    hoursLabel: 'Regular hours',
    flags: { ssn_attested: true, w4_on_file: true, i9_verified: true },
    taxProfile: { filing_status: 'single', state: 'NY' },
    missing: ['w4', 'direct_deposit'],
  },
};

/**
 * One roster shape shared by every country, scaled by `Profile.scale`:
 * `[type, annual salary or hourly rate in AUD-equivalents, hours per week, cost-centre index]`.
 */
export const ROSTER: [string, number, number, number][] = [
  ['full_time', 142000, 38, 0],
  ['full_time', 96500, 38, 1],
  ['full_time', 88000, 38, 2],
  ['part_time', 51000, 22.8, 1],
  ['casual', 36.4, 24, 2],
  ['full_time', 104000, 38, 0],
  ['casual', 34.1, 18, 1],
  ['full_time', 82500, 38, 2],
  ['full_time', 128000, 38, 0],
  ['part_time', 54600, 24, 2],
  ['full_time', 79000, 38, 1],
  ['full_time', 91000, 38, 2],
];
