// The shapes the components read, taken from the generated OpenAPI types (api-types.ts), so a change
// to an API answer shows up here as a type error rather than as a blank cell. Only what the SDK adds
// (the read interface, request options, the token provider) is written by hand.
import type { components, paths } from './api-types.js';

type T = '/v1/tenants/{tenantId}';
/** The JSON body of a path's successful GET. */
type Ok<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer B } } } };
}
  ? B
  : never;
type Data<P extends keyof paths> = Ok<P> extends { data: infer D } ? D : never;
type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } }
  ? NonNullable<Q>
  : never;

/** A tenant route with a GET, as the client names it (`/pay-runs/{payRunId}`). */
export type TenantRead = {
  [K in keyof paths]: K extends `${T}${infer R}` ? (paths[K] extends { get: object } ? R : never) : never;
}[keyof paths];
/** One identifier for each `{…}` of a route's template, in the template's order. */
type ReadIds<S extends string> = S extends `${string}{${string}}${infer Rest}` ? [string, ...ReadIds<Rest>] : [];
/** After the options: the route's identifiers (which a route without may leave out), then a query string. */
export type ReadArgs<P extends TenantRead> =
  ReadIds<P> extends [] ? [ids?: [], query?: string] : [ids: ReadIds<P>, query?: string];
/** What a tenant GET answers: the envelope, or the page of a list. */
export type ReadAnswer<P extends TenantRead> = Ok<`${T}${P}`>;
/** The `data` of a tenant GET's envelope. */
export type ReadData<P extends TenantRead> = Data<`${T}${P}`>;

/** A governed write's method: a change, a creation, a record made once (PUT), or a removal. */
export type WriteMethod = 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** The operation of a tenant route's method (`never` where the route has no such method). */
type Op<P extends string, M extends WriteMethod> = `${T}${P}` extends keyof paths
  ? paths[`${T}${P}`] extends { [L in Lowercase<M>]: infer O }
    ? O
    : never
  : never;
/** A tenant route with this method (with any write method by default), as the client names it (`/pay-items/{code}`). */
export type TenantWrite<M extends WriteMethod = WriteMethod> = M extends WriteMethod
  ? {
      [K in keyof paths]: K extends `${T}${infer R}`
        ? paths[K] extends { [L in Lowercase<M>]: object }
          ? R
          : never
        : never;
    }[keyof paths]
  : never;
/** One identifier for each `{…}` of a write's template, in order (`[]` for a route without). */
export type WriteIds<P extends string> = ReadIds<P>;
/** The JSON body a route's method takes (its `requestBody`), or `undefined` for a method that takes none. */
export type WriteBody<P extends TenantWrite<M>, M extends WriteMethod> =
  Op<P, M> extends { requestBody?: infer Q }
    ? [NonNullable<Q>] extends [never]
      ? undefined
      : NonNullable<Q> extends { content: { 'application/json': infer B } }
        ? B
        : never
    : never;
/** The JSON answer of a route's method when it succeeds: the envelope, with the evidence record it made. */
export type WriteAnswer<P extends TenantWrite<M>, M extends WriteMethod> =
  Op<P, M> extends { responses: infer R }
    ? R extends { 200: { content: { 'application/json': infer B } } }
      ? B
      : R extends { 201: { content: { 'application/json': infer B } } }
        ? B
        : R extends { 202: { content: { 'application/json': infer B } } }
          ? B
          : never
    : never;
/** The `data` of a write's envelope. */
export type WriteData<P extends TenantWrite<M>, M extends WriteMethod> =
  WriteAnswer<P, M> extends { data: infer D } ? D : never;
/**
 * A governed write with the page's reason, named by its route's method and template with one identifier per
 * `{…}`: the body is the route's request body. It answers the envelope's `data`, or (`whole`) the envelope
 * with the evidence record the write made.
 */
