// The partner portfolio: summary, pipeline board and client rows across tenants, through the real app.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import { expectStatus, fortnight, validTfn } from '../helpers/payroll-fixtures.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import { createApp } from '../../api/app.ts';
import { employeeId, newId } from '../../api/lib/ids.ts';
import { createKey } from '../../api/services/platform/partner-keys.ts';
import type { PayRunTable } from '../../api/store/schema.ts';

const clock = new ManualClock(new Date('2026-11-21T09:00:00.000Z'));
let api: TestApi;
const AT = '2026-11-01T00:00:00.000Z';
const ids: Record<string, string> = {};
const runs: Record<string, string> = {};

async function tenant(name: string, body: Record<string, unknown> = {}, key?: string): Promise<string> {
  const r = await api.call('POST', '/v1/partners/tenants', { body: { name, ...body }, key });
  assert.equal(r.status, 201);
  return r.body.data.tenant.id;
}

async function employee(
  tenantId: string,
  ref: string,
  site: string | null,
  status: 'active' | 'terminated' = 'active',
) {
  await api.deps.store.repos.insertEmployee({
    id: employeeId(tenantId, ref),
    tenant_id: tenantId,
    engine_ref: ref,
    status,
    first_name: ref,
    last_name: 'Worker',
    cost_centre_code: null,
    site,
    created_at: AT,
    updated_at: AT,
  });
}

async function costCentre(tenantId: string, code: string, site: string, status: 'active' | 'archived' = 'active') {
  await api.deps.store.repos.insertCostCentre({
    tenant_id: tenantId,
    code,
    name: code,
    parent_code: null,
    gl_account: null,
    site,
    status,
    created_at: AT,
    updated_at: AT,
  });
}

async function payRun(
  tenantId: string,
  label: string,
  status: string,
  paymentDate: string,
  totals: Record<string, unknown> | null,
  validation: Record<string, unknown> | null = null,
) {
  const run: PayRunTable = {
    id: newId('pr_'),
    tenant_id: tenantId,
    status,
    pay_frequency: 'weekly',
    period_start: '2026-11-01',
    period_end: '2026-11-07',
    payment_date: paymentDate,
    pack_version: 'AU-2026.1',
    totals_json: JSON.stringify(totals ?? {}),
    prepared_by: 'key:key_test',
    approved_by: null,
    approval_json: null,
    job_json: null,
    validation_json: validation ? JSON.stringify(validation) : null,
    blocked_json: null,
    excluded_json: null,
    figures_digest: null,
    figures_seq: null,
    finalised_at: null,
    paid_on: null,
    voided_at: null,
    created_at: AT,
    updated_at: AT,
  };
  await api.deps.store.repos.insertPayRun(run);
  runs[label] = run.id;
}

const aud = (gross: string) => ({
  employee_count: 3,
  gross,
  tax: '100.00',
  super: '50.00',
  net: '900.00',
  currency: 'AUD',
  total_social: '50.00',
});

