import { dec, isMoneyString, money, sum } from '../../lib/money.ts';
import { isIsoDate } from '../../lib/dates.ts';
import {
  SuperBatchInputError,
  type SuperBatch,
  type SuperBatchFundGroup,
  type SuperBatchInput,
  type SuperBatchIssue,
  type SuperBatchLine,
  type SuperFund,
} from './super-batch-types.ts';

export * from './super-batch-types.ts';

/** What a member's line pays into the fund, each in its own SAFF column. */
const CONTRIBUTIONS = ['super_guarantee', 'salary_sacrifice', 'personal'] as const;

/**
 * Turns a finalised pay run's super contributions into one line per employee per fund, grouped
 * by fund (the SAFF file a clearing house takes is built from these lines: saff-file.ts). Amounts stay decimal throughout so
 * the totals are exactly the sums of the lines.
 */
export function buildSuperBatch(input: SuperBatchInput): SuperBatch {
  validate(input);

  const byMember = new Map<string, Omit<SuperBatchLine, 'line_id'>>();
  for (const c of input.contributions) {
    const fund = normaliseFund(c.fund);
    const key = `${fundKey(fund)}\u0000${c.employee_id}`;
    const existing = byMember.get(key);
    if (existing) {
      // Several pay lines for the same member and fund are one contribution to that fund.
      existing.super_guarantee = money(sum([existing.super_guarantee, c.super_guarantee]));
      existing.salary_sacrifice = money(sum([existing.salary_sacrifice, c.salary_sacrifice]));
      existing.personal = money(sum([existing.personal, c.personal]));
      existing.total = money(sum(CONTRIBUTIONS.map((k) => existing[k])));
      existing.member_number ??= c.member_number?.trim() || null;
      continue;
    }
    byMember.set(key, {
      fund_key: fundKey(fund),
      fund,
      employee_id: c.employee_id,
      first_name: c.first_name.trim(),
      last_name: c.last_name.trim(),
      date_of_birth: c.date_of_birth ?? null,
      tfn_provided: c.tfn_provided === true,
      member_number: c.member_number?.trim() || null,
      period_start: input.period_start,
      period_end: input.period_end,
      super_guarantee: money(c.super_guarantee),
      salary_sacrifice: money(c.salary_sacrifice),
      personal: money(c.personal),
      total: money(sum(CONTRIBUTIONS.map((k) => c[k]))),
    });
  }

  // A fund cannot receive a nil contribution, so members with nothing to pay are left out.
  const payable = [...byMember.values()].filter((l) => dec(l.total).gt(0));
  payable.sort(
    (a, b) =>
      compare(a.fund.name, b.fund.name) ||
      compare(a.fund_key, b.fund_key) ||
      compare(a.last_name, b.last_name) ||
      compare(a.first_name, b.first_name) ||
      compare(a.employee_id, b.employee_id),
  );
  const lines: SuperBatchLine[] = payable.map((l, i) => ({ line_id: i + 1, ...l }));

  const funds: SuperBatchFundGroup[] = [];
  for (const line of lines) {
    let group = funds.find((f) => f.fund_key === line.fund_key);
    if (!group) {
      group = {
        fund_key: line.fund_key,
        fund: line.fund,
        member_count: 0,
        sg_total: '0.00',
        salary_sacrifice_total: '0.00',
        personal_total: '0.00',
        total: '0.00',
        lines: [],
      };
      funds.push(group);
    }
    group.lines.push(line);
  }
  for (const g of funds) {
    g.member_count = g.lines.length;
    g.sg_total = money(sum(g.lines.map((l) => l.super_guarantee)));
    g.salary_sacrifice_total = money(sum(g.lines.map((l) => l.salary_sacrifice)));
    g.personal_total = money(sum(g.lines.map((l) => l.personal)));
    g.total = money(sum(g.lines.map((l) => l.total)));
  }

  return {
    lines,
    funds,
    totals: {
      employee_count: new Set(lines.map((l) => l.employee_id)).size,
      line_count: lines.length,
      fund_count: funds.length,
      sg_total: money(sum(lines.map((l) => l.super_guarantee))),
      salary_sacrifice_total: money(sum(lines.map((l) => l.salary_sacrifice))),
      personal_total: money(sum(lines.map((l) => l.personal))),
      total: money(sum(lines.map((l) => l.total))),
    },
  };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const digitsOnly = (v: string | null | undefined): string | null => {
  const d = (v ?? '').replace(/\s+/g, '');
  return d === '' ? null : d;
};

function normaliseFund(f: SuperFund): SuperBatchLine['fund'] {
  const smsf = f.smsf === true;
  // SMSFs have no USI; they are identified by ABN (reference/au.md, identifier checks).
  return { name: f.name.trim(), usi: smsf ? null : f.usi?.trim() || null, abn: digitsOnly(f.abn), smsf };
}

function fundKey(f: SuperBatchLine['fund']): string {
  if (f.smsf) return `smsf:${f.abn ?? f.name.toUpperCase()}`;
  if (f.usi) return `usi:${f.usi.toUpperCase()}`;
  if (f.abn) return `abn:${f.abn}`;
  return `name:${f.name.toUpperCase()}`;
}

function validate(input: SuperBatchInput): void {
  const issues: SuperBatchIssue[] = [];
  const fail = (path: string, message: string) => issues.push({ path, message });
  if (!input?.employer?.name?.trim()) fail('employer.name', 'is required');
  if (!input?.pay_run_id?.trim()) fail('pay_run_id', 'is required');
  for (const k of ['period_start', 'period_end', 'payment_date'] as const) {
    if (!isIsoDate(input?.[k] ?? '')) fail(k, 'must be a YYYY-MM-DD date');
  }
  if (!Array.isArray(input?.contributions)) fail('contributions', 'must be an array');
  (input?.contributions ?? []).forEach((c, i) => {
    const path = `contributions[${i}]`;
    if (typeof c?.employee_id !== 'string' || !c.employee_id.trim()) fail(`${path}.employee_id`, 'is required');
    if (typeof c?.first_name !== 'string' || typeof c?.last_name !== 'string')
      fail(path, 'first_name and last_name must be strings');
    else if (!c.first_name.trim() && !c.last_name.trim()) fail(`${path}.last_name`, 'a member name is required');
    if (c?.date_of_birth != null && !isIsoDate(c.date_of_birth))
      fail(`${path}.date_of_birth`, 'must be a YYYY-MM-DD date');
    if (typeof c?.fund?.name !== 'string' || !c.fund.name.trim()) fail(`${path}.fund.name`, 'is required');
    for (const k of CONTRIBUTIONS) {
      const v = c?.[k];
      if (typeof v !== 'string' || !isMoneyString(v) || dec(v).lt(0))
        fail(`${path}.${k}`, 'must be a non-negative amount with at most 2 decimals');
    }
  });
  if (issues.length) throw new SuperBatchInputError(issues);
}
