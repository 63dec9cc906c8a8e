// Single Touch Payroll Phase 2 on the sandbox rail: submitting a finalised run (and only a finalised
// run), validation before anything is sent, each rail outcome, the `inb_` receipt in the evidence chain,
// resubmission after a rejection, idempotent replay and who may submit.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import {
  approve,
  createTenant,
  draftRun,
  evidenceOf,
  expectStatus,
  finalise,
  fortnight,
  getRun,
  month,
  preview,
  hireDe,
  runPath,
  runToFinalised,
  userToken,
  validTfn,
  type TenantRef,
} from '../../helpers/payroll-fixtures.ts';
import {
  DECLARATION,
  finalisedRun,
  hireWithAddress,
  payloadOf,
  stpTenant,
  submit,
  waitForRail,
} from './stp-fixtures.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(() => api.close());

describe('submit follows the run’s state', () => {
  test('draft, previewed, approved, an accepted lodged run and a voided run answer 409 state_conflict', async () => {
    const t = await stpTenant(api);
    await hireWithAddress(api, t, { pay_frequency: 'fortnightly' });
    const run = await draftRun(api, t, fortnight(0));
    const refused = async (state: string) => {
      const r = await submit(api, t, run.id);
      assert.equal(r.status, 409, `${state}: ${r.text}`);
      assert.equal(r.body.error.code, 'state_conflict');
      assert.equal((await getRun(api, t, run.id)).status, state);
    };
    await refused('draft');
    expectStatus(await preview(api, t, run.id), 200);
    await refused('previewed');
    expectStatus(await approve(api, t, run.id), 200);
    await refused('approved');
    expectStatus(await finalise(api, t, run.id), 200);
    const finalised = await getRun(api, t, run.id);
    assert.ok(finalised.allowed_actions.includes('submit'), 'a finalised run offers submit');
    const l = expectStatus(await submit(api, t, run.id), 202).data;
    await waitForRail(api, t, l.id);
    await refused('lodged');
    assert.ok(
      !(await getRun(api, t, run.id)).allowed_actions.includes('submit'),
      'an accepted run no longer offers it',
    );
    expectStatus(await api.call('POST', runPath(t, run.id, '/void'), { body: {}, reason: REASON }), 200);
    await refused('voided');
  });

  test('lodge is the same operation under SPEC’s other name', async () => {
    const t = await stpTenant(api);
    await hireWithAddress(api, t, { pay_frequency: 'fortnightly' });
    const runId = await finalisedRun(api, t, fortnight(1));
    const l = expectStatus(
      await api.call('POST', runPath(t, runId, '/lodge'), { body: { declaration: DECLARATION }, reason: REASON }),
      202,
    ).data;
    assert.equal(l.pay_run_id, runId);
    assert.equal((await waitForRail(api, t, l.id)).status, 'accepted');
  });

  test('a DE run answers 501 CAPABILITY_NOT_SUPPORTED: its pack lodges nothing', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    await hireDe(api, t);
    const run = await draftRun(api, t, month(2026, 10));
    await runToFinalised(api, t, run.id);
    const r = await submit(api, t, run.id);
    assert.equal(r.status, 501);
    assert.equal(r.body.error.capability, 'statutory_lodgement');
  });
});

