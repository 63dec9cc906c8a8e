// Column layout of the SuperStream Alternative File Format (SAFF) v1.0 contribution file.
//
// Source: the ATO "SuperStream alternative file format v1.0 - Standard format" workbook
// (softwaredevelopers.ato.gov.au, release note dated 4 August 2014), as reproduced column by
// column in Odoo's l10n_au payroll SAFF export. A SAFF file opens with three header rows: a
// VERSION row, a row naming the column groups, and a row naming each column. Clearing houses
// read it positionally, so every group is kept even when this product leaves it empty; the
// registration and defined-benefit groups are never filled here. Not verified against the ATO
// workbook itself.

export const SAFF_VERSION = '1.0';

interface SaffGroup {
  label: string;
  columns: string[];
}

const definedBenefitSalaryColumns = [1, 2, 3, 4, 5].flatMap((n) => [
  `Defined Benefit Annual Salary ${n}`,
  `Defined Benefit Annual Salary ${n} Start Date`,
  `Defined Benefit Annual Salary ${n} End Date`,
]);

export const SAFF_GROUPS: SaffGroup[] = [
  { label: 'Line ID', columns: ['ID'] },
  {
    label: 'Header',
    columns: ['SourceEntityID', 'SourceEntityIDType', 'SourceElectronicServiceAddress', 'ElectronicErrorMessaging'],
  },
  {
    label: 'Sender',
    columns: [
      'ABN',
      'Organisational Name Text',
      'Family Name',
      'Given Name',
      'Other Given Name',
      'E-mail Address Text',
      'Telephone Minimal Number',
    ],
  },
  {
    label: 'Payer',
    columns: ['ABN', 'Organisational Name Text', 'BSB Number', 'Account Number', 'Account Name Text'],
  },
  {
    label: 'Payee/Receiver',
    columns: [
      'ABN',
      'USI',
      'Organisational Name Text',
      'TargetElectronicServiceAddress',
      'Payment Method Code',
      'Transaction Date',
      'Payment/Customer Reference Number',
      'Bpay Biller Code',
      'Payment Amount',
      'BSB Number',
      'Account Number',
      'Account Name Text',
    ],
  },
  {
    label: 'Employer',
    columns: ['ABN', 'Location ID', 'Organisational Name Text', 'Superannuation Fund Generated Employer Identifier'],
  },
  {
    label: 'Super Fund Member Common',
    columns: [
      'TFN',
      'Person Name Title Text',
      'Person Name Suffix text',
      'Family Name',
      'Given Name',
      'Other Given Name',
      'Sex Code',
      'Birth Date',
      'Address Usage Code',
      'Address Details Line 1 Text',
      'Address Details Line 2 Text',
      'Address Details Line 3 Text',
      'Address Details Line 4 Text',
      'Locality Name Text',
      'Postcode Text',
      'State or Territory Code',
      'Country Code',
      'E-mail Address Text',
      'Telephone Minimal Number Landline',
      'Telephone Minimal Number Mobile',
      'Member Client Identifier',
      'Payroll Number Identifier',
      'Employment End Date',
      'Employment End Reason Text',
    ],
  },
  {
    label: 'Super Fund Member Contributions',
    columns: [
      'Pay Period Start Date',
      'Pay Period End Date',
      'Superannuation Guarantee Amount',
      'Award or Productivity Amount',
      'Personal Contributions Amount',
      'Salary Sacrificed Amount',
      'Voluntary Amount',
      'Spouse Contributions Amount',
      'Child Contributions Amount',
      'Other Third Party Contributions Amount',
    ],
  },
  {
    label: 'Super Fund Member Registration',
    columns: [
      'Employment Start Date',
      'At Work Indicator',
      'Annual Salary for Benefits Amount',
      'Annual Salary for Contributions Amount',
      'Annual Salary for Contributions Effective Start Date',
      'Annual Salary for Contributions Effective End Date',
      'Annual Salary for Insurance Amount',
      'Weekly Hours Worked Number',
      'Occupation Description',
      'Insurance Opt Out Indicator',
      'Fund Registration Date',
      'Benefit Category Text',
      'Employment Status Code',
      'Super Contribution Commence Date',
      'Super Contribution Cease Date',
      'Member Registration Amendment Reason Text',
    ],
  },
  {
    label: 'Defined Benefits Contributions',
    columns: [
      'Defined Benefit Member Pre Tax Contribution',
      'Defined Benefit Member Post Tax Contribution',
      'Defined Benefit Employer Contribution',
      'Defined Benefit Notional Member Pre Tax Contribution',
      'Defined Benefit Notional Member Post Tax Contribution',
      'Defined Benefit Notional Employer Contribution',
      'Ordinary Time Earnings',
      'Actual Periodic Salary or Wages Earned',
      'Superannuable Allowances Paid',
      'Notional Superannuable Allowances',
      'Service Fraction',
      'Service Fraction Effective Date',
      'Full Time Hours',
      'Contracted Hours',
      'Actual Hours Paid',
      'Employee Location Identifier',
    ],
  },
  {
    label: 'SuperDefined Benefit Registration',
    columns: [
      'Service Fraction',
      'Service Fraction Start Date',
      'Service Fraction End Date',
      'Defined Benefit Employer Rate',
      'Defined Benefit Employer Rate Start Date',
      'Defined Benefit Employer Rate End Date',
      'Defined Benefit Member Rate',
      'Defined Benefit Member Rate Start Date',
      'Defined Benefit Member Rate End Date',
      ...definedBenefitSalaryColumns,
      'Leave Without Pay Code',
      'Leave Without Pay Code Start Date',
      'Leave Without Pay Code End Date',
      'Annual Salary for Insurance Effective Date',
      'Annual Salary for Benefits Effective Date',
      'Employee Status Effective Date',
      'Employee Benefit Category Effective Date',
      'Employee Location Identifier',
      'Employee Location Identifier Start Date',
      'Employee Location Identifier End Date',
    ],
  },
];

/** Column names repeat across groups (ABN, Family Name, ...), so cells are addressed as group + column. */
export type SaffCell = `${string}|${string}`;

export const SAFF_COLUMNS: { group: string; name: string; key: SaffCell }[] = SAFF_GROUPS.flatMap((g) =>
  g.columns.map((name) => ({ group: g.label, name, key: `${g.label}|${name}` as SaffCell })),
);

export const SAFF_COLUMN_COUNT = SAFF_COLUMNS.length;

/** Row 2: each group's label sits above its first column. */
export const saffGroupRow = (): string[] =>
  SAFF_GROUPS.flatMap((g) => [g.label, ...Array<string>(g.columns.length - 1).fill('')]);

export const saffColumnRow = (): string[] => SAFF_COLUMNS.map((c) => c.name);

/** Lays a sparse group|column map out as a full positional row; unknown keys are a programming error. */
export function saffRow(cells: Partial<Record<SaffCell, string>>): string[] {
  const known = new Set(SAFF_COLUMNS.map((c) => c.key));
  for (const key of Object.keys(cells)) {
    if (!known.has(key as SaffCell)) throw new Error(`unknown SAFF column ${key}`);
  }
  return SAFF_COLUMNS.map((c) => cells[c.key] ?? '');
}
