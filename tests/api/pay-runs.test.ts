// Pay runs through the real app: creation rules, who a draft includes, the state machine on every
// engine, readiness, segregation of duties, void and delete, listing, entries, timesheets and
// replays of money-moving requests, and the allowed_actions each caller is offered.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type CallOpts } from '../helpers/api.ts';
import {
  approve,
  auditTrail,
  cents,
  createRun,
  createTenant,
  draftRun,
  entriesOf,
  evidenceOf,
  expectStatus,
  finalise,
  fortnight,
  fromCents,
  getRun,
  hireAu,
  hireDe,
  month,
  preview,
  runPath,
  runToFinalised,
  sumCents,
  userToken,
  validTfn,
  waitForFinalised,
  week,
  type PeriodInput,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

const ids = (rows: { employee_id: string }[]) => rows.map((r) => r.employee_id).sort();
const listRuns = async (t: TenantRef, query = '') =>
  expectStatus(await api.call('GET', `${runPath(t)}${query}`), 200, 'list runs');
const postEntry = (t: TenantRef, runId: string, body: Record<string, unknown>, opts: CallOpts = {}) =>
  api.call('POST', runPath(t, runId, '/entries'), { body, ...opts });
const timesheets = (t: TenantRef, runId: string, opts: CallOpts) =>
  api.call('POST', runPath(t, runId, '/timesheets'), opts);
const voidRun = (t: TenantRef, runId: string, opts: CallOpts = {}) =>
  api.call('POST', runPath(t, runId, '/void'), { body: {}, reason: REASON, ...opts });
const deleteRun = (t: TenantRef, runId: string, opts: CallOpts = {}) =>
  api.call('DELETE', runPath(t, runId), { body: {}, reason: REASON, ...opts });

type RunState = 'draft' | 'previewed' | 'approved' | 'finalised' | 'voided';
const LIFECYCLE: RunState[] = ['draft', 'previewed', 'approved', 'finalised', 'voided'];

/** Takes a draft run through each legal step up to `state`, each answering 200. */
async function walkTo(t: TenantRef, runId: string, state: RunState): Promise<void> {
  for (const step of LIFECYCLE.slice(1, LIFECYCLE.indexOf(state) + 1)) {
    const r =
      step === 'previewed'
        ? await preview(api, t, runId)
        : step === 'approved'
          ? await approve(api, t, runId)
          : step === 'finalised'
            ? await finalise(api, t, runId)
            : await voidRun(t, runId);
    expectStatus(r, 200, step);
  }
}

function assertConflict(r: { status: number; body: any; text: string }, state: string) {
  assert.equal(r.status, 409, r.text);
  assert.equal(r.body.error.code, 'state_conflict');
  assert.equal(r.body.error.pay_run_status, state);
}

describe('the list says whether the caller may create a run', () => {
  test('partner key, preparer, administrator and an embed token allowed the list: create; others: nothing', async () => {
    const t = await createTenant(api, { jurisdiction: 'AU' });
    const emp = await hireAu(api, t, { pay_frequency: 'weekly' });
    const list = async (key?: string) =>
      expectStatus(await api.call('GET', runPath(t), key ? { key } : {}), 200, 'list').allowed_actions;
    const embed = async (body: Record<string, unknown>) =>
      expectStatus(await api.call('POST', `/v1/tenants/${t.id}/embed/token`, { body }), 201, 'embed').data.token;
    assert.deepEqual(await list(), ['create']);
    for (const [role, expected] of [
      ['preparer', ['create']],
      ['admin', ['create']],
      ['approver', []],
      ['viewer', []],
    ] as const)
      assert.deepEqual(await list(await userToken(api, t, role, `usr_${role}`)), expected, role);
    assert.deepEqual(await list(await embed({ components: ['pay-runs-list'] })), ['create']);
    assert.deepEqual(await list(await embed({ components: ['payslip-viewer'] })), []);
    assert.deepEqual(await list(await embed({ components: ['pay-runs-list'], employee_id: emp })), []);
  });
});

describe('creating a pay run', () => {
  let t: TenantRef;
  before(async () => {
    t = await createTenant(api);
  });

  test('the frequency is inferred: 7 days weekly, 14 days fortnightly, a calendar month monthly, a calendar quarter quarterly', async () => {
    const cases: [PeriodInput, string][] = [
      [week(0), 'weekly'],
      [fortnight(0), 'fortnightly'],
      [month(2026, 11), 'monthly'],
      [month(2027, 2), 'monthly'],
      [{ period_start: '2026-10-01', period_end: '2026-12-31', payment_date: '2027-01-05' }, 'quarterly'],
    ];
    for (const [period, frequency] of cases) {
      const run = await draftRun(api, t, period);
      assert.equal(run.pay_frequency, frequency, JSON.stringify(period));
      assert.equal(run.status, 'draft');
      assert.equal(run.period_start, period.period_start);
      assert.equal(run.period_end, period.period_end);
    }
  });

  test('a period that is not a week, a fortnight, a calendar month or a calendar quarter is 400 and creates nothing', async () => {
    const other = await createTenant(api);
    const bad: [string, string][] = [
      ['2026-11-02', '2026-11-11'], // 10 days
      ['2026-11-02', '2026-11-29'], // 28 days, not a calendar month
      ['2026-11-05', '2026-12-04'], // a month long, not a calendar month
      ['2026-11-01', '2027-01-31'], // three months, not a calendar quarter
      ['2026-11-02', '2026-11-02'], // one day
    ];
    for (const [s, e] of bad) {
      const r = await createRun(api, other, { period_start: s, period_end: e, payment_date: '2027-02-03' });
      assert.equal(r.status, 400, `${s}..${e}: ${r.text}`);
      assert.equal(r.body.error.code, 'bad_request');
      assert.deepEqual(
        r.body.error.errors.map((x: { path: string }) => x.path),
        ['period_end'],
      );
    }
    const backwards = await createRun(api, other, {
      period_start: '2026-11-15',
      period_end: '2026-11-02',
      payment_date: '2026-11-18',
    });
    assert.equal(backwards.status, 400);
    assert.equal((await listRuns(other)).data.length, 0);
  });

  test('creating a pay run is governed: without a reason it is 400 governance_reason_required and nothing is created', async () => {
    const r = await createRun(api, t, fortnight(3), { reason: undefined });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.error.code, 'governance_reason_required');
    const listed = await listRuns(t, `?from=${fortnight(3).period_start}&to=${fortnight(3).period_end}`);
    assert.equal(
      listed.data.filter(
        (p: { period_start: string; pay_frequency: string }) =>
          p.period_start === fortnight(3).period_start && p.pay_frequency === 'fortnightly',
      ).length,
      0,
      'no run was created',
    );
  });

  test('an explicit pay_frequency must fit the period', async () => {
    const other = await createTenant(api);
    const fits = expectStatus(await createRun(api, other, { ...fortnight(0), pay_frequency: 'fortnightly' }), 201).data
      .pay_run;
    assert.equal(fits.pay_frequency, 'fortnightly');
    for (const [period, frequency] of [
      [week(3), 'fortnightly'],
      [month(2026, 12), 'quarterly'],
      [fortnight(4), 'monthly'],
      [fortnight(5), 'daily'],
    ] as const) {
      const r = await createRun(api, other, { ...period, pay_frequency: frequency });
      assert.equal(r.status, 400, `${frequency}: ${r.text}`);
      assert.equal(r.body.error.code, 'bad_request');
    }
    assert.equal((await listRuns(other)).data.length, 1);
  });

  test('a period overlapping a non-voided run of the same frequency is 409 naming it; other frequencies and voided runs do not block', async () => {
    const other = await createTenant(api);
    await hireAu(api, other, { pay_frequency: 'fortnightly', annual_salary: 70_000 });
    const first = await draftRun(api, other, fortnight(0));
    for (const period of [fortnight(0), fortnight(0, '2026-11-09'), fortnight(0, '2026-10-20')]) {
      const r = await createRun(api, other, period);
      assert.equal(r.status, 409, JSON.stringify(period));
      assert.equal(r.body.error.code, 'state_conflict');
      assert.equal(r.body.error.conflicting_pay_run_id, first.id);
    }
    assert.equal((await draftRun(api, other, week(0))).pay_frequency, 'weekly', 'a weekly run may share the dates');
    assert.equal(
      (await draftRun(api, other, fortnight(1))).pay_frequency,
      'fortnightly',
      'the next fortnight does not overlap',
    );

    await runToFinalised(api, other, first.id);
    expectStatus(await voidRun(other, first.id), 200, 'void');
    const again = await draftRun(api, other, fortnight(0));
    assert.notEqual(again.id, first.id);
    assert.equal((await listRuns(other, '?status=draft')).data.length, 3);
  });

  test('a payment date outside the pinned pack version is 422 with the version rule, naming the version that covers it', async () => {
    const au2024 = await createTenant(api, { pack_version: 'AU-2024.1' });
    const de = await createTenant(api, { jurisdiction: 'DE' });
    const de2025 = await createTenant(api, { jurisdiction: 'DE', pack_version: 'DE-2025.1' });
    const cases: [TenantRef, PeriodInput, string, RegExp][] = [
      [t, fortnight(0, '2026-06-13'), 'AU-2026.2/period/outside_effective_range', /AU-2025\.1 covers it/],
      [au2024, fortnight(0, '2025-06-23'), 'AU-2024.1/period/outside_effective_range', /AU-2025\.1 covers it/],
      [de, month(2025, 12), 'DE-2026.4/period/outside_effective_range', /DE-2025\.1 covers it/],
      // 2026 has four releases: the latest is named.
      [de2025, month(2026, 1), 'DE-2025.1/period/outside_effective_range', /DE-2026\.4 covers it/],
      [t, fortnight(0, '2027-06-21'), 'AU-2026.2/period/outside_effective_range', /No released version covers it/],
    ];
    for (const [tenant, period, rule, names] of cases) {
      const before = (await listRuns(tenant)).data.length;
      const r = await createRun(api, tenant, period);
      assert.equal(r.status, 422, `${rule}: ${r.text}`);
      assert.equal(r.body.error.code, 'pack_validation_failed');
      assert.equal(r.body.error.rule, rule);
      assert.equal(r.body.error.violations[0].path, 'payment_date');
      assert.match(r.body.error.message, names);
      assert.equal((await listRuns(tenant)).data.length, before, 'nothing created');
    }
  });
});

describe('who a draft includes', () => {
  test('exactly the employees active in the period and paid at its frequency: start and end dates, scheduled leavers, terminations', async () => {
    const t = await createTenant(api);
    const f = (extra: Partial<Parameters<typeof hireAu>[2]> = {}) =>
      hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 65_000, ...extra });
    const steady = await f();
    await hireAu(api, t, { pay_frequency: 'weekly', annual_salary: 65_000 });
    await hireAu(api, t, { pay_frequency: 'monthly', annual_salary: 65_000 });
    const starter = await f({ start_date: '2026-12-20' });
    await f({ end_date: '2026-10-31' });
    const leaver = await f();
    const terminated = await f();
    const endedEarlier = await f();
    const emp = (id: string, tail = '') => `/v1/tenants/${t.id}/employees/${id}${tail}`;
    expectStatus(
      await api.call('POST', emp(leaver, '/end-employment'), {
        body: { effective_date: '2026-12-20', reason_code: 'V' },
        reason: REASON,
      }),
      200,
      'schedule leaver',
    );
    expectStatus(await api.call('DELETE', emp(terminated), { body: {}, reason: REASON }), 200, 'terminate');
    expectStatus(
      await api.call('POST', emp(endedEarlier, '/end-employment'), {
        body: { effective_date: '2026-11-01' },
        reason: REASON,
      }),
      200,
      'end employment',
    );

    const included = async (period: PeriodInput) => {
      const run = await draftRun(api, t, period);
      const entries = await entriesOf(api, t, run.id);
      assert.equal(run.totals.employee_count, entries.length);
      return ids(entries);
    };
    // 16-29 Nov: terminated today (21 Nov), so still paid for the days worked.
    assert.deepEqual(await included(fortnight(1)), [steady, leaver, terminated].sort());
    // 30 Nov-13 Dec: after the termination, before the leaving date and the new starter.
    assert.deepEqual(await included(fortnight(2)), [steady, leaver].sort());
    // 14-27 Dec: the starter begins and the scheduled leaver leaves within it.
    assert.deepEqual(await included(fortnight(3)), [steady, starter, leaver].sort());
    // 28 Dec-10 Jan: the leaver is gone.
    assert.deepEqual(await included(fortnight(4)), [steady, starter].sort());
  });
});

