export interface SuperFund {
  name: string;
  usi?: string | null;
  abn?: string | null;
  smsf?: boolean;
}

export interface SuperContributionInput {
  employee_id: string;
  first_name: string;
  last_name: string;
  /** Only the attested flag: a raw TFN never enters or leaves this module. */
  tfn_provided: boolean;
  date_of_birth?: string | null;
  fund: SuperFund;
  member_number?: string | null;
  super_guarantee: string;
  salary_sacrifice: string;
  /** The member's voluntary contributions from pay after tax (SAFF "Personal Contributions Amount"). */
  personal: string;
}

export interface SuperBatchInput {
  employer: { name: string; abn?: string | null };
  pay_run_id: string;
  period_start: string;
  period_end: string;
  payment_date: string;
  contributions: SuperContributionInput[];
}

export interface SuperBatchLine {
  /** 1-based, in file order (grouped by fund). */
  line_id: number;
  fund_key: string;
  fund: { name: string; usi: string | null; abn: string | null; smsf: boolean };
  employee_id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  tfn_provided: boolean;
  member_number: string | null;
  period_start: string;
  period_end: string;
  super_guarantee: string;
  salary_sacrifice: string;
  personal: string;
  total: string;
}

export interface SuperBatchFundGroup {
  fund_key: string;
  fund: SuperBatchLine['fund'];
  member_count: number;
  sg_total: string;
  salary_sacrifice_total: string;
  personal_total: string;
  total: string;
  lines: SuperBatchLine[];
}

export interface SuperBatchTotals {
  employee_count: number;
  line_count: number;
  fund_count: number;
  sg_total: string;
  salary_sacrifice_total: string;
  personal_total: string;
  total: string;
}

export interface SuperBatch {
  lines: SuperBatchLine[];
  funds: SuperBatchFundGroup[];
  totals: SuperBatchTotals;
}

export interface SuperBatchIssue {
  path: string;
  message: string;
}

export class SuperBatchInputError extends Error {
  readonly code = 'super_batch_input_invalid';
  constructor(readonly issues: SuperBatchIssue[]) {
    super(`super batch input invalid: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
    this.name = 'SuperBatchInputError';
  }
}