describe('validation before anything is sent', () => {
  test('bad ABN and a payee without an address: 422 listing each failure with payee and rule; the run stays finalised', async () => {
    const t = await stpTenant(api);
    // No declaration received, employed long before the pay: reported as no TFN quoted, never refused.
    const noTfn = await hireWithAddress(api, t, {
      pay_frequency: 'fortnightly',
      tfn: null,
      no_number_reason: null,
      last_name: 'Notfn',
    });
    // Working holiday makers (Schedule 15) are not in the pack: recording one answers 501 with alternatives, so
    // no pay event can carry WHM without its country.
    const whm = await hireWithAddress(api, t, { pay_frequency: 'fortnightly', last_name: 'Holiday' });
    const refused = await api.call('PATCH', `/v1/tenants/${t.id}/employees/${whm}/tax-settings`, {
      body: { income_type: 'WHM' },
      reason: REASON,
    });
    assert.equal(refused.status, 501);
    assert.equal(refused.body.error.capability, 'working_holiday_maker');
    const homeless = await hireWithAddress(api, t, {
      pay_frequency: 'fortnightly',
      address: null,
      last_name: 'Nohome',
    });
    const runId = await finalisedRun(api, t, fortnight(0));
    // An ABN stored before the company check existed: the event must not carry it.
    const row = await api.deps.store.repos.getCompany(t.id);
    const data = { ...JSON.parse(row!.data_json), abn: '51824753557' };
    await api.deps.store.repos.upsertCompany(t.id, JSON.stringify(data), row!.bank_json, row!.updated_at);

    const r = await submit(api, t, runId);
    const body = expectStatus(r, 422);
    assert.equal(body.error.code, 'pack_validation_failed');
    const v = body.error.violations as any[];
    const find = (rule: string, employee?: string) =>
      v.find((x) => x.rule === `${t.packVersion}/stp/${rule}` && (!employee || x.employee_id === employee));
    assert.ok(find('payer_abn'), 'bad ABN');
    assert.ok(!find('payee_tfn_code', noTfn), 'no declaration yet is a code, not a refusal');
    assert.ok(find('payee_address', homeless), 'a payee without an address');
    for (const x of v) assert.match(x.rule, new RegExp(`^${t.packVersion}/stp/`));
    assert.equal((await getRun(api, t, runId)).status, 'finalised');
    assert.deepEqual(expectStatus(await api.call('GET', runPath(t, runId, '/lodgements')), 200).data, []);

    // Corrected, the same run submits.
    await api.deps.store.repos.upsertCompany(t.id, row!.data_json, row!.bank_json, row!.updated_at);
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${homeless}`, {
        body: { address: { line1: '2 Road', locality: 'Ultimo', state: 'NSW', postcode: '2007', country: 'AU' } },
        reason: REASON,
      }),
      200,
    );
    const l = expectStatus(await submit(api, t, runId), 202).data;
    const payload = (await payloadOf(api, t, l.id)).json;
    const payee = payload.PAYEVNTEMP.find((p: any) => p.Payee.PayeeIdentifiers.EmploymentPayrollNumberId === noTfn);
    assert.equal(payee.Payee.PayeeIdentifiers.TaxFileNumberId, '000000000', 'the ATO code for no TFN quoted');
  });

  test('an unknown income type or no-TFN reason is refused on the employee with a rule reference', async () => {
    const t = await stpTenant(api);
    const id = await hireWithAddress(api, t, { pay_frequency: 'fortnightly' });
    for (const [field, value] of [
      ['income_type', 'XYZ'],
      ['no_number_reason', 'forgot'],
      ['income_country', 'Britain'],
    ]) {
      const r = await api.call('PATCH', `/v1/tenants/${t.id}/employees/${id}/tax-settings`, {
        body: { [field]: value },
        reason: REASON,
      });
      assert.equal(expectStatus(r, 422).error.rule, `${t.packVersion}/tax/${field}`);
    }
  });
});

describe('the sandbox rail', () => {
  test('accepted: submitted → processing → accepted, the run lodged with an inb_ receipt that verifies in the chain', async () => {
    const t = await stpTenant(api);
    const tfn = validTfn(4242);
    await hireWithAddress(api, t, { pay_frequency: 'fortnightly', tfn });
    const runId = await finalisedRun(api, t, fortnight(0));
    const r = await submit(api, t, runId);
    const out = expectStatus(r, 202);
    const l = out.data;
    assert.match(l.id, /^ldg_/);
    assert.equal(l.pay_run_id, runId);
    assert.equal(l.status, 'submitted');
    assert.equal(l.rail, 'ato_stp_sandbox');
    assert.match(l.receipt_evidence_id, /^inb_/);
    assert.deepEqual([l.errors, l.warnings], [[], []]);
    assert.equal((await getRun(api, t, runId)).status, 'lodged');

    const done = await waitForRail(api, t, l.id);
    assert.equal(done.status, 'accepted');
    assert.ok(done.seen.includes('accepted'));
    assert.match(done.response_evidence_id, /^inb_/);

    const receipt = await evidenceOf(api, t, l.receipt_evidence_id);
    assert.equal(receipt.action, 'lodgement.submission_received');
    const run = await evidenceOf(api, t, out.evidence_id);
    assert.equal(run.action, 'pay_run.submitted');
    const verify = expectStatus(await api.call('POST', `/v1/tenants/${t.id}/governance/verify`, { body: {} }), 200);
    assert.equal(verify.data.valid, true);

    const p = await payloadOf(api, t, l.id);
    assert.ok(!p.text.includes(tfn), 'the TFN is masked in the download');
    assert.equal(p.json.PAYEVNTEMP[0].Payee.PayeeIdentifiers.TaxFileNumberId, `******${tfn.slice(-3)}`);
    const sha = crypto.createHash('sha256').update(p.text).digest('hex');
    assert.equal(receipt.decision.payload_sha256, sha, 'the receipt proves the payload as downloaded');
    const stored = await api.deps.store.db.selectFrom('lodgements').select('payload_json').executeTakeFirstOrThrow();
    assert.ok(!stored.payload_json.includes(tfn), 'no raw TFN at rest');
  });

  test('a payee named Warn is accepted with warnings; one named Reject is rejected with payee and field, and the run stays lodged', async () => {
    const t = await stpTenant(api);
    const warn = await hireWithAddress(api, t, { pay_frequency: 'fortnightly', last_name: 'Warn' });
    const runA = await finalisedRun(api, t, fortnight(0));
    const a = await waitForRail(api, t, expectStatus(await submit(api, t, runA), 202).data.id);
    assert.equal(a.status, 'accepted_with_warnings');
    assert.equal(a.warnings[0].employee_id, warn);
    assert.match(a.warnings[0].code, /^CMN\.ATO\.PAYEVNTEMP\./);

    const t2 = await stpTenant(api);
    const reject = await hireWithAddress(api, t2, {
      pay_frequency: 'fortnightly',
      first_name: 'Rae',
      last_name: 'Reject',
    });
    const runB = await finalisedRun(api, t2, fortnight(0));
    const first = expectStatus(await submit(api, t2, runB), 202).data;
    const b = await waitForRail(api, t2, first.id);
    assert.equal(b.status, 'rejected');
    assert.deepEqual(
      [b.errors[0].employee_id, b.errors[0].employee_name, b.errors[0].field, b.errors[0].severity],
      [reject, 'Rae Reject', 'PAYEVNTEMP.Payee.PersonNameDetails.FamilyNameT', 'error'],
    );
    assert.equal((await getRun(api, t2, runB)).status, 'lodged');
    assert.ok(
      (await getRun(api, t2, runB)).allowed_actions.includes('submit'),
      'a rejected lodgement may be resubmitted',
    );

    // Corrected and resubmitted: a new lodgement for the same run, accepted; the rejected one stays on record.
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t2.id}/employees/${reject}`, {
        body: { last_name: 'Reyes' },
        reason: REASON,
      }),
      200,
    );
    const second = expectStatus(await submit(api, t2, runB), 202).data;
    assert.notEqual(second.id, first.id);
    assert.equal((await waitForRail(api, t2, second.id)).status, 'accepted');
    const list = expectStatus(await api.call('GET', runPath(t2, runB, '/lodgements')), 200).data;
    assert.deepEqual(
      list.map((l: any) => [l.id, l.status]),
      [
        [first.id, 'rejected'],
        [second.id, 'accepted'],
      ],
    );
    assert.equal((await submit(api, t2, runB)).status, 409, 'an accepted run is not submitted again');
  });
});