const ENGINES = [
  { label: 'AU on payroll_engine_au', jurisdiction: 'AU', engine: 'payroll_engine_au' },
  { label: 'AU on the mock engine', jurisdiction: 'AU', engine: 'mock' },
  { label: 'DE on payroll_engine', jurisdiction: 'DE', engine: 'payroll_engine' },
] as const;

for (const cfg of ENGINES) {
  describe(`lifecycle, ${cfg.label}`, () => {
    const au = cfg.jurisdiction === 'AU';
    const mock = cfg.engine === 'mock';
    let t: TenantRef;
    let employees: string[];
    let noTfn: string | null = null;
    let runId: string;
    let draftTotals: any;

    before(async () => {
      t = await createTenant(api, { jurisdiction: cfg.jurisdiction, engine: cfg.engine });
      if (au) {
        noTfn = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 52_000, tfn: null });
        employees = [
          await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 91_000 }),
          await hireAu(api, t, { pay_frequency: 'fortnightly', hourly_rate: 38.5, hours_per_week: 30 }),
          noTfn,
        ];
      } else {
        employees = [
          await hireDe(api, t, { annual_salary: 60_000 }),
          await hireDe(api, t, { annual_salary: 84_000, tax_class: 3, children: 2 }),
        ];
      }
    });

    const evidencePrefix = mock ? /^cev_mock_/ : /^cev_(?!mock_)/;

    test('create answers 201 with a draft, its totals and the creation evidence', async () => {
      const r = await createRun(api, t, au ? fortnight(0) : month(2026, 10), {
        body: { governance_reason: 'October payroll' },
      });
      const body = expectStatus(r, 201, 'create');
      const run = body.data.pay_run;
      runId = run.id;
      draftTotals = run.totals;
      assert.match(run.id, /^pr_/);
      assert.equal(run.status, 'draft');
      assert.equal(run.pack_version, t.packVersion);
      assert.equal(run.pay_frequency, au ? 'fortnightly' : 'monthly');
      assert.equal(run.totals.employee_count, employees.length);
      assert.match(body.evidence_id, evidencePrefix);
      assert.deepEqual(run.evidence_refs, [body.evidence_id]);
      const ev = await evidenceOf(api, t, body.evidence_id);
      assert.equal(ev.action, 'pay_run.created');
      assert.equal(ev.resource, run.id);
      assert.deepEqual(ev.decision.totals, run.totals);
      assert.deepEqual(ids(await entriesOf(api, t, runId)), [...employees].sort());
    });

    test('totals are 2-decimal strings that equal the sum of the entries: super on AU, social on DE, plus total_social', async () => {
      const totals = draftTotals;
      const entries = await entriesOf(api, t, runId);
      const money = au
        ? ['gross', 'tax', 'super', 'net', 'total_social']
        : ['gross', 'tax', 'social', 'net', 'total_social'];
      assert.deepEqual(Object.keys(totals).sort(), ['currency', 'employee_count', ...money].sort());
      for (const k of money) assert.match(totals[k], /^\d+\.\d{2}$/, k);
      assert.equal(totals.currency, au ? 'AUD' : 'EUR');
      for (const k of ['gross', 'tax', 'net', au ? 'super' : 'social'])
        assert.equal(totals[k], fromCents(sumCents(entries.map((e) => e[k]))), k);
      const employer = sumCents(
        entries.flatMap((e) =>
          e.employer_costs.filter((c: any) => c.type !== 'super_guarantee').map((c: any) => c.amount),
        ),
      );
      assert.equal(totals.total_social, fromCents(cents(totals[au ? 'super' : 'social']) + employer));
      if (!au) assert.ok(employer > 0, 'DE employer contributions count in total_social');
      for (const e of entries) {
        assert.equal(e.currency, totals.currency);
        if (au) assert.equal(e.social, undefined);
        else assert.ok(Array.isArray(e.wage_types) && e.wage_types.length > 0, 'a DE entry lists its wage types');
      }
    });

    test('preview answers the totals with validation counts, and repeating it changes nothing', async () => {
      const first = expectStatus(await preview(api, t, runId), 200, 'preview').data;
      assert.equal(first.pay_run.status, 'previewed');
      assert.deepEqual(first.pay_run.totals, draftTotals);
      const v = first.validation;
      assert.deepEqual(Object.keys(v).sort(), ['errorCount', 'warningCount', 'warnings']);
      assert.equal(v.errorCount, 0);
      assert.equal(v.warningCount, v.warnings.filter((w: any) => w.severity === 'warning').length);
      if (au) {
        assert.equal(v.warningCount, 1);
        assert.equal(v.warnings[0].employee_id, noTfn);
        assert.ok(v.warnings[0].requirements.includes('tfn_not_quoted'), 'the TFN not quoted is named');
      } else {
        assert.deepEqual(v.warnings.map((w: any) => w.employee_id).sort(), [...employees].sort());
        for (const w of v.warnings)
          assert.ok(w.requirements.includes('social_security_number'), 'the missing social-insurance number is named');
      }
      const entriesBefore = await entriesOf(api, t, runId);
      const second = expectStatus(await preview(api, t, runId), 200, 'preview again').data;
      assert.equal(second.pay_run.status, 'previewed');
      assert.deepEqual(second.pay_run.totals, first.pay_run.totals);
      assert.deepEqual(second.validation, first.validation);
      assert.deepEqual(await entriesOf(api, t, runId), entriesBefore);
    });

    test('approve without a governance reason is 400 governance_reason_required and leaves the run previewed', async () => {
      const r = await api.call('POST', runPath(t, runId, '/approve'), { body: {} });
      assert.equal(r.status, 400);
      assert.equal(r.body.error.code, 'governance_reason_required');
      assert.equal((await getRun(api, t, runId)).status, 'previewed');
    });

    test('approve records who approved which totals and why', async () => {
      const body = expectStatus(await approve(api, t, runId), 200, 'approve');
      const run = body.data.pay_run;
      assert.equal(run.status, 'approved');
      assert.match(run.approved_by, /^key:key_/);
      assert.equal(run.approval.approved_by, run.approved_by);
      assert.deepEqual(run.approval.totals, draftTotals);
      assert.equal(run.approval.reason, REASON);
      const ev = await evidenceOf(api, t, body.evidence_id);
      assert.equal(ev.action, 'pay_run.approved');
      assert.equal(ev.governance_reason, REASON);
      assert.equal(ev.decision.approved_by, run.approved_by);
      assert.deepEqual(ev.decision.totals, draftTotals);
      assert.ok(run.evidence_refs.includes(body.evidence_id), 'the approved run lists its approval evidence');
    });

    test('finalise without a governance reason is 400 governance_reason_required and leaves the run approved', async () => {
      const r = await api.call('POST', runPath(t, runId, '/finalise'), { body: {} });
      assert.equal(r.status, 400);
      assert.equal(r.body.error.code, 'governance_reason_required');
      assert.equal((await getRun(api, t, runId)).status, 'approved');
    });

    test(
      au
        ? 'finalise locks the run at once'
        : 'finalise commits an engine job: finalising with progress, then finalised',
      async () => {
        const body = expectStatus(await finalise(api, t, runId), 200, 'finalise');
        const run = body.data.pay_run;
        if (au) {
          assert.equal(run.status, 'finalised');
          assert.ok(run.finalised_at, 'finalised_at is set');
          assert.equal(run.job, null);
        } else {
          assert.equal(run.status, 'finalising');
          assert.equal(run.finalised_at, null);
          assert.equal(run.job.status, 'running');
          assert.equal(run.job.progress, 0);
          assert.equal(run.job.total, employees.length);
          const done = await waitForFinalised(api, t, runId);
          assert.equal(done.status, 'finalised');
          assert.equal(done.job.status, 'succeeded');
          assert.equal(done.job.progress, employees.length);
          assert.ok(done.finalised_at, 'finalised_at is set');
          const trail = await auditTrail(api, t);
          const finalised = trail.find((e) => e.action === 'pay_run.finalised' && e.resource === runId);
          assert.ok(finalised && done.evidence_refs.includes(finalised.id), 'the job records the finalisation');
        }
        assert.equal((await evidenceOf(api, t, body.evidence_id)).action, 'pay_run.finalise_committed');
        assert.deepEqual(
          (await getRun(api, t, runId)).totals,
          draftTotals,
          'finalised totals are the previewed totals',
        );
      },
    );

    test(
      au
        ? 'entries are readable after finalise'
        : 'entries are readable after finalise, each with its own evidence record',
      async () => {
        const entries = await entriesOf(api, t, runId);
        assert.deepEqual(ids(entries), [...employees].sort());
        assert.equal(fromCents(sumCents(entries.map((e) => e.net))), draftTotals.net);
        if (!au) {
          for (const e of entries) {
            assert.match(e.evidence_id, evidencePrefix);
            const ev = await evidenceOf(api, t, e.evidence_id);
            assert.equal(ev.action, 'pay_run_entry.committed');
            assert.equal(ev.resource, `${runId}/${e.employee_id}`);
            assert.equal(ev.decision.net, e.net);
          }
        }
      },
    );
  });
}

describe('illegal transitions answer 409 state_conflict and change nothing', () => {
  let t: TenantRef;
  let employee: string;
  let n = 0;
  before(async () => {
    t = await createTenant(api);
    employee = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 72_000 });
  });

  async function runIn(state: RunState): Promise<string> {
    const run = await draftRun(api, t, fortnight(n++));
    await walkTo(t, run.id, state);
    return run.id;
  }

  const adjust = (id: string) =>
    postEntry(t, id, { employee_id: employee, items: [{ type: 'bonus', amount: '100.00' }] });
  const cases: [string, 'draft' | 'previewed' | 'approved' | 'finalised' | 'voided', (id: string) => Promise<any>][] = [
    ['finalise before approve', 'draft', (id) => finalise(api, t, id)],
    ['finalise a previewed run', 'previewed', (id) => finalise(api, t, id)],
    ['approve a draft', 'draft', (id) => approve(api, t, id)],
    ['preview a finalised run', 'finalised', (id) => preview(api, t, id)],
    ['adjust an approved run', 'approved', adjust],
    ['adjust a finalised run', 'finalised', adjust],
    [
      'import timesheets into an approved run',
      'approved',
      (id) => timesheets(t, id, { body: { rows: [{ employee_id: employee, date: '2026-11-03', hours: 8 }] } }),
    ],
    ['delete a finalised run', 'finalised', (id) => deleteRun(t, id)],
    ['void a draft', 'draft', (id) => voidRun(t, id)],
    ['void an approved run', 'approved', (id) => voidRun(t, id)],
    ['approve a finalised run again', 'finalised', (id) => approve(api, t, id)],
    ['finalise a voided run', 'voided', (id) => finalise(api, t, id)],
    ['void a voided run again', 'voided', (id) => voidRun(t, id)],
  ];
  for (const [name, state, call] of cases) {
    test(`${name} answers 409 and leaves the run ${state}`, async () => {
      const id = await runIn(state);
      const [runBefore, entriesBefore, trailBefore] = [
        await getRun(api, t, id),
        await entriesOf(api, t, id),
        (await auditTrail(api, t)).length,
      ];
      assertConflict(await call(id), state);
      assert.deepEqual(await getRun(api, t, id), runBefore);
      assert.deepEqual(await entriesOf(api, t, id), entriesBefore);
      assert.equal((await auditTrail(api, t)).length, trailBefore, 'no evidence written');
    });
  }
});

