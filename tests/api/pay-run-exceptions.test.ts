// Pay-run exceptions: each kind of finding from real runs (AU and DE), acknowledging one with a reason,
// approval refused with 409 exceptions_open while an error is open, allowed_actions and the checklist,
// roles, data scope and tenant isolation.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  approve,
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  finalise,
  fortnight,
  getRun,
  hireAu,
  hireDe,
  month,
  preview,
  runPath,
  userToken,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

const exceptionsOf = async (t: TenantRef, runId: string, key?: string): Promise<any[]> =>
  expectStatus(await api.call('GET', runPath(t, runId, '/exceptions'), { key }), 200, 'exceptions').data;
const acknowledge = (t: TenantRef, runId: string, id: string, opts: { key?: string; reason?: string } = {}) =>
  api.call('POST', runPath(t, runId, `/exceptions/${id}/acknowledge`), {
    body: {},
    reason: opts.reason ?? 'Checked with the employee: agreed repayment of an advance',
    key: opts.key,
  });
const postEntry = async (t: TenantRef, runId: string, employee_id: string, items: unknown[]) =>
  expectStatus(
    await api.call('POST', runPath(t, runId, '/entries'), {
      body: { employee_id, items, replace: true },
      reason: REASON,
    }),
    200,
    'entry',
  );
const kindsOf = (list: any[], employeeId: string) =>
  list
    .filter((e) => e.employee_id === employeeId)
    .map((e) => `${e.kind}:${e.severity}`)
    .sort();

