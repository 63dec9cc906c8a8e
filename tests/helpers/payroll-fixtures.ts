// Payroll fixtures built through the public API, the way a partner would set up an employer:
// provision a tenant, set the company bank account, hire employees with tax, bank and super
// details, and drive pay runs through their states.
import assert from 'node:assert/strict';
import { REASON, type CallOpts, type Reply, type TestApi } from './api.ts';

export interface TenantRef {
  id: string;
  bindingId: string;
  jurisdiction: 'AU' | 'DE';
  engine: string;
  packVersion: string;
}

export const AU_COMPANY_BANK = {
  account_name: 'Fixture Roasters Pty Ltd',
  bsb: '032-000',
  account_number: '004455667',
  bank_name: 'Westpac',
  fi_code: 'WBC',
  apca_user_id: '301500',
  abn: '51824753556',
};
export const DE_COMPANY_BANK = {
  account_name: 'Fixture Software GmbH',
  iban: 'DE89370400440532013000',
  bank_name: 'Commerzbank',
};

// Valid Steuer-IDs and IBANs (check digits hold); raw values never come back from the API.
const DE_TAX_IDS = [
  '54826591758',
  '23796551541',
  '43279705678',
  '29638427210',
  '84761250495',
  '95378602713',
  '68718295302',
  '91206943590',
];
const DE_IBANS = [
  'DE02370400441819545424',
  'DE98100700002670579680',
  'DE17500105178313233472',
  'DE22200411116698473943',
  'DE39700202709549236801',
  'DE57600501014044301898',
  'DE38120300002726088128',
  'DE86760260009972526459',
];

/** Asserts the status (showing the body when it differs) and returns the parsed body. */
export function expectStatus(r: Reply, status: number, what = ''): any {
  assert.equal(r.status, status, `${what} answered ${r.status}: ${r.text.slice(0, 600)}`);
  return r.body;
}

/** The n-th valid 9-digit TFN (weights 1,4,3,7,5,8,6,9,10; weighted sum mod 11 = 0). */
export function validTfn(n: number): string {
  const weights = [1, 4, 3, 7, 5, 8, 6, 9, 10];
  for (let i = n; ; i++) {
    const head = String(12_345_678 + i * 7_919)
      .padStart(8, '0')
      .slice(-8);
    const s = [...head].reduce((acc, d, k) => acc + Number(d) * weights[k], 0);
    const check = s % 11; // 10 ≡ -1 (mod 11), so the check digit equals the weighted sum mod 11
    if (check < 10) return head + check;
  }
}

let seq = 0;
const nextSeq = () => ++seq;

export async function createTenant(
  api: TestApi,
  opts: {
    jurisdiction?: 'AU' | 'DE';
    engine?: string;
    pack_version?: string;
    name?: string;
    companyBank?: boolean;
  } = {},
): Promise<TenantRef> {
  const jurisdiction = opts.jurisdiction ?? 'AU';
  const engine = opts.engine ?? (jurisdiction === 'AU' ? 'payroll_engine_au' : 'payroll_engine');
  const body: Record<string, unknown> = {
    name: opts.name ?? `${jurisdiction} Fixture Employer ${nextSeq()}`,
    jurisdiction,
    engine,
  };
  if (opts.pack_version) body.pack_version = opts.pack_version;
  const out = expectStatus(await api.call('POST', '/v1/partners/tenants', { body }), 201, 'provision tenant');
  const t: TenantRef = {
    id: out.data.tenant.id,
    bindingId: out.data.binding.id,
    jurisdiction,
    engine,
    packVersion: out.data.binding.pack_version,
  };
  if (opts.companyBank !== false) await setCompanyBank(api, t);
  return t;
}

export async function setCompanyBank(api: TestApi, t: TenantRef, bank?: Record<string, unknown>) {
  const body = bank ?? (t.jurisdiction === 'AU' ? AU_COMPANY_BANK : DE_COMPANY_BANK);
  return expectStatus(
    await api.call('PATCH', `/v1/tenants/${t.id}/company/bank`, { body, reason: REASON }),
    200,
    'company bank',
  ).data;
}