describe('readiness', () => {
  test('employees without a bank account or super fund are errors at preview and block finalise with 422 pay_run_blocked listing them', async () => {
    const t = await createTenant(api);
    await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 70_000 });
    const noBank = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 60_000, bank: false });
    const noSuper = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 60_000, super: false });
    const run = await draftRun(api, t, fortnight(0));
    const v = expectStatus(await preview(api, t, run.id), 200).data.validation;
    assert.equal(v.errorCount, 2);
    const byId = new Map(v.warnings.map((w: any) => [w.employee_id, w]));
    assert.equal((byId.get(noBank) as any).severity, 'error');
    assert.equal((byId.get(noBank) as any).code, 'blocks_finalise');
    assert.ok((byId.get(noBank) as any).requirements.includes('bank_account'), 'the missing bank account is named');
    assert.ok((byId.get(noSuper) as any).requirements.includes('super_fund'), 'the missing super fund is named');
    expectStatus(await approve(api, t, run.id), 200, 'approve');

    const blocked = await finalise(api, t, run.id);
    assert.equal(blocked.status, 422);
    assert.equal(blocked.body.error.code, 'pay_run_blocked');
    const listed = new Map(blocked.body.error.employees.map((e: any) => [e.employee_id, e]));
    assert.deepEqual([...listed.keys()].sort(), [noBank, noSuper].sort());
    assert.ok((listed.get(noBank) as any).requirements.includes('bank_account'), 'the block names the bank account');
    assert.ok((listed.get(noBank) as any).employee_name, 'the block names the employee');
    assert.equal((await getRun(api, t, run.id)).status, 'approved');

    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${noBank}/bank-accounts`, {
        body: { bank_bsb: '062-000', bank_account_number: '12345678', bank_account_name: 'Fixed Account' },
        reason: REASON,
      }),
      200,
    );
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${noSuper}/pension`, {
        body: { super_fund_name: 'Hostplus', super_usi: 'HOS0100AU' },
        reason: REASON,
      }),
      200,
    );
    assert.equal(expectStatus(await finalise(api, t, run.id), 200).data.pay_run.status, 'finalised');
  });
});

describe('readiness on DE', () => {
  test('an employee without an IBAN blocks finalise with 422 pay_run_blocked, and no engine job starts', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    await hireDe(api, t, { annual_salary: 58_000 });
    const noIban = await hireDe(api, t, { annual_salary: 61_000, iban: false });
    const run = await draftRun(api, t, month(2026, 10));
    const v = expectStatus(await preview(api, t, run.id), 200).data.validation;
    assert.equal(v.errorCount, 1);
    assert.deepEqual(
      v.warnings.filter((w: any) => w.severity === 'error').map((w: any) => w.employee_id),
      [noIban],
    );
    expectStatus(await approve(api, t, run.id), 200);
    const blocked = await finalise(api, t, run.id);
    assert.equal(blocked.status, 422);
    assert.equal(blocked.body.error.code, 'pay_run_blocked');
    assert.deepEqual(
      blocked.body.error.employees.map((e: any) => [e.employee_id, e.requirements.includes('iban')]),
      [[noIban, true]],
    );
    const after = await getRun(api, t, run.id);
    assert.equal(after.status, 'approved');
    assert.equal(after.job, null);
  });
});