before(async () => {
  api = await startTestApi({ clock });
  ids.alpha = await tenant('Alpha Cafe');
  await costCentre(ids.alpha, 'OPS', 'Sydney');
  await costCentre(ids.alpha, 'FIN', 'Melbourne');
  await costCentre(ids.alpha, 'OLD', 'Perth', 'archived');
  await employee(ids.alpha, 'a1', 'Sydney');
  await employee(ids.alpha, 'a2', 'Sydney');
  await employee(ids.alpha, 'a3', 'Brisbane');
  await employee(ids.alpha, 'a4', 'Hobart', 'terminated');
  await payRun(ids.alpha, 'paidEarly', 'finalised', '2026-11-07', aud('1000.50'));
  await payRun(ids.alpha, 'lodged', 'lodged', '2026-11-14', aud('2000.25'));
  await payRun(ids.alpha, 'lastMonth', 'finalised', '2026-10-31', aud('999.00'));
  await payRun(ids.alpha, 'longAgo', 'finalised', '2026-08-31', aud('888.00'));
  await payRun(ids.alpha, 'voided', 'voided', '2026-11-10', aud('5000.00'));
  await payRun(ids.alpha, 'draft', 'draft', '2026-11-28', null);
  await payRun(ids.alpha, 'blocked', 'previewed', '2026-11-22', aud('1200.00'), {
    errorCount: 2,
    warningCount: 0,
    warnings: [],
  });
  await payRun(ids.alpha, 'approved', 'approved', '2026-11-25', aud('1300.00'), {
    errorCount: 0,
    warningCount: 1,
    warnings: [],
  });

  ids.beta = await tenant('Beta Works', { engine: 'payroll_engine_au' });

  ids.echo = await tenant('Echo Bakery');
  await employee(ids.echo, 'e1', null);
  await payRun(ids.echo, 'echoDraft', 'previewed', '2026-11-25', aud('700.00'), {
    errorCount: 0,
    warningCount: 0,
    warnings: [],
  });

  ids.delta = await tenant('Delta GmbH', { jurisdiction: 'DE' });
  await employee(ids.delta, 'd1', 'Berlin');
  await payRun(ids.delta, 'deltaPaid', 'finalised', '2026-11-01', {
    employee_count: 1,
    gross: '500.00',
    tax: '80.00',
    social: '100.00',
    net: '320.00',
    currency: 'EUR',
    total_social: '200.00',
  });
  await payRun(ids.delta, 'deltaNext', 'approved', '2026-11-30', {
    employee_count: 1,
    gross: '500.00',
    currency: 'EUR',
  });

  // A tenant whose binding names a pack this deployment cannot load.
  ids.broken = newId('ten_');
  await api.deps.store.repos.insertTenant({
    id: ids.broken,
    partner_id: api.partner.id,
    slug: 'broken-co',
    name: 'Broken Co',
    jurisdiction: 'AU',
    environment: 'sandbox',
    group_json: null,
    created_at: AT,
  });
  await api.deps.store.repos.insertBinding({
    id: newId('bnd_'),
    tenant_id: ids.broken,
    role: 'hub',
    engine: 'mock',
    pack_code: 'ZZ',
    pack_version: 'ZZ-2026.1',
    status: 'active',
    connection_id: null,
    connector_pack: null,
    engine_tenant_ref: 'mock:broken',
    created_at: AT,
    updated_at: AT,
  });

  // Runs of a tenant that fails to load: neither shown nor counted anywhere.
  await payRun(ids.broken, 'brokenDraft', 'draft', '2026-11-24', aud('10.00'));
  await payRun(ids.broken, 'brokenPaid', 'finalised', '2026-11-14', aud('10.00'));

  const stranger = await api.newPartner('Stranger');
  ids.stranger = await tenant('Stranger Payroll', {}, stranger.key);
  await payRun(ids.stranger, 'strangerDraft', 'draft', '2026-11-23', aud('1.00'));
});
after(async () => {
  await api.close();
});

const get = async (what: string, key?: string) => api.call('GET', `/v1/partners/portfolio/${what}`, { key });

test('the three portfolio routes are mounted in the app', () => {
  const mounted = createApp(api.deps)
    .routes.filter((r) => r.path.startsWith('/v1/partners/portfolio/'))
    .map((r) => `${r.method} ${r.path}`);
  assert.deepEqual(mounted.sort(), [
    'get /v1/partners/portfolio/clients',
    'get /v1/partners/portfolio/pipeline',
    'get /v1/partners/portfolio/summary',
  ]);
});

describe('portfolio summary', () => {
  test('the summary has stats, the tenant count, when it was generated and the tenants that failed to load', async () => {
    const r = await get('summary');
    assert.equal(r.status, 200);
    const d = r.body.data;
    assert.deepEqual(Object.keys(d).sort(), ['errored_tenants', 'generated_at', 'stats', 'tenant_count']);
    assert.equal(d.tenant_count, 5);
    assert.equal(d.generated_at, '2026-11-21T09:00:00.000Z');
    assert.equal(d.errored_tenants.length, 1);
    assert.equal(d.errored_tenants[0].id, ids.broken);
    assert.equal(d.errored_tenants[0].name, 'Broken Co');
    assert.match(d.errored_tenants[0].error, /ZZ/);
  });

  test('the stats add up the clients: workers, runs by stage and gross paid this month per currency', async () => {
    const s = (await get('summary')).body.data.stats;
    assert.equal(s.workers, 5);
    assert.equal(s.runs_in_flight, 5);
    assert.equal(s.runs_blocked, 1);
    assert.equal(s.runs_awaiting_approval, 2);
    assert.equal(s.runs_approved, 2);
    assert.equal(s.runs_finalised_recently, 4, "paid in the last 31 days: the board's finalised column");
    assert.deepEqual(s.gross_mtd, [
      { currency: 'AUD', amount: '3000.75' },
      { currency: 'EUR', amount: '500.00' },
    ]);
    assert.deepEqual(s.clients_by_risk, { high: 1, medium: 1, low: 2 });
    assert.equal(s.next_pay_date, '2026-11-22');
    assert.equal(s.days_until_next_pay, 1);
  });
});

