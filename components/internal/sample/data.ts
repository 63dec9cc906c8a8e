// Builds a coherent sample tenant (roster, pay runs, entries, payslips, readiness) in the API's
// own shapes, so sample mode exercises exactly the rendering paths that live data does.
import { now as clockNow } from '../clock.js';
import type {
  Country,
  Employee,
  EvidenceRecord,
  PayRun,
  PayRunAllowedAction,
  PayRunEntry,
  PayRunException,
  PayRunStatus,
  Payslip,
  Readiness,
} from '../../client/models.js';
import { CURRENCIES, fromCents } from '../format.js';
import { PROFILES, ROSTER, type Levy, type Profile } from './profiles.js';
import { buildSampleLeave, type SampleLeave } from './leave.js';
import { buildSampleMoney, type SampleMoney } from './money.js';
import { buildSampleExceptions } from './exceptions.js';
import { buildSampleEvidence } from './evidence.js';

const DAY = 864e5;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const m = fromCents;
/** Sample ids say what they are, so one can never be mistaken for (or sent as) a real record's id. */
const sid = (kind: string, n: number) => `sample-${kind}-${n + 1}`;

interface Period {
  start: string;
  end: string;
  pay: string;
}

/** Newest first, starting with the first period whose payday is today or later. */
function periods(p: Profile, count: number, now = clockNow()): Period[] {
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const at = (k: number): Period => {
    if (p.freq === 'monthly') {
      let pay = Date.UTC(2026, k, p.pay);
      const wd = new Date(pay).getUTCDay();
      pay -= (wd === 6 ? 1 : wd === 0 ? 2 : 0) * DAY;
      return { start: iso(Date.UTC(2026, k, 1)), end: iso(Date.UTC(2026, k + 1, 0)), pay: iso(pay) };
    }
    const len = p.freq === 'weekly' ? 7 : 14;
    const s = Date.UTC(2025, 11, 29) + k * len * DAY;
    return { start: iso(s), end: iso(s + (len - 1) * DAY), pay: iso(s + (len - 1 + p.pay) * DAY) };
  };
  let k = 0;
  while (Date.parse(at(k).pay) < today) k++;
  while (Date.parse(at(k - 1).pay) >= today) k--;
  return Array.from({ length: count }, (_, i) => at(k - i));
}

/**
 * What the API answers the sample admin (who prepared none of these runs) may do, by status. Only AU
 * has a payment file, super batch and Single Touch Payroll submission.
 */
const ADMIN_ACTIONS: Partial<Record<PayRunStatus, PayRunAllowedAction[]>> = {
  draft: ['preview', 'adjust', 'delete', 'acknowledge_exceptions'],
  previewed: ['preview', 'adjust', 'approve', 'delete', 'acknowledge_exceptions'],
  approved: ['finalise'],
  finalised: ['void', 'payment_file', 'super_batch', 'confirm_payments', 'submit'],
  lodged: ['void', 'payment_file', 'super_batch'],
};
const sampleActions = (status: PayRunStatus, country: Country): PayRunAllowedAction[] =>
  (ADMIN_ACTIONS[status] ?? []).filter(
    (a) => country === 'AU' || !['payment_file', 'super_batch', 'confirm_payments', 'submit'].includes(a),
  );

export interface SampleSet {
  employees: Employee[];
  runs: PayRun[];
  entries: Record<string, PayRunEntry[]>;
  payslips: Record<string, Payslip[]>;
  readiness: Record<string, Readiness>;
  leave: SampleLeave;
  money: SampleMoney;
  /** The open run's exceptions; finalised runs were reviewed and have none left to show. */
  exceptions: Record<string, PayRunException[]>;
  /** The evidence chain, newest first. */
  evidence: EvidenceRecord[];
}

