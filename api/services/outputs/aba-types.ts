export interface AbaCompany {
  account_name: string;
  /** 6 digits or NNN-NNN. */
  bsb: string;
  account_number: string;
  /** Three-letter financial institution code, e.g. WBC. */
  bank_code: string;
  apca_user_id: string;
  remitter_name?: string;
}

export interface AbaPayment {
  bsb: string;
  account_number: string;
  account_name: string;
  /** Dollars with at most 2 decimals, > 0. */
  amount: string;
  reference: string;
}

export interface AbaInput {
  company: AbaCompany;
  /** Defaults to PAYROLL. */
  description?: string;
  /** YYYY-MM-DD. */
  processing_date: string;
  payments: AbaPayment[];
  /** Appends a code-13 debit from the company account that nets the file to zero. */
  balancing_debit?: boolean;
}

export interface AbaFile {
  text: string;
  sha256: string;
  /** Type 1 records, including the balancing debit: the count the trailer carries. */
  record_count: number;
  credit_total_cents: number;
  debit_total_cents: number;
}

export interface AbaIssue {
  path: string;
  message: string;
}

export class AbaInputError extends Error {
  readonly code = 'aba_input_invalid';
  constructor(readonly issues: AbaIssue[]) {
    super(`ABA input invalid: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    this.name = 'AbaInputError';
  }
}

export class AbaFormatError extends Error {
  readonly code = 'aba_format_invalid';
  constructor(readonly issues: AbaIssue[]) {
    super(`ABA file invalid: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    this.name = 'AbaFormatError';
  }
}

export const ABA_TRANSACTION_CODES = { pay: '53', debit: '13' } as const;

export interface AbaDescriptiveRecord {
  reel: string;
  bank_code: string;
  user_name: string;
  apca_user_id: string;
  description: string;
  /** YYYY-MM-DD, read from DDMMYY as a 21st-century date. */
  processing_date: string;
}

export interface AbaDetailRecord {
  bsb: string;
  account_number: string;
  indicator: string;
  transaction_code: string;
  amount_cents: number;
  account_title: string;
  lodgement_reference: string;
  trace_bsb: string;
  trace_account_number: string;
  remitter_name: string;
  withholding_tax_cents: number;
}

export interface AbaTotalRecord {
  net_total_cents: number;
  credit_total_cents: number;
  debit_total_cents: number;
  record_count: number;
}

export interface ParsedAbaFile {
  descriptive: AbaDescriptiveRecord;
  details: AbaDetailRecord[];
  total: AbaTotalRecord;
}
