// Super liabilities after finalise: per pay run and fund, what is owed (super guarantee and salary
// sacrificed), when it is due by the pinned pack's rule, the batches generated for the run and whether
// the liability is overdue (due and no batch generated yet).
import type { UseCaseContext } from './use-case.ts';
import type { PayRunTable } from '../store/schema.ts';
import { superDueDate, type SuperDue } from '../packs/au/super-due.ts';
import { loadWorkforce } from './pay-run-calc.ts';
import type { EmployeeData } from './employee-model.ts';
import { periodOf } from './pay-run-steps.ts';
import { decodeJson } from '../lib/json-column.ts';
import { entryResultSchema } from '../schemas/pay-runs.ts';
import { retirementFundOf } from './jurisdiction.ts';
import { limitingToken, visibleEntries } from './pay-run-scope.ts';
import { entryDetail } from '../schemas/outputs.ts';
import { dec, money, type Dec } from '../lib/money.ts';
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

/** The part of a stored result a liability reads: its detail (decoded without the lines and amounts). */
const resultDetail = entryResultSchema.pick({ detail: true });

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
  // Employees are folded once for all the runs their versions are the same in.
  const folds = new Map<string, EmployeeData>();
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
          folds,
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
    // Two due dates per run at most (a new employee's first contribution, and everyone else's).
    const dues = new Map<boolean, SuperDue>();
    const dueOf = (first: boolean) => {
      let due = dues.get(first);
      if (!due) dues.set(first, (due = superDueDate(run.pack_version, run.payment_date, first)));
      return due;
    };
    const lines = new Map<string, SuperLiability>();
    // Sums kept as decimals while the entries are added, written as money once.
    const sums = new Map<SuperLiability, { sg: Dec; ss: Dec }>();
    for (const e of entries) {
      const fund = retirementFundOf(who.get(e.employee_id)) ?? {
        name: 'No fund on file',
        usi: null,
        abn: null,
        smsf: false,
      };
      const { detail } = decodeJson(
        resultDetail,
        e.result_json,
        `pay run ${e.pay_run_id} entry ${e.employee_id} result`,
      );
      const d = entryDetail.parse(detail);
      const due = dueOf(isFirst(run.id, e.employee_id));
      const key = `${fund.name}|${fund.usi}|${due.due_date}`;
      let line = lines.get(key);
      if (!line) {
        line = {
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
          overdue: !batchViews.length && today > due.due_date,
        };
        lines.set(key, line);
        sums.set(line, { sg: dec(0), ss: dec(0) });
      }
      const sum = sums.get(line)!;
      sum.sg = sum.sg.plus(d.super_guarantee ?? '0.00');
      sum.ss = sum.ss.plus((d.salary_sacrifice ?? '0').replace('-', ''));
      line.employee_count++;
    }
    for (const [line, sum] of sums) {
      line.super_guarantee = money(sum.sg);
      line.salary_sacrifice = money(sum.ss);
      line.total = money(sum.sg.plus(sum.ss));
    }
    out.push(
      ...[...lines.values()].sort(
        (a, b) => a.fund.name.localeCompare(b.fund.name) || a.due_date.localeCompare(b.due_date),
      ),
    );
  }
  return out;
}
