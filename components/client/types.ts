// Hand-written shapes of the API responses the components read. They mirror the wire format
// (snake_case, money as 2-decimal strings) so nothing is converted on the way in.

export type Country = 'AU' | 'DE' | 'NZ' | 'UK' | 'US';
/** A 2-decimal string such as `"4850.00"`; never parsed into a float for display. */
export type Money = string;
export type IsoDate = string;

export interface ApiEnvelope<T> {
  data: T;
}
export interface ApiList<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface ApiErrorBody {
  code: string;
  message: string;
  status: number;
  errors?: { path: string; message: string }[];
}

export type Role = 'viewer' | 'preparer' | 'approver' | 'admin';

export interface Me {
  mode: 'partner' | 'embed' | 'user';
  user: { id: string; name: string } | null;
  role: Role | null;
  scope: unknown;
  components: string[];
  employee_id: string | null;
}

export type PayRunStatus = 'draft' | 'previewed' | 'approved' | 'finalising' | 'finalised' | 'voided' | 'lodged';
export type PayFrequency = 'weekly' | 'fortnightly' | 'monthly' | 'quarterly';

export interface PayRunTotals {
  employee_count: number;
  gross: Money;
  tax: Money;
  super?: Money;
  social?: Money;
  net: Money;
  currency: string;
  total_social?: Money;
}

/**
 * What the caller may do with a run now, as the API decides it (state, role, segregation of duties,
 * data scope, component allowlist, pack capabilities). Components offer exactly these.
 */
export type PayRunAllowedAction =
  'preview' | 'adjust' | 'approve' | 'finalise' | 'void' | 'delete' | 'payment_file' | 'super_batch' | 'submit';

export interface PayRun {
  id: string;
  status: PayRunStatus;
  pay_frequency: PayFrequency;
  period_start: IsoDate;
  period_end: IsoDate;
  payment_date: IsoDate;
  pack_version: string;
  totals?: PayRunTotals | null;
  created_at: string;
  approved_by?: string | null;
  evidence_refs: string[];
  /** Present when the totals cover only the entries this caller may see. */
  totals_scope?: 'visible_entries';
  allowed_actions: PayRunAllowedAction[];
}

/** AU entries carry `super` and `lines`; DE entries carry `social` and `wage_types`. */
export interface PayRunEntry {
  employee_id: string;
  employee_name: string;
  gross: Money;
  tax: Money;
  super?: Money;
  social?: Money;
  net: Money;
  currency: string;
  lines?: { type: string; amount: Money }[];
  wage_types?: { code: string; name?: string; amount: Money }[];
  evidence_id?: string;
}

export interface PayslipLine {
  label: string;
  hours?: string | number | null;
  rate?: Money | null;
  amount: Money;
}

export interface Payslip {
  /** `ps_` id, fixed by the run and the employee. */
  id?: string;
  employee_id: string;
  employee_name: string;
  pay_run_id: string;
  period_start: IsoDate;
  period_end: IsoDate;
  payment_date: IsoDate;
  pack_version: string;
  currency: string;
  employer: { name: string; abn?: string | null };
  earnings: PayslipLine[];
  deductions: PayslipLine[];
  contributions: PayslipLine[];
  gross: Money;
  tax: Money;
  net: Money;
  ytd?: { gross: Money; tax: Money; net: Money; super?: Money } | null;
  /** Where net pay went, masked: never a full account number. */
  payment?: { bsb?: string | null; account_last3?: string | null; account_name?: string | null } | null;
  leave?: { label: string; hours: string }[] | null;
}

export interface Employment {
  type: string;
  annual_salary?: Money | null;
  hourly_rate?: Money | null;
  pay_frequency: PayFrequency;
  hours_per_week?: number | string | null;
  start_date: IsoDate;
  end_date: IsoDate | null;
}

/** Statutory and tax sections are open objects of attested flags; no raw identifiers are sent. */
export type OpenFlags = Record<string, unknown>;

export interface Employee {
  id: string;
  first_name: string;
  last_name: string;
  status: 'active' | 'terminated';
  position?: string | null;
  employment: Employment;
  cost_centre_code?: string | null;
  site?: string | null;
  statutory?: { au?: OpenFlags; de?: OpenFlags } & OpenFlags;
  tax_profile?: OpenFlags | null;
}

export interface ReadinessTab {
  status: 'complete' | 'incomplete';
  missing: string[];
}

export interface Readiness {
  jurisdiction: string;
  tabs: Record<string, ReadinessTab>;
  blocks_finalise: boolean;
  unverified_requirements: string[];
}

export interface ListParams {
  limit?: number;
  cursor?: string | null;
  status?: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

/** A read of a run's payslips: `limit` asks for the first few only (the API pages in name order). */
export interface PayslipListOptions extends RequestOptions {
  limit?: number;
}

export type TokenProvider = () => Promise<string>;

/** What every component reads through; implemented by the HTTP client and by the sample data. */
export interface PayrailApi {
  readonly live: boolean;
  me(o?: RequestOptions): Promise<Me>;
  payRuns(p?: ListParams, o?: RequestOptions): Promise<ApiList<PayRun>>;
  payRun(id: string, o?: RequestOptions): Promise<PayRun>;
  entries(id: string, o?: RequestOptions): Promise<PayRunEntry[]>;
  payslips(id: string, o?: PayslipListOptions): Promise<Payslip[]>;
  /** One employee's payslip of a run: one request, not the run's payslips. */
  payslip(payRunId: string, employeeId: string, o?: RequestOptions): Promise<Payslip>;
  employees(p?: ListParams, o?: RequestOptions): Promise<ApiList<Employee>>;
  employee(id: string, o?: RequestOptions): Promise<Employee>;
  readiness(id: string, o?: RequestOptions): Promise<Readiness>;
  pdfUrl(payRunId: string, employeeId: string): string;
  /** Forget a failed token refresh, so a user-initiated retry may ask the provider again. */
  reset?(): void;
}
