// Column layout of the SuperStream Alternative File Format (SAFF) v1.0 contribution file.
//
// Source: the ATO workbook "SuperStream alternative file format - version 1.0" (release date 4 August
// 2014), sheet "Alternative File Format": row 1 VERSION / NEGATIVES SUPPORTED / FILE ID, row 2 the group
// headings (A2 LINE ID, B2 HEADER, F2 SENDER, M2 PAYER, R2 PAYEE/RECEIVER, AD2 EMPLOYER, AH2 SUPER FUND
// MEMBER COMMON, BF2 SUPER FUND MEMBER CONTRIBUTIONS, BP2 SUPER FUND MEMBER REGISTRATION, CF2 DEFINED
// BENEFITS CONTRIBUTIONS, CV2 DEFINED BENEFITS REGISTRATION), row 3 the 133 column names A3..EC3. Clearing
// houses read it positionally, so every group is kept even when Payrail leaves it empty; the registration
// and defined-benefit groups are never filled here.

export const SAFF_VERSION = '1.0';

interface SaffGroup {
  /** How this module addresses the group (cells are `label|column`). */
  label: string;
  /** The group's heading in row 2, as the ATO workbook writes it. */
  heading: string;
  columns: string[];
}

const definedBenefitSalaryColumns = [1, 2, 3, 4, 5].flatMap((n) => [
  `Defined Benefit Annual Salary ${n}`,
  `Defined Benefit Annual Salary ${n} Start Date`,
  `Defined Benefit Annual Salary ${n} End Date`,
]);

export const SAFF_GROUPS: SaffGroup[] = [
  { label: 'Line ID', heading: 'LINE ID', columns: ['ID'] },
  {
    label: 'Header',
    heading: 'HEADER',
    columns: ['SourceEntityID', 'SourceEntityIDType', 'SourceElectronicServiceAddress', 'ElectronicErrorMessaging'],
  },
  {
    label: 'Sender',
    heading: 'SENDER',
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
    heading: 'PAYER',
    columns: ['ABN', 'Organisational Name Text', 'BSB Number', 'Account Number', 'Account Name Text'],
  },
  {
    label: 'Payee/Receiver',
    heading: 'PAYEE/RECEIVER',
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
    heading: 'EMPLOYER',
    columns: ['ABN', 'Location ID', 'Organisational Name Text', 'Superannuation Fund Generated Employer Identifier'],
  },
  {
    label: 'Super Fund Member Common',
    heading: 'SUPER FUND MEMBER COMMON',
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
    heading: 'SUPER FUND MEMBER CONTRIBUTIONS',
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
    heading: 'SUPER FUND MEMBER REGISTRATION',
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
    heading: 'DEFINED BENEFITS CONTRIBUTIONS',
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
    label: 'Defined Benefits Registration',
    heading: 'DEFINED BENEFITS REGISTRATION',
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
  SAFF_GROUPS.flatMap((g) => [g.heading, ...Array<string>(g.columns.length - 1).fill('')]);

/** Row 1: the format's version, that no amount is negative, and the file's id (a clearing house's duplicate check). */
export const saffVersionRow = (fileId: string): string[] => [
  'VERSION',
  SAFF_VERSION,
  'NEGATIVES SUPPORTED',
  'false',
  'FILE ID',
  fileId,
];

export const saffColumnRow = (): string[] => SAFF_COLUMNS.map((c) => c.name);

/** Lays a sparse group|column map out as a full positional row; unknown keys are a programming error. */
export function saffRow(cells: Partial<Record<SaffCell, string>>): string[] {
  const known = new Set(SAFF_COLUMNS.map((c) => c.key));
  for (const key of Object.keys(cells)) {
    if (!known.has(key as SaffCell)) throw new Error(`unknown SAFF column ${key}`);
  }
  return SAFF_COLUMNS.map((c) => cells[c.key] ?? '');
}
