// A scoped, low-privilege token (or no credential at all) hammering the API within its limits with every kind of
// request an attacker may choose, and what it costs everyone else:
//   npx tsx tests/bench/scoped-abuse.bench.ts [seconds] [employees]
// The real app on a fresh SQLite file with the shipped budgets (50 units a second per partner, burst 100; a
// request costs what it costs: http/cost.ts) and per-tenant lanes for expensive work. Tenant A has 2,400 employees
// in five cost centres and one finalised pay run; a viewer token scoped to two of the centres sends, open loop (it
// does not wait for its answers, as an attacker would not) and at the rate its budget allows for that kind: pages of
// 100 employees (on a tenant whose employees are assigned to their centres explicitly, and on one where mapping rules
// place them), pages of 200, payroll reports, payslip PDFs; the partner key verifies the evidence chain at its own
// limit; and a client with no credential sends 1 MB JSON bodies at its address's limit. Meanwhile a well-behaved
// client of another partner reads one employee of its own small tenant at a time, 20 ms apart. Its latency is
// measured alone, then during each kind of abuse: DESIGN.md's budget is p99 <= 50 ms under abuse. Every read is
// receipted, so the evidence chain grows by one record per request throughout. `npm test` runs it once at a tiny
// size (tests/api/benchmarks.test.ts), for the code paths, not the figures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Server } from 'node:http';
import pino from 'pino';
import { sql } from 'kysely';
import { createApp, createDeps, closeDeps } from '../../api/app.ts';
import { createPartner } from '../../api/services/platform/partner-keys.ts';
import { RequestContext } from '../../api/http/context.ts';
import { resolveTenant } from '../../api/services/platform/tenant-context.ts';
import { ALWAYS, createEmployee, loadEmployeeData, writePatch } from '../../api/services/employees/employees.ts';
import { employeePatch, settingsPatch } from '../../api/services/employees/employee-intake.ts';
import { createEmployeeBody, settingsBody } from '../../api/schemas/employees.ts';
import { loadConfig } from '../../api/config.ts';
import { AU_COMPANY_BANK, validTfn } from '../helpers/payroll-fixtures.ts';
import { printResult } from './support.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const EMPLOYEES = Number(process.argv[3] ?? 2_400);
const GOOD_PAUSE_MS = 20;
const BUDGET_P99_MS = 50;
const REASON = 'Scoped abuse benchmark set-up';
const CENTRES = ['OPS', 'OPS-SYD', 'OPS-MEL', 'ROAST', 'ADMIN'];

// The clients, in a worker (its own event loop, so the server's is not borrowed): plain node:http.
const CLIENT = `
const http = require('node:http');
const { parentPort, workerData: w } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const BIG = JSON.stringify({ first_name: 'x'.repeat(1024 * 1024 - 64) });
function send(method, path, key, body) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const headers = key ? { authorization: 'Bearer ' + key } : {};
    if (body !== undefined) { headers['content-type'] = 'application/json'; headers['content-length'] = Buffer.byteLength(body); }
    const req = http.request({ host: '127.0.0.1', port: w.port, method, path, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - t0) / 1e6, status: res.statusCode, body: Buffer.concat(chunks) }));
    });
    req.on('error', () => resolve({ ms: null, status: 0, body: null }));
    req.end(body);
  });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function good(until) {
  const latencies = []; let errors = 0; let i = 0;
  while (Date.now() < until) {
    const r = await send('GET', w.goodPaths[i++ % w.goodPaths.length], w.goodKey);
    if (r.status !== 200) errors++; else latencies.push(r.ms);
    await sleep(w.goodPauseMs);
  }
  return { latencies, errors };
}
async function abuse(until, a) {
  const latencies = []; const statuses = {}; let cursor = null; let sent = 0; const pending = [];
  const start = Date.now();
  const body = a.body === 'big' ? BIG : a.body === 'empty' ? '{}' : undefined;
  while (Date.now() < until) {
    const due = start + (sent * 1000) / a.rps;
    if (due > Date.now()) await sleep(due - Date.now());
    const path = a.walk ? a.walk + (cursor ? '&cursor=' + encodeURIComponent(cursor) : '') : a.paths[sent % a.paths.length];
    sent++;
    pending.push(send(a.method, path, a.key, body).then((r) => {
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      latencies.push(r.ms);
      if (a.walk && r.status === 200) {
        try { cursor = JSON.parse(r.body).next_cursor; } catch { cursor = null; }
      }
    }));
  }
  await Promise.all(pending);
  return { latencies, statuses, sent, seconds: (Date.now() - start) / 1000 };
}
(async () => {
  const out = {};
  const until = Date.now() + w.seconds * 1000;
  if (!w.abuse) out.good = await good(until);
  else {
    const [g, a] = await Promise.all([good(until), abuse(until, w.abuse)]);
    out.good = g; out.abuser = a;
  }
  parentPort.postMessage(out);
  agent.destroy();
})();
`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payrail-bench-'));
// The shipped defaults, whatever the environment says.
const config = loadConfig({});
const deps = await createDeps({
  dbFile: path.join(dir, 'payrail.db'),
  config,
  logger: pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false })),
});
const { app } = createApp(deps);
const server = await new Promise<Server>((resolve) => {
  const s = app.listen(0, '127.0.0.1', () => resolve(s));
});
server.keepAliveTimeout = 600_000;
const port = (server.address() as { port: number }).port;