export interface AuHire {
  first_name?: string;
  last_name?: string;
  type?: 'full_time' | 'part_time' | 'casual';
  annual_salary?: number | string;
  hourly_rate?: number | string;
  pay_frequency: 'weekly' | 'fortnightly' | 'monthly' | 'quarterly';
  hours_per_week?: number;
  start_date?: string;
  end_date?: string | null;
  /** A TFN (default: a valid one); null declares no TFN (scale 4), with `no_number_reason`. */
  tfn?: string | null;
  /** Why no TFN is given when `tfn` is null (default not_quoted); null: no declaration received yet. */
  no_number_reason?: string | null;
  /** The day the declaration was made (default: the day it is recorded). */
  declaration_date?: string;
  /** Question 9 of the declaration (default true); null leaves it unanswered. */
  tax_free_threshold?: boolean | null;
  residency?: 'resident' | 'foreign_resident';
  medicare_levy_exemption?: 'none' | 'half' | 'full';
  study_loan?: boolean;
  /** Set a bank account (default true). */
  bank?: boolean;
  /** Set a super fund (default true). */
  super?: boolean;
  /** The home address (default one a pay event accepts); null hires without one. */
  address?: Record<string, unknown> | null;
}

/** Home addresses readiness and the statutory reports accept. */
export const AU_HOME = { line1: '1 Test Street', locality: 'Sydney', state: 'NSW', postcode: '2000', country: 'AU' };
export const DE_HOME = { line1: 'Teststraße 1', locality: 'München', postcode: '80331', country: 'DE' };

