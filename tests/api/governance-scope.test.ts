// The governance reads under a data scope or an employee pin: a limited token reads only the evidence about
// what it may see (employees in its scope, pay runs it sees whole, the tenant's set-up unless pinned), never
// the pay decisions of other employees or company totals; the create-run answer is limited the same way.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  approve,
  createRun,
  createTenant,
  entriesOf,
  expectStatus,
  finalise,
  fortnight,
  hireAu,
  preview,
  runPath,
  week,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
let t: TenantRef;
let amy: string;
let fin: string;
let solo: string;
let mixedRun: any;
let opsRun: any;
const tokens: Record<string, string> = {};

async function assign(employeeId: string, code: string) {
  expectStatus(
    await api.call('PUT', `/v1/tenants/${t.id}/employees/${employeeId}/cost-centre`, {
      reason: REASON,
      body: { cost_centre_code: code },
    }),
    200,
  );
}

before(async () => {
  api = await startTestApi();
  t = await createTenant(api);
  for (const code of ['OPS', 'FIN'])
    expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/cost-centres`, { reason: REASON, body: { code, name: code } }),
      201,
    );
  amy = await hireAu(api, t, { first_name: 'Amy', pay_frequency: 'fortnightly', annual_salary: 70_000 });
  fin = await hireAu(api, t, { first_name: 'Finn', pay_frequency: 'fortnightly', annual_salary: 240_000 });
  solo = await hireAu(api, t, { first_name: 'Solo', pay_frequency: 'weekly', annual_salary: 60_000 });
  await assign(amy, 'OPS');
  await assign(fin, 'FIN');
  await assign(solo, 'OPS');

  // A fortnightly run pays Amy (OPS) and Finn (FIN): its records carry company totals.
  mixedRun = expectStatus(await createRun(api, t, fortnight(0)), 201).data.pay_run;
  expectStatus(
    await api.call('POST', runPath(t, mixedRun.id, '/entries'), {
      body: { employee_id: fin, items: [{ type: 'bonus', amount: '5000.00' }] },
    }),
    200,
  );
  expectStatus(await preview(api, t, mixedRun.id), 200);
  expectStatus(await approve(api, t, mixedRun.id), 200);
  mixedRun = expectStatus(await finalise(api, t, mixedRun.id), 200).data.pay_run;
  // A weekly run pays Solo (OPS) only.
  opsRun = expectStatus(await createRun(api, t, week(0)), 201).data.pay_run;
  expectStatus(await preview(api, t, opsRun.id), 200);

  const mint = async (path: string, body: Record<string, unknown>) =>
    expectStatus(await api.call('POST', `/v1/tenants/${t.id}/${path}`, { body }), 201).data.token as string;
  tokens.ops = await mint('users/token', { role: 'viewer', user_id: 'usr_ops', scope: { cost_centres: ['OPS'] } });
  tokens.opsPreparer = await mint('users/token', {
    role: 'preparer',
    user_id: 'usr_ops_prep',
    scope: { cost_centres: ['OPS'] },
  });
  tokens.full = await mint('users/token', { role: 'viewer', user_id: 'usr_full' });
  tokens.amy = await mint('embed/token', { components: ['payslip-viewer'], employee_id: amy });
});
after(async () => {
  await api.close();
});

/** Every record the credential may read, paging `limit` at a time. */
async function trail(key: string | undefined, limit = 200): Promise<any[]> {
  const all: any[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 200; page++) {
    const q = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const body = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/governance/audit-trail?${q}`, { key }), 200);
    all.push(...body.data);
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  return all;
}
const record = (key: string | undefined, id: string) =>
  api.call('GET', `/v1/tenants/${t.id}/governance/evidence/${id}`, { key });
const about = (records: any[], resource: string) =>
  records.filter((r) => r.resource === resource || r.resource.startsWith(`${resource}/`));

describe('the audit trail under a data scope', () => {
  test('an unscoped token reads the whole chain, as the partner key does', async () => {
    const mine = await trail(undefined);
    assert.deepEqual(
      (await trail(tokens.full)).map((r) => r.id),
      mine.map((r) => r.id),
    );
  });

  test('a cost-centre scope hides other employees, their pay decisions and runs it cannot see whole', async () => {
    const all = await trail(undefined);
    const ops = await trail(tokens.ops);
    const seen = new Set(ops.map((r) => r.id));
    assert.ok(ops.length < all.length);
    assert.deepEqual(about(ops, mixedRun.id), [], 'no record about the mixed run: it carries company totals');
    assert.deepEqual(about(ops, fin), [], 'nothing about an employee outside the scope');
    assert.ok(!JSON.stringify(ops).includes(mixedRun.totals.gross), 'the company gross does not appear');
    for (const r of about(all, amy)) assert.ok(seen.has(r.id), `${r.action} about Amy is visible`);
    for (const r of about(all, opsRun.id)) assert.ok(seen.has(r.id), `${r.action} of the OPS-only run is visible`);
    assert.ok(
      ops.some((r) => r.action === 'cost_centre.created'),
      'the tenant set-up is readable to a scoped token',
    );
    assert.ok(!ops.some((r) => r.action === 'employees.listed' || r.action === 'calculation.performed'));
  });

  test('paging a filtered trail visits every visible record once', async () => {
    const whole = (await trail(tokens.ops)).map((r) => r.id);
    assert.deepEqual(
      (await trail(tokens.ops, 2)).map((r) => r.id),
      whole,
    );
  });

  test('one record of a hidden kind is 404 for the scoped token, 200 for the partner key', async () => {
    const all = await trail(undefined);
    const approved = all.find((r) => r.action === 'pay_run.approved' && r.resource === mixedRun.id)!;
    const finHired = all.find((r) => r.action === 'employee.created' && r.resource === fin)!;
    const amyHired = all.find((r) => r.action === 'employee.created' && r.resource === amy)!;
    for (const hidden of [approved, finHired]) {
      assert.equal((await record(tokens.ops, hidden.id)).status, 404, hidden.action);
      assert.equal((await record(undefined, hidden.id)).status, 200);
    }
    assert.equal((await record(tokens.ops, amyHired.id)).status, 200);
  });
});

describe('the audit trail for a token pinned to one employee', () => {
  test('it reads only records about its employee: no tenant set-up, no run, no colleague', async () => {
    const mine = await trail(tokens.amy);
    assert.ok(mine.length >= 2, 'Amy sees her own records');
    for (const r of mine) assert.equal(r.resource, amy, `${r.action} ${r.resource}`);
    const all = await trail(undefined);
    const setUp = all.find((r) => r.action === 'cost_centre.created')!;
    assert.equal((await record(tokens.amy, setUp.id)).status, 404);
    const entries = await entriesOf(api, t, mixedRun.id);
    assert.equal(entries.length, 2);
  });
});

describe('the create-run answer under a data scope', () => {
  test('a scoped preparer gets totals over its own entries, and cannot read the company totals in evidence', async () => {
    const created = expectStatus(await createRun(api, t, fortnight(3), { key: tokens.opsPreparer }), 201);
    const run = created.data.pay_run;
    assert.equal(run.totals_scope, 'visible_entries');
    assert.equal(run.totals.employee_count, 1);
    const whole = expectStatus(await api.call('GET', runPath(t, run.id)), 200).data;
    assert.equal(whole.totals.employee_count, 2);
    assert.ok(!created.text?.includes(whole.totals.gross));
    assert.equal((await record(tokens.opsPreparer, created.evidence_id)).status, 404);
    assert.equal((await record(undefined, created.evidence_id)).status, 200);
  });
});