describe('figures from the data in force', () => {
  const E = (t: TenantRef, id: string, tail = '') => `/v1/tenants/${t.id}/employees/${id}${tail}`;
  const patch = async (t: TenantRef, id: string, tail: string, body: Record<string, unknown>) =>
    expectStatus(await api.call('PATCH', E(t, id, tail), { body, reason: REASON }), 200, `PATCH ${tail}`);
  const entryOf = async (t: TenantRef, runId: string, id: string) =>
    (await entriesOf(api, t, runId)).find((e) => e.employee_id === id);

  test('preview recalculates from the data in force, approval records a digest, and finalise refuses figures that changed since (409 approval_stale) until previewed and approved again', async () => {
    const t = await createTenant(api);
    const other = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 80_000 });
    const late = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 52_000, tfn: null });
    const run = await draftRun(api, t, fortnight(0));
    const noTfn = await entryOf(t, run.id, late);
    // No TFN: 47 % of the gross is withheld.
    assert.equal(cents(noTfn.tax), Math.floor((cents(noTfn.gross) * 47) / 10_000) * 100);

    await patch(t, late, '/tax-settings', { tfn: validTfn(4242) });
    const previewed = expectStatus(await preview(api, t, run.id), 200, 'preview').data;
    const withTfn = await entryOf(t, run.id, late);
    assert.equal(withTfn.gross, noTfn.gross);
    assert.ok(cents(withTfn.tax) < cents(noTfn.tax) / 2, `the TFN is in force: ${withTfn.tax} < ${noTfn.tax}`);
    assert.equal(
      previewed.pay_run.totals.tax,
      fromCents(sumCents((await entriesOf(api, t, run.id)).map((e) => e.tax))),
      'the totals follow',
    );
    assert.equal(previewed.pay_run.totals.tax === run.totals.tax, false, 'the previewed totals are not the draft’s');
    assert.ok(
      !previewed.validation.warnings.some((w: any) => w.employee_id === late),
      'the TFN declaration is no longer missing',
    );
    assert.equal((await entryOf(t, run.id, other)).net, (await entryOf(t, run.id, other)).net);

    const approved = expectStatus(await approve(api, t, run.id), 200, 'approve');
    const digest = approved.data.pay_run.approval.figures_digest;
    assert.match(digest, /^sha256:[0-9a-f]{64}$/);
    assert.equal((await evidenceOf(api, t, approved.evidence_id)).decision.figures_digest, digest);

    // The employee changes again after approval: the approved figures are no longer the ones to pay.
    await patch(t, late, '/tax-settings', { tax_free_threshold: false });
    const before = [await getRun(api, t, run.id), await entriesOf(api, t, run.id), (await auditTrail(api, t)).length];
    const stale = await finalise(api, t, run.id);
    assert.equal(stale.status, 409, stale.text);
    assert.equal(stale.body.error.code, 'approval_stale');
    assert.deepEqual(
      stale.body.error.employees.map((e: any) => e.employee_id),
      [late],
      'only the employee who changed is named',
    );
    const [named] = stale.body.error.employees;
    assert.equal(named.approved_net, withTfn.net);
    assert.ok(cents(named.current_net) < cents(named.approved_net), 'no tax-free threshold: less net');
    assert.deepEqual(stale.body.error.approved_totals, approved.data.pay_run.totals);
    assert.notDeepEqual(stale.body.error.current_totals, approved.data.pay_run.totals);
    assert.deepEqual(
      [await getRun(api, t, run.id), await entriesOf(api, t, run.id), (await auditTrail(api, t)).length],
      before,
      'nothing changed: the run is still approved with the approved figures',
    );

    // Previewing an approved run withdraws the approval, and needs a reason.
    const unexplained = await preview(api, t, run.id);
    assert.equal(unexplained.status, 400, unexplained.text);
    assert.equal(unexplained.body.error.code, 'governance_reason_required');
    const again = expectStatus(await preview(api, t, run.id, { reason: REASON }), 200, 'preview again');
    assert.equal(again.data.pay_run.status, 'previewed');
    assert.equal(again.data.pay_run.approval, null);
    assert.equal(again.data.pay_run.approved_by, null);
    assert.equal((await evidenceOf(api, t, again.evidence_id)).decision.approval_withdrawn, true);
    assert.equal((await entryOf(t, run.id, late)).net, named.current_net);
    const reapproved = expectStatus(await approve(api, t, run.id), 200, 'approve again').data.pay_run;
    assert.notEqual(reapproved.approval.figures_digest, digest);
    const done = expectStatus(await finalise(api, t, run.id), 200, 'finalise').data.pay_run;
    assert.equal(done.status, 'finalised');
    assert.deepEqual(done.totals, reapproved.approval.totals, 'the approved figures are the finalised ones');
    assert.equal((await entryOf(t, run.id, late)).net, named.current_net);
  });

  test('a re-preview after the run’s own adjustments and reads answers exactly what a full recalculation gives', async () => {
    const t = await createTenant(api);
    const salaried = await hireAu(api, t, { pay_frequency: 'weekly', annual_salary: 78_000 });
    const hourly = await hireAu(api, t, { pay_frequency: 'weekly', hourly_rate: 36 });
    const unpaid = await hireAu(api, t, { pay_frequency: 'weekly', annual_salary: 60_000, bank: false });
    const run = await draftRun(api, t, week(0));
    expectStatus(await preview(api, t, run.id), 200, 'first preview');
    expectStatus(
      await postEntry(t, run.id, { employee_id: salaried, items: [{ type: 'bonus', amount: '300.00' }] }),
      200,
      'bonus',
    );
    expectStatus(
      await timesheets(t, run.id, { body: { rows: [{ employee_id: hourly, date: '2026-11-03', hours: 7.5 }] } }),
      200,
      'timesheet',
    );
    // Reads are recorded too (who looked at what); they change nothing a run is worked out from.
    expectStatus(await api.call('GET', `/v1/tenants/${t.id}/employees/${hourly}`), 200, 'read an employee');
    const answer = expectStatus(await preview(api, t, run.id), 200, 'preview after the adjustments');
    assert.equal((await evidenceOf(api, t, answer.evidence_id)).decision.recalculated, 0);
    const standing = answer.data;
    const standingEntries = await entriesOf(api, t, run.id);
    assert.equal(cents(standingEntries.find((e) => e.employee_id === hourly).gross), 7.5 * 36 * 100);
    assert.ok(standing.validation.warnings.some((w: any) => w.employee_id === unpaid && w.severity === 'error'));
    const standingDigest = expectStatus(await approve(api, t, run.id), 200).data.pay_run.approval.figures_digest;

    // Any other write (a cost centre here) means the figures are worked out in full again: they are the same.
    expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/cost-centres`, {
        reason: REASON,
        body: { code: 'OPS', name: 'Ops' },
      }),
      201,
    );
    const full = expectStatus(await preview(api, t, run.id, { reason: REASON }), 200, 'full preview').data;
    assert.deepEqual(full.pay_run.totals, standing.pay_run.totals);
    assert.deepEqual(full.validation, standing.validation);
    assert.deepEqual(await entriesOf(api, t, run.id), standingEntries);
    const fullDigest = expectStatus(await approve(api, t, run.id), 200).data.pay_run.approval.figures_digest;
    assert.equal(fullDigest, standingDigest, 'the same figures are approved either way');
  });

  test('a re-preview after the run’s own adjustments still takes in a change to someone else made meanwhile', async () => {
    const t = await createTenant(api);
    const adjusted = await hireAu(api, t, { pay_frequency: 'weekly', annual_salary: 52_000 });
    const raised = await hireAu(api, t, { pay_frequency: 'weekly', annual_salary: 52_000 });
    const run = await draftRun(api, t, week(0));
    expectStatus(await preview(api, t, run.id), 200);
    const bonus = (amount: string) =>
      postEntry(t, run.id, { employee_id: adjusted, items: [{ type: 'bonus', amount }] });
    expectStatus(await bonus('100.00'), 200);
    await patch(t, raised, '', { employment: { annual_salary: 104_000 } });
    expectStatus(await bonus('50.00'), 200);
    const previewed = expectStatus(await preview(api, t, run.id), 200).data;
    // 52,000 a year is 1,000.00 a week; 104,000 is 2,000.00.
    assert.equal((await entryOf(t, run.id, adjusted)).gross, '1150.00');
    assert.equal((await entryOf(t, run.id, raised)).gross, '2000.00');
    assert.equal(previewed.pay_run.totals.gross, '3150.00');
  });

  test('a change that does not move any figure (a new bank account) leaves the approval good', async () => {
    const t = await createTenant(api);
    const e = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 70_000 });
    const run = await draftRun(api, t, fortnight(0));
    expectStatus(await preview(api, t, run.id), 200);
    const approved = expectStatus(await approve(api, t, run.id), 200).data.pay_run;
    await patch(t, e, '/bank-accounts', {
      bank_bsb: '062-000',
      bank_account_number: '99887766',
      bank_account_name: 'New Account',
    });
    const done = expectStatus(await finalise(api, t, run.id), 200).data.pay_run;
    assert.deepEqual(done.totals, approved.totals);
  });

  test('adjusting a previewed run (an entry or a timesheet) returns it to draft, to be previewed again before approval', async () => {
    const t = await createTenant(api);
    const e = await hireAu(api, t, { pay_frequency: 'weekly', hourly_rate: 35 });
    const run = await draftRun(api, t, week(0));
    expectStatus(await preview(api, t, run.id), 200);
    const adjusted = expectStatus(
      await postEntry(t, run.id, { employee_id: e, items: [{ type: 'bonus', amount: '25.00' }] }),
      200,
      'adjust a previewed run',
    ).data.pay_run;
    assert.equal(adjusted.status, 'draft');
    assertConflict(await approve(api, t, run.id), 'draft');
    expectStatus(await preview(api, t, run.id), 200);
    const imported = expectStatus(
      await timesheets(t, run.id, { body: { rows: [{ employee_id: e, date: '2026-11-03', hours: 6 }] } }),
      200,
      'timesheets into a previewed run',
    ).data.pay_run;
    assert.equal(imported.status, 'draft');
    const previewed = expectStatus(await preview(api, t, run.id), 200).data.pay_run;
    assert.equal(previewed.status, 'previewed');
    expectStatus(await approve(api, t, run.id), 200);
    assertConflict(
      await postEntry(t, run.id, { employee_id: e, items: [{ type: 'bonus', amount: '1.00' }] }),
      'approved',
    );
  });
});

describe('an employee who cannot be calculated', () => {
  /** An employee with neither a salary nor an hourly rate: the engine cannot calculate them. */
  async function hireWithoutPay(t: TenantRef, extra: Partial<Parameters<typeof hireAu>[2]> = {}) {
    const id = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 60_000, ...extra });
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${id}`, {
        body: { employment: { annual_salary: null } },
        reason: REASON,
      }),
      200,
      'remove the pay rate',
    );
    return id;
  }

  test('does not block the run: it is created with them as a blocking finding, out of the entries and the totals; finalise is 422 pay_run_blocked unless exclude_blocked, which lists them in excluded', async () => {
    const t = await createTenant(api);
    const paid = [
      await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 70_000 }),
      await hireAu(api, t, { pay_frequency: 'fortnightly', hourly_rate: 31, hours_per_week: 20 }),
    ];
    const unpaid = await hireWithoutPay(t);
    const created = expectStatus(await createRun(api, t, fortnight(0)), 201, 'create').data.pay_run;
    assert.deepEqual(ids(await entriesOf(api, t, created.id)), [...paid].sort());
    assert.equal(created.totals.employee_count, 2);
    const finding = created.validation.warnings.find((w: any) => w.employee_id === unpaid);
    assert.equal(finding.severity, 'error');
    assert.equal(finding.code, 'cannot_calculate');
    assert.match(finding.rule, /^AU-2026\.2\/pay\//);
    assert.ok(finding.requirements.includes('pay_rate'), 'the missing pay rate is named');
    assert.equal(created.validation.errorCount, 1);
    assert.deepEqual(created.excluded, []);

    const previewed = expectStatus(await preview(api, t, created.id), 200).data;
    assert.equal(previewed.validation.errorCount, 1);
    assert.deepEqual(previewed.pay_run.totals, created.totals);
    expectStatus(await approve(api, t, created.id), 200);
    const blocked = await finalise(api, t, created.id);
    assert.equal(blocked.status, 422, blocked.text);
    assert.equal(blocked.body.error.code, 'pay_run_blocked');
    assert.deepEqual(
      blocked.body.error.employees.map((e: any) => [e.employee_id, e.reason]),
      [[unpaid, 'cannot_calculate']],
    );
    assert.match(blocked.body.error.message, /exclude_blocked/);
    assert.equal((await getRun(api, t, created.id)).status, 'approved');

    const done = expectStatus(
      await api.call('POST', runPath(t, created.id, '/finalise'), { body: { exclude_blocked: true }, reason: REASON }),
      200,
      'finalise without them',
    );
    const run = done.data.pay_run;
    assert.equal(run.status, 'finalised');
    assert.equal(run.excluded.length, 1);
    assert.equal(run.excluded[0].employee_id, unpaid);
    assert.equal(run.excluded[0].reason, 'cannot_calculate');
    assert.ok(run.excluded[0].requirements.includes('pay_rate'));
    assert.ok(run.excluded[0].employee_name && run.excluded[0].message, 'named, with the reason');
    assert.deepEqual(run.totals, created.totals);
    assert.deepEqual(ids(await entriesOf(api, t, created.id)), [...paid].sort());
    const ev = await evidenceOf(api, t, done.evidence_id);
    assert.deepEqual(
      ev.decision.excluded.map((x: any) => x.employee_id),
      [unpaid],
    );
    assert.deepEqual((await getRun(api, t, created.id)).excluded, run.excluded);
  });

  test('once fixed, the next preview calculates them into the run', async () => {
    const t = await createTenant(api);
    await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 70_000 });
    const unpaid = await hireWithoutPay(t);
    const created = expectStatus(await createRun(api, t, fortnight(0)), 201).data.pay_run;
    assert.equal(created.totals.employee_count, 1);
    // Items given to someone who cannot be calculated wait with them (timesheets); an explicit entry is the engine's 422.
    const refused = await postEntry(t, created.id, {
      employee_id: unpaid,
      items: [{ type: 'bonus', amount: '10.00' }],
    });
    assert.equal(refused.status, 422, refused.text);
    assert.equal(refused.body.error.code, 'pack_validation_failed');
    expectStatus(
      await timesheets(t, created.id, { body: { rows: [{ employee_id: unpaid, date: '2026-11-04', hours: 5 }] } }),
      200,
      'timesheet for a held employee',
    );
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${unpaid}`, {
        body: { employment: { type: 'casual', hourly_rate: 40 } },
        reason: REASON,
      }),
      200,
    );
    const previewed = expectStatus(await preview(api, t, created.id), 200).data;
    assert.equal(previewed.pay_run.totals.employee_count, 2);
    assert.equal(previewed.validation.errorCount, 0);
    const entry = (await entriesOf(api, t, created.id)).find((e) => e.employee_id === unpaid);
    assert.equal(entry.gross, '200.00', 'the 5 timesheet hours waited with them');
    assert.equal(entry.items.length, 1);
  });

  test('data scope applies to them by the cost centre they sit in: findings, exclusions and signing off', async () => {
    const t = await createTenant(api);
    for (const code of ['OPS', 'ADMIN'])
      expectStatus(
        await api.call('POST', `/v1/tenants/${t.id}/cost-centres`, { body: { code, name: code }, reason: REASON }),
        201,
      );
    const assign = async (id: string, code: string) =>
      expectStatus(
        await api.call('PUT', `/v1/tenants/${t.id}/employees/${id}/cost-centre`, {
          body: { cost_centre_code: code },
          reason: REASON,
        }),
        200,
      );
    await assign(await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 70_000 }), 'OPS');
    const held = await hireWithoutPay(t);
    await assign(held, 'ADMIN');
    const scoped = async (role: string, code: string, user: string) =>
      expectStatus(
        await api.call('POST', `/v1/tenants/${t.id}/users/token`, {
          body: { role, user_id: user, scope: { cost_centres: [code] } },
        }),
        201,
      ).data.token;
    const [opsAdmin, adminApprover] = [
      await scoped('admin', 'OPS', 'usr_ops'),
      await scoped('approver', 'ADMIN', 'usr_adm'),
    ];
    const run = await draftRun(api, t, fortnight(0));
    expectStatus(await preview(api, t, run.id), 200);
    const seen = async (key: string) => expectStatus(await api.call('GET', runPath(t, run.id), { key }), 200).data;
    const codes = (v: any) => v.warnings.map((w: any) => w.code);
    const ops = await seen(opsAdmin);
    assert.deepEqual(codes(ops.validation), [], 'OPS does not see who is held in ADMIN');
    assert.ok(!ops.allowed_actions.includes('approve'), 'nor may it sign off a run it cannot see whole');
    assert.equal((await approve(api, t, run.id, { key: opsAdmin })).status, 403);
    assert.deepEqual(
      codes((await seen(adminApprover)).validation),
      ['cannot_calculate'],
      'ADMIN sees who is held there',
    );

    expectStatus(await approve(api, t, run.id), 200);
    expectStatus(
      await api.call('POST', runPath(t, run.id, '/finalise'), { body: { exclude_blocked: true }, reason: REASON }),
      200,
    );
    assert.deepEqual((await seen(opsAdmin)).excluded, []);
    assert.deepEqual(
      (await seen(adminApprover)).excluded.map((x: any) => x.employee_id),
      [held],
    );
  });

  test('an employee who cannot be paid yet (no bank account) is excluded the same way, and the payment file pays everyone else', async () => {
    const t = await createTenant(api);
    const paid = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 70_000 });
    const noBank = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 60_000, bank: false });
    const run = await draftRun(api, t, fortnight(0));
    expectStatus(await preview(api, t, run.id), 200);
    const approved = expectStatus(await approve(api, t, run.id), 200).data.pay_run;
    const done = expectStatus(
      await api.call('POST', runPath(t, run.id, '/finalise'), { body: { exclude_blocked: true }, reason: REASON }),
      200,
    ).data.pay_run;
    assert.deepEqual(
      done.excluded.map((x: any) => [x.employee_id, x.reason, x.requirements.includes('bank_account')]),
      [[noBank, 'blocks_finalise', true]],
    );
    assert.equal(done.totals.employee_count, 1);
    assert.notDeepEqual(done.totals, approved.totals);
    assert.deepEqual(ids(await entriesOf(api, t, run.id)), [paid]);
    const file = await api.call('POST', runPath(t, run.id, '/payment-file'), { body: {}, reason: REASON });
    assert.equal(file.status, 200, file.text);
    assert.equal(file.text.split('\r\n').filter((l) => l.startsWith('1')).length, 1, 'one credit');
  });
});

describe('segregation of duties with user tokens', () => {
  let t: TenantRef;
  before(async () => {
    t = await createTenant(api);
    await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 80_000 });
  });

  test('an admin who prepared a run cannot approve it; another approver can', async () => {
    const alice = await userToken(api, t, 'admin', 'usr_alice');
    const bob = await userToken(api, t, 'approver', 'usr_bob');
    const run = expectStatus(await createRun(api, t, fortnight(0), { key: alice }), 201).data.pay_run;
    assert.equal(run.prepared_by, 'user:usr_alice');
    expectStatus(await preview(api, t, run.id, { key: alice }), 200);
    const own = await approve(api, t, run.id, { key: alice });
    assert.equal(own.status, 403, own.text);
    assert.equal(own.body.error.code, 'four_eyes_required');
    assert.equal((await getRun(api, t, run.id)).status, 'previewed');
    const ok = expectStatus(await approve(api, t, run.id, { key: bob }), 200).data.pay_run;
    assert.equal(ok.approved_by, 'user:usr_bob');
    assert.equal(ok.approval.actor.user_id, 'usr_bob');
    assert.equal(expectStatus(await finalise(api, t, run.id, { key: bob }), 200).data.pay_run.status, 'finalised');
  });

  test('everyone who prepared a run, by creating it or adjusting its entries, is barred from approving it', async () => {
    const dave = await userToken(api, t, 'admin', 'usr_dave');
    const frank = await userToken(api, t, 'admin', 'usr_frank');
    const erin = await userToken(api, t, 'approver', 'usr_erin');
    const run = expectStatus(await createRun(api, t, fortnight(1), { key: dave }), 201).data.pay_run;
    const [entry] = await entriesOf(api, t, run.id);
    expectStatus(
      await postEntry(
        t,
        run.id,
        { employee_id: entry.employee_id, items: [{ type: 'bonus', amount: '250.00' }] },
        { key: frank, reason: REASON },
      ),
      200,
    );
    expectStatus(await preview(api, t, run.id, { key: frank }), 200);
    for (const who of [dave, frank]) {
      const r = await approve(api, t, run.id, { key: who });
      assert.equal(r.status, 403, r.text);
      assert.equal(r.body.error.code, 'four_eyes_required');
    }
    assert.equal((await getRun(api, t, run.id)).status, 'previewed');
    assert.equal(
      expectStatus(await approve(api, t, run.id, { key: erin }), 200).data.pay_run.approved_by,
      'user:usr_erin',
    );
  });

  test('an approver cannot create, preview or adjust pay runs', async () => {
    const bob = await userToken(api, t, 'approver', 'usr_bob');
    const r = await createRun(api, t, fortnight(2), { key: bob });
    assert.equal(r.status, 403);
    assert.equal(r.body.error.code, 'forbidden');
    const run = await draftRun(api, t, fortnight(2));
    const [entry] = await entriesOf(api, t, run.id);
    assert.equal((await preview(api, t, run.id, { key: bob })).status, 403);
    assert.equal(
      (
        await postEntry(
          t,
          run.id,
          { employee_id: entry.employee_id, items: [{ type: 'bonus', amount: '10.00' }] },
          { key: bob },
        )
      ).status,
      403,
    );
    assert.equal((await getRun(api, t, run.id)).status, 'draft');
  });

  test('a preparer cannot approve, finalise or void', async () => {
    const carol = await userToken(api, t, 'preparer', 'usr_carol');
    const run = expectStatus(await createRun(api, t, fortnight(3), { key: carol }), 201).data.pay_run;
    expectStatus(await preview(api, t, run.id, { key: carol }), 200);
    assert.equal((await approve(api, t, run.id, { key: carol })).status, 403);
    expectStatus(await approve(api, t, run.id), 200);
    assert.equal((await finalise(api, t, run.id, { key: carol })).status, 403);
    expectStatus(await finalise(api, t, run.id), 200);
    assert.equal((await voidRun(t, run.id, { key: carol })).status, 403);
    assert.equal((await getRun(api, t, run.id)).status, 'finalised');
  });
});

describe('what a limited token sees of a pay run', () => {
  let t: TenantRef;
  let opsNoTfn: string;
  let adminNoTfn: string;
  let opsComplete: string;
  let runId: string;
  before(async () => {
    t = await createTenant(api);
    for (const code of ['OPS', 'ADMIN'])
      expectStatus(
        await api.call('POST', `/v1/tenants/${t.id}/cost-centres`, { body: { code, name: code }, reason: REASON }),
        201,
        'cost centre',
      );
    const hire = async (code: string, tfn?: null) => {
      const id = await hireAu(api, t, {
        pay_frequency: 'fortnightly',
        annual_salary: 70_000,
        ...(tfn === null ? { tfn } : {}),
      });
      expectStatus(
        await api.call('PUT', `/v1/tenants/${t.id}/employees/${id}/cost-centre`, {
          body: { cost_centre_code: code },
          reason: REASON,
        }),
        200,
        'assign',
      );
      return id;
    };
    opsNoTfn = await hire('OPS', null);
    adminNoTfn = await hire('ADMIN', null);
    opsComplete = await hire('OPS');
    runId = (await draftRun(api, t, fortnight(0))).id;
    expectStatus(await preview(api, t, runId), 200);
  });
  const pinned = async (employeeId: string) =>
    expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/embed/token`, {
        body: { components: ['payslip-viewer'], employee_id: employeeId },
      }),
      201,
    ).data.token;
  const findings = (v: any) => v.warnings.map((w: any) => w.employee_id).sort();

  test('the partner sees every validation finding', async () => {
    assert.deepEqual(findings((await getRun(api, t, runId)).validation), [opsNoTfn, adminNoTfn].sort());
  });

  test('a token pinned to one employee sees only the findings about that employee, in the run and in the list', async () => {
    for (const [employee, expected] of [
      [opsComplete, []],
      [opsNoTfn, [opsNoTfn]],
    ] as const) {
      const key = await pinned(employee);
      const one = expectStatus(await api.call('GET', runPath(t, runId), { key }), 200).data;
      assert.deepEqual(findings(one.validation), expected);
      assert.equal(one.validation.warningCount, expected.length);
      const listed = expectStatus(await api.call('GET', runPath(t), { key }), 200).data;
      assert.deepEqual(findings(listed[0].validation), expected);
      assert.deepEqual(ids(expectStatus(await api.call('GET', runPath(t, runId, '/entries'), { key }), 200).data), [
        employee,
      ]);
    }
  });

  test('a limited token sees totals over the entries it may see, never the company totals', async () => {
    const company = (await getRun(api, t, runId)).totals;
    assert.equal(company.employee_count, 3);
    const key = await pinned(opsComplete);
    const one = expectStatus(await api.call('GET', runPath(t, runId), { key }), 200).data;
    const own = expectStatus(await api.call('GET', runPath(t, runId, '/entries'), { key }), 200).data[0];
    assert.equal(one.totals_scope, 'visible_entries');
    assert.equal(one.totals.employee_count, 1);
    assert.deepEqual([one.totals.gross, one.totals.tax, one.totals.net], [own.gross, own.tax, own.net]);
    const listed = expectStatus(await api.call('GET', runPath(t), { key }), 200).data[0];
    assert.equal(listed.totals.gross, own.gross, 'the list shows the same limited totals');
    assert.notEqual(listed.totals.gross, company.gross);
  });

  test('a preparer limited to one cost centre sees the findings about that cost centre only, also in the preview it runs', async () => {
    const key = expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/users/token`, {
        body: { role: 'preparer', user_id: 'usr_ops', scope: { cost_centres: ['OPS'] } },
      }),
      201,
    ).data.token;
    const previewed = expectStatus(await preview(api, t, runId, { key }), 200).data;
    assert.deepEqual(findings(previewed.validation), [opsNoTfn]);
    assert.deepEqual(previewed.pay_run.validation, previewed.validation);
    assert.deepEqual(findings(expectStatus(await api.call('GET', runPath(t, runId), { key }), 200).data.validation), [
      opsNoTfn,
    ]);
    assert.deepEqual(
      findings((await getRun(api, t, runId)).validation),
      [opsNoTfn, adminNoTfn].sort(),
      'the run itself still holds every finding',
    );
  });
});

describe('void and delete', () => {
  let t: TenantRef;
  before(async () => {
    t = await createTenant(api);
    await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 66_000 });
  });

  test('void moves a finalised run to voided with its reason in evidence; without a reason it is 400', async () => {
    const run = await draftRun(api, t, fortnight(0));
    await runToFinalised(api, t, run.id);
    const missing = await api.call('POST', runPath(t, run.id, '/void'), { body: {} });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error.code, 'governance_reason_required');
    const body = expectStatus(await voidRun(t, run.id, { reason: 'Paid the wrong period' }), 200);
    assert.equal(body.data.pay_run.status, 'voided');
    assert.ok(body.data.pay_run.voided_at, 'voided_at is set');
    const ev = await evidenceOf(api, t, body.evidence_id);
    assert.equal(ev.action, 'pay_run.voided');
    assert.equal(ev.governance_reason, 'Paid the wrong period');
    assert.equal((await getRun(api, t, run.id)).status, 'voided');
  });

  test('delete removes a draft or a previewed run with a reason: 404 afterwards and the period is free again', async () => {
    const draft = await draftRun(api, t, fortnight(1));
    const previewed = await draftRun(api, t, fortnight(2));
    expectStatus(await preview(api, t, previewed.id), 200);

    const missing = await api.call('DELETE', runPath(t, draft.id), { body: {} });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error.code, 'governance_reason_required');
    assert.equal((await getRun(api, t, draft.id)).status, 'draft');

    for (const run of [draft, previewed]) {
      const body = expectStatus(await deleteRun(t, run.id), 200, 'delete');
      assert.deepEqual(body.data, { id: run.id, deleted: true, status: 'deleted' });
      assert.equal((await evidenceOf(api, t, body.evidence_id)).action, 'pay_run.deleted');
      assert.equal((await api.call('GET', runPath(t, run.id))).status, 404);
      assert.equal((await api.call('GET', runPath(t, run.id, '/entries'))).status, 404);
      assert.equal((await deleteRun(t, run.id)).status, 404);
    }
    assert.equal((await draftRun(api, t, fortnight(1))).status, 'draft');
  });
});

describe('listing pay runs', () => {
  test('filters by status and by period, newest period first, and pages with a cursor', async () => {
    const t = await createTenant(api);
    await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 60_000 });
    const f0 = await draftRun(api, t, fortnight(0));
    await runToFinalised(api, t, f0.id);
    const f1 = await draftRun(api, t, fortnight(1));
    expectStatus(await preview(api, t, f1.id), 200);
    const f2 = await draftRun(api, t, fortnight(2));
    const f3 = await draftRun(api, t, fortnight(3));
    const w0 = await draftRun(api, t, week(0));

    const all = (await listRuns(t)).data.map((r: any) => r.id);
    assert.deepEqual(all.slice(0, 3), [f3.id, f2.id, f1.id], 'newest period first');
    assert.deepEqual(new Set(all.slice(3)), new Set([f0.id, w0.id]));
    assert.deepEqual(
      new Set((await listRuns(t, '?status=draft')).data.map((r: any) => r.id)),
      new Set([f2.id, f3.id, w0.id]),
    );
    assert.deepEqual(
      (await listRuns(t, '?status=finalised')).data.map((r: any) => r.id),
      [f0.id],
    );
    assert.deepEqual(
      (await listRuns(t, '?status=previewed')).data.map((r: any) => r.id),
      [f1.id],
    );
    assert.deepEqual((await listRuns(t, '?status=voided')).data, []);
    // Runs whose period touches 20 Nov to 10 Dec.
    assert.deepEqual(
      (await listRuns(t, '?from=2026-11-20&to=2026-12-10')).data.map((r: any) => r.id),
      [f2.id, f1.id],
    );
    assert.deepEqual(
      (await listRuns(t, '?status=draft&from=2026-12-01')).data.map((r: any) => r.id),
      [f3.id, f2.id],
    );

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await listRuns(t, `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      assert.ok(page.data.length <= 2, 'a page holds at most the limit');
      assert.equal(page.next_cursor === null, !page.has_more);
      seen.push(...page.data.map((r: any) => r.id));
      cursor = page.next_cursor;
    } while (cursor);
    assert.deepEqual(seen, all);

    for (const bad of ['?status=pending', '?from=2026-13-01', '?limit=0'])
      assert.equal((await api.call('GET', `${runPath(t)}${bad}`)).status, 400, bad);
  });

  test('q searches status, frequency, period month and dates, every word must match, and pages', async () => {
    const t = await createTenant(api);
    await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 60_000 });
    const f0 = await draftRun(api, t, fortnight(0)); // 2–15 Nov 2026
    await runToFinalised(api, t, f0.id);
    const f1 = await draftRun(api, t, fortnight(1)); // 16–29 Nov
    const f2 = await draftRun(api, t, fortnight(2)); // 30 Nov – 13 Dec
    const f3 = await draftRun(api, t, fortnight(3)); // 14–27 Dec
    const ids = async (q: string) => (await listRuns(t, `?q=${encodeURIComponent(q)}`)).data.map((r: any) => r.id);

    assert.deepEqual(await ids('finalised'), [f0.id]);
    assert.deepEqual(await ids('fin'), [f0.id], 'a word matches as a prefix');
    assert.deepEqual(await ids('Abgeschlossen'), [f0.id], 'German status words, any case');
    assert.deepEqual(await ids('december'), [f3.id, f2.id], 'a month of the period');
    assert.deepEqual(await ids('Dez draft'), [f3.id, f2.id], 'every word must match');
    assert.deepEqual(await ids('nov finalised'), [f0.id]);
    assert.deepEqual(await ids('2026-11-16'), [f1.id], 'part of a date');
    assert.deepEqual(await ids('fortnightly'), [f3.id, f2.id, f1.id, f0.id]);
    assert.deepEqual(await ids('weekly'), []);
    assert.deepEqual(await ids('zzz'), []);
    assert.deepEqual(await ids('   '), [f3.id, f2.id, f1.id, f0.id], 'a blank search lists everything');

    const first: any = await listRuns(t, '?q=draft&limit=2');
    assert.deepEqual(
      first.data.map((r: any) => r.id),
      [f3.id, f2.id],
    );
    assert.equal(first.has_more, true);
    const second: any = await listRuns(t, `?q=draft&limit=2&cursor=${encodeURIComponent(first.next_cursor)}`);
    assert.deepEqual(
      second.data.map((r: any) => r.id),
      [f1.id],
    );
    assert.equal(second.has_more, false);

    assert.equal((await api.call('GET', `${runPath(t)}?q=${'x'.repeat(101)}`)).status, 400);
  });
});

