// The general-ledger journal of the period's pay: expense debits by cost centre (wages, super, employer
// social insurance) against the liabilities the pay creates (tax withheld, super and social insurance
// payable, net wages and deductions payable). It balances to the cent by construction of the entries:
// gross + employer costs = tax + social + super + deductions + net, per entry.
import type { Report, ReportQuery, Row } from './report-types.ts';
import type { UseCaseContext } from '../platform/use-case.ts';
import { cols, loadSource, reportOf } from './report-source.ts';
import { figuresOf } from './entry-figures.ts';
import { jurisdictionOf } from '../setup/jurisdiction.ts';
import { splitEntry } from './cost-centre-report.ts';
import { loadPayItemResolver } from '../setup/cost-centres.ts';
import { dec, money, type Dec, type MoneyInput } from '../../lib/money.ts';

/**
 * Default accounts. A cost centre's own `gl_account` replaces the wages expense account for its wages;
 * the others are these codes, which an accounting system maps on import.
 */
export const GL_ACCOUNTS = {
  wages_expense: '6100',
  super_expense: '6110',
  employer_social_expense: '6120',
  net_wages_payable: '2100',
  tax_payable: '2110',
  super_payable: '2120',
  social_payable: '2130',
  deductions_payable: '2140',
} as const;

const COLUMNS = cols(
  ['gl_account', 'text'],
  ['cost_centre', 'text'],
  ['description', 'text'],
  ['debit', 'money'],
  ['credit', 'money'],
);

export async function glJournal(uc: UseCaseContext, q: ReportQuery): Promise<Report> {
  const tenantId = uc.requireTenant().tenant.id;
  const r = uc.store.repos;
  const [src, ruleFor, centres] = await Promise.all([
    loadSource(uc, q),
    loadPayItemResolver(r, tenantId),
    r.listCostCentres(tenantId, true),
  ]);
  const { contributions, taxPayable } = jurisdictionOf(src.jurisdiction).reporting;
  const de = contributions === 'social';
  const accountOf = new Map(centres.map((c) => [c.code, c.gl_account]));
  const lines = new Map<
    string,
    { gl_account: string; cost_centre: string | null; description: string; amount: Dec; side: 'debit' | 'credit' }
  >();
  const post = (
    side: 'debit' | 'credit',
    account: string,
    centre: string | null,
    description: string,
    amount: MoneyInput,
  ) => {
    const key = `${side}|${account}|${centre ?? ''}|${description}`;
    const line = lines.get(key) ?? { gl_account: account, cost_centre: centre, description, amount: dec(0), side };
    line.amount = line.amount.plus(amount);
    lines.set(key, line);
  };
  for (const e of src.entries) {
    const f = figuresOf(e.result);
    for (const s of splitEntry(e, ruleFor)) {
      const wages = (s.cost_centre && accountOf.get(s.cost_centre)) || GL_ACCOUNTS.wages_expense;
      post('debit', wages, s.cost_centre, 'Wages and salaries', s.gross);
    }
    const own = e.row.cost_centre_code;
    if (de) post('debit', GL_ACCOUNTS.employer_social_expense, own, 'Employer social insurance', f.employer_social);
    else post('debit', GL_ACCOUNTS.super_expense, own, 'Superannuation guarantee', f.super_guarantee);
    post('credit', GL_ACCOUNTS.tax_payable, null, taxPayable, f.tax);
    if (de)
      post(
        'credit',
        GL_ACCOUNTS.social_payable,
        null,
        'Social insurance payable',
        dec(f.social).plus(f.employer_social),
      );
    else
      post(
        'credit',
        GL_ACCOUNTS.super_payable,
        null,
        'Superannuation payable',
        dec(f.super_guarantee).plus(f.super_from_pay),
      );
    // What else left the pay goes to whoever it is owed: after-tax deductions and salary sacrificed for other
    // benefits, less what went into super.
    const payable = de ? dec(f.deductions) : dec(f.deductions).plus(f.salary_sacrifice).minus(f.super_from_pay);
    post('credit', GL_ACCOUNTS.deductions_payable, null, 'Payroll deductions payable', payable);
    post('credit', GL_ACCOUNTS.net_wages_payable, null, 'Net wages payable', f.net);
  }
  const rows: Row[] = [...lines.values()]
    .filter((l) => !l.amount.isZero())
    .sort(
      (a, b) =>
        (a.side === b.side ? 0 : a.side === 'debit' ? -1 : 1) ||
        a.gl_account.localeCompare(b.gl_account) ||
        (a.cost_centre ?? '').localeCompare(b.cost_centre ?? ''),
    )
    .map((l) => ({
      gl_account: l.gl_account,
      cost_centre: l.cost_centre,
      description: l.description,
      debit: money(l.side === 'debit' ? l.amount : 0),
      credit: money(l.side === 'credit' ? l.amount : 0),
    }));
  const notes = [
    "Wages are debited to the cost centre's GL account when it has one, otherwise to " +
      `${GL_ACCOUNTS.wages_expense}; the other accounts are Payrail's defaults (${Object.entries(GL_ACCOUNTS)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}).`,
  ];
  const report = reportOf('gl-journal', src, q, COLUMNS, rows, notes);
  report.lines = rows;
  return report;
}
