// Four eyes through the real app: whoever creates, changes or previews a run is its preparer and may not
// approve it (administrators included), the run says whose turn it is, an employer with one payroll person
// waives it on the record, and a partner key acting without a user is no preparer. Also the payments
// steps each run offers in `allowed_actions` after finalise (bank file, super batch, confirm as paid).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  approve,
  createRun,
  createTenant,
  evidenceOf,
  expectStatus,
  finalise,
  fortnight,
  getRun,
  hireAu,
  preview,
  runPath,
  runToFinalised,
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

const viewAs = async (t: TenantRef, runId: string, key: string) =>
  expectStatus(await api.call('GET', runPath(t, runId), { key }), 200, 'run').data;

describe('four eyes', () => {
  let t: TenantRef;
  before(async () => {
    t = await createTenant(api);
    await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 78_000 });
  });

  test('the preparer who created and previewed a run is told an approver must approve it', async () => {
    const priya = await userToken(api, t, 'preparer', 'usr_priya');
    const marcus = await userToken(api, t, 'approver', 'usr_marcus');
    const run = expectStatus(await createRun(api, t, fortnight(0), { key: priya }), 201).data.pay_run;
    assert.deepEqual(run.waiting_for, null, 'previewing the draft is her own next step');
    assert.deepEqual((await viewAs(t, run.id, marcus)).waiting_for, { role: 'preparer', reason: 'role' });
    const previewed = expectStatus(await preview(api, t, run.id, { key: priya }), 200).data.pay_run;
    assert.ok(!previewed.allowed_actions.includes('approve'));
    assert.deepEqual(previewed.waiting_for, { role: 'approver', reason: 'prepared_by_you' });
    const mine = await viewAs(t, run.id, marcus);
    assert.ok(mine.allowed_actions.includes('approve'));
    assert.equal(mine.waiting_for, null);
    expectStatus(await approve(api, t, run.id, { key: marcus }), 200);
  });

  test('an administrator who only previewed a run cannot approve it; another administrator can', async () => {
    const elena = await userToken(api, t, 'admin', 'usr_elena');
    const other = await userToken(api, t, 'admin', 'usr_other');
    // Created by the partner's own integration: no person prepared it until Elena previews it.
    const run = expectStatus(await createRun(api, t, fortnight(1)), 201).data.pay_run;
    const previewed = expectStatus(await preview(api, t, run.id, { key: elena }), 200).data.pay_run;
    assert.ok(!previewed.allowed_actions.includes('approve'), 'told at once, in the preview answer');
    assert.deepEqual(previewed.waiting_for, { role: 'approver', reason: 'prepared_by_you' });
    const refused = await approve(api, t, run.id, { key: elena });
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.body.error.code, 'four_eyes_required');
    assert.match(refused.body.error.message, /you prepared it/);
    assert.equal((await getRun(api, t, run.id)).status, 'previewed', 'a refused approval changes nothing');
    expectStatus(await approve(api, t, run.id, { key: other }), 200);
  });

  test('a partner key acting without a user creates, previews, approves and finalises alone', async () => {
    const run = expectStatus(await createRun(api, t, fortnight(2)), 201).data.pay_run;
    const done = await runToFinalised(api, t, run.id);
    assert.equal(done.status, 'finalised');
    assert.equal(done.waiting_for, null);
  });

  test('an employer with one payroll person waives four eyes on the record', async () => {
    const solo = await createTenant(api);
    await hireAu(api, solo, { pay_frequency: 'fortnightly', annual_salary: 66_000 });
    const kim = await userToken(api, solo, 'admin', 'usr_kim');
    const run = expectStatus(await createRun(api, solo, fortnight(0), { key: kim }), 201).data.pay_run;
    expectStatus(await preview(api, solo, run.id, { key: kim }), 200);
    assert.equal((await approve(api, solo, run.id, { key: kim })).body.error.code, 'four_eyes_required');

    const set = await api.call('PATCH', `/v1/tenants/${solo.id}/company`, {
      key: kim,
      body: { single_person_payroll: true },
      reason: 'Kim is our only payroll person',
    });
    assert.equal(expectStatus(set, 200).data.single_person_payroll, true);
    const choice = await evidenceOf(api, solo, set.body.evidence_id);
    assert.equal(choice.governance_reason, 'Kim is our only payroll person');
    assert.equal(choice.decision.single_person_payroll, true);

    const view = await viewAs(solo, run.id, kim);
    assert.ok(view.allowed_actions.includes('approve'));
    assert.equal(view.waiting_for, null);
    const ok = expectStatus(await approve(api, solo, run.id, { key: kim }), 200);
    const record = await evidenceOf(api, solo, ok.evidence_id);
    assert.equal(record.decision.four_eyes_waived, 'single_person_payroll', 'the approval says it was waived');
    // Another person's approval records no waiver.
    const run2 = expectStatus(await createRun(api, solo, fortnight(1), { key: kim }), 201).data.pay_run;
    expectStatus(await preview(api, solo, run2.id, { key: kim }), 200);
    const bo = await userToken(api, solo, 'approver', 'usr_bo');
    const ok2 = expectStatus(await approve(api, solo, run2.id, { key: bo }), 200);
    assert.equal((await evidenceOf(api, solo, ok2.evidence_id)).decision.four_eyes_waived, undefined);
  });

  test('only an administrator may waive four eyes', async () => {
    const priya = await userToken(api, t, 'preparer', 'usr_priya');
    const r = await api.call('PATCH', `/v1/tenants/${t.id}/company`, {
      key: priya,
      body: { single_person_payroll: true },
      reason: REASON,
    });
    assert.equal(r.status, 403, r.text);
    assert.equal(
      expectStatus(await api.call('GET', `/v1/tenants/${t.id}/company`), 200).data.single_person_payroll,
      false,
    );
  });
});