describe('AU: the findings of a fortnightly run, acknowledged and approved', () => {
  let t: TenantRef;
  let runId: string;
  let previewActions: string[];
  const who: Record<string, string> = {};

  before(async () => {
    t = await createTenant(api, { jurisdiction: 'AU' });
    who.steady = await hireAu(api, t, { first_name: 'Sam', last_name: 'Steady', pay_frequency: 'fortnightly' });
    who.unbanked = await hireAu(api, t, {
      first_name: 'Uma',
      last_name: 'Unbanked',
      pay_frequency: 'fortnightly',
      bank: false,
    });
    who.starter = await hireAu(api, t, {
      first_name: 'Nia',
      last_name: 'New',
      pay_frequency: 'fortnightly',
      start_date: '2026-11-09',
    });
    who.leaver = await hireAu(api, t, {
      first_name: 'Leo',
      last_name: 'Leaving',
      pay_frequency: 'fortnightly',
      end_date: '2026-11-10',
    });
    who.long = await hireAu(api, t, {
      first_name: 'Lou',
      last_name: 'Long',
      pay_frequency: 'fortnightly',
      hourly_rate: '30.00',
    });
    who.zero = await hireAu(api, t, {
      first_name: 'Zoe',
      last_name: 'Zero',
      pay_frequency: 'fortnightly',
      hourly_rate: '30.00',
    });
    runId = (await draftRun(api, t, fortnight(0))).id;
    // 130 hours in a fortnight is 65 a week.
    await postEntry(t, runId, who.long, [{ type: 'ordinary_hours', hours: '130' }]);
    const first = (await postEntry(t, runId, who.zero, [{ type: 'ordinary_hours', hours: '10' }])).data.entry;
    // A deduction of everything left after tax: net pay nil on earned pay.
    await postEntry(t, runId, who.zero, [
      { type: 'ordinary_hours', hours: '10' },
      { type: 'deduction', amount: first.net, description: 'Advance repaid' },
    ]);
    previewActions = expectStatus(await preview(api, t, runId), 200, 'preview').data.pay_run.allowed_actions;
  });

  test('lists each kind with its severity, the employee and words a payroll officer reads', async () => {
    const list = await exceptionsOf(t, runId);
    assert.deepEqual(kindsOf(list, who.steady), []);
    assert.deepEqual(kindsOf(list, who.unbanked), ['missing_bank_details:warning']);
    assert.deepEqual(kindsOf(list, who.starter), ['new_starter:info']);
    // No reason for leaving is recorded (only an end date): a warning, as the reason decides how the final pay is taxed.
    assert.deepEqual(kindsOf(list, who.leaver), ['leaver:warning']);
    assert.deepEqual(kindsOf(list, who.long), ['high_hours:warning']);
    assert.deepEqual(kindsOf(list, who.zero), ['net_pay_not_positive:error']);
    // Errors first, then warnings, then information.
    const order = { error: 0, warning: 1, info: 2 } as Record<string, number>;
    assert.deepEqual(
      list.map((e) => order[e.severity]),
      [...list.map((e) => order[e.severity])].sort(),
    );
    const zero = list.find((e) => e.employee_id === who.zero);
    assert.equal(zero.employee_name, 'Zoe Zero');
    assert.equal(zero.detail.net, '0.00');
    assert.equal(zero.detail.gross, '300.00');
    assert.match(zero.message, /Net pay is 0\.00 AUD on a gross of 300\.00 AUD/);
    assert.equal(zero.acknowledged, false);
    assert.equal(zero.acknowledged_by, null);
    assert.equal(zero.evidence_id, null);
    const long = list.find((e) => e.employee_id === who.long);
    assert.deepEqual(long.detail, { hours: '130.00', weekly_hours: '65.0', threshold_weekly_hours: '60' });
    assert.equal(list.find((e) => e.employee_id === who.starter).detail.start_date, '2026-11-09');
    assert.equal(list.find((e) => e.employee_id === who.leaver).detail.end_date, '2026-11-10');
    for (const e of list) {
      assert.match(e.id, /^exc_[a-f0-9]{24}$/);
      assert.doesNotMatch(e.message, /emp_|pr_|exc_/, 'no internal ids in the words');
    }
  });

  test('approval is refused with 409 exceptions_open naming the open errors; the run offers acknowledging instead', async () => {
    const refused = await approve(api, t, runId);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.error.code, 'exceptions_open');
    assert.deepEqual(
      refused.body.error.exceptions.map((e: any) => [e.employee_name, e.kind]),
      [['Zoe Zero', 'net_pay_not_positive']],
    );
    const run = await getRun(api, t, runId);
    assert.equal(run.status, 'previewed', 'a refused approval changes nothing');
    assert.ok(run.allowed_actions.includes('acknowledge_exceptions'));
    assert.ok(!run.allowed_actions.includes('approve'), 'approve is not offered while an error is open');
    // The preview's answer judged the findings from the employees it had just calculated: the same verdict.
    assert.deepEqual(previewActions, run.allowed_actions);
    const checklist = expectStatus(await api.call('GET', runPath(t, runId, '/checklist')), 200).data;
    const item = checklist.items.find((i: any) => i.key === 'exceptions');
    assert.equal(item.status, 'pending');
    assert.match(item.detail, /exception\(s\) to review/);
  });

  test('acknowledging needs a governance reason and answers 404 for an unknown exception', async () => {
    const list = await exceptionsOf(t, runId);
    const zero = list.find((e) => e.employee_id === who.zero);
    const noReason = await api.call('POST', runPath(t, runId, `/exceptions/${zero.id}/acknowledge`), { body: {} });
    assert.equal(noReason.status, 400);
    assert.equal(noReason.body.error.code, 'governance_reason_required');
    const unknown = await acknowledge(t, runId, 'exc_000000000000000000000000');
    assert.equal(unknown.status, 404);
    assert.equal((await exceptionsOf(t, runId)).find((e) => e.id === zero.id).acknowledged, false);
  });

  test('acknowledged with a reason (evidence recorded), idempotent, kept across a re-preview; then approval succeeds', async () => {
    const zero = (await exceptionsOf(t, runId)).find((e) => e.employee_id === who.zero);
    const reply = expectStatus(await acknowledge(t, runId, zero.id), 200, 'acknowledge');
    assert.match(reply.evidence_id, /^cev_/);
    const ack = reply.data.exception;
    assert.equal(ack.acknowledged, true);
    assert.equal(ack.reason, 'Checked with the employee: agreed repayment of an advance');
    assert.match(ack.acknowledged_by, /^key:/);
    assert.ok(ack.acknowledged_at);
    const again = expectStatus(await acknowledge(t, runId, zero.id, { reason: 'Second look' }), 200).data.exception;
    assert.equal(again.acknowledged_at, ack.acknowledged_at, 'acknowledging again changes nothing');
    assert.equal(again.reason, ack.reason);
    assert.equal(ack.evidence_id, reply.evidence_id, 'the acknowledgement names its evidence record');
    assert.equal(again.evidence_id, reply.evidence_id, 'the record of the acknowledgement that holds');
    const evidence = expectStatus(
      await api.call('GET', `/v1/tenants/${t.id}/governance/evidence/${reply.evidence_id}`),
      200,
    ).data;
    assert.equal(evidence.action, 'pay_run.exception_acknowledged');

    expectStatus(await preview(api, t, runId), 200, 're-preview');
    const kept = (await exceptionsOf(t, runId)).find((e) => e.id === zero.id);
    assert.equal(kept.acknowledged, true, 'the same finding keeps its acknowledgement');
    assert.equal(kept.evidence_id, reply.evidence_id);

    // Warnings do not hold approval back, but they are still offered for review.
    const run = await getRun(api, t, runId);
    assert.ok(run.allowed_actions.includes('approve'));
    assert.ok(run.allowed_actions.includes('acknowledge_exceptions'));
    expectStatus(await approve(api, t, runId), 200, 'approve');
    const checklist = expectStatus(await api.call('GET', runPath(t, runId, '/checklist')), 200).data;
    assert.equal(checklist.items.find((i: any) => i.key === 'exceptions').status, 'done');

    const late = await acknowledge(t, runId, (await exceptionsOf(t, runId))[1].id);
    assert.equal(late.status, 409);
    assert.equal(late.body.error.code, 'state_conflict');
    assert.ok(!(await getRun(api, t, runId)).allowed_actions.includes('acknowledge_exceptions'));
  });

  test('the next run compares gross with the last finalised pay; a changed finding loses its acknowledgement', async () => {
    expectStatus(await finalise(api, t, runId, { body: { exclude_blocked: true } }), 200, 'finalise');
    const next = (await draftRun(api, t, fortnight(1))).id;
    // 30 hours against 130 last time: down 77 %.
    await postEntry(t, next, who.long, [{ type: 'ordinary_hours', hours: '30' }]);
    await postEntry(t, next, who.zero, [{ type: 'ordinary_hours', hours: '10' }]);
    expectStatus(await preview(api, t, next), 200);
    const list = await exceptionsOf(t, next);
    const long = list.find((e) => e.employee_id === who.long);
    assert.equal(long.kind, 'gross_changed');
    assert.equal(long.severity, 'warning');
    assert.deepEqual(long.detail, {
      gross: '900.00',
      previous_gross: '3900.00',
      previous_period_end: '2026-11-15',
      change_percent: '-76.9',
      threshold_percent: '25',
      currency: 'AUD',
    });
    assert.match(long.message, /down 77 % on the last finalised pay \(3900\.00 AUD/);
    assert.deepEqual(kindsOf(list, who.steady), [], 'the same salary is no change');
    assert.deepEqual(kindsOf(list, who.starter), [], 'no longer a new starter');

    expectStatus(await acknowledge(t, next, long.id), 200);
    await postEntry(t, next, who.long, [{ type: 'ordinary_hours', hours: '20' }]);
    const changed = (await exceptionsOf(t, next)).find((e) => e.id === long.id);
    assert.equal(changed.acknowledged, false, 'other figures: the acknowledgement no longer holds');
    assert.equal(changed.evidence_id, null);
  });
});