describe('entries and adjustments', () => {
  let t: TenantRef;
  let salaried: string;
  let hourly: string;
  let runId: string;
  const entryOf = async (id: string) => (await entriesOf(api, t, runId)).find((e) => e.employee_id === id);
  before(async () => {
    t = await createTenant(api);
    salaried = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 78_000, hours_per_week: 38 });
    hourly = await hireAu(api, t, {
      pay_frequency: 'fortnightly',
      hourly_rate: 40,
      hours_per_week: 20,
      type: 'part_time',
    });
    runId = (await draftRun(api, t, fortnight(0))).id;
  });

  test('overtime recalculates that employee and the totals, and leaves the others alone', async () => {
    const [before, hourlyBefore, totalsBefore] = [
      await entryOf(salaried),
      await entryOf(hourly),
      (await getRun(api, t, runId)).totals,
    ];
    assert.equal(before.gross, '3000.00');
    const body = expectStatus(
      await postEntry(t, runId, {
        employee_id: salaried,
        items: [{ type: 'overtime', hours: 4, description: 'Stocktake' }],
      }),
      200,
    );
    const entry = body.data.entry;
    // 78,000 / 52 / 38 = 39.4737 an hour; 4 h at time and a half = 236.84.
    assert.equal(entry.gross, '3236.84');
    assert.deepEqual(
      entry.lines.find((l: any) => l.type === 'overtime'),
      { type: 'overtime', amount: '236.84', hours: '4.00', rate: '59.2106', description: 'Stocktake' },
    );
    assert.ok(cents(entry.tax) > cents(before.tax), 'withholding follows the higher gross');
    assert.equal(entry.super, before.super, 'overtime is not ordinary time earnings');
    assert.equal(entry.evidence_id, body.evidence_id);
    assert.equal((await evidenceOf(api, t, body.evidence_id)).action, 'pay_run.entry_adjusted');
    const totals = body.data.pay_run.totals;
    assert.equal(totals.gross, fromCents(cents(totalsBefore.gross) + 23_684));
    assert.equal(totals.tax, fromCents(cents(totalsBefore.tax) + cents(entry.tax) - cents(before.tax)));
    assert.equal(totals.net, fromCents(cents(totalsBefore.net) + cents(entry.net) - cents(before.net)));
    assert.deepEqual(await entryOf(hourly), hourlyBefore);
    assert.deepEqual((await getRun(api, t, runId)).totals, totals);
  });

  test('allowance, bonus, deduction and salary sacrifice show as their own lines, and net = gross − tax − deductions − salary sacrifice', async () => {
    const body = expectStatus(
      await postEntry(t, runId, {
        employee_id: hourly,
        items: [
          { type: 'allowance', amount: '45.00', description: 'First aid' },
          { type: 'bonus', amount: 200 },
          { type: 'deduction', amount: '30.00', description: 'Uniform' },
          { type: 'salary_sacrifice', amount: '100.00' },
        ],
      }),
      200,
    );
    const e = body.data.entry;
    const line = (type: string) => e.lines.find((l: any) => l.type === type)?.amount;
    // 40 h x 40.00 + 45 + 200; taxable 1,745.00 after the sacrifice. The bonus is withheld by Schedule 5 Method A
    // (ATO NAT 7905) over 26 fortnights: normal 1,545 → weekly 772 → 0.179 x 772.99 - 60.8377 = 77.53 → $78 → $156;
    // 1,545 + 200/26 (7) = 1,552 → weekly 776 → 78.24 → $78 → $156; (156 - 156) x 26 = 0 (AU-2026.1 scale 2).
    assert.equal(e.gross, '1845.00');
    assert.equal(line('allowance'), '45.00');
    assert.equal(line('bonus'), '200.00');
    assert.equal(line('deduction'), '-30.00');
    assert.equal(line('salary_sacrifice'), '-100.00');
    assert.equal(line('payg_withholding'), '-156.00');
    assert.equal(e.tax, '156.00');
    assert.equal(e.net, fromCents(cents(e.gross) - cents(e.tax) - 3000 - 10_000));
    // SG on ordinary time earnings (1,600 + bonus 200; the allowance is not OTE) at 12%, plus the sacrifice.
    assert.equal(line('super_guarantee'), '216.00');
    assert.equal(e.super, '316.00');
    const entries = await entriesOf(api, t, runId);
    const totals = body.data.pay_run.totals;
    for (const k of ['gross', 'tax', 'net', 'super'])
      assert.equal(totals[k], fromCents(sumCents(entries.map((x) => x[k]))), k);
  });

  test('items accumulate across adjustments; replace: true replaces them', async () => {
    expectStatus(
      await postEntry(t, runId, { employee_id: salaried, items: [{ type: 'overtime', hours: '2', multiplier: '2' }] }),
      200,
    );
    const accumulated = await entryOf(salaried);
    assert.equal(accumulated.items.length, 2);
    assert.equal(accumulated.lines.filter((l: any) => l.type === 'overtime').length, 2);
    assert.equal(accumulated.gross, '3394.73'); // + 2 h x 39.4737 x 2 = 157.89 (157.8948)
    const replaced = expectStatus(
      await postEntry(t, runId, { employee_id: salaried, items: [{ type: 'bonus', amount: '100.00' }], replace: true }),
      200,
    ).data.entry;
    assert.equal(replaced.items.length, 1);
    assert.equal(replaced.lines.filter((l: any) => l.type === 'overtime').length, 0);
    assert.equal(replaced.gross, '3100.00');
  });

  test('an unknown employee is 404 and a malformed item is 400; neither changes the run', async () => {
    const before = await entriesOf(api, t, runId);
    assert.equal(
      (await postEntry(t, runId, { employee_id: 'emp_0000000000000000', items: [{ type: 'bonus', amount: '5.00' }] }))
        .status,
      404,
    );
    for (const items of [
      [{ type: 'overtime' }],
      [{ type: 'bonus' }],
      [{ type: 'tip', amount: '1.00' }],
      [{ type: 'bonus', amount: '-5.00' }],
      [],
    ]) {
      const r = await postEntry(t, runId, { employee_id: hourly, items });
      assert.equal(r.status, 400, JSON.stringify(items));
      assert.equal(r.body.error.code, 'bad_request');
    }
    assert.deepEqual(await entriesOf(api, t, runId), before);
  });

  test('an employee who is not in the run because they are paid at another frequency or not employed in the period cannot be added', async () => {
    const weekly = await hireAu(api, t, { pay_frequency: 'weekly', annual_salary: 52_000 });
    const gone = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 52_000, end_date: '2026-06-30' });
    const before = await entriesOf(api, t, runId);
    for (const id of [weekly, gone]) {
      const r = await postEntry(t, runId, { employee_id: id, items: [{ type: 'bonus', amount: '500.00' }] });
      assert.equal(r.status, 400, r.text);
      assert.deepEqual(
        r.body.error.errors.map((x: any) => x.path),
        ['employee_id'],
      );
      const ts = await timesheets(t, runId, { body: { rows: [{ employee_id: id, date: '2026-11-03', hours: 8 }] } });
      assert.equal(ts.status, 400, ts.text);
      assert.deepEqual(
        ts.body.error.errors.map((x: any) => x.path),
        ['rows[0].employee_id'],
      );
    }
    assert.deepEqual(await entriesOf(api, t, runId), before);
  });

  test('an employee hired after the draft was created can be added to it', async () => {
    const late = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 52_000 });
    const body = expectStatus(
      await postEntry(t, runId, { employee_id: late, items: [{ type: 'allowance', amount: '20.00' }] }),
      200,
    );
    assert.equal(body.data.entry.gross, '2020.00');
    assert.equal(body.data.pay_run.totals.employee_count, 3);
  });

  test('on DE a salary sacrifice item is 501 CAPABILITY_NOT_SUPPORTED and a bonus is recalculated', async () => {
    const de = await createTenant(api, { jurisdiction: 'DE' });
    // Employed from October: the year to date a one-off payment is measured against (§ 23a SGB IV) is all on
    // record (tests/api/de-one-off-payments.test.ts for earlier starts).
    const emp = await hireDe(api, de, { annual_salary: 60_000, start_date: '2026-10-01' });
    const run = await draftRun(api, de, month(2026, 10));
    const r = await postEntry(de, run.id, {
      employee_id: emp,
      items: [{ type: 'salary_sacrifice', amount: '100.00' }],
    });
    assert.equal(r.status, 501);
    assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
    const bonus = expectStatus(
      await postEntry(de, run.id, { employee_id: emp, items: [{ type: 'bonus', amount: '1000.00' }] }),
      200,
    ).data;
    assert.equal(bonus.entry.gross, '6000.00');
    assert.equal(
      bonus.entry.net,
      fromCents(cents(bonus.entry.gross) - cents(bonus.entry.tax) - cents(bonus.entry.social)),
    );
    assert.equal(bonus.pay_run.totals.gross, '6000.00');
  });
});

