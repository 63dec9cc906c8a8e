// The sample API's reads over generated data. They live in the sample chunk with the data itself
// (api.ts forwards to them), so a page that never shows sample data downloads neither.
import { todayIso } from '../clock.js';
import { PayrailApiError } from '../../client/errors.js';
import type {
  ApiList,
  CalendarParams,
  ClientParams,
  Country,
  EntryLine,
  EvidenceQuery,
  LeaveQuoteParams,
  LeaveTerms,
  LeaveRequestParams,
  ListParams,
  OpenFlags,
  PayslipListOptions,
  ReportParams,
  ReportSlug,
  SettingsSegment,
  StpCorrection,
  TenantReadiness,
} from '../../client/models.js';
import {
  buildSample,
  sampleAward,
  sampleCalculate,
  sampleCalendar,
  sampleClients,
  sampleCsv,
  sampleOrg,
  samplePayItems,
  samplePipeline,
  sampleReport,
  sampleSummary,
  type SampleSet,
} from './data.js';
import { sampleQuote } from './leave.js';

const page = <T>(rows: T[], { limit = 50, cursor }: ListParams = {}): ApiList<T> => {
  const from = Number(cursor ?? 0) || 0;
  const data = rows.slice(from, from + limit);
  const more = from + limit < rows.length;
  return { data, has_more: more, next_cursor: more ? String(from + limit) : null };
};

/** Every word must appear in one of the row's texts, as the API's `q` does. */
const matches = (q: string | undefined, texts: (string | null | undefined)[]) => {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const hay = texts.filter(Boolean).join(' ').toLowerCase();
  return words.every((w) => hay.includes(w));
};

const found = <T>(v: T | undefined): Promise<T> =>
  v
    ? Promise.resolve(structuredClone(v))
    : Promise.reject(new PayrailApiError({ code: 'not_found', message: 'Not found', status: 404 }));

/** The reads over one country's generated data; a component never needs to know which API it has. */
export class SampleReads {
  #set?: SampleSet;

  constructor(readonly country: Country) {}