export type GovernedWrite<Answer extends 'data' | 'whole'> = <M extends WriteMethod, P extends TenantWrite<M>>(
  method: M,
  tpl: P,
  ids: WriteIds<P>,
  body: WriteBody<P, M>,
  reason: string,
) => Promise<Answer extends 'data' ? WriteData<P, M> : WriteAnswer<P, M>>;
/** A draft check (`POST …/validate`, which writes nothing) whose answer is a `Validation`. */
export type TenantCheck = {
  [P in TenantWrite<'POST'>]: P extends `${string}/validate`
    ? WriteData<P, 'POST'> extends Validation
      ? P
      : never
    : never;
}[TenantWrite<'POST'>];

export type Country = 'AU' | 'DE' | 'NZ' | 'UK' | 'US';
/** A 2-decimal string such as `"4850.00"`; never parsed into a float for display. */
export type Money = string;
export type IsoDate = string;

export interface ApiEnvelope<D> {
  data: D;
  /** The evidence record a governed write made (`cev_…`), or null when the governance provider recorded none. */
  evidence_id?: string | null;
}
/** A page of a cursor-paged list; `total` and `total_active`, where a list has them, count every page. */
export interface ApiList<D> {
  data: D[];
  has_more: boolean;
  next_cursor: string | null;
  total?: number;
  total_active?: number;
  /** What the caller may do beside the rows listed, where the list says (pay runs: `create`). */
  allowed_actions?: string[];
}

/** The settings a form reads and writes (`GET`/`PATCH …/employees/{id}/<segment>`). */
export type SettingsSegment = 'tax-settings' | 'bank-accounts' | 'pension';

/** A draft checked against the API's rules (`POST …/validate`): every violation, nothing written. */
export interface Validation {
  valid: boolean;
  violations: { path: string; message: string; rule: string | null }[];
}

/** The error envelope's body: `{ error: { code, message, status, errors? } }`. */
export type ApiErrorBody = components['schemas']['Error']['error'];

export type Me = Data<`${T}/me`>;
export type Role = NonNullable<Me['role']>;

export type PayRun = Data<`${T}/pay-runs/{payRunId}`>;
export type PayRunStatus = PayRun['status'];
export type PayFrequency = PayRun['pay_frequency'];
export type PayRunTotals = NonNullable<PayRun['totals']>;
/**
 * What the caller may do with a run now, as the API decides it (state, role, segregation of duties,
 * data scope, component allowlist, pack capabilities). Components offer exactly these.
 */
export type PayRunAllowedAction = PayRun['allowed_actions'][number];
export type PayRunListQuery = Query<`${T}/pay-runs`>;

/** AU entries carry `super` and `lines`; DE entries carry `social` and `wage_types`. */
type EntryUnion = Data<`${T}/pay-runs/{payRunId}/entries`>[number];
type Merge<U> = { [K in U extends unknown ? keyof U : never]?: U extends { [P in K]?: infer V } ? V : never };
export type PayRunEntry = Pick<EntryUnion, keyof EntryUnion> & Merge<EntryUnion>;

export type Payslip = Data<`${T}/pay-runs/{payRunId}/payslips`>[number];
export type PayslipLine = Payslip['deductions'][number] & Partial<Pick<Payslip['earnings'][number], 'hours' | 'rate'>>;
export type PayslipYtd = Payslip['ytd'];

/** Statutory and tax sections are open objects of attested flags; no raw identifiers are sent. */
export type OpenFlags = Record<string, unknown>;

export type Employee = Data<`${T}/employees/{employeeId}`>;
export type Employment = Employee['employment'];

export type Readiness = Data<`${T}/employees/{employeeId}/readiness`>;
export type ReadinessTab = Readiness['tabs'][string];