describe('DE: Mindestlohn per hour', () => {
  test('2026: below 13.90 € an hour is an error; under 18 a warning citing § 22 (2) MiLoG; at or above, nothing', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const low = await hireDe(api, t, { first_name: 'Lena', last_name: 'Low', hourly_rate: 12.5, hours_per_week: 20 });
    const minor = await hireDe(api, t, { first_name: 'Max', last_name: 'Minor', hourly_rate: 11, hours_per_week: 10 });
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${minor}`, {
        body: { date_of_birth: '2010-06-01' },
        reason: REASON,
      }),
      200,
      'birth date',
    );
    const fair = await hireDe(api, t, {
      first_name: 'Fritz',
      last_name: 'Fair',
      hourly_rate: 13.9,
      hours_per_week: 20,
    });
    // 24,000 a year over 52 weeks of 40 hours is 11.54 an hour.
    const salaried = await hireDe(api, t, { first_name: 'Sara', last_name: 'Salary', annual_salary: 24_000 });
    const run = await draftRun(api, t, month(2026, 11));
    expectStatus(await preview(api, t, run.id), 200);
    const list = await exceptionsOf(t, run.id);
    const of = (id: string) => list.find((e) => e.employee_id === id && e.kind === 'below_minimum_wage');
    assert.equal(of(low).severity, 'error');
    assert.equal(of(low).detail.hourly_pay, '12.50');
    assert.equal(of(low).detail.minimum_wage, '13.90');
    assert.equal(of(low).detail.currency, 'EUR');
    assert.match(of(low).message, /Paid 12\.50 EUR an hour .* below the minimum wage of 13\.90 EUR/);
    assert.equal(of(minor).severity, 'warning');
    assert.equal(of(minor).detail.under_18, true);
    assert.match(of(minor).message, /§ 22 \(2\) MiLoG/);
    assert.equal(of(fair), undefined, 'exactly the minimum wage is lawful');
    assert.equal(of(salaried).severity, 'error');
    assert.equal(of(salaried).detail.hourly_pay, '11.53');
    const refused = await approve(api, t, run.id);
    assert.equal(refused.status, 409);
    assert.deepEqual(refused.body.error.exceptions.map((e: any) => e.employee_name).sort(), [
      'Lena Low',
      'Sara Salary',
    ]);
  });

  test('2025: the rate is 12.82 €, so 13.00 € an hour is no finding', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE', pack_version: 'DE-2025.1' });
    const e = await hireDe(api, t, { hourly_rate: 13, hours_per_week: 20 });
    const run = await draftRun(api, t, month(2025, 11));
    expectStatus(await preview(api, t, run.id), 200);
    // Nothing about the wage: only what the run's own validation says about the hire, if anything.
    const kinds = kindsOf(await exceptionsOf(t, run.id), e).filter((k) => !k.startsWith('validation_warning:'));
    assert.deepEqual(kinds, []);
    expectStatus(await approve(api, t, run.id), 200, 'approve');
  });
});

describe('who may see and acknowledge exceptions', () => {
  let t: TenantRef;
  let runId: string;
  let sydney: string;
  let perth: string;

  before(async () => {
    t = await createTenant(api, { jurisdiction: 'AU' });
    sydney = await hireAu(api, t, { first_name: 'Syd', last_name: 'Ney', pay_frequency: 'fortnightly', bank: false });
    perth = await hireAu(api, t, { first_name: 'Per', last_name: 'Th', pay_frequency: 'fortnightly', bank: false });
    for (const [id, site] of [
      [sydney, 'Sydney'],
      [perth, 'Perth'],
    ])
      expectStatus(
        await api.call('PATCH', `/v1/tenants/${t.id}/employees/${id}`, { body: { site }, reason: REASON }),
        200,
      );
    runId = (await draftRun(api, t, fortnight(0))).id;
    expectStatus(await preview(api, t, runId), 200);
  });

  test('a viewer reads them but may not acknowledge; preparer, approver and admin may', async () => {
    const list = await exceptionsOf(t, runId);
    const viewer = await userToken(api, t, 'viewer', 'usr_view');
    assert.equal((await exceptionsOf(t, runId, viewer)).length, list.length);
    const refused = await acknowledge(t, runId, list[0].id, { key: viewer });
    assert.equal(refused.status, 403);
    assert.ok(!(await getRunAs(t, runId, viewer)).allowed_actions.includes('acknowledge_exceptions'));
    for (const role of ['preparer', 'approver', 'admin'] as const) {
      const key = await userToken(api, t, role, `usr_${role}`);
      assert.ok((await getRunAs(t, runId, key)).allowed_actions.includes('acknowledge_exceptions'), role);
      expectStatus(await acknowledge(t, runId, list[0].id, { key }), 200, role);
    }
  });

  test('a token scoped to a site sees and acknowledges only the exceptions about its employees', async () => {
    const scoped = expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/users/token`, {
        body: { role: 'preparer', user_id: 'usr_perth', scope: { sites: ['Perth'] } },
      }),
      201,
    ).data.token;
    const seen = await exceptionsOf(t, runId, scoped);
    assert.deepEqual([...new Set(seen.map((e) => e.employee_id))], [perth]);
    const other = (await exceptionsOf(t, runId)).find((e) => e.employee_id === sydney);
    assert.equal((await acknowledge(t, runId, other.id, { key: scoped })).status, 404);
    expectStatus(await acknowledge(t, runId, seen[0].id, { key: scoped }), 200);
  });

  test('a token pinned to one employee reads only theirs and acknowledges nothing', async () => {
    const pinned = expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/embed/token`, {
        body: { components: ['*'], employee_id: sydney },
      }),
      201,
    ).data.token;
    const seen = await exceptionsOf(t, runId, pinned);
    assert.deepEqual([...new Set(seen.map((e) => e.employee_id))], [sydney]);
    assert.equal((await acknowledge(t, runId, seen[0].id, { key: pinned })).status, 403);
  });

  test("an embed token acknowledges only with the exceptions component (or the run's detail) in its allowlist", async () => {
    const mint = async (components: string[]) =>
      expectStatus(await api.call('POST', `/v1/tenants/${t.id}/embed/token`, { body: { components } }), 201).data.token;
    const list = await exceptionsOf(t, runId);
    assert.equal((await acknowledge(t, runId, list[0].id, { key: await mint(['payslip-viewer']) })).status, 403);
    expectStatus(await acknowledge(t, runId, list[0].id, { key: await mint(['payrun-exceptions']) }), 200);
  });

  test("another partner's tenant is not found", async () => {
    const stranger = await api.newPartner('Stranger');
    const list = await exceptionsOf(t, runId);
    const read = await api.call('GET', runPath(t, runId, '/exceptions'), { key: stranger.key });
    assert.equal(read.status, 404);
    assert.equal((await acknowledge(t, runId, list[0].id, { key: stranger.key })).status, 404);
    const entries = await entriesOf(api, t, runId);
    assert.equal(entries.length, 2);
  });
});

const getRunAs = async (t: TenantRef, runId: string, key: string) =>
  expectStatus(await api.call('GET', runPath(t, runId), { key }), 200).data;

describe("the run's validation findings are exceptions too", () => {
  test('an unverified TFN declaration is a warning to see and acknowledge; it holds no approval back', async () => {
    const t = await createTenant(api);
    const waiting = await hireAu(api, t, {
      pay_frequency: 'fortnightly',
      annual_salary: 60_000,
      tfn: null,
      no_number_reason: null,
    });
    const run = await draftRun(api, t, fortnight(0));
    const previewed = expectStatus(await preview(api, t, run.id), 200).data.pay_run;
    const warning = previewed.validation.warnings.find((w: any) => w.employee_id === waiting);
    assert.equal(warning.code, 'unverified_requirements');
    const list = await exceptionsOf(t, run.id);
    const found = list.find((e) => e.kind === 'validation_warning' && e.employee_id === waiting);
    assert.ok(found, JSON.stringify(list));
    assert.equal(found.severity, 'warning');
    assert.equal(found.message, warning.message);
    assert.equal(found.detail.validation_code, 'unverified_requirements');
    assert.match(found.detail.requirements, /tfn_declaration/);
    assert.equal(found.acknowledged, false);
    assert.ok(previewed.allowed_actions.includes('acknowledge_exceptions'), 'an open warning is offered to answer');
    const open = expectStatus(await api.call('GET', runPath(t, run.id, '/checklist')), 200).data;
    assert.equal(open.items.find((i: any) => i.key === 'exceptions').status, 'pending');
    const ack = expectStatus(await acknowledge(t, run.id, found.id, { reason: 'Declaration is in the post' }), 200);
    assert.equal(ack.data.exception.acknowledged, true);
    assert.equal(ack.data.exception.reason, 'Declaration is in the post');
    const listAfter = await exceptionsOf(t, run.id);
    const after = listAfter.find((e) => e.id === found.id);
    assert.equal(after.acknowledged, true);
    // Acknowledging is offered exactly while the list still has an error or warning unanswered.
    const unanswered = listAfter.some((e) => !e.acknowledged && e.severity !== 'info');
    assert.equal((await getRun(api, t, run.id)).allowed_actions.includes('acknowledge_exceptions'), unanswered);
    // A warning never holds approval back (as SPEC.md's state machine has it).
    expectStatus(await approve(api, t, run.id), 200);
  });

  test('a limited token sees only the validation findings about those it may see', async () => {
    const t = await createTenant(api);
    for (const code of ['OPS', 'ADMIN'])
      expectStatus(
        await api.call('POST', `/v1/tenants/${t.id}/cost-centres`, { body: { code, name: code }, reason: REASON }),
        201,
      );
    const mine = await hireAu(api, t, {
      pay_frequency: 'fortnightly',
      annual_salary: 60_000,
      tfn: null,
      no_number_reason: null,
    });
    const theirs = await hireAu(api, t, {
      pay_frequency: 'fortnightly',
      annual_salary: 61_000,
      tfn: null,
      no_number_reason: null,
    });
    for (const [id, code] of [
      [mine, 'OPS'],
      [theirs, 'ADMIN'],
    ])
      expectStatus(
        await api.call('PUT', `/v1/tenants/${t.id}/employees/${id}/cost-centre`, {
          body: { cost_centre_code: code },
          reason: REASON,
        }),
        200,
      );
    const run = await draftRun(api, t, fortnight(0));
    expectStatus(await preview(api, t, run.id), 200);
    const scoped = expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/users/token`, {
        body: { role: 'preparer', user_id: 'usr_ops', scope: { cost_centres: ['OPS'] } },
      }),
      201,
    ).data.token;
    const seen = (await exceptionsOf(t, run.id, scoped)).filter((e) => e.kind === 'validation_warning');
    assert.deepEqual(
      seen.map((e) => e.employee_id),
      [mine],
    );
  });
});