describe('timesheet imports', () => {
  let t: TenantRef;
  let h1: string;
  let h2: string;
  let salaried: string;
  let runId: string;
  const byId = async () => new Map((await entriesOf(api, t, runId)).map((e) => [e.employee_id, e]));
  before(async () => {
    t = await createTenant(api);
    h1 = await hireAu(api, t, { pay_frequency: 'fortnightly', hourly_rate: 40 });
    h2 = await hireAu(api, t, { pay_frequency: 'fortnightly', hourly_rate: '35.50' });
    salaried = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 65_000 });
    runId = (await draftRun(api, t, fortnight(0))).id;
  });

  test("JSON rows set each employee's hours and recalculate the totals", async () => {
    const body = expectStatus(
      await timesheets(t, runId, {
        body: {
          rows: [
            { employee_id: h1, date: '2026-11-02', hours: 8 },
            { employee_id: h1, date: '2026-11-03', hours: '7.5', type: 'ordinary' },
            { employee_id: h2, date: '2026-11-04', hours: 6 },
            { employee_id: h2, date: '2026-11-05', hours: 2, type: 'overtime', multiplier: 2 },
          ],
        },
      }),
      200,
    );
    assert.equal(body.data.imported, 4);
    assert.equal(body.data.employees, 2);
    assert.equal((await evidenceOf(api, t, body.evidence_id)).action, 'pay_run.timesheets_imported');
    const e = await byId();
    assert.equal(e.get(h1).gross, '620.00'); // 15.5 h x 40.00
    assert.equal(e.get(h2).gross, '355.00'); // 6 h x 35.50 + 2 h x 35.50 x 2
    assert.equal(
      e.get(h1).items.every((i: any) => i.source === 'timesheet'),
      true,
    );
    assert.deepEqual(
      [e.get(h1).evidence_id, e.get(h2).evidence_id],
      [body.evidence_id, body.evidence_id],
      'each changed entry points at the import',
    );
    assert.equal(e.get(salaried).evidence_id, null, 'an entry the import did not touch keeps no reference to it');
    assert.equal(body.data.pay_run.totals.gross, fromCents(sumCents([...e.values()].map((x) => x.gross))));
  });

  test("text/csv rows (employee_id,date,hours,type) import the same way and replace that employee's earlier timesheet rows", async () => {
    const h2Before = (await byId()).get(h2);
    const csv = `employee_id,date,hours,type\r\n${h1},2026-11-09,9,ordinary\r\n${h1},2026-11-10,9,ordinary\r\n`;
    const body = expectStatus(await timesheets(t, runId, { raw: csv, headers: { 'content-type': 'text/csv' } }), 200);
    assert.equal(body.data.imported, 2);
    const e = await byId();
    assert.equal(e.get(h1).gross, '720.00');
    assert.deepEqual(e.get(h2), h2Before, 'employees not in the file keep their hours');
  });

  test('a CSV row may leave type blank: it is ordinary hours', async () => {
    const csv = `employee_id,date,hours,type,multiplier\n${h2},2026-11-11,4,,\n${h2},2026-11-12,1,overtime,2\n`;
    expectStatus(await timesheets(t, runId, { raw: csv, headers: { 'content-type': 'text/csv' } }), 200);
    assert.equal((await byId()).get(h2).gross, '213.00'); // 4 h x 35.50 + 1 h x 35.50 x 2
  });

  test('one bad row is 400 listing every bad row by path, and nothing is applied', async () => {
    const before = [
      await entriesOf(api, t, runId),
      await getRun(api, t, runId),
      (await auditTrail(api, t)).length,
    ] as const;
    const r = await timesheets(t, runId, {
      body: {
        rows: [
          { employee_id: h1, date: '2026-11-02', hours: 8 },
          { employee_id: h1, date: '2026-11-03', hours: 0 },
          { employee_id: 'emp_0000000000000000', date: '2026-11-03', hours: 8 },
          { employee_id: h2, date: '2026-11-30', hours: 8 },
          { employee_id: h2, hours: 8 },
          { employee_id: salaried, date: '2026-11-04', hours: 8, type: 'sick' },
          { employee_id: h2, date: '2026-11-04', hours: 25 },
        ],
      },
    });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.error.code, 'bad_request');
    assert.match(r.body.error.message, /^6 timesheet row\(s\) are invalid; nothing was applied/);
    const paths = r.body.error.errors.map((x: any) => x.path);
    assert.deepEqual(
      [...new Set(paths)].sort(),
      ['rows[1].hours', 'rows[2].employee_id', 'rows[3].date', 'rows[4].date', 'rows[5].type', 'rows[6].hours'].sort(),
    );
    assert.deepEqual(
      [await entriesOf(api, t, runId), await getRun(api, t, runId), (await auditTrail(api, t)).length],
      before,
    );

    const csv = `employee_id,date,hours,type\n${h1},2026-11-02,8,ordinary\n${h1},2026-11-03,abc,ordinary\n${h1},02/11/2026,8,ordinary\n`;
    const bad = await timesheets(t, runId, { raw: csv, headers: { 'content-type': 'text/csv' } });
    assert.equal(bad.status, 400);
    assert.deepEqual([...new Set(bad.body.error.errors.map((x: any) => x.path))], ['rows[1].hours', 'rows[2].date']);
    assert.deepEqual(
      [await entriesOf(api, t, runId), await getRun(api, t, runId), (await auditTrail(api, t)).length],
      before,
    );
  });
});