/** What the employer must complete before the next pay run (`GET …/readiness`): verdicts, never values. */
export type TenantReadiness = Data<`${T}/readiness`>;
export type LeaveType = Data<`${T}/reference/leave-types`>[number];
/** A pay item: the pack's (earning, allowance, deduction) or the employer's own, built on one. */
export type PayItem = Data<`${T}/pay-items/{code}`>;
/** One line of an entry as sent: a pay item by code, with hours or an amount. */
export interface EntryLine {
  /** The entry item type: the pay item's hours type when it is paid by the hour, else its amount type. */
  type: string;
  code: string;
  hours?: string;
  amount?: string;
}
export type LeaveBalance = Data<`${T}/leave-balances`>[number];
/** One employee's leave terms: entitlements and the annual leave loading, with why. */
export type LeaveTerms = Data<`${T}/leave/terms`>;
export type LeaveRequest = Data<`${T}/leave/requests/{id}`>;
export type LeaveRequestStatus = LeaveRequest['status'];
/** What a request would come to: its quantity, and the balance it draws on and whether that covers it. */
export type LeaveQuote = Data<`${T}/leave/quote`>;
export type LeaveQuoteParams = Query<`${T}/leave/quote`>;
/** A finding to review before approval (`GET …/pay-runs/{id}/exceptions`), with its acknowledgement. */
export type PayRunException = Data<`${T}/pay-runs/{payRunId}/exceptions`>[number];
/** The employer's own record (`GET …/company`): the country's fields, the default pay schedule, the work week. */
export type Company = Data<`${T}/company`>;
/** A workplace (`GET …/sites`): employees, cost centres and data scopes name it by `code`. */
export type Site = Data<`${T}/sites`>[number];
export type PaySchedule = Data<`${T}/pay-schedules`>[number];
export type CostCentre = Data<`${T}/cost-centres`>[number];
/** A rule placing employees or pay items on a cost centre (`GET …/cost-centre-mappings`). */
export type CostCentreRule = Data<`${T}/cost-centre-mappings`>[number];
/** An employee's year-to-date figures from the payroll before Payrail (null when none are recorded). */
export type YearToDateOpening = Data<`${T}/employees/{employeeId}/year-to-date-openings`>;

/** One record of the tenant's evidence chain: hashes, decision, reason, actor and its link to the previous record. */
export type EvidenceRecord = Data<`${T}/governance/evidence/{evidenceId}`>;
/** Filters of the audit trail (exact action, resource and actor; dates or timestamps) and its cursor. */
export type EvidenceQuery = Query<`${T}/governance/audit-trail`>;
/** The answer of `POST …/governance/verify` (a partner-key call the host's backend makes). */
export type ChainVerification =
  paths[`${T}/governance/verify`]['post']['responses'][200]['content']['application/json']['data'];

/** Filters of the leave-request list. */
export interface LeaveRequestParams {
  limit?: number;
  cursor?: string | null;
  status?: LeaveRequestStatus;
  employee_id?: string;
  from?: IsoDate;
  to?: IsoDate;
}

