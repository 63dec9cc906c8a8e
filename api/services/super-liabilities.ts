// Super liabilities after finalise: per pay run and fund, what is owed (super guarantee and salary
// sacrificed), when it is due by the pinned pack's rule, the batches generated for the run and whether
// the liability is overdue (due and no batch generated yet).
import type { UseCaseContext } from './use-case.ts';
import type { PayRunTable } from '../store/schema.ts';
import { superDueDate, type SuperDue } from '../packs/au/super-due.ts';
import { loadWorkforce } from './pay-run-calc.ts';
import { periodOf } from './pay-run-steps.ts';
import { resultOf } from './pay-run-model.ts';
import { retirementFundOf } from './jurisdiction.ts';
import { limitingToken, visibleEntries } from './pay-run-scope.ts';
import { entryDetail } from '../schemas/outputs.ts';
import { dec, money } from '../lib/money.ts';
import { todayIn } from '../lib/dates.ts';

export interface SuperLiability {
  pay_run_id: string;
  payment_date: string;
  pack_version: string;
  fund: { name: string; usi: string | null; abn: string | null; smsf: boolean };
  employee_count: number;
  super_guarantee: string;
  salary_sacrifice: string;
  total: string;
  due_date: string;
  due_rule: SuperDue['rule'];
  batches: { evidence_id: string; generated_at: string; state: 'generated' }[];
  overdue: boolean;
}

/** Employees of these runs whose first finalised pay is in that run (a new employee's first contribution). */
async function firstPays(uc: UseCaseContext, runs: PayRunTable[], ids: string[]) {
  const first = new Map<string, string>();
  const rows = await uc.store.repos.reportableEntries(uc.requireTenant().tenant.id, ids, '0000-01-01', '9999-12-31');
  for (const row of rows) if (!first.has(row.employee_id)) first.set(row.employee_id, row.pay_run_id);
  return (runId: string, employeeId: string) => first.get(employeeId) === runId && runs.some((r) => r.id === runId);
}

export async function superLiabilities(uc: UseCaseContext, payRunId?: string): Promise<SuperLiability[]> {
  uc.requireCapability('retirement_batch');
  const t = uc.requireTenant();
  const r = uc.store.repos;
  const runs = (await r.listPayRuns(t.tenant.id, {}))
    .filter((p) => ['finalised', 'lodged'].includes(p.status) && (!payRunId || p.id === payRunId))
    .sort((a, b) => (a.payment_date < b.payment_date ? -1 : a.payment_date > b.payment_date ? 1 : 0));
  const today = todayIn(uc.now);
  const out: SuperLiability[] = [];
  // A token limited to some employees sees the liabilities for them only.
  const limited = limitingToken(uc) !== null;
  const entriesByRun = new Map(
    await Promise.all(
      runs.map(async (p) => [p.id, limited ? await visibleEntries(uc, p.id, r) : await r.listEntries(p.id)] as const),
    ),
  );
  const isFirst = await firstPays(uc, runs, [...new Set([...entriesByRun.values()].flat().map((e) => e.employee_id))]);
  for (const run of runs) {
    const entries = entriesByRun.get(run.id) ?? [];
    const who = new Map(
      (
        await loadWorkforce(
          uc,
          r,
          periodOf(run),
          entries.map((e) => e.employee_id),
        )
      ).map((w) => [w.row.id, w.data]),
    );
    const batches = (await r.evidenceLinksOf(t.tenant.id, run.id)).filter(
      (l) => l.action === 'pay_run.super_batch_generated',
    );
    const batchViews = await Promise.all(
      batches.map(async (b) => ({
        evidence_id: b.evidence_id,
        generated_at: (await r.getEvidence(t.tenant.id, b.evidence_id))?.created_at ?? '',
        state: 'generated' as const,
      })),
    );
    const lines = new Map<string, SuperLiability>();
    for (const e of entries) {
      const fund = retirementFundOf(who.get(e.employee_id)) ?? {
        name: 'No fund on file',
        usi: null,
        abn: null,
        smsf: false,
      };
      const d = entryDetail.parse(resultOf(e).detail);
      const due = superDueDate(run.pack_version, run.payment_date, isFirst(run.id, e.employee_id));
      const key = `${fund.name}|${fund.usi}|${due.due_date}`;
      const line = lines.get(key) ?? {
        pay_run_id: run.id,
        payment_date: run.payment_date,
        pack_version: run.pack_version,
        fund: { name: fund.name, usi: fund.usi, abn: fund.abn, smsf: fund.smsf },
        employee_count: 0,
        super_guarantee: '0.00',
        salary_sacrifice: '0.00',
        total: '0.00',
        due_date: due.due_date,
        due_rule: due.rule,
        batches: batchViews,
        overdue: false,
      };
      const sg = d.super_guarantee ?? '0.00';
      const ss = (d.salary_sacrifice ?? '0').replace('-', '');
      line.employee_count++;
      line.super_guarantee = money(dec(line.super_guarantee).plus(sg));
      line.salary_sacrifice = money(dec(line.salary_sacrifice).plus(ss));
      line.total = money(dec(line.super_guarantee).plus(line.salary_sacrifice));
      line.overdue = !batchViews.length && today > line.due_date;
      lines.set(key, line);
    }
    out.push(
      ...[...lines.values()].sort(
        (a, b) => a.fund.name.localeCompare(b.fund.name) || a.due_date.localeCompare(b.due_date),
      ),
    );
  }
  return out;
}