  /** Built on first read. */
  load(): Promise<SampleSet> {
    return Promise.resolve((this.#set ??= buildSample(this.country)));
  }

  // The sample's caller is an administrator: it may create runs.
  payRuns = async (p?: ListParams) => ({
    ...page(
      (await this.load()).runs.filter(
        (r) =>
          (!p?.status || r.status === p.status) &&
          matches(p?.q, [r.status, r.pay_frequency, r.period_start, r.period_end, r.payment_date]),
      ),
      p,
    ),
    allowed_actions: ['create'],
  });
  payRun = async (id: string) => found((await this.load()).runs.find((r) => r.id === id));
  entries = async (id: string) => found((await this.load()).entries[id]);
  payslips = async (id: string, o?: PayslipListOptions) =>
    found((await this.load()).payslips[id]).then((all) => (o?.limit ? all.slice(0, o.limit) : all));
  payslip = async (payRunId: string, employeeId: string) =>
    found((await this.load()).payslips[payRunId]?.find((p) => p.employee_id === employeeId));
  employees = async (p?: ListParams) => {
    const rows = (await this.load()).employees.filter((e) =>
      matches(p?.q, [`${e.first_name} ${e.last_name}`, e.email, String(e.employee_number ?? '')]),
    );
    return { ...page(rows, p), total: rows.length, total_active: rows.filter((e) => e.status === 'active').length };
  };
  employee = async (id: string) => found((await this.load()).employees.find((e) => e.id === id));
  readiness = async (id: string) => found((await this.load()).readiness[id]);
  tenantReadiness = async (): Promise<TenantReadiness> => {
    const set = await this.load();
    const employees = set.employees.flatMap((e) => {
      const r = set.readiness[e.id];
      const missing = [...new Set([...Object.values(r.tabs).flatMap((t) => t.missing), ...r.unverified_requirements])];
      const row = { employee_id: e.id, name: `${e.first_name} ${e.last_name}`, blocks_finalise: r.blocks_finalise };
      return missing.length ? [{ ...row, blocking: r.blocking, missing }] : [];
    });
    employees.sort((a, b) => Number(b.blocks_finalise) - Number(a.blocks_finalise));
    // A sample employer with its bank account on file and its registration number still to give.
    const company = [
      { kind: 'company_bank', status: 'complete' as const, blocking: this.country === 'AU' },
      { kind: this.country === 'DE' ? 'betriebsnummer' : 'abn', status: 'missing' as const, blocking: false },
    ];
    const blocked = employees.filter((e) => e.blocks_finalise).length;
    return {
      jurisdiction: this.country,
      as_of: todayIso(),
      ready: blocked === 0,
      company,
      employees,
      counts: {
        employees: set.employees.filter((e) => e.status === 'active').length,
        employees_blocked: blocked,
        employees_incomplete: employees.length,
        company_missing: 1,
      },
    };
  };
  /** Settings on file, masked as the API shows them (sample employees' accounts are made up). */
  settings = async (employeeId: string, segment: SettingsSegment): Promise<OpenFlags> => {
    const e = await this.employee(employeeId);
    const name = `${e.first_name} ${e.last_name}`;
    if (segment === 'tax-settings')
      return this.country === 'DE'
        ? {
            tax_id_attested: true,
            tax_class: 1,
            church_tax: false,
            svnr_attested: true,
            health_insurance: { type: 'statutory', additional_rate: '2.9', insurer: { name: 'Musterkasse' } },
          }
        : { tfn_attested: true, residency: 'resident', tax_free_threshold: true };
    if (segment === 'pension')
      return this.country === 'DE'
        ? {}
        : {
            super_fund_attested: true,
            fund_choice: 'apra',
            super_fund_name: 'AustralianSuper',
            super_usi: 'STA0100AU',
            member_number_last3: '345',
          };
    if (segment !== 'bank-accounts') return {};
    return this.country === 'DE'
      ? { iban_attested: true, iban_last4: '3000', bic: 'COBADEFFXXX', account_name: name }
      : { attested: true, bsb: '062-000', account_last3: '457', account_name: name };
  };
  leaveTypes = async () => structuredClone((await this.load()).leave.types);
  leaveQuote = async (p: LeaveQuoteParams) => sampleQuote((await this.load()).leave, p);
  leaveRequests = async (p?: LeaveRequestParams) =>
    page(
      structuredClone(
        (await this.load()).leave.requests.filter(
          (r) =>
            (!p?.status || r.status === p.status) &&
            (!p?.employee_id || r.employee_id === p.employee_id) &&
            (!p?.from || (r.end_date ?? r.start_date) >= p.from) &&
            (!p?.to || r.start_date <= p.to),
        ),
      ),
      p,
    );
  leaveBalances = async (employeeId?: string) =>
    structuredClone((await this.load()).leave.balances.filter((b) => !employeeId || b.employee_id === employeeId));
  /** The sample's employees are on the NES, with no award or contract loading. */
  leaveTerms = async (employeeId: string): Promise<LeaveTerms> => ({
    employee_id: employeeId,
    accrual_method: 'ordinary_hours',
    hours_per_week: '38.00',
    annual_entitlement_hours: '152.00',
    personal_entitlement_hours: '76.00',
    entitlement_basis: 'nes',
    shift_worker: false,
    annual_leave_loading: null,
    long_service_state: null,
  });
  lodgements = async (payRunId: string) => found((await this.load()).money.lodgements[payRunId]);
  /** The sample voids no lodged run: no correction is pending. */
  stpCorrections = async (): Promise<StpCorrection[]> => [];
  payments = async (payRunId: string) => found((await this.load()).money.payments[payRunId]);
  paymentFiles = async (payRunId: string) => found((await this.load()).money.files[payRunId]);
  /** Only AU employers owe super: elsewhere the API answers 501, and so does the sample. */
  superLiabilities = async (payRunId?: string) => {
    if (this.country !== 'AU')
      throw new PayrailApiError({
        code: 'CAPABILITY_NOT_SUPPORTED',
        message: 'The bound pack or engine does not support retirement_batch.',
        status: 501,
      });
    return structuredClone((await this.load()).money.super.filter((l) => !payRunId || l.pay_run_id === payRunId));
  };
  checklist = async (payRunId: string) => found((await this.load()).money.checklists[payRunId]);
  exceptions = async (payRunId: string) => found((await this.load()).exceptions[payRunId]);
  report = async (slug: ReportSlug, p?: ReportParams) => sampleReport(await this.load(), this.country, slug, p);
  reportCsv = async (slug: ReportSlug, p?: ReportParams) =>
    new Blob([sampleCsv(sampleReport(await this.load(), this.country, slug, p))], { type: 'text/csv' });
  payrollCalendar = async (p: CalendarParams) => sampleCalendar(this.country, p);
  evidence = async (p: EvidenceQuery = {}) => {
    const day = (v: string | undefined, end: boolean) => (v && v.length === 10 ? v + (end ? '~' : '') : v);
    const [from, to] = [day(p.from, false), day(p.to, true)];
    return page(
      (await this.load()).evidence.filter(
        (r) =>
          (!p.action || r.action === p.action) &&
          (!p.resource || r.resource === p.resource) &&
          (!p.actor || r.actor.user_id === p.actor) &&
          (!from || r.created_at >= from) &&
          (!to || r.created_at <= to),
      ),
      p as ListParams,
    );
  };
  evidenceRecord = async (id: string) => found((await this.load()).evidence.find((r) => r.id === id));
  /** Modern awards are Australian: elsewhere the API answers 501, and so does the sample. */
  award = async (code: string) => {
    if (this.country !== 'AU')
      throw new PayrailApiError({
        code: 'CAPABILITY_NOT_SUPPORTED',
        message: 'The bound pack or engine does not support award_interpretation.',
        status: 501,
      });
    return sampleAward(code);
  };
  portfolioSummary = async () => sampleSummary();
  portfolioPipeline = async () => samplePipeline();
  portfolioClients = async (p?: ClientParams) => sampleClients(p);
  payItems = async () => samplePayItems(this.country);
  calculateEntry = async (payRunId: string, employeeId: string, lines: EntryLine[]) => {
    const entry = (await this.entries(payRunId)).find((e) => e.employee_id === employeeId);
    return sampleCalculate(await found(entry), samplePayItems(this.country), lines);
  };
  #org = async () => sampleOrg(this.country);
  company = async () => (await this.#org()).company;
  sites = async () => (await this.#org()).sites;
  paySchedules = async () => (await this.#org()).schedules;
  costCentres = async () => (await this.#org()).centres;
  costCentreRules = async () => (await this.#org()).rules;
}

// The sample tenant is placed around today, so each day of the element clock has its own.
const reads = new Map<string, SampleReads>();
export const sampleReads = (c: Country): SampleReads => {
  const key = `${c} ${todayIso()}`;
  let r = reads.get(key);
  if (!r) reads.set(key, (r = new SampleReads(c)));
  return r;
};
