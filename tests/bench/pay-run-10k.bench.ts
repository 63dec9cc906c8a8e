// An AU pay run of 10,000 employees through the HTTP API:
//   npm run bench pay-run-10k   (with the API's Node flags, api/node-flags.ts), or
//   node --max-semi-space-size=64 --import tsx tests/bench/pay-run-10k.bench.ts [employees] [--hire-via-api]
// A fresh database (SQLite, or PostgreSQL with PAYRAIL_BENCH_POSTGRES: see support.ts) and an AU tenant. The
// employees are hired through the employee service layer (the same intake, validation and sealing the API uses,
// 500 to a transaction, without the per-request evidence records), because 30,000 HTTP requests would take
// minutes; --hire-via-api sends them through HTTP instead (POST /employees with the TFN declaration, then the bank
// and super forms, 16 in parallel). The pay run is timed: create → preview → approve → finalise, one HTTP
// request each, against the budget; beside it, a timesheet import, a preview after one entry changed (twice:
// the correction, then taking it back) and one after a change elsewhere at the employer (worked out in full),
// each printed with its own figure. The last line of output is the figures as JSON (`RESULT {...}`), which postgres.bench.ts reads.
import { performance } from 'node:perf_hooks';
import type { Server } from 'node:http';
import pino from 'pino';
import { createApp, createDeps, closeDeps } from '../../api/app.ts';
import { createPartner } from '../../api/services/platform/partner-keys.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import { RequestContext } from '../../api/http/context.ts';
import { resolveTenant } from '../../api/services/platform/tenant-context.ts';
import { ALWAYS, createEmployee, loadEmployeeData, writePatch } from '../../api/services/employees/employees.ts';
import { employeePatch, settingsPatch } from '../../api/services/employees/employee-intake.ts';
import { createEmployeeBody, settingsBody } from '../../api/schemas/employees.ts';
import type { AppDeps } from '../../api/http/context.ts';
import { BENCH_POSTGRES, STORE_NAME, apiCaller, printResult, withBenchDb, type Call } from './support.ts';

const args = process.argv.slice(2);
const EMPLOYEES = Number(args.find((a) => /^\d+$/.test(a)) ?? 10_000);
const VIA_API = args.includes('--hire-via-api');
const BUDGET_MS = 2_000;
const REPREVIEW_BUDGET_MS = 200;
const CONCURRENCY = 16;
const REASON = 'Fortnightly payroll benchmark';

/** The n-th valid TFN (weights 1,4,3,7,5,8,6,9,10; weighted sum mod 11 = 0). */
function tfn(n: number): string {
  const w = [1, 4, 3, 7, 5, 8, 6, 9, 10];
  for (let i = n; ; i++) {
    const head = String(10_000_000 + ((i * 7_919) % 89_999_999)).slice(-8);
    const check = [...head].reduce((a, d, k) => a + Number(d) * w[k], 0) % 11;
    if (check < 10) return head + check;
  }
}

function employeeBody(i: number) {
  const salaried = i % 5 !== 0;
  return {
    first_name: `Sam${i}`,
    last_name: `Bench${String(i).padStart(5, '0')}`,
    date_of_birth: '1990-01-01',
    // A payee's home address goes in every pay event: without it each employee would carry an "unverified" warning.
    address: {
      line1: `${1 + (i % 400)} George Street`,
      locality: 'Sydney',
      state: 'NSW',
      postcode: '2000',
      country: 'AU',
    },
    employment: {
      type: salaried ? 'full_time' : 'part_time',
      pay_frequency: 'fortnightly',
      start_date: '2020-01-01',
      ...(salaried
        ? { annual_salary: 55_000 + ((i * 37) % 120_000) }
        : { hourly_rate: 28 + (i % 30), hours_per_week: 15 + (i % 20) }),
    },
    statutory: {
      au: {
        tfn: tfn(i),
        tax_free_threshold: i % 7 !== 0,
        residency: i % 31 === 0 ? 'foreign_resident' : 'resident',
        study_loan: i % 4 === 0,
      },
    },
  };
}
const bankBody = (i: number) => ({
  bank_bsb: '062-000',
  bank_account_number: String(10_000_000 + i),
  bank_account_name: `Sam Bench ${i}`,
});
const superBody = (i: number) => ({
  super_fund_name: 'AustralianSuper',
  super_usi: 'STA0100AU',
  super_member_number: String(900_000_000 + i),
});

async function hireViaApi(call: Call, t: string, i: number) {
  const emp = await call('POST', `/v1/tenants/${t}/employees`, employeeBody(i));
  await call('PATCH', `/v1/tenants/${t}/employees/${emp.id}/bank-accounts`, bankBody(i));
  await call('PATCH', `/v1/tenants/${t}/employees/${emp.id}/pension`, superBody(i));
}