describe('portfolio pipeline', () => {
  test('pay runs are grouped as draft, approved, blocked and recently finalised, each with its tenant and totals', async () => {
    const r = await get('pipeline');
    assert.equal(r.status, 200);
    const p = r.body.data;
    assert.deepEqual(Object.keys(p).sort(), ['approved', 'blocked', 'draft', 'finalised']);
    const idsOf = (group: { runs: { id: string }[] }) => group.runs.map((x) => x.id);
    assert.deepEqual(idsOf(p.draft), [runs.echoDraft, runs.draft]);
    assert.deepEqual(idsOf(p.approved), [runs.approved, runs.deltaNext]);
    assert.deepEqual(idsOf(p.blocked), [runs.blocked]);
    assert.deepEqual(idsOf(p.finalised), [runs.lodged, runs.paidEarly, runs.deltaPaid, runs.lastMonth]);
    for (const group of Object.values(p) as { count: number; runs: Record<string, unknown>[] }[]) {
      assert.deepEqual(Object.keys(group).sort(), ['count', 'runs']);
      assert.equal(group.count, group.runs.length, 'a group this small shows every run it holds');
      for (const item of group.runs) {
        assert.deepEqual(Object.keys(item).sort(), [
          'id',
          'payment_date',
          'period_end',
          'period_start',
          'status',
          'tenant_id',
          'tenant_name',
          'totals',
        ]);
      }
    }
    const blocked = p.blocked.runs[0];
    assert.equal(blocked.tenant_id, ids.alpha);
    assert.equal(blocked.tenant_name, 'Alpha Cafe');
    assert.equal(blocked.status, 'previewed');
    assert.equal(blocked.totals.gross, '1200.00');
    assert.equal(
      p.draft.runs.find((x: { id: string }) => x.id === runs.draft).totals,
      null,
      'a run with no totals yet says so',
    );
  });

  test("voided runs, old runs and other partners' runs never appear", async () => {
    const all = Object.values((await get('pipeline')).body.data as Record<string, { runs: unknown[] }>).flatMap(
      (g) => g.runs,
    ) as { id: string; tenant_id: string }[];
    for (const label of ['voided', 'longAgo', 'strangerDraft', 'brokenDraft', 'brokenPaid'])
      assert.ok(!all.some((x) => x.id === runs[label]), label);
    assert.ok(!all.some((x) => x.tenant_id === ids.stranger));
  });

  test('a tenant that fails to load is reported beside the board, not inside it', async () => {
    const r = await get('pipeline');
    assert.deepEqual(
      r.body.errored_tenants.map((e: { id: string }) => e.id),
      [ids.broken],
    );
  });
});