async function call(key: string, method: string, p: string, body?: unknown): Promise<any> {
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${port}${p}`, {
      method,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-governance-reason': REASON },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    const json = (await res.json()) as any;
    if (res.status >= 300) throw new Error(`${method} ${p} → ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
    return json.data;
  }
}

const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 0.5), p99: percentile(s, 0.99), max: s[s.length - 1] ?? NaN };
};
const fmt = (x: number) => `${x.toFixed(1).padStart(7)} ms`;

/** A tenant with `n` employees hired through the employee service layer (500 to a transaction). */
async function bigTenant(key: string, partner: { id: string; keyId: string }, name: string, byRules: boolean) {
  const { tenant } = await call(key, 'POST', '/v1/partners/tenants', {
    name,
    jurisdiction: 'AU',
    engine: 'payroll_engine_au',
  });
  for (const code of CENTRES)
    await call(key, 'POST', `/v1/tenants/${tenant.id}/cost-centres`, {
      code,
      name: code,
      ...(code.includes('-') ? { parent_code: 'OPS' } : {}),
    });
  if (byRules)
    for (const [i, code] of CENTRES.entries())
      await call(key, 'POST', `/v1/tenants/${tenant.id}/cost-centre-mappings`, {
        source: 'employee',
        attribute: 'team',
        match_value: `team-${i}`,
        cost_centre_code: code,
        priority: i + 1,
      });
  const ctx = new RequestContext({} as never, {} as never, deps, {} as never);
  ctx.caller = { kind: 'partner', partnerId: partner.id, keyId: partner.keyId, environment: 'sandbox' };
  ctx.tenant = await resolveTenant(deps.store.repos, ctx.caller, tenant.id);
  for (let from = 0; from < EMPLOYEES; from += 500) {
    await deps.store.transaction(async (r) => {
      for (let i = from; i < Math.min(from + 500, EMPLOYEES); i++) {
        const body = createEmployeeBody.parse({
          first_name: `Robin${i}`,
          last_name: `Abuse${String((i * 7_919) % 100_000).padStart(5, '0')}`,
          date_of_birth: '1990-01-01',
          employment: { annual_salary: 60_000 + i, pay_frequency: 'fortnightly', start_date: '2021-01-01' },
          statutory: { au: { tfn: validTfn(i), tax_free_threshold: true } },
          ...(byRules ? { team: `team-${i % CENTRES.length}` } : {}),
        });
        let { row } = await createEmployee(
          ctx,
          r,
          employeePatch(ctx, body, 'create'),
          ALWAYS,
          byRules ? null : CENTRES[i % 5],
        );
        // Payable, so the finalised run has a payslip for everyone.
        for (const [kind, settings] of [
          [
            'bank',
            { bank_bsb: '062-000', bank_account_number: String(10_000_000 + i), bank_account_name: `Robin ${i}` },
          ],
          [
            'pension',
            {
              super_fund_name: 'AustralianSuper',
              super_usi: 'STA0100AU',
              super_member_number: String(900_000_000 + i),
            },
          ],
        ] as const) {
          const data = await loadEmployeeData(ctx, r, row.id, '9999-12-31');
          row = await writePatch(ctx, r, row, settingsPatch(ctx, kind, settingsBody.parse(settings), data), ALWAYS);
        }
      }
    });
  }
  return tenant.id as string;
}