export function buildSample(country: Country): SampleSet {
  const p = PROFILES[country];
  const cur = CURRENCIES[country];
  const per = p.freq === 'monthly' ? 12 : p.freq === 'weekly' ? 52 : 26;
  const ps = periods(p, 8);
  const names = p.names.split(',');

  const employees: Employee[] = ROSTER.map(([type0, amount, hpw, cc], i) => {
    const hourly = amount < 1000;
    const [first_name, last_name] = names[i].split(' ');
    const type = country === 'DE' && type0 === 'casual' ? 'part_time' : type0;
    const year = 2016 + ((i * 5) % 9);
    return {
      id: sid('employee', i),
      first_name,
      last_name,
      status: i === 11 ? 'terminated' : 'active',
      email: `${first_name}.${last_name}@example.com`.toLowerCase(),
      date_of_birth: null,
      position: null,
      employment: {
        type: type as Employee['employment']['type'],
        pay_frequency: p.freq,
        hours_per_week: String(hpw),
        annual_salary: hourly ? null : m(Math.round((amount * p.scale) / 500) * 50000),
        hourly_rate: hourly ? m(Math.round(amount * p.scale * 100)) : null,
        start_date:
          i === 10 ? ps[2].start : `${year}-${String(1 + ((i * 7) % 12)).padStart(2, '0')}-${i % 2 ? '01' : '15'}`,
        end_date: i === 11 ? ps[4].end : null,
      },
      cost_centre_code: p.ccs[cc],
      site: p.sites[cc],
      termination: i === 11 ? { effective_date: ps[4].end, reason_code: null, final: true } : null,
      // The sample profile's flags stand in for the country's attestations, as the API shows them.
      statutory: {
        au: null,
        de: null,
        [country.toLowerCase()]: {
          ...p.flags,
          ...(i === 10 ? (p.pendingFlags ?? { [Object.keys(p.flags)[0]]: false }) : {}),
        },
      } as Employee['statutory'],
      tax_profile: p.taxProfile as Employee['tax_profile'],
      retirement: {},
      jurisdiction_data: {},
      as_of: ps[ps.length - 1].end,
      created_at: `${ps[0].start}T09:00:00Z`,
      updated_at: `${ps[0].start}T09:00:00Z`,
    };
  });

  const levy = (l: Levy, annual: number) => Math.round((Math.min(annual, l[3] ?? Infinity) * l[2] * 100) / per);
  const entries: SampleSet['entries'] = {};
  const payslips: SampleSet['payslips'] = {};

  const runs: PayRun[] = ps.map((pd, r) => {
    const id = sid('pay-run', r);
    const status: PayRunStatus = r === 0 ? 'previewed' : r > 1 && country === 'AU' ? 'lodged' : 'finalised';
    const on = employees.filter(
      (e) =>
        (e.employment.start_date ?? pd.start) <= pd.end &&
        (!e.employment.end_date || e.employment.end_date >= pd.start),
    );
    const fyPeriods = Math.floor((((Number(pd.pay.slice(5, 7)) - 1 - p.fyMonth + 12) % 12) * per) / 12) + 1;
    const t = { gross: 0, tax: 0, ded: 0, con: 0, net: 0 };
    entries[id] = [];
    payslips[id] = on.map((e) => {
      const i = employees.indexOf(e);
      const [, , hpw] = ROSTER[i];
      const weeks = 52 / per;
      const rate = e.employment.hourly_rate ? Math.round(Number(e.employment.hourly_rate) * 100) : 0;
      const hours = rate ? Math.round(hpw * weeks * (0.85 + ((r * 37 + i * 11) % 7) / 20) * 2) / 2 : hpw * weeks;
      const gross = rate ? Math.round(rate * hours) : Math.round((Number(e.employment.annual_salary) * 100) / per);
      const annual = (gross / 100) * per;
      const taxes: [string, string, number][] = [[p.taxLabel, p.taxCode, Math.round((p.tax(annual) * 100) / per)]];
      if (country === 'DE') {
        const lst = taxes[0][2];
        if (lst * per > 2035000) taxes.push(['Solidaritätszuschlag', 'SOLZ', Math.round(lst * 0.055)]);
        if (i % 3 === 0) taxes.push(['Kirchensteuer', 'KIST', Math.round(lst * 0.09)]);
      }
      const deds = p.deductions.map((l) => [l[0], l[1], levy(l, annual)] as [string, string, number]);
      const cons = p.contributions.map((l) => [l[0], l[1], levy(l, annual)] as [string, string, number]);
      const sum = (xs: [string, string, number][]) => xs.reduce((a, x) => a + x[2], 0);
      const tax = sum(taxes),
        ded = sum(deds),
        con = sum(cons),
        net = gross - tax - ded;
      Object.assign(t, {
        gross: t.gross + gross,
        tax: t.tax + tax,
        ded: t.ded + ded,
        con: t.con + con,
        net: t.net + net,
      });
      const name = `${e.first_name} ${e.last_name}`;
      const de = country === 'DE';
      const social = de || country === 'UK' || country === 'US';
      entries[id].push({
        employee_id: e.id,
        employee_name: name,
        cost_centre_code: e.cost_centre_code ?? null,
        site: e.site ?? null,
        gross: m(gross),
        tax: m(tax),
        net: m(net),
        currency: cur,
        evidence_id: null,
        items: [],
        employer_costs: cons.map(([, code, c]) => ({ type: code.toLowerCase(), amount: m(c) })),
        ...(social ? { social: m(ded) } : { super: m(con) }),
        ...(de ? { wage_types: [...taxes, ...deds].map(([name, code, c]) => ({ code, name, amount: m(c) })) } : {}),
        lines: [['gross', gross], ['tax', -tax], ...deds.map((d) => [d[1].toLowerCase(), -d[2]])].map(([type, c]) => ({
          type: String(type),
          amount: m(Number(c)),
        })),
      });
      const line = ([label, , c]: [string, string, number]) => ({ label, amount: m(c) });
      return {
        id: `sample-payslip-${r + 1}-${i + 1}`,
        employee_id: e.id,
        employee_name: name,
        pay_run_id: id,
        period_start: pd.start,
        period_end: pd.end,
        payment_date: pd.pay,
        pack_version: `${country}-2026.1`,
        currency: cur,
        employer: { abn: null, address: null, ...p.employer },
        employee: {
          id: e.id,
          name,
          employment_type: e.employment.type,
          pay_frequency: p.freq,
          hourly_rate: e.employment.hourly_rate ?? null,
        },
        earnings: [
          rate
            ? { label: p.hoursLabel, hours: String(hours), rate: m(rate), amount: m(gross) }
            : { label: p.salaryLabel, hours: String(Math.round(hours * 100) / 100), rate: null, amount: m(gross) },
        ],
        deductions: [...taxes, ...deds].map(line),
        contributions: cons.map(line),
        total_hours: String(Math.round(hours * 100) / 100),
        tax_declaration:
          country === 'AU'
            ? { state: 'tfn_quoted', no_tfn_rate: false, tax_free_threshold: true, tax_free_threshold_answered: true }
            : null,
        gross: m(gross),
        tax: m(tax),
        net: m(net),
        payment: {
          bsb: country === 'AU' ? `06${2 + (i % 7)}-${100 + i * 37}` : null,
          account_last3: String(100 + ((i * 137) % 900)),
          account_name: name,
        },
        leave:
          country === 'AU'
            ? [
                { label: 'Annual leave accrued', hours: String(Math.round(((hours * 4) / 52) * 100) / 100) },
                { label: 'Personal leave accrued', hours: String(Math.round(((hours * 2) / 52) * 100) / 100) },
              ]
            : null,
        ytd: {
          gross: m(gross * fyPeriods),
          tax: m(tax * fyPeriods),
          net: m(net * fyPeriods),
          super: social ? null : m(con * fyPeriods),
          social: social ? m(ded * fyPeriods) : null,
        },
      };
    });
    return {
      id,
      status,
      pay_frequency: p.freq,
      period_start: pd.start,
      period_end: pd.end,
      payment_date: pd.pay,
      pack_version: `${country}-2026.1`,
      created_at: `${pd.start}T09:00:00Z`,
      updated_at: `${pd.pay}T09:00:00Z`,
      prepared_by: names[1],
      approved_by: r > 0 ? names[0] : null,
      approval: null,
      finalised_at: r > 0 ? `${pd.pay}T08:00:00Z` : null,
      paid_on: null,
      voided_at: null,
      job: null,
      validation: null,
      evidence_refs: [],
      excluded: [],
      allowed_actions: sampleActions(status, country),
      waiting_for: null,
      totals: {
        employee_count: on.length,
        gross: m(t.gross),
        tax: m(t.tax),
        net: m(t.net),
        currency: cur,
        ...(country === 'AU' || country === 'NZ' ? { super: m(t.con) } : { social: m(t.ded) }),
        // AU: super and other employer costs; DE: employee plus employer social insurance, as the API sums them.
        total_social: m(country === 'AU' || country === 'NZ' ? t.con : t.ded + t.con),
      },
    };
  });

  const readiness: SampleSet['readiness'] = {};
  employees.forEach((e, i) => {
    const bad = i === 10;
    const tab = (miss?: string) =>
      miss && bad ? { status: 'incomplete' as const, missing: [miss] } : { status: 'complete' as const, missing: [] };
    readiness[e.id] = {
      jurisdiction: country,
      tabs: {
        personal: tab(),
        employment: tab(),
        tax: tab(p.missing[0]),
        bank: tab(),
        [country === 'DE' ? 'social' : 'super']: tab(p.missing[1]),
      },
      blocks_finalise: bad,
      unverified_requirements: bad ? ['bank_account_verification'] : i === 3 ? ['address_verification'] : [],
      blocking: bad ? [p.missing[1]] : [],
    };
  });

  const exceptions = Object.fromEntries(
    runs.map((r) => [r.id, r.status === 'previewed' ? buildSampleExceptions(country, r, entries[r.id]) : []]),
  );
  return {
    employees,
    runs,
    entries,
    payslips,
    readiness,
    leave: buildSampleLeave(country, employees),
    money: buildSampleMoney(country, runs, entries),
    exceptions,
    evidence: buildSampleEvidence({ country, names, employees, runs, entries, exceptions }),
  };
}

// Reports are built from the set above, in the same on-demand chunk.
export { sampleReport, sampleCsv } from './reports.js';
export { sampleCalendar } from './calendar.js';
export { samplePipeline, sampleClients, sampleSummary } from './portfolio.js';
export { samplePayItems, sampleCalculate } from './pay-items.js';
export { sampleOrg } from './org.js';
export { sampleAward } from './awards.js';