describe('idempotency and roles', () => {
  let t: TenantRef;
  before(async () => {
    t = await stpTenant(api);
    await hireWithAddress(api, t, { pay_frequency: 'fortnightly' });
  });

  test('a replay with the same Idempotency-Key answers the first lodgement and lodges nothing more', async () => {
    const runId = await finalisedRun(api, t, fortnight(0));
    const headers = { 'idempotency-key': `stp-${runId}` };
    const a = expectStatus(await submit(api, t, runId, { headers }), 202);
    const b = expectStatus(await submit(api, t, runId, { headers }), 202);
    assert.deepEqual(b, a);
    assert.equal(expectStatus(await api.call('GET', runPath(t, runId, '/lodgements')), 200).data.length, 1);
    await waitForRail(api, t, a.data.id);
  });

  test('approvers and admins submit; preparers, viewers and embed tokens may not; a viewer’s payload has no home addresses', async () => {
    const runId = await finalisedRun(api, t, fortnight(1));
    for (const role of ['preparer', 'viewer'] as const) {
      const key = await userToken(api, t, role, `usr_${role}_stp`);
      assert.equal((await submit(api, t, runId, { key })).status, 403, role);
    }
    const embed = expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/embed/token`, { body: { components: ['*'] } }),
      201,
    ).data.token;
    assert.equal((await submit(api, t, runId, { key: embed })).status, 403, 'embed token');
    const approver = await userToken(api, t, 'approver', 'usr_approver_stp');
    const l = expectStatus(await submit(api, t, runId, { key: approver }), 202).data;
    await waitForRail(api, t, l.id);
    const viewer = await userToken(api, t, 'viewer', 'usr_viewer_stp2');
    const seen = (await payloadOf(api, t, l.id, viewer)).json;
    assert.equal(seen.PAYEVNTEMP[0].Payee.AddressDetails, null);
    assert.equal((await payloadOf(api, t, l.id)).json.PAYEVNTEMP[0].Payee.AddressDetails.LocalityNameT, 'Newtown');
    assert.equal((await api.call('GET', `/v1/tenants/${t.id}/lodgements/${l.id}`, { key: viewer })).status, 200);
    const other = await api.newPartner('Other');
    assert.equal((await api.call('GET', `/v1/tenants/${t.id}/lodgements/${l.id}`, { key: other.key })).status, 404);
  });
});