/** Hires an AU employee through POST /employees plus the bank and super forms; returns the id. */
export async function hireAu(api: TestApi, t: TenantRef, h: AuHire): Promise<string> {
  const n = nextSeq();
  const first = h.first_name ?? `Alex${n}`;
  const last = h.last_name ?? `Fixture${n}`;
  const pay =
    h.hourly_rate !== undefined ? { hourly_rate: h.hourly_rate } : { annual_salary: h.annual_salary ?? 65_000 };
  const tax: Record<string, unknown> = {
    residency: h.residency ?? 'resident',
    medicare_levy_exemption: h.medicare_levy_exemption ?? 'none',
    study_loan: h.study_loan ?? false,
  };
  if (h.tax_free_threshold !== null) tax.tax_free_threshold = h.tax_free_threshold ?? true;
  if (h.tfn !== null) tax.tfn = h.tfn ?? validTfn(n);
  else if (h.no_number_reason !== null) tax.no_number_reason = h.no_number_reason ?? 'not_quoted';
  if (h.declaration_date) tax.declaration_date = h.declaration_date;
  const body = {
    first_name: first,
    last_name: last,
    date_of_birth: '1990-03-14',
    ...(h.address === null ? {} : { address: h.address ?? AU_HOME }),
    email: `alex.${n}@fixture.example`,
    employment: {
      type: h.type ?? (h.hourly_rate !== undefined ? 'casual' : 'full_time'),
      ...pay,
      pay_frequency: h.pay_frequency,
      ...(h.hours_per_week !== undefined ? { hours_per_week: h.hours_per_week } : {}),
      start_date: h.start_date ?? '2020-01-01',
      ...(h.end_date !== undefined ? { end_date: h.end_date } : {}),
    },
    statutory: { au: tax },
  };
  const emp = expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/employees`, { body, reason: REASON }),
    201,
    'hire AU employee',
  ).data;
  if (h.bank !== false) {
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${emp.id}/bank-accounts`, {
        body: {
          bank_bsb: '062-000',
          bank_account_number: String(10_000_000 + n * 7_919).slice(0, 9),
          bank_account_name: `${first} ${last}`,
        },
        reason: REASON,
      }),
      200,
      'bank account',
    );
  }
  if (h.super !== false) {
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${emp.id}/pension`, {
        body: {
          super_fund_name: 'AustralianSuper',
          super_usi: 'STA0100AU',
          super_member_number: String(800_000_000 + n),
        },
        reason: REASON,
      }),
      200,
      'super fund',
    );
  }
  return emp.id;
}

export interface DeHire {
  first_name?: string;
  last_name?: string;
  annual_salary?: number;
  hourly_rate?: number;
  hours_per_week?: number;
  pay_frequency?: 'monthly' | 'weekly';
  start_date?: string;
  tax_class?: number;
  church_tax?: boolean;
  children?: number;
  /** Declare an IBAN (default true); without one the employee cannot be paid. */
  iban?: boolean;
  /** ELStAM church-tax denomination (default `rk` when church_tax, none otherwise). */
  church_tax_denomination?: string;
  /** The statutory health insurer (default the Techniker Krankenkasse); null declares none. */
  insurer?: { name: string; betriebsnummer: string } | null;
  /** Pension insurance (a minijobber may be exempt). */
  pension_insurance?: boolean;
  /** The home address (default one in Munich); null hires without one. */
  address?: Record<string, unknown> | null;
}

export const DE_INSURERS = {
  tk: { name: 'Techniker Krankenkasse', betriebsnummer: '15027365' },
  aok: { name: 'AOK Bayern', betriebsnummer: '87880235' },
};

export async function hireDe(api: TestApi, t: TenantRef, h: DeHire = {}): Promise<string> {
  const n = nextSeq();
  const pay =
    h.hourly_rate !== undefined
      ? { hourly_rate: h.hourly_rate, hours_per_week: h.hours_per_week ?? 20 }
      : { annual_salary: h.annual_salary ?? 60_000, hours_per_week: h.hours_per_week ?? 40 };
  const body = {
    first_name: h.first_name ?? `Jonas${n}`,
    last_name: h.last_name ?? `Beispiel${n}`,
    date_of_birth: '1988-05-02',
    ...(h.address === null ? {} : { address: h.address ?? DE_HOME }),
    employment: {
      type: 'full_time',
      ...pay,
      pay_frequency: h.pay_frequency ?? 'monthly',
      start_date: h.start_date ?? '2020-01-01',
    },
    statutory: {
      de: {
        tax_class: h.tax_class ?? 1,
        church_tax: h.church_tax ?? false,
        ...(h.church_tax ? { church_tax_denomination: h.church_tax_denomination ?? 'rk' } : {}),
        ...(h.children !== undefined ? { children: h.children } : {}),
        ...(h.pension_insurance !== undefined ? { pension_insurance: h.pension_insurance } : {}),
        state: 'BY',
        health_insurance: {
          type: 'statutory',
          additional_rate: 2.45,
          ...(h.insurer === null ? {} : { insurer: h.insurer ?? DE_INSURERS.tk }),
        },
        care_insurance: { childless_surcharge: !h.children },
        tax_id: DE_TAX_IDS[n % DE_TAX_IDS.length],
        ...(h.iban === false ? {} : { iban: DE_IBANS[n % DE_IBANS.length] }),
      },
    },
  };
  return expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/employees`, { body, reason: REASON }),
    201,
    'hire DE employee',
  ).data.id;
}

export interface PeriodInput {
  period_start: string;
  period_end: string;
  payment_date: string;
  pay_frequency?: string;
}

export const runPath = (t: TenantRef, runId?: string, tail = '') =>
  `/v1/tenants/${t.id}/pay-runs${runId ? `/${runId}` : ''}${tail}`;

export function createRun(api: TestApi, t: TenantRef, period: PeriodInput, opts: CallOpts = {}) {
  return api.call('POST', runPath(t), {
    reason: REASON,
    ...opts,
    body: { ...period, ...((opts.body as object) ?? {}) },
  });
}

/** Creates a draft and returns its pay_run view. */
export async function draftRun(api: TestApi, t: TenantRef, period: PeriodInput): Promise<any> {
  return expectStatus(await createRun(api, t, period), 201, 'create pay run').data.pay_run;
}

export const preview = (api: TestApi, t: TenantRef, runId: string, opts: CallOpts = {}) =>
  api.call('POST', runPath(t, runId, '/preview'), { body: {}, ...opts });