describe('replaying money-moving requests with the same Idempotency-Key', () => {
  let t: TenantRef;
  let hourly: string;
  before(async () => {
    t = await createTenant(api);
    hourly = await hireAu(api, t, { pay_frequency: 'fortnightly', hourly_rate: 42, hours_per_week: 25 });
  });
  const key = (k: string) => ({ 'idempotency-key': `pay-runs-${k}` });

  async function replay(call: () => Promise<any>, effects: () => Promise<unknown>) {
    const first = await call();
    assert.ok(first.status < 300, first.text);
    assert.equal(first.headers.get('idempotent-replay'), null);
    const after = await effects();
    const trail = (await auditTrail(api, t)).length;
    const again = await call();
    assert.equal(again.status, first.status);
    assert.equal(again.headers.get('idempotent-replay'), 'true');
    assert.deepEqual(again.body, first.body);
    assert.deepEqual(await effects(), after, 'no second effect');
    assert.equal((await auditTrail(api, t)).length, trail, 'no second evidence record');
    return first.body;
  }

  test('create, entries, timesheets, finalise and void each replay their first answer with no second effect', async () => {
    const runs = async () => (await listRuns(t)).data.map((r: any) => [r.id, r.status, r.totals]);
    const created = await replay(() => createRun(api, t, fortnight(0), { headers: key('create') }), runs);
    const runId = created.data.pay_run.id;
    const entries = () => entriesOf(api, t, runId);
    await replay(
      () =>
        postEntry(
          t,
          runId,
          { employee_id: hourly, items: [{ type: 'bonus', amount: '75.00' }] },
          { headers: key('entry') },
        ),
      entries,
    );
    assert.equal((await entries())[0].items.length, 1);
    await replay(
      () =>
        timesheets(t, runId, {
          body: { rows: [{ employee_id: hourly, date: '2026-11-04', hours: 7 }] },
          headers: key('timesheet-json'),
        }),
      entries,
    );
    await replay(
      () =>
        timesheets(t, runId, {
          raw: `employee_id,date,hours,type\n${hourly},2026-11-05,6,ordinary\n`,
          headers: { ...key('timesheet-csv'), 'content-type': 'text/csv' },
        }),
      entries,
    );
    assert.equal((await entries())[0].gross, '327.00'); // 6 h x 42 + 75 bonus
    expectStatus(await preview(api, t, runId), 200);
    expectStatus(await approve(api, t, runId), 200);
    await replay(() => finalise(api, t, runId, { headers: key('finalise') }), runs);
    await replay(() => voidRun(t, runId, { headers: key('void') }), runs);
    assert.equal((await getRun(api, t, runId)).status, 'voided');
  });

  test('a DE finalise replay returns the original finalising answer and starts no second job', async () => {
    const de = await createTenant(api, { jurisdiction: 'DE' });
    await hireDe(api, de, { annual_salary: 70_000 });
    const run = await draftRun(api, de, month(2026, 10));
    expectStatus(await preview(api, de, run.id), 200);
    expectStatus(await approve(api, de, run.id), 200);
    const first = expectStatus(await finalise(api, de, run.id, { headers: key('de-finalise') }), 200);
    assert.equal(first.data.pay_run.status, 'finalising');
    await waitForFinalised(api, de, run.id);
    const trail = (await auditTrail(api, de)).length;
    const again = await finalise(api, de, run.id, { headers: key('de-finalise') });
    assert.equal(again.headers.get('idempotent-replay'), 'true');
    assert.deepEqual(again.body, first);
    assert.equal((await getRun(api, de, run.id)).status, 'finalised');
    assert.equal((await auditTrail(api, de)).length, trail);
  });

  test('the same key with a different body is 409 idempotency_replay_mismatch and applies nothing', async () => {
    const run = await draftRun(api, t, fortnight(1));
    expectStatus(
      await postEntry(
        t,
        run.id,
        { employee_id: hourly, items: [{ type: 'bonus', amount: '10.00' }] },
        { headers: key('mismatch') },
      ),
      200,
    );
    const before = await entriesOf(api, t, run.id);
    const r = await postEntry(
      t,
      run.id,
      { employee_id: hourly, items: [{ type: 'bonus', amount: '99.00' }] },
      { headers: key('mismatch') },
    );
    assert.equal(r.status, 409);
    assert.equal(r.body.error.code, 'idempotency_replay_mismatch');
    assert.deepEqual(await entriesOf(api, t, run.id), before);
  });
});