export interface ListParams {
  limit?: number;
  cursor?: string | null;
  status?: string;
  /** Search words; the API matches them (pay runs: status, frequency, period; employees: name, email, number). */
  q?: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

/** A read of a run's payslips: `limit` asks for the first few only (the API pages in name order). */
export interface PayslipListOptions extends RequestOptions {
  limit?: number;
}

/** Returns a fresh embed or user token minted by the integrator's server. */
export type TokenProvider = () => Promise<string>;

/** What every component reads through; implemented by the HTTP client and by the sample data. */
export interface PayrailApi extends PayrailMoneyApi {
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
  /** The tenant's requirements before the next pay run: company items and employees missing something. */
  tenantReadiness(o?: RequestOptions): Promise<TenantReadiness>;
  /** An employee's tax, bank or pension settings: attested flags and masked digits only. */
  settings(employeeId: string, segment: SettingsSegment, o?: RequestOptions): Promise<OpenFlags>;
  /** The employee's year-to-date figures from the payroll before Payrail, or null. */
  openings(employeeId: string, o?: RequestOptions): Promise<YearToDateOpening>;
  /** A draft checked by the API's own rules (`POST …/validate`); writes nothing. */
  check<P extends TenantCheck>(tpl: P, ids: WriteIds<P>, body: WriteBody<P, 'POST'>): Promise<Validation>;
  /** A governed write with the page's reason (only the HTTP client can make one). */
  write: GovernedWrite<'data'>;
  /** The same write answered whole: the data and the evidence record it made, to link to. */
  writeRecorded: GovernedWrite<'whole'>;
  pdfUrl(payRunId: string, employeeId: string): string;
  /** A payroll report over a period's finalised runs, as the caller may see it. */
  report(slug: ReportSlug, p?: ReportParams, o?: RequestOptions): Promise<Report>;
  /** The same report as a CSV file (a spreadsheet or an accounting system reads it). */
  reportCsv(slug: ReportSlug, p?: ReportParams): Promise<Blob>;
  /** The leave-type catalogue: the country's types and the employer's own; with `employeeId` those they may take. */
  leaveTypes(o?: RequestOptions, employeeId?: string): Promise<LeaveType[]>;
  leaveQuote(p: LeaveQuoteParams, o?: RequestOptions): Promise<LeaveQuote>;
  leaveRequests(p?: LeaveRequestParams, o?: RequestOptions): Promise<ApiList<LeaveRequest>>;
  /** Balances the caller may see (an employee's own with a pinned token); one employee's with `employeeId`. */
  leaveBalances(employeeId?: string, o?: RequestOptions): Promise<LeaveBalance[]>;
  /** One employee's leave terms (AU): yearly entitlements and whether the award or the contract gives leave loading. */
  leaveTerms(employeeId: string, o?: RequestOptions): Promise<LeaveTerms>;
  /** The audit trail as the caller may see it, newest first. */
  evidence(p?: EvidenceQuery, o?: RequestOptions): Promise<ApiList<EvidenceRecord>>;
  evidenceRecord(id: string, o?: RequestOptions): Promise<EvidenceRecord>;
  /** Every pay item, the employer's archived ones too. */
  payItems(o?: RequestOptions): Promise<PayItem[]>;
  /** An entry as it would be with these lines in place of its own (timesheet and leave kept); saves nothing. */
  calculateEntry(payRunId: string, employeeId: string, lines: EntryLine[]): Promise<PayRunEntry>;
  /** A run's exceptions the caller may see, errors first. */
  exceptions(payRunId: string, o?: RequestOptions): Promise<PayRunException[]>;
  /** Forget a failed token refresh, so a user-initiated retry may ask the provider again. */
  reset?(): void;
  /** Pay dates, cut-offs and public holidays between two dates (at most 366 days). */
  payrollCalendar(p: CalendarParams, o?: RequestOptions): Promise<PayrollCalendar>;
  company(o?: RequestOptions): Promise<Company>;
  /** Sites, archived ones too (a site-scoped token sees its own). */
  sites(o?: RequestOptions): Promise<Site[]>;
  paySchedules(o?: RequestOptions): Promise<PaySchedule[]>;
  /** Cost centres, archived ones too. */
  costCentres(o?: RequestOptions): Promise<CostCentre[]>;
  costCentreRules(o?: RequestOptions): Promise<CostCentreRule[]>;
  /** A modern award's classifications and rates (AU; 501 elsewhere or without cited rates). */
  award(code: string, o?: RequestOptions): Promise<AwardDetail>;
}

type AwardOk = Data<'/v1/tenants/{tenantId}/awards/{code}'>;
/**
 * A modern award as the rates table reads it. `rate_kinds` lists the table's rows in order: the API decides
 * them, so an award with other kinds of rate shows them without a change here.
 */
export type AwardDetail = Pick<
  AwardOk,
  | 'code'
  | 'name'
  | 'rates_from'
  | 'clauses'
  | 'rate_kinds'
  | 'classifications'
  | 'flat_amounts'
  | 'minimum_engagement'
  | 'overtime'
>;
/** The award rate kinds, as the API names them. */
export type AwardRateKind = AwardOk['rate_kinds'][number];

export interface CalendarParams {
  from: string;
  to: string;
  /** A state or Land code; the company's by default. */
  state?: string;
}

export interface CalendarEvent {
  type: 'holiday' | 'pay_date' | 'cut_off';
  date: string;
  /** Holidays: the holiday's name. */
  name?: string;
  region?: string;
  scope?: 'statewide' | 'regional' | 'part_day' | 'limited';
  area?: string;
  hours?: string;
  substitute?: boolean;
  /** Pay dates and cut-offs: the schedule and period. */
  schedule_id?: string;
  schedule_name?: string;
  frequency?: string;
  period_start?: string;
  period_end?: string;
  payment_date?: string;
  moved_from?: string;
}

export interface PayrollCalendar {
  from: string;
  to: string;
  state: string | null;
  state_name: string | null;
  state_source: 'query' | 'company' | 'national';
  regions: { code: string; name: string }[];
  events: CalendarEvent[];
}

/** A Single Touch Payroll lodgement of a run (or a year event) with the rail's outcome. */
export type Lodgement = Data<`${T}/lodgements/{lodgementId}`>;
export type LodgementStatus = Lodgement['status'];
export type RailMessage = Lodgement['errors'][number];
/** A voided run that was lodged: the payees whose year to date the ATO still holds with its figures. */
export type StpCorrection = Data<`${T}/stp/corrections`>[number];
/** What the run's bank file paid one employee, and whether the bank confirmed or returned it. */
export type Payment = Data<`${T}/pay-runs/{payRunId}/payments`>[number];
export type PaymentStatus = Payment['status'];
/** One of the run's bank files: the current one, or one a re-issue superseded. */
export type PaymentFile = Data<`${T}/pay-runs/{payRunId}/payment-files`>[number];
/** Super owed for one pay run and fund, due by the pinned pack's rule. */
export type SuperLiability = Data<`${T}/super/liabilities`>[number];
/** A run's checklist from readiness to the lodgement's acceptance. */
export type Checklist = Data<`${T}/pay-runs/{payRunId}/checklist`>;
export type ChecklistItem = Checklist['items'][number];

/** Reads after a run is finalised: its lodgements, payments and bank files, super owed and checklist. */
export interface PayrailMoneyApi {
  lodgements(payRunId: string, o?: RequestOptions): Promise<Lodgement[]>;
  stpCorrections(o?: RequestOptions): Promise<StpCorrection[]>;
  payments(payRunId: string, o?: RequestOptions): Promise<Payment[]>;
  paymentFiles(payRunId: string, o?: RequestOptions): Promise<PaymentFile[]>;
  superLiabilities(payRunId?: string, o?: RequestOptions): Promise<SuperLiability[]>;
  checklist(payRunId: string, o?: RequestOptions): Promise<Checklist>;
}
/** A payroll report (`GET …/reports/{report}`): typed columns, rows and totals over what the caller may see. */
export type Report = Data<`${T}/reports/{report}`>;
export type ReportSlug = Report['report'];
export type ReportColumn = Report['columns'][number];
/** A report's period and runs: `from`/`to` payment dates, or an activity-statement `period`. */
export type ReportParams = Omit<Query<`${T}/reports/{report}`>, 'format'>;

type P = '/v1/partners/portfolio';
/** Headline figures across a partner's employers (`GET /v1/partners/portfolio/summary`). */
export type PortfolioSummary = Data<`${P}/summary`>;
/**
 * Pay runs across the employers by state: draft, approved, blocked, recently finalised. Each group counts its
 * runs and carries the first of them (`runs`), which may be fewer than its `count`.
 */
export type Pipeline = Data<`${P}/pipeline`>;
export type PipelineGroup = Pipeline['draft'];
export type PipelineRun = PipelineGroup['runs'][number];
/** One employer of the portfolio: workforce, pay dates, deadline risk and setup health. */
export type ClientRow = Ok<`${P}/clients`> extends { data: (infer R)[] } ? R : never;
export type ClientSort = NonNullable<Query<`${P}/clients`>['sort']>;
export interface ClientParams {
  q?: string;
  sort?: ClientSort;
  limit?: number;
  cursor?: string | null;
}

/**
 * The partner portfolio. The API answers it to a partner key only, which never reaches a browser, so the
 * live implementation reads it through the host's own backend (`portfolio-base`); the sample data has it too.
 */
export interface PortfolioApi {
  readonly live: boolean;
  portfolioSummary(o?: RequestOptions): Promise<PortfolioSummary>;
  portfolioPipeline(o?: RequestOptions): Promise<Pipeline>;
  portfolioClients(p?: ClientParams, o?: RequestOptions): Promise<ApiList<ClientRow>>;
}