describe('paying people: the steps after finalise in allowed_actions', () => {
  test('bank file and super batch, then confirm as paid while payments await the bank', async () => {
    const t = await createTenant(api);
    await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 91_000 });
    const priya = await userToken(api, t, 'preparer', 'usr_priya');
    const marcus = await userToken(api, t, 'approver', 'usr_marcus');
    const viewer = await userToken(api, t, 'viewer', 'usr_sam');
    const run = expectStatus(await createRun(api, t, fortnight(0), { key: priya }), 201).data.pay_run;
    expectStatus(await preview(api, t, run.id, { key: priya }), 200);
    expectStatus(await approve(api, t, run.id, { key: marcus }), 200);
    const fin = expectStatus(await finalise(api, t, run.id, { key: marcus }), 200).data.pay_run;
    assert.deepEqual(
      fin.allowed_actions.filter((a: string) => ['payment_file', 'super_batch', 'confirm_payments'].includes(a)),
      ['payment_file', 'super_batch'],
      'nothing to confirm before the bank file',
    );
    assert.ok(!(await viewAs(t, run.id, priya)).allowed_actions.includes('payment_file'), 'not the preparer’s step');
    assert.deepEqual(
      (await viewAs(t, run.id, viewer)).allowed_actions,
      [],
      'a viewer is offered nothing after finalise',
    );
    const file = await api.call('POST', runPath(t, run.id, '/payment-file'), { key: marcus, body: {}, reason: REASON });
    assert.equal(file.status, 200, file.text);
    assert.ok((await viewAs(t, run.id, marcus)).allowed_actions.includes('confirm_payments'));
    assert.ok(!(await viewAs(t, run.id, priya)).allowed_actions.includes('confirm_payments'));
    expectStatus(
      await api.call('POST', runPath(t, run.id, '/super-batch'), { key: marcus, body: {}, reason: REASON }),
      200,
    );
    expectStatus(
      await api.call('POST', runPath(t, run.id, '/payments/confirm'), { key: marcus, body: {}, reason: REASON }),
      200,
    );
    assert.ok(!(await viewAs(t, run.id, marcus)).allowed_actions.includes('confirm_payments'), 'all confirmed');
    const checklist = expectStatus(await api.call('GET', runPath(t, run.id, '/checklist')), 200).data;
    const status = Object.fromEntries(checklist.items.map((i: { key: string; status: string }) => [i.key, i.status]));
    assert.equal(status.bank_file, 'done');
    assert.equal(status.super_batch, 'done');
    assert.equal(status.payments_confirmed, 'done');
  });
});
