// Super liabilities after finalise: per pay run and fund, what is owed (super guarantee and salary
// sacrificed), when it is due by the pinned pack's rule, the batches generated for the run and whether
// the liability is overdue (due and no batch generated yet).
import type { UseCaseContext } from '../platform/use-case.ts';
import type { PayRunTable } from '../../store/schema.ts';
import type { RetirementDue } from '../../jurisdictions/index.ts';
import { loadWorkforce } from '../pay-runs/pay-run-calc.ts';
import { foldPatches, type EmployeeData } from '../../model/employee.ts';
import { periodOf } from '../pay-runs/pay-run-steps.ts';
import { decodeJson } from '../../lib/json-column.ts';
import { entryResultSchema } from '../../schemas/pay-runs.ts';
import { jurisdictionOf, retirementFundOf } from '../setup/jurisdiction.ts';
import { visibleEntries } from '../pay-runs/pay-run-scope.ts';
import { limitingToken } from '../platform/data-scope.ts';
import { entryDetail } from '../../schemas/outputs.ts';
import { dec, money, type Dec } from '../../lib/money.ts';
import { addDays, todayIn } from '../../lib/dates.ts';
import { companyDetails } from '../setup/company.ts';

export interface SuperLiability {
  pay_run_id: string;
  payment_date: string;
  pack_version: string;
  fund: { name: string; usi: string | null; abn: string | null; smsf: boolean };
  employee_count: number;
  super_guarantee: string;
  salary_sacrifice: string;
  /** Voluntary contributions from pay after tax: they go to the fund in the same batch, by the same date. */
  personal: string;
  total: string;
  due_date: string;
  due_rule: RetirementDue['rule'];
  batches: { evidence_id: string; generated_at: string; state: 'generated' }[];
  overdue: boolean;
}

const fundKey = (e: EmployeeData | undefined) => {
  const f = retirementFundOf(e);
  return f ? `${f.usi ?? ''}|${f.abn ?? ''}|${f.name}|${f.smsf}` : '';
};

/**
 * Whether an employee's pay in a run is a new contribution, due in 20 business days under Payday Super: their
 * first qualifying earnings with this employer (their first finalised pay in Payrail, and they started in that
 * pay period or the one before it, for a first pay in arrears), or the first contribution to a fund they newly
 * chose (the fund differs from the one their previous pay went to). Staff employed long before the employer's
 * first Payrail run are not new.
 */
async function newContributions(uc: UseCaseContext, runs: PayRunTable[], ids: string[]) {
  const r = uc.store.repos;
  const tenantId = uc.requireTenant().tenant.id;
  const order = new Map<string, string[]>();
  for (const row of await r.reportableEntries(tenantId, ids, '0000-01-01', '9999-12-31'))
    order.set(row.employee_id, [...(order.get(row.employee_id) ?? []), row.pay_run_id]);
  // The fund each employee's previous pay went to: their values as recorded when that run was finalised (AU
  // values are not effective-dated, so a later change rewrites the period; the recording time does not).
  const wanted = new Set(runs.map((x) => x.id));
  const fundBefore = new Map<string, string>();
  const runsById = new Map<string, PayRunTable | undefined>();
  const jurisdiction = uc.requireTenant().tenant.jurisdiction;
  for (const [id, list] of order)
    for (let i = 1; i < list.length; i++) {
      if (!wanted.has(list[i]!)) continue;
      const prevId = list[i - 1]!;
      if (!runsById.has(prevId)) runsById.set(prevId, await r.getPayRun(tenantId, prevId));
      const prev = runsById.get(prevId);
      if (!prev?.finalised_at) continue;
      const recorded = (await r.versionsOf(id, prev.period_end)).filter((v) => v.created_at <= prev.finalised_at!);
      if (recorded.length)
        fundBefore.set(
          `${prevId}|${id}`,
          fundKey(
            foldPatches(
              recorded.map((v) => v.data_json),
              jurisdiction,
            ),
          ),
        );
    }
  return (run: PayRunTable, employeeId: string, now: EmployeeData | undefined): boolean => {
    const list = order.get(employeeId) ?? [];
    const at = list.indexOf(run.id);
    if (at < 0) return false;
    if (at > 0) {
      const before = fundBefore.get(`${list[at - 1]}|${employeeId}`);
      return before !== undefined && before !== fundKey(now);
    }
    const start = now?.employment.start_date;
    const length = Math.round((Date.parse(run.period_end) - Date.parse(run.period_start)) / 86_400_000) + 1;
    return !!start && start >= addDays(run.period_start, -length);
  };
}

/** The part of a stored result a liability reads: its detail (decoded without the lines and amounts). */
const resultDetail = entryResultSchema.pick({ detail: true });

export async function superLiabilities(uc: UseCaseContext, payRunId?: string): Promise<SuperLiability[]> {
  uc.requireCapability('retirement_batch');
  const t = uc.requireTenant();
  const dueDate = jurisdictionOf(t.tenant.jurisdiction).retirementDueDate;
  if (!dueDate)
    throw new Error(`retirement_batch is native but ${t.tenant.jurisdiction} has no contribution due dates`);
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
  const isNew = await newContributions(uc, runs, [
    ...new Set([...entriesByRun.values()].flat().map((e) => e.employee_id)),
  ]);
  // The employer's state: its public holidays are not business days.
  const state = (await companyDetails(uc, r)).address?.state ?? null;
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
    // Two due dates per run at most (a new contribution, and everyone else's), counted from the day pay went out.
    const dues = new Map<boolean, RetirementDue>();
    const dueOf = (first: boolean) => {
      let due = dues.get(first);
      if (!due) dues.set(first, (due = dueDate(run.pack_version, run.paid_on ?? run.payment_date, first, state)));
      return due;
    };
    const lines = new Map<string, SuperLiability>();
    // Sums kept as decimals while the entries are added, written as money once.
    const sums = new Map<SuperLiability, { sg: Dec; ss: Dec; personal: Dec }>();
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
      const due = dueOf(isNew(run, e.employee_id, who.get(e.employee_id)));
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
          personal: '0.00',
          total: '0.00',
          due_date: due.due_date,
          due_rule: due.rule,
          batches: batchViews,
          overdue: !batchViews.length && today > due.due_date,
        };
        lines.set(key, line);
        sums.set(line, { sg: dec(0), ss: dec(0), personal: dec(0) });
      }
      const sum = sums.get(line)!;
      sum.sg = sum.sg.plus(d.super_guarantee ?? '0.00');
      sum.ss = sum.ss.plus((d.salary_sacrifice ?? '0').replace('-', ''));
      sum.personal = sum.personal.plus(d.personal_super ?? '0');
      line.employee_count++;
    }
    for (const [line, sum] of sums) {
      line.super_guarantee = money(sum.sg);
      line.salary_sacrifice = money(sum.ss);
      line.personal = money(sum.personal);
      line.total = money(sum.sg.plus(sum.ss).plus(sum.personal));
    }
    out.push(
      ...[...lines.values()].sort(
        (a, b) => a.fund.name.localeCompare(b.fund.name) || a.due_date.localeCompare(b.due_date),
      ),
    );
  }
  return out;
}