/** The employee service layer the routes call, with a partner caller and the tenant resolved as a request would. */
async function hireViaServices(deps: AppDeps, partnerId: string, keyId: string, tenantId: string) {
  const ctx = new RequestContext({} as never, {} as never, deps, {} as never);
  ctx.caller = { kind: 'partner', partnerId, keyId, environment: 'sandbox' };
  ctx.tenant = await resolveTenant(deps.store.repos, ctx.caller, tenantId);
  for (let from = 0; from < EMPLOYEES; from += 500) {
    await deps.store.transaction(async (r) => {
      for (let i = from; i < Math.min(from + 500, EMPLOYEES); i++) {
        let { row } = await createEmployee(
          ctx,
          r,
          employeePatch(ctx, createEmployeeBody.parse(employeeBody(i)), 'create'),
          ALWAYS,
        );
        for (const [kind, body] of [
          ['bank', bankBody(i)],
          ['pension', superBody(i)],
        ] as const) {
          row = await writePatch(
            ctx,
            r,
            row,
            settingsPatch(ctx, kind, settingsBody.parse(body), await loadEmployeeData(ctx, r, row.id, '9999-12-31')),
            ALWAYS,
          );
        }
      }
    });
  }
}

await withBenchDb('payrail-bench-', async (db) => {
  const deps = await createDeps({
    ...db.deps,
    clock: new ManualClock(new Date('2026-11-21T09:00:00Z')),
    logger: pino({ level: 'warn' }),
    config: { rateLimitPerSecond: 0 },
  });
  const { app } = createApp(deps);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  // The client keeps its connection while employees are hired; the server must not drop it as idle meanwhile.
  server.keepAliveTimeout = 600_000;
  const { key, partner, keyId } = await deps.store.transaction((r) =>
    createPartner(r, 'Bench Partner', 'sandbox', deps.clock.now()),
  );
  const call = apiCaller(`http://127.0.0.1:${(server.address() as { port: number }).port}`, key, REASON);
  try {
    const { tenant } = await call('POST', '/v1/partners/tenants', {
      name: 'Bench Employer',
      jurisdiction: 'AU',
      engine: 'payroll_engine_au',
    });
    await call('PATCH', `/v1/tenants/${tenant.id}/company/bank`, {
      account_name: 'Bench Employer Pty Ltd',
      bsb: '032-000',
      account_number: '004455667',
      fi_code: 'WBC',
      apca_user_id: '301500',
    });

    const hireStart = performance.now();
    if (VIA_API) {
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let i = next++; i < EMPLOYEES; i = next++) await hireViaApi(call, tenant.id, i);
        }),
      );
    } else {
      await hireViaServices(deps, partner.id, keyId, tenant.id);
    }
    const hireSeconds = (performance.now() - hireStart) / 1000;
    console.log(
      `hired ${EMPLOYEES.toLocaleString('en')} employees ${VIA_API ? `through the API (3 requests each, ${CONCURRENCY} in parallel)` : 'through the employee service layer'} in ${hireSeconds.toFixed(1)} s`,
    );

    const steps: [string, number][] = [];
    const timed = async <T>(label: string, f: () => Promise<T>): Promise<T> => {
      const t0 = performance.now();
      const out = await f();
      steps.push([label, performance.now() - t0]);
      return out;
    };
    const run = await timed('create (draft, all employees calculated)', () =>
      call('POST', `/v1/tenants/${tenant.id}/pay-runs`, {
        period_start: '2026-11-02',
        period_end: '2026-11-15',
        payment_date: '2026-11-18',
      }),
    );
    const pr = `/v1/tenants/${tenant.id}/pay-runs/${run.pay_run.id}`;
    // Not part of the budgeted flow: one timesheet import for up to 2,000 hourly employees (a fifth are
    // hourly), three days each, which keeps the body under the 1 MB request limit.
    const hourly = Array.from({ length: EMPLOYEES }, (_, i) => i)
      .filter((i) => i % 5 === 0)
      .slice(0, 2_000);
    const ids = new Map(
      ((await call('GET', `${pr}/entries`)) as { employee_id: string; employee_name: string }[]).map((e) => [
        e.employee_name,
        e.employee_id,
      ]),
    );
    const rows = hourly.flatMap((i) =>
      ['2026-11-03', '2026-11-04', '2026-11-05'].map((date) => ({
        employee_id: ids.get(`Sam${i} Bench${String(i).padStart(5, '0')}`),
        date,
        hours: 7.5,
      })),
    );
    const t0 = performance.now();
    const imported = await call('POST', `${pr}/timesheets`, { rows });
    const importMs = performance.now() - t0;
    const previewed = await timed('preview (totals and validation)', () => call('POST', `${pr}/preview`, {}));
    // Not part of the budgeted flow either: an officer corrects one entry and previews again (its own budget).
    // The correction is taken back the same way, so the run approves and finalises the figures first previewed.
    const corrected = ids.get('Sam1 Bench00001')!;
    const correct = (items: unknown[]) =>
      call('POST', `${pr}/entries`, { employee_id: corrected, items, replace_entry_items: true });
    const repreviews: number[] = [];
    const corrections: number[] = [];
    for (const items of [[{ type: 'allowance', amount: '25.00', description: 'Meal allowance' }], []]) {
      const c0 = performance.now();
      await correct(items);
      corrections.push(performance.now() - c0);
      const r0 = performance.now();
      await call('POST', `${pr}/preview`, {});
      repreviews.push(performance.now() - r0);
    }
    // A change elsewhere at the employer (a new cost centre) means the next preview works every figure out
    // again in full: the cost of a preview when something the figures may depend on changed.
    await call('POST', `/v1/tenants/${tenant.id}/cost-centres`, { code: 'BENCH', name: 'Bench' });
    const f0 = performance.now();
    await call('POST', `${pr}/preview`, {});
    const fullPreviewMs = performance.now() - f0;
    await timed('approve', () => call('POST', `${pr}/approve`, {}));
    const finalised = await timed('finalise', () => call('POST', `${pr}/finalise`, {}));

    if (run.pay_run.totals.employee_count !== EMPLOYEES)
      throw new Error(`run has ${run.pay_run.totals.employee_count} employees`);
    if (finalised.pay_run.status !== 'finalised') throw new Error(`run is ${finalised.pay_run.status}`);
    if (JSON.stringify(finalised.pay_run.totals) !== JSON.stringify(previewed.pay_run.totals))
      throw new Error('finalised totals differ from the preview');

    const total = steps.reduce((a, [, ms]) => a + ms, 0);
    console.log(`\nAU pay run on ${STORE_NAME}, ${EMPLOYEES.toLocaleString('en')} fortnightly employees, through HTTP`);
    for (const [label, ms] of steps) console.log(`  ${label.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms`);
    // On PostgreSQL the budget is relative: at most twice the SQLite time on the same machine (postgres.bench.ts).
    const verdict = BENCH_POSTGRES
      ? '(on PostgreSQL: budget 2x the SQLite time, compared by postgres.bench.ts)'
      : EMPLOYEES === 10_000
        ? `budget ${BUDGET_MS} ms: ${total <= BUDGET_MS ? 'within' : 'OVER'}`
        : '(the budget is set for 10,000 employees)';
    console.log(`  ${'total'.padEnd(44)} ${total.toFixed(0).padStart(6)} ms   ${verdict}`);
    console.log(
      `  (outside the budget) timesheet import, ${imported.imported.toLocaleString('en')} rows for ${imported.employees.toLocaleString('en')} employees: ${importMs.toFixed(0)} ms`,
    );
    console.log(
      `  (outside the budget) correcting one entry: ${corrections.map((ms) => `${ms.toFixed(0)} ms`).join(', then ')}`,
    );
    console.log(
      `  (outside the budget) preview again after one entry changed: ${repreviews.map((ms) => `${ms.toFixed(0)} ms`).join(', then ')} (budget ${REPREVIEW_BUDGET_MS} ms each at 10,000 employees)`,
    );
    console.log(
      `  (outside the budget) preview after a change elsewhere at the employer, worked out in full: ${fullPreviewMs.toFixed(0)} ms`,
    );
    console.log(
      `  gross ${finalised.pay_run.totals.gross} AUD, net ${finalised.pay_run.totals.net} AUD, validation errors ${previewed.validation.errorCount}`,
    );
    printResult({
      store: STORE_NAME,
      employees: EMPLOYEES,
      hire_s: Number(hireSeconds.toFixed(1)),
      steps_ms: Object.fromEntries(steps.map(([label, ms]) => [label.split(' ')[0], Math.round(ms)])),
      total_ms: Math.round(total),
      repreview_ms: repreviews.map(Math.round),
      correction_ms: corrections.map(Math.round),
      full_preview_ms: Math.round(fullPreviewMs),
      gross: finalised.pay_run.totals.gross,
      net: finalised.pay_run.totals.net,
    });
  } finally {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await closeDeps(deps);
  }
});