describe('allowed_actions: what the caller may do with a run now', () => {
  type State = RunState;
  const STATES = LIFECYCLE;
  const VOCABULARY = [
    'preview',
    'adjust',
    'approve',
    'finalise',
    'void',
    'delete',
    'payment_file',
    'super_batch',
    'submit',
  ];

  /** Drives a fresh run (created by the partner) to a state; `n` picks a free week. */
  async function runIn(t: TenantRef, state: State, n: number): Promise<string> {
    const run = await draftRun(api, t, week(n));
    await walkTo(t, run.id, state);
    return run.id;
  }

  const embedToken = async (t: TenantRef, body: Record<string, unknown>) =>
    expectStatus(await api.call('POST', `/v1/tenants/${t.id}/embed/token`, { body }), 201, 'embed token').data.token;
  const actionsOf = async (t: TenantRef, runId: string, key?: string) =>
    expectStatus(await api.call('GET', runPath(t, runId), { key }), 200, 'get run').data.allowed_actions;

  /** Calls the operation behind an action as `key`. */
  function act(t: TenantRef, runId: string, action: string, employee: string, key?: string) {
    const opts = { key, reason: REASON };
    switch (action) {
      case 'preview':
        return preview(api, t, runId, opts);
      case 'adjust':
        return postEntry(t, runId, { employee_id: employee, items: [{ type: 'bonus', amount: '10.00' }] }, opts);
      case 'approve':
        return approve(api, t, runId, opts);
      case 'finalise':
        return finalise(api, t, runId, opts);
      case 'void':
        return voidRun(t, runId, opts);
      case 'delete':
        return deleteRun(t, runId, opts);
      case 'payment_file':
        return api.call('POST', runPath(t, runId, '/payment-file'), { body: {}, ...opts });
      case 'super_batch':
        return api.call('POST', runPath(t, runId, '/super-batch'), { body: {}, ...opts });
      default:
        throw new Error(`no operation for ${action}`);
    }
  }

  // Runs created and driven by the partner key, so no user below prepared them.
  const AU_EXPECTED: Record<string, Record<State, string[]>> = {
    partner: {
      draft: ['preview', 'adjust', 'delete'],
      previewed: ['preview', 'adjust', 'approve', 'delete'],
      approved: ['preview', 'finalise'],
      finalised: ['void', 'payment_file', 'super_batch', 'submit'],
      voided: [],
    },
    viewer: { draft: [], previewed: [], approved: [], finalised: [], voided: [] },
    preparer: {
      draft: ['preview', 'adjust', 'delete'],
      previewed: ['preview', 'adjust', 'delete'],
      approved: ['preview'],
      finalised: [],
      voided: [],
    },
    approver: {
      draft: [],
      previewed: ['approve'],
      approved: ['finalise'],
      finalised: ['void', 'payment_file', 'super_batch', 'submit'],
      voided: [],
    },
    admin: {
      draft: ['preview', 'adjust', 'delete'],
      previewed: ['preview', 'adjust', 'approve', 'delete'],
      approved: ['preview', 'finalise'],
      finalised: ['void', 'payment_file', 'super_batch', 'submit'],
      voided: [],
    },
    // Embed tokens never sign off, whatever their components.
    embedAll: {
      draft: ['preview', 'adjust', 'delete'],
      previewed: ['preview', 'adjust', 'delete'],
      approved: ['preview'],
      finalised: [],
      voided: [],
    },
    embedEntry: { draft: ['adjust'], previewed: ['adjust'], approved: [], finalised: [], voided: [] },
    embedPayslips: { draft: [], previewed: [], approved: [], finalised: [], voided: [] },
  };

  test('per state and role on AU: roles, components and capabilities decide; submit only on a finalised run', async () => {
    const t = await createTenant(api);
    await hireAu(api, t, { pay_frequency: 'weekly', annual_salary: 60_000 });
    const keys: Record<string, string | undefined> = {
      partner: undefined,
      viewer: await userToken(api, t, 'viewer', 'usr_view'),
      preparer: await userToken(api, t, 'preparer', 'usr_prep'),
      approver: await userToken(api, t, 'approver', 'usr_appr'),
      admin: await userToken(api, t, 'admin', 'usr_adm'),
      embedAll: await embedToken(t, { components: ['*'] }),
      embedEntry: await embedToken(t, { components: ['pay-run-entry'] }),
      embedPayslips: await embedToken(t, { components: ['payslip-viewer'] }),
    };
    const runs = new Map<State, string>();
    for (const [i, state] of STATES.entries()) runs.set(state, await runIn(t, state, i));
    for (const [who, byState] of Object.entries(AU_EXPECTED)) {
      for (const state of STATES) {
        const id = runs.get(state)!;
        assert.deepEqual(await actionsOf(t, id, keys[who]), byState[state], `${who} on a ${state} run`);
        const listed = expectStatus(await api.call('GET', runPath(t), { key: keys[who] }), 200).data;
        assert.deepEqual(
          listed.find((p: any) => p.id === id).allowed_actions,
          byState[state],
          `${who} on a ${state} run, listed`,
        );
      }
    }
    for (const state of STATES)
      for (const who of Object.keys(AU_EXPECTED)) {
        const actions = await actionsOf(t, runs.get(state)!, keys[who]);
        if (state !== 'finalised') assert.ok(!actions.includes('submit'), `submit on a ${state} run`);
        for (const a of actions) assert.ok(VOCABULARY.includes(a), a);
      }
  });

  test('on DE a finalised run offers void and, from DE-2026.2, the payment file; never a super batch', async () => {
    const de = await createTenant(api, { jurisdiction: 'DE' });
    const older = await createTenant(api, { jurisdiction: 'DE', pack_version: 'DE-2026.1' });
    for (const [t, actions] of [
      [de, ['void', 'payment_file']],
      [older, ['void']],
    ] as const) {
      await hireDe(api, t, { annual_salary: 50_000 });
      const run = await draftRun(api, t, month(2026, 10));
      await runToFinalised(api, t, run.id);
      assert.deepEqual(await actionsOf(t, run.id), actions);
    }
  });

  test('every answer that carries a run carries its allowed_actions for the caller', async () => {
    const t = await createTenant(api);
    const employee = await hireAu(api, t, { pay_frequency: 'weekly', hourly_rate: 30 });
    const created = expectStatus(await createRun(api, t, week(0)), 201).data.pay_run;
    assert.deepEqual(created.allowed_actions, ['preview', 'adjust', 'delete']);
    const adjusted = expectStatus(
      await postEntry(t, created.id, { employee_id: employee, items: [{ type: 'bonus', amount: '5.00' }] }),
      200,
    ).data.pay_run;
    assert.deepEqual(adjusted.allowed_actions, ['preview', 'adjust', 'delete']);
    const imported = expectStatus(
      await timesheets(t, created.id, { body: { rows: [{ employee_id: employee, date: '2026-11-03', hours: 4 }] } }),
      200,
    ).data.pay_run;
    assert.deepEqual(imported.allowed_actions, ['preview', 'adjust', 'delete']);
    const previewed = expectStatus(await preview(api, t, created.id), 200).data.pay_run;
    assert.deepEqual(previewed.allowed_actions, ['preview', 'adjust', 'approve', 'delete']);
    const approved = expectStatus(await approve(api, t, created.id), 200).data.pay_run;
    assert.deepEqual(approved.allowed_actions, ['preview', 'finalise']);
    const finalised = expectStatus(await finalise(api, t, created.id), 200).data.pay_run;
    assert.deepEqual(finalised.allowed_actions, ['void', 'payment_file', 'super_batch', 'submit']);
    const voided = expectStatus(await voidRun(t, created.id), 200).data.pay_run;
    assert.deepEqual(voided.allowed_actions, []);
  });

  test('each listed action succeeds when called, and each unlisted one is refused and changes nothing', async () => {
    const callers = ['partner', 'preparer', 'approver', 'embedAll'];
    for (const who of callers) {
      // One tenant per caller, so every run below has a week of its own.
      const t = await createTenant(api);
      const employee = await hireAu(api, t, { pay_frequency: 'weekly', annual_salary: 58_000 });
      const key =
        who === 'partner'
          ? undefined
          : who === 'embedAll'
            ? await embedToken(t, { components: ['*'] })
            : await userToken(api, t, who as 'preparer' | 'approver', `usr_${who}`);
      let n = 0;
      for (const state of STATES) {
        const probe = await runIn(t, state, n++);
        const allowed: string[] = await actionsOf(t, probe, key);
        const before = await getRun(api, t, probe);
        for (const action of VOCABULARY.filter((a) => a !== 'submit' && !allowed.includes(a))) {
          const r = await act(t, probe, action, employee, key);
          assert.ok([403, 409, 501].includes(r.status), `${who}: unlisted ${action} on ${state} answered ${r.status}`);
        }
        assert.deepEqual(await getRun(api, t, probe), before, `${who}: refusals on a ${state} run change nothing`);
        // Submitting also needs the payer's STP details, which these tenants lack: its own tests call it.
        for (const action of allowed.filter((a) => a !== 'submit')) {
          const id = await runIn(t, state, n++);
          const r = await act(t, id, action, employee, key);
          assert.ok(
            r.status < 300,
            `${who}: listed ${action} on ${state} answered ${r.status}: ${r.text.slice(0, 300)}`,
          );
        }
      }
    }
  });

  test('segregation of duties: whoever prepared the run sees no approve, and approving is 403 for them', async () => {
    const t = await createTenant(api);
    const employee = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 70_000 });
    const preparer = await userToken(api, t, 'preparer', 'usr_pia');
    const adjuster = await userToken(api, t, 'admin', 'usr_ada');
    const otherAdmin = await userToken(api, t, 'admin', 'usr_oli');
    const approver = await userToken(api, t, 'approver', 'usr_abe');
    const run = expectStatus(await createRun(api, t, fortnight(0), { key: preparer }), 201).data.pay_run;
    expectStatus(
      await postEntry(
        t,
        run.id,
        { employee_id: employee, items: [{ type: 'bonus', amount: '40.00' }] },
        { key: adjuster, reason: REASON },
      ),
      200,
    );
    const previewed = expectStatus(await preview(api, t, run.id, { key: adjuster }), 200).data.pay_run;
    assert.deepEqual(previewed.allowed_actions, ['preview', 'adjust', 'delete'], 'the adjusting admin is told at once');
    assert.deepEqual(await actionsOf(t, run.id, preparer), ['preview', 'adjust', 'delete']);
    assert.deepEqual(await actionsOf(t, run.id, adjuster), ['preview', 'adjust', 'delete']);
    assert.deepEqual(await actionsOf(t, run.id, otherAdmin), ['preview', 'adjust', 'approve', 'delete']);
    assert.deepEqual(await actionsOf(t, run.id, approver), ['approve']);
    const refused = await approve(api, t, run.id, { key: adjuster });
    assert.equal(refused.status, 403, refused.text);
    assert.match(refused.body.error.message, /you prepared it/);
    const approved = expectStatus(await approve(api, t, run.id, { key: approver }), 200).data.pay_run;
    assert.deepEqual(approved.allowed_actions, ['finalise'], 'approving does not bar finalising');
  });

  describe('a caller who cannot see every entry signs nothing off', () => {
    let t: TenantRef;
    let opsEmployee: string;
    let previewedId: string;
    let finalisedId: string;
    const scoped = async (role: string, scope: Record<string, unknown>, user: string) =>
      expectStatus(
        await api.call('POST', `/v1/tenants/${t.id}/users/token`, { body: { role, user_id: user, scope } }),
        201,
      ).data.token;
    before(async () => {
      t = await createTenant(api);
      for (const code of ['OPS', 'ADMIN'])
        expectStatus(
          await api.call('POST', `/v1/tenants/${t.id}/cost-centres`, { body: { code, name: code }, reason: REASON }),
          201,
        );
      for (const code of ['OPS', 'ADMIN']) {
        const id = await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 64_000 });
        expectStatus(
          await api.call('PUT', `/v1/tenants/${t.id}/employees/${id}/cost-centre`, {
            body: { cost_centre_code: code },
            reason: REASON,
          }),
          200,
        );
        if (code === 'OPS') opsEmployee = id;
      }
      previewedId = (await draftRun(api, t, fortnight(0))).id;
      expectStatus(await preview(api, t, previewedId), 200);
      finalisedId = (await draftRun(api, t, fortnight(1))).id;
      await runToFinalised(api, t, finalisedId);
    });

    test('a scoped approver or admin sees no approve, finalise, void, payment file or super batch', async () => {
      const approver = await scoped('approver', { cost_centres: ['OPS'] }, 'usr_ops_appr');
      const admin = await scoped('admin', { cost_centres: ['OPS'] }, 'usr_ops_adm');
      assert.deepEqual(await actionsOf(t, previewedId, approver), []);
      assert.deepEqual(await actionsOf(t, previewedId, admin), ['preview', 'adjust', 'delete']);
      assert.deepEqual(await actionsOf(t, finalisedId, approver), []);
      assert.deepEqual(await actionsOf(t, finalisedId, admin), []);
      const listed = expectStatus(await api.call('GET', runPath(t), { key: admin }), 200).data;
      assert.deepEqual(listed.find((p: any) => p.id === previewedId).allowed_actions, ['preview', 'adjust', 'delete']);
    });

    test('and the API refuses them: approve and void are 403 and change nothing', async () => {
      const approver = await scoped('approver', { cost_centres: ['OPS'] }, 'usr_ops_appr2');
      const before = [await getRun(api, t, previewedId), await getRun(api, t, finalisedId)];
      for (const r of [
        await approve(api, t, previewedId, { key: approver }),
        await voidRun(t, finalisedId, { key: approver }),
      ]) {
        assert.equal(r.status, 403, r.text);
        assert.match(r.body.error.message, /data scope/);
      }
      assert.deepEqual([await getRun(api, t, previewedId), await getRun(api, t, finalisedId)], before);
    });

    test('a scope that covers every entry signs off as usual', async () => {
      const wide = await scoped('approver', { cost_centres: ['OPS', 'ADMIN'] }, 'usr_wide');
      assert.deepEqual(await actionsOf(t, previewedId, wide), ['approve']);
      // Lodgement reports the whole company, so it stays with unscoped callers however wide the scope.
      assert.deepEqual(await actionsOf(t, finalisedId, wide), ['void', 'payment_file', 'super_batch']);
    });

    test('a token pinned to one employee may do nothing with the run', async () => {
      const pinned = await embedToken(t, { components: ['*'], employee_id: opsEmployee });
      for (const id of [previewedId, finalisedId]) assert.deepEqual(await actionsOf(t, id, pinned), []);
    });
  });
});