describe('portfolio clients', () => {
  test('one row per loadable tenant with the client-row fields', async () => {
    const r = await get('clients');
    assert.equal(r.status, 200);
    const names = r.body.data.map((c: { name: string }) => c.name);
    assert.deepEqual(names, ['Alpha Cafe', 'Beta Works', 'Delta GmbH', 'Echo Bakery']);
    for (const row of r.body.data) {
      assert.deepEqual(Object.keys(row).sort(), [
        'country',
        'currency',
        'days_until_pay',
        'gross_mtd',
        'health',
        'id',
        'in_flight',
        'name',
        'next_pay_date',
        'risk',
        'site_count',
        'workers',
      ]);
      assert.match(row.gross_mtd, /^\d+\.\d{2}$/);
    }
    assert.deepEqual(
      r.body.errored_tenants.map((e: { id: string }) => e.id),
      [ids.broken],
    );
  });

  test('a client row counts active workers and sites, paid gross this month, runs in flight and days to the next pay date', async () => {
    const rows = (await get('clients')).body.data as Record<string, unknown>[];
    const alpha = rows.find((c) => c.id === ids.alpha);
    assert.deepEqual(alpha, {
      id: ids.alpha,
      name: 'Alpha Cafe',
      country: 'AU',
      site_count: 3,
      workers: 3,
      gross_mtd: '3000.75',
      currency: 'AUD',
      risk: 'high',
      health: 'attention',
      in_flight: 3,
      next_pay_date: '2026-11-22',
      days_until_pay: 1,
    });
    const delta = rows.find((c) => c.id === ids.delta)!;
    assert.equal(delta.currency, 'EUR');
    assert.equal(delta.gross_mtd, '500.00');
    assert.equal(delta.days_until_pay, 9);
    assert.equal(delta.risk, 'low');
    assert.equal(delta.health, 'healthy');
  });

  test('risk rises as an unapproved pay date nears; a client with nobody employed needs setting up', async () => {
    const rows = (await get('clients')).body.data as Record<string, unknown>[];
    const echo = rows.find((c) => c.id === ids.echo)!;
    assert.equal(echo.risk, 'medium');
    assert.equal(echo.health, 'attention');
    const beta = rows.find((c) => c.id === ids.beta)!;
    assert.deepEqual(
      {
        workers: beta.workers,
        risk: beta.risk,
        health: beta.health,
        next: beta.next_pay_date,
        days: beta.days_until_pay,
        gross: beta.gross_mtd,
      },
      { workers: 0, risk: 'low', health: 'setup_required', next: null, days: null, gross: '0.00' },
    );
    clock.set('2026-11-24T09:00:00.000Z');
    try {
      const later = ((await get('clients')).body.data as Record<string, unknown>[]).find((c) => c.id === ids.echo)!;
      assert.equal(later.risk, 'high');
      assert.equal(later.days_until_pay, 1);
    } finally {
      clock.set('2026-11-21T09:00:00.000Z');
    }
  });
});

describe('a busy board', () => {
  test('each group counts every run it holds and carries the first 50: in flight the earliest pay date first, finalised the latest', async () => {
    // A partner of its own, so the other portfolio figures stay as they are.
    const { key } = await api.newPartner('Busy Partner');
    const busy = await tenant('Busy Bureau', {}, key);
    const drafts: { id: string; date: string }[] = [];
    const paid: { id: string; date: string }[] = [];
    for (let n = 0; n < 55; n++) {
      // Pay dates repeat, so ties are ordered by id.
      const ahead = `2026-12-${String(1 + (n % 20)).padStart(2, '0')}`;
      await payRun(busy, `busyDraft${n}`, 'draft', ahead, aud('10.00'));
      drafts.push({ id: runs[`busyDraft${n}`], date: ahead });
      const past = `2026-11-${String(1 + (n % 20)).padStart(2, '0')}`;
      await payRun(busy, `busyPaid${n}`, 'finalised', past, aud('10.00'));
      paid.push({ id: runs[`busyPaid${n}`], date: past });
    }
    const order = (a: { id: string; date: string }, b: { id: string; date: string }) =>
      a.date.localeCompare(b.date) || a.id.localeCompare(b.id);
    const p = expectStatus(await get('pipeline', key), 200).data;
    assert.equal(p.draft.count, 55);
    assert.deepEqual(
      p.draft.runs.map((x: { id: string }) => x.id),
      drafts
        .sort(order)
        .slice(0, 50)
        .map((x) => x.id),
    );
    assert.equal(p.finalised.count, 55);
    assert.deepEqual(
      p.finalised.runs.map((x: { id: string }) => x.id),
      paid
        .sort(order)
        .reverse()
        .slice(0, 50)
        .map((x) => x.id),
    );
    assert.deepEqual(
      [p.approved, p.blocked],
      [
        { count: 0, runs: [] },
        { count: 0, runs: [] },
      ],
    );
    const stats = expectStatus(await get('summary', key), 200).data.stats;
    assert.equal(stats.runs_awaiting_approval, p.draft.count);
    assert.equal(stats.runs_finalised_recently, p.finalised.count);
  });
});