/** What an attacker sends: `paths` in turn (or a list walked by its cursor), with a credential or none, at `rps`. */
interface Abuse {
  method: 'GET' | 'POST';
  key: string | null;
  paths?: string[];
  walk?: string;
  body?: 'big' | 'empty';
  rps: number;
}

async function scenario(label: string, goodKey: string, goodPaths: string[], abuse?: Abuse) {
  // A process serves each kind warm: its first request of a kind (fonts parsed, code compiled) is not measured.
  if (abuse) {
    const p = abuse.walk ?? abuse.paths![0];
    await fetch(`http://127.0.0.1:${port}${p}`, {
      method: abuse.method,
      headers: { ...(abuse.key ? { authorization: `Bearer ${abuse.key}` } : {}), 'content-type': 'application/json' },
      body: abuse.body ? '{}' : undefined,
    }).then((r) => r.arrayBuffer());
  }
  const result = await new Promise<any>((resolve, reject) => {
    const worker = new Worker(CLIENT, {
      eval: true,
      workerData: { port, seconds: SECONDS, goodKey, goodPaths, goodPauseMs: GOOD_PAUSE_MS, abuse },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { label, abuse, ...result };
}

/** Creates, previews, approves and finalises one fortnight's run of every employee; its id. */
async function finalisedRun(key: string, tenant: string): Promise<string> {
  await call(key, 'PATCH', `/v1/tenants/${tenant}/company/bank`, AU_COMPANY_BANK);
  const run = await call(key, 'POST', `/v1/tenants/${tenant}/pay-runs`, {
    period_start: '2026-11-02',
    period_end: '2026-11-15',
    payment_date: '2026-11-18',
  });
  const pr = `/v1/tenants/${tenant}/pay-runs/${run.pay_run.id}`;
  await call(key, 'POST', `${pr}/preview`, {});
  await call(key, 'POST', `${pr}/approve`, {});
  await call(key, 'POST', `${pr}/finalise`, {});
  while ((await call(key, 'GET', pr)).status !== 'finalised') await new Promise((r) => setTimeout(r, 50));
  return run.pay_run.id as string;
}

try {
  const a = await deps.store.transaction((r) => createPartner(r, 'Abused Partner', 'sandbox', deps.clock.now()));
  const b = await deps.store.transaction((r) => createPartner(r, 'Good Partner', 'sandbox', deps.clock.now()));
  const started = Date.now();
  const explicit = await bigTenant(a.key, { id: a.partner.id, keyId: a.keyId }, 'Abused Employer', false);
  const ruled = await bigTenant(a.key, { id: a.partner.id, keyId: a.keyId }, 'Ruled Employer', true);
  console.log(
    `set-up: two tenants of ${EMPLOYEES.toLocaleString('en')} employees in five cost centres (explicit / by rule) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const runId = await finalisedRun(a.key, explicit);
  const { tenant: goodTenant } = await call(b.key, 'POST', '/v1/partners/tenants', {
    name: 'Good Employer',
    jurisdiction: 'AU',
    engine: 'payroll_engine_au',
  });
  const goodPaths: string[] = [];
  for (let i = 0; i < 20; i++)
    goodPaths.push(
      `/v1/tenants/${goodTenant.id}/employees/${
        (
          await call(b.key, 'POST', `/v1/tenants/${goodTenant.id}/employees`, {
            first_name: `Good${i}`,
            last_name: 'Client',
            employment: { annual_salary: 70_000, pay_frequency: 'monthly' },
            statutory: { au: { no_number_reason: 'applied_for' } },
          })
        ).id
      }`,
    );
  const scoped = async (tenant: string) =>
    (
      await call(a.key, 'POST', `/v1/tenants/${tenant}/users/token`, {
        user_id: 'usr_abuser',
        role: 'viewer',
        scope: { cost_centres: ['OPS-SYD', 'ROAST'] },
      })
    ).token as string;
  const token = await scoped(explicit);
  const inScope = ((await call(token, 'GET', `/v1/tenants/${explicit}/employees?limit=50`)) as { id: string }[]).map(
    (e) => e.id,
  );
  // The set-up's bulk writes are not the measured load's: fold the write-ahead log into the database first.
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(deps.store.db);

  // Each kind at the rate the budget allows for it: units a second over what one request of the kind costs.
  const { rateLimitPerSecond: units, costs, verifyPerMinute } = config;
  const run = `/v1/tenants/${explicit}/pay-runs/${runId}`;
  const kinds: [string, Abuse][] = [
    [
      'pages of 100, cost centres assigned explicitly',
      { method: 'GET', key: token, walk: `/v1/tenants/${explicit}/employees?limit=100`, rps: units / 2 },
    ],
    [
      'pages of 100, cost centres by mapping rule',
      { method: 'GET', key: await scoped(ruled), walk: `/v1/tenants/${ruled}/employees?limit=100`, rps: units / 2 },
    ],
    [
      'pages of 200',
      {
        method: 'GET',
        key: token,
        walk: `/v1/tenants/${explicit}/employees?limit=200`,
        rps: units / Math.ceil(200 / costs.rowsPerUnit),
      },
    ],
    [
      'payroll reports',
      {
        method: 'GET',
        key: token,
        paths: [`/v1/tenants/${explicit}/reports/payroll-register?pay_run_id=${runId}`],
        rps: units / costs.report,
      },
    ],
    [
      'payslip PDFs',
      { method: 'GET', key: token, paths: inScope.map((id) => `${run}/payslips/${id}.pdf`), rps: units / costs.file },
    ],
    [
      'chain verifies (partner key)',
      {
        method: 'POST',
        key: a.key,
        paths: [`/v1/tenants/${explicit}/governance/verify`],
        body: 'empty',
        rps: Math.min(verifyPerMinute / 60, units / costs.verify),
      },
    ],
    [
      'unauthenticated 1 MB bodies',
      { method: 'POST', key: null, paths: [`/v1/tenants/${explicit}/employees`], body: 'big', rps: units },
    ],
  ];
  const alone = await scenario('alone', b.key, goodPaths);
  const runs = [];
  for (const [label, abuse] of kinds) runs.push(await scenario(label, b.key, goodPaths, abuse));

  console.log(
    `\nA well-behaved client (another partner) reads one employee at a time, ${GOOD_PAUSE_MS} ms apart, ${SECONDS} s each;`,
  );
  console.log(
    `budgets: ${units} units/s per partner (burst ${config.rateLimitBurst}), a page ${costs.rowsPerUnit} rows a unit, a report ${costs.report}, a PDF ${costs.file}, a verify ${costs.verify} and ${verifyPerMinute} a minute.`,
  );
  const a0 = stats(alone.good.latencies);
  console.log(
    `\n  ${'alone'.padEnd(48)} p50 ${fmt(a0.p50)}   p99 ${fmt(a0.p99)}   (${a0.n} requests, ${alone.good.errors} errors)`,
  );
  let missed = false;
  const figures: Record<string, number> = {};
  const statuses: Record<string, Record<string, number>> = {};
  for (const r of runs) {
    const g = stats(r.good.latencies);
    const abuser = stats(r.abuser.latencies);
    const within = g.p99 <= BUDGET_P99_MS;
    missed ||= !within;
    figures[r.label] = g.p99;
    statuses[r.label] = r.abuser.statuses;
    console.log(
      `  ${`under ${r.label}`.padEnd(48)} p50 ${fmt(g.p50)}   p99 ${fmt(g.p99)}   max ${fmt(g.max)}   (${g.n} requests, ${r.good.errors} errors)   budget p99 <= ${BUDGET_P99_MS} ms: ${within ? 'within' : 'MISSED'}`,
    );
    console.log(
      `  ${''.padEnd(48)} attacker at ${r.abuse.rps.toFixed(1)}/s: p50 ${fmt(abuser.p50)}   p99 ${fmt(abuser.p99)}   (${r.abuser.sent} sent; statuses ${JSON.stringify(r.abuser.statuses)})`,
    );
  }
  const receipts = (await deps.store.db
    .selectFrom('evidence')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst())!.n;
  console.log(
    `\n  evidence records at the end: ${Number(receipts).toLocaleString('en')}${missed ? '\n  BUDGET MISSED' : ''}`,
  );
  printResult({
    alone_p99_ms: a0.p99,
    under_abuse_p99_ms: figures,
    budget_p99_ms: BUDGET_P99_MS,
    attacker_statuses: statuses,
  });
} finally {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await closeDeps(deps);
  fs.rmSync(dir, { recursive: true, force: true });
}