export const approve = (api: TestApi, t: TenantRef, runId: string, opts: CallOpts = {}) =>
  api.call('POST', runPath(t, runId, '/approve'), { body: {}, reason: REASON, ...opts });
export const finalise = (api: TestApi, t: TenantRef, runId: string, opts: CallOpts = {}) =>
  api.call('POST', runPath(t, runId, '/finalise'), { body: {}, reason: REASON, ...opts });
export const getRun = async (api: TestApi, t: TenantRef, runId: string) =>
  expectStatus(await api.call('GET', runPath(t, runId)), 200, 'get pay run').data;
export const entriesOf = async (api: TestApi, t: TenantRef, runId: string): Promise<any[]> =>
  expectStatus(await api.call('GET', runPath(t, runId, '/entries')), 200, 'entries').data;

/** Polls until an asynchronous finalise completes; returns the run. */
export async function waitForFinalised(api: TestApi, t: TenantRef, runId: string, timeoutMs = 5000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const run = await getRun(api, t, runId);
    if (run.status !== 'finalising') return run;
    if (Date.now() > until) assert.fail(`pay run ${runId} still finalising after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** preview → approve → finalise (waiting for an asynchronous finalise); returns the finalised run. */
export async function runToFinalised(api: TestApi, t: TenantRef, runId: string): Promise<any> {
  expectStatus(await preview(api, t, runId), 200, 'preview');
  expectStatus(await approve(api, t, runId), 200, 'approve');
  expectStatus(await finalise(api, t, runId), 200, 'finalise');
  const run = await waitForFinalised(api, t, runId);
  assert.equal(run.status, 'finalised');
  return run;
}

/** Every evidence record of a tenant, oldest last, through the audit trail. */
export async function auditTrail(api: TestApi, t: TenantRef): Promise<any[]> {
  const all: any[] = [];
  let cursor: string | null = null;
  do {
    const r: Reply = await api.call(
      'GET',
      `/v1/tenants/${t.id}/governance/audit-trail?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    const body = expectStatus(r, 200, 'audit trail');
    all.push(...body.data);
    cursor = body.next_cursor;
  } while (cursor);
  return all;
}

export const evidenceOf = async (api: TestApi, t: TenantRef, id: string) =>
  expectStatus(await api.call('GET', `/v1/tenants/${t.id}/governance/evidence/${id}`), 200, `evidence ${id}`).data;

/** Mints a user token with a role for a named user. */
export async function userToken(
  api: TestApi,
  t: TenantRef,
  role: 'viewer' | 'preparer' | 'approver' | 'admin',
  userId: string,
): Promise<string> {
  return expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/users/token`, { body: { role, user_id: userId } }),
    201,
    'mint user token',
  ).data.token;
}

/** Money strings to integer cents, so sums are exact. */
export const cents = (s: string): number => {
  assert.match(s, /^-?\d+\.\d{2}$/, `money string ${s}`);
  const neg = s.startsWith('-');
  const [whole, frac] = s.replace('-', '').split('.');
  const v = Number(whole) * 100 + Number(frac);
  return neg ? -v : v;
};
export const fromCents = (c: number): string =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
export const sumCents = (values: string[]) => values.reduce((a, v) => a + cents(v), 0);

const addDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The n-th fortnight from a Monday (default 2 Nov 2026), paid three days after it ends. */
export const fortnight = (n: number, from = '2026-11-02'): PeriodInput => {
  const start = addDays(from, 14 * n);
  return { period_start: start, period_end: addDays(start, 13), payment_date: addDays(start, 16) };
};

/** The n-th week from a Monday (default 2 Nov 2026), paid three days after it ends. */
export const week = (n: number, from = '2026-11-02'): PeriodInput => {
  const start = addDays(from, 7 * n);
  return { period_start: start, period_end: addDays(start, 6), payment_date: addDays(start, 9) };
};

/** A calendar month, paid on its last day. */
export const month = (year: number, month1: number): PeriodInput => {
  const mm = String(month1).padStart(2, '0');
  const end = new Date(Date.UTC(year, month1, 0)).toISOString().slice(0, 10);
  return { period_start: `${year}-${mm}-01`, period_end: end, payment_date: end };
};