describe('blocked runs', () => {
  test('a run whose preview found an employee who cannot be paid is blocked on the board and makes its client high risk', async () => {
    // A partner of its own, so the other portfolio figures stay as they are.
    const { key } = await api.newPartner('Blocked Partner');
    const t = expectStatus(
      await api.call('POST', '/v1/partners/tenants', {
        key,
        body: { name: 'Gamma Roasters', jurisdiction: 'AU', engine: 'payroll_engine_au' },
      }),
      201,
    ).data.tenant;
    // Hired with no bank account and no super fund: readiness blocks finalise.
    expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/employees`, {
        key,
        reason: REASON,
        body: {
          first_name: 'Noor',
          last_name: 'Unpaid',
          date_of_birth: '1990-03-14',
          employment: {
            type: 'full_time',
            annual_salary: 65_000,
            pay_frequency: 'fortnightly',
            start_date: '2020-01-01',
          },
          statutory: {
            au: { tfn: validTfn(1), tax_free_threshold: true, residency: 'resident', study_loan: false },
          },
        },
      }),
      201,
    );
    // Paid on 2 December, well beyond five days: only the block can make this client high risk.
    const period = fortnight(1);
    const run = expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/pay-runs`, { key, reason: REASON, body: period }),
      201,
    ).data.pay_run;
    const validation = expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/pay-runs/${run.id}/preview`, { key, body: {} }),
      200,
    ).data.validation;
    assert.equal(validation.errorCount, 1);
    assert.equal(validation.warnings[0].code, 'blocks_finalise');

    const board = expectStatus(await get('pipeline', key), 200).data;
    assert.deepEqual(
      board.blocked.runs.map((x: { id: string }) => x.id),
      [run.id],
    );
    assert.deepEqual(board.draft, { count: 0, runs: [] }, 'a blocked run is not also awaiting approval');
    const [row] = expectStatus(await get('clients', key), 200).data;
    assert.equal(row.id, t.id);
    assert.equal(row.next_pay_date, period.payment_date);
    assert.equal(row.risk, 'high');
    assert.equal(row.health, 'attention');
    const stats = expectStatus(await get('summary', key), 200).data.stats;
    assert.equal(stats.runs_blocked, 1);
    assert.deepEqual(stats.clients_by_risk, { high: 1, medium: 0, low: 0 });
  });
});

describe('runs with an employee the engine cannot calculate', () => {
  test('are blocked from the moment they are drafted, and leave the bucket once finalised without that employee', async () => {
    const { key } = await api.newPartner('Uncalculable Partner');
    const t = expectStatus(
      await api.call('POST', '/v1/partners/tenants', {
        key,
        body: { name: 'Delta Roasters', jurisdiction: 'AU', engine: 'payroll_engine_au' },
      }),
      201,
    ).data.tenant;
    const hire = async (n: number, employment: Record<string, unknown>) =>
      expectStatus(
        await api.call('POST', `/v1/tenants/${t.id}/employees`, {
          key,
          reason: REASON,
          body: {
            first_name: `Kim${n}`,
            last_name: 'Payable',
            date_of_birth: '1990-03-14',
            employment: { type: 'full_time', pay_frequency: 'fortnightly', start_date: '2020-01-01', ...employment },
            statutory: { au: { tfn: validTfn(n), tax_free_threshold: true } },
          },
        }),
        201,
      ).data.id;
    const paid = await hire(11, { annual_salary: 70_000 });
    for (const [path, body] of [
      ['bank-accounts', { bank_bsb: '062-000', bank_account_number: '12345678', bank_account_name: 'Kim Payable' }],
      ['pension', { super_fund_name: 'AustralianSuper', super_usi: 'STA0100AU' }],
    ] as const)
      expectStatus(
        await api.call('PATCH', `/v1/tenants/${t.id}/employees/${paid}/${path}`, { key, reason: REASON, body }),
        200,
      );
    // No salary and no hourly rate: the engine cannot calculate them.
    const unpaid = await hire(12, {});
    const run = expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/pay-runs`, { key, reason: REASON, body: fortnight(0) }),
      201,
      'the run is created',
    ).data.pay_run;
    assert.deepEqual(
      run.validation.warnings.filter((w: { severity: string }) => w.severity === 'error').map((w: any) => w.code),
      ['cannot_calculate'],
    );
    let board = expectStatus(await get('pipeline', key), 200).data;
    assert.deepEqual(
      board.blocked.runs.map((x: { id: string }) => x.id),
      [run.id],
      'blocked before any preview',
    );
    assert.deepEqual(board.draft, { count: 0, runs: [] });

    const step = (what: string, body: Record<string, unknown> = {}) =>
      api.call('POST', `/v1/tenants/${t.id}/pay-runs/${run.id}/${what}`, { key, reason: REASON, body });
    expectStatus(await step('preview'), 200);
    expectStatus(await step('approve'), 200);
    assert.deepEqual(
      expectStatus(await get('pipeline', key), 200).data.blocked.runs.map((x: { id: string }) => x.id),
      [run.id],
      'still blocked once approved',
    );
    expectStatus(await step('finalise', { exclude_blocked: true }), 200);
    board = expectStatus(await get('pipeline', key), 200).data;
    assert.deepEqual(board.blocked, { count: 0, runs: [] });
    assert.deepEqual(
      board.finalised.runs.map((x: { id: string }) => x.id),
      [run.id],
    );
    assert.equal(board.finalised.runs[0].totals.employee_count, 1, `${unpaid} is not paid`);
  });
});

describe('the next pay date', () => {
  test('is the earliest run still to be paid, overdue included, or a paid run whose pay date is ahead', async () => {
    const own = await api.newPartner('Late Payer Partner');
    const late = await tenant('Late Payer', {}, own.key);
    await employee(late, 'l1', null);
    // Today is 21 Nov: a run finalised ahead of its pay date on 27 Nov, and a draft that should have paid on 18 Nov.
    await payRun(late, 'lateFinalisedAhead', 'finalised', '2026-11-27', aud('400.00'));
    await payRun(late, 'lateOverdue', 'draft', '2026-11-18', null);
    const row = ((await get('clients', own.key)).body.data as Record<string, unknown>[])[0]!;
    assert.equal(row.next_pay_date, '2026-11-18');
    assert.equal(row.days_until_pay, -3);
    assert.equal(row.risk, 'high');
    const stats = (await get('summary', own.key)).body.data.stats;
    assert.equal(stats.next_pay_date, '2026-11-18');
    assert.equal(stats.days_until_next_pay, -3);
    // Gross this month counts the runs already paid: the one paying on 27 Nov is not yet.
    assert.deepEqual(stats.gross_mtd, [{ currency: 'AUD', amount: '0.00' }]);

    // Once the overdue run is gone, the run finalised ahead of its date is the next pay.
    await api.deps.store.repos.updatePayRun(late, runs.lateOverdue, { status: 'voided' });
    const after = ((await get('clients', own.key)).body.data as Record<string, unknown>[])[0]!;
    assert.equal(after.next_pay_date, '2026-11-27');
    assert.equal(after.days_until_pay, 6);
  });
});

describe('access', () => {
  test('a partner with no tenants gets an empty portfolio', async () => {
    const empty = await api.newPartner('Empty Partner');
    const summary = (await get('summary', empty.key)).body.data;
    assert.equal(summary.tenant_count, 0);
    assert.deepEqual(summary.errored_tenants, []);
    const none = { count: 0, runs: [] };
    assert.deepEqual((await get('pipeline', empty.key)).body.data, {
      draft: none,
      approved: none,
      blocked: none,
      finalised: none,
    });
    assert.deepEqual((await get('clients', empty.key)).body.data, []);
  });

  test('embed and user tokens are refused with 403 on every portfolio route', async () => {
    const embed = (
      await api.call('POST', `/v1/tenants/${ids.alpha}/embed/token`, {
        body: { components: ['portfolio-dashboard', 'client-list', 'pipeline-board'] },
      })
    ).body.data.token;
    const admin = (await api.call('POST', `/v1/tenants/${ids.alpha}/users/token`, { body: { role: 'admin' } })).body
      .data.token;
    for (const token of [embed, admin]) {
      for (const what of ['summary', 'pipeline', 'clients']) {
        const r = await get(what, token);
        assert.equal(r.status, 403, what);
        assert.equal(r.body.error.code, 'forbidden');
      }
    }
  });

  test('each environment has its own portfolio', async () => {
    const liveKey = (await api.deps.store.transaction((r) => createKey(r, api.partner.id, 'live', clock.now()))).key;
    const live = await api.call('POST', '/v1/partners/tenants', {
      key: liveKey,
      body: { name: 'Live Client', engine: 'payroll_engine_au' },
      headers: { 'idempotency-key': 'live-client' },
    });
    assert.equal(live.status, 201);
    const liveRows = (await get('clients', liveKey)).body.data;
    assert.deepEqual(
      liveRows.map((c: { name: string }) => c.name),
      ['Live Client'],
    );
    assert.equal((await get('summary', liveKey)).body.data.tenant_count, 1);
    const sandboxRows = (await get('clients')).body.data;
    assert.ok(!sandboxRows.some((c: { name: string }) => c.name === 'Live Client'));
    assert.equal((await get('summary')).body.data.tenant_count, 5);
  });

  test('without a credential the portfolio is 401', async () => {
    assert.equal((await api.call('GET', '/v1/partners/portfolio/summary', { key: null })).status, 401);
  });
});
