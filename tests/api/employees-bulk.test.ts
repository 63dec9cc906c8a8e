// Bulk hiring (POST employees/bulk) on an AU tenant through the real app: each row is hired through the single
// hire's checks and answered in order (created with the employee and its own evidence record, or refused with
// its errors under `employees.<row>.`), a refused row writes nothing and stops no other, the request is
// idempotent as a whole, a large import answers 202 with a job to poll (with its progress), and tenant
// isolation, roles and the sender-only poll hold.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';
import { BULK_HIRE_INLINE_MAX } from '../../api/services/employees/employee-bulk.ts';

let api: TestApi;
let t: string;

const ok = (r: Reply, status = 200) => {
  assert.equal(r.status, status, JSON.stringify(r.body).slice(0, 2000));
  return r.body;
};

/** A valid TFN from its first eight digits (weights 1,4,3,7,5,8,6,9,10; weighted sum mod 11 = 0). */
function tfn(n: number): string {
  const w = [1, 4, 3, 7, 5, 8, 6, 9, 10];
  for (let i = n; ; i++) {
    const head = String(10_000_000 + ((i * 7_919) % 89_999_999)).slice(-8);
    const check = [...head].reduce((a, d, k) => a + Number(d) * w[k], 0) % 11;
    if (check < 10) return head + check;
  }
}

const person = (i: number) => ({
  first_name: `Kim${i}`,
  last_name: `Bulk${i}`,
  date_of_birth: '1990-01-01',
  employment: { type: 'full_time', annual_salary: 60_000 + i, pay_frequency: 'fortnightly', start_date: '2024-01-01' },
  statutory: { au: { tfn: tfn(i), tax_free_threshold: true } },
});

const bulk = (tenant: string, employees: unknown[], opts: { key?: string; idem?: string } = {}) =>
  api.call('POST', `/v1/tenants/${tenant}/employees/bulk`, {
    reason: REASON,
    key: opts.key,
    body: { employees },
    headers: opts.idem ? { 'idempotency-key': opts.idem } : {},
  });

async function employeeCount(tenant: string): Promise<number> {
  return ok(await api.call('GET', `/v1/tenants/${tenant}/employees?limit=1`)).total;
}

before(async () => {
  api = await startTestApi();
  t = ok(
    await api.call('POST', '/v1/partners/tenants', {
      body: { name: 'Bulk Employer', jurisdiction: 'AU', engine: 'payroll_engine_au' },
    }),
    201,
  ).data.tenant.id;
});
after(async () => {
  await api.close();
});

describe('bulk hire', () => {
  test('mixed rows: valid ones are hired with their own evidence, each invalid one is answered and writes nothing', async () => {
    const before = await employeeCount(t);
    const rows = [
      person(1),
      { ...person(2), last_name: undefined },
      // An identifier outside its intake field is refused by intake, for this row only.
      { ...person(3), notes: `TFN ${tfn(3)}` },
      // The pack's rules: a TFN that fails its check digit.
      { ...person(4), statutory: { au: { tfn: '123456789', tax_free_threshold: true } } },
      person(5),
    ];
    const body = ok(await bulk(t, rows));
    const answer = body.data;
    assert.equal(answer.status, 'succeeded');
    assert.deepEqual([answer.total, answer.progress, answer.created, answer.refused], [5, 5, 2, 3]);
    assert.deepEqual(
      answer.results.map((x: any) => [x.row, x.status]),
      [
        [0, 'created'],
        [1, 'refused'],
        [2, 'refused'],
        [3, 'refused'],
        [4, 'created'],
      ],
    );
    const [first, noName, identifier, badTfn, last] = answer.results;
    assert.equal(noName.error.code, 'bad_request');
    assert.deepEqual(
      noName.error.errors.map((e: any) => e.path),
      ['employees.1.last_name'],
    );
    assert.equal(identifier.error.code, 'bad_request');
    assert.equal(identifier.error.errors[0].path, 'employees.2.notes');
    assert.match(identifier.error.errors[0].message, /tax file number/i);
    assert.equal(badTfn.error.status, 422);
    assert.ok(badTfn.error.errors.every((e: any) => e.path.startsWith('employees.3.')));
    assert.ok(badTfn.error.errors.some((e: any) => e.rule));
    // Nothing of a refused row is written; the valid rows are.
    assert.equal(await employeeCount(t), before + 2);

    for (const row of [first, last]) {
      // The employee as a read shows it (a read adds the record of its last change: the hire's own).
      const read = ok(await api.call('GET', `/v1/tenants/${t}/employees/${row.employee.id}`)).data;
      assert.equal(read.evidence_id, row.evidence_id);
      delete read.evidence_id;
      assert.deepEqual(read, row.employee);
      const rec = ok(await api.call('GET', `/v1/tenants/${t}/governance/evidence/${row.evidence_id}`)).data;
      assert.equal(rec.action, 'employee.created');
      assert.equal(rec.resource, row.employee.id);
      assert.equal(rec.governance_reason, REASON);
    }
    const whole = ok(await api.call('GET', `/v1/tenants/${t}/governance/evidence/${body.evidence_id}`)).data;
    assert.equal(whole.action, 'employee.bulk_hired');
    assert.equal(whole.resource, answer.id);
    // The identifier never reaches the record of the request.
    assert.ok(!JSON.stringify(whole).includes(tfn(1)));
    assert.ok(ok(await api.call('POST', `/v1/tenants/${t}/governance/verify`, { body: {} })).data.valid);
  });

  test('a replay with the same Idempotency-Key answers the same and hires nobody again', async () => {
    const before = await employeeCount(t);
    const first = await bulk(t, [person(10), person(11)], { idem: 'bulk-once-1' });
    ok(first);
    const again = await bulk(t, [person(10), person(11)], { idem: 'bulk-once-1' });
    ok(again);
    assert.equal(again.text, first.text);
    assert.equal(await employeeCount(t), before + 2);
    // The same key with another body is a conflict.
    assert.equal((await bulk(t, [person(12)], { idem: 'bulk-once-1' })).status, 409);
  });

  test('a large import answers 202 with a job, whose progress reaches every row', async () => {
    const before = await employeeCount(t);
    const rows: unknown[] = Array.from({ length: BULK_HIRE_INLINE_MAX + 1 }, (_, i) => person(1_000 + i));
    rows[7] = { ...person(7), first_name: '' };
    const queued = ok(await bulk(t, rows, { idem: 'bulk-large-1' }), 202);
    const job = queued.data;
    assert.match(job.id, /^bulk_/);
    assert.deepEqual([job.status, job.total, job.results], ['queued', rows.length, null]);
    // The refused row is answered at once.
    assert.equal(job.progress, 1);
    const seen: number[] = [];
    let done: any;
    for (;;) {
      done = ok(await api.call('GET', `/v1/tenants/${t}/employees/bulk/${job.id}`)).data;
      seen.push(done.progress);
      if (done.status === 'succeeded' || done.status === 'failed') break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    assert.equal(done.status, 'succeeded');
    assert.deepEqual([done.progress, done.total, done.created, done.refused], [rows.length, rows.length, 500, 1]);
    assert.ok(
      seen.every((p, i) => i === 0 || p >= seen[i - 1]),
      'progress never goes back',
    );
    assert.deepEqual(
      done.results.map((x: any) => x.row),
      rows.map((_, i) => i),
    );
    assert.equal(done.results[7].status, 'refused');
    assert.equal(done.results[7].error.errors[0].path, 'employees.7.first_name');
    assert.equal(await employeeCount(t), before + 500);
    const hired = done.results[0];
    const read = ok(await api.call('GET', `/v1/tenants/${t}/employees/${hired.employee.id}`)).data;
    assert.equal(read.evidence_id, hired.evidence_id);
    delete read.evidence_id;
    assert.deepEqual(read, hired.employee);
    // Replaying the request answers the same job, not a second import.
    const replay = ok(await bulk(t, rows, { idem: 'bulk-large-1' }), 202);
    assert.equal(replay.data.id, job.id);
    assert.equal(await employeeCount(t), before + 500);
    assert.ok(ok(await api.call('POST', `/v1/tenants/${t}/governance/verify`, { body: {} })).data.valid);
  });

  test("another partner's tenant is 404, a viewer is 403, and only the sender polls an import", async () => {
    const stranger = await api.newPartner('Stranger');
    assert.equal((await bulk(t, [person(20)], { key: stranger.key })).status, 404);
    const viewer = ok(
      await api.call('POST', `/v1/tenants/${t}/users/token`, { body: { role: 'viewer', user_id: 'usr_v' } }),
      201,
    ).data.token;
    assert.equal((await bulk(t, [person(21)], { key: viewer })).status, 403);
    const preparer = ok(
      await api.call('POST', `/v1/tenants/${t}/users/token`, { body: { role: 'preparer', user_id: 'usr_p' } }),
      201,
    ).data.token;
    const rows = Array.from({ length: BULK_HIRE_INLINE_MAX + 1 }, (_, i) => person(5_000 + i));
    const id = ok(await bulk(t, rows), 202).data.id;
    const path = `/v1/tenants/${t}/employees/bulk/${id}`;
    assert.equal((await api.call('GET', path, { key: stranger.key })).status, 404);
    assert.equal((await api.call('GET', path, { key: preparer })).status, 404);
    assert.equal((await api.call('GET', `/v1/tenants/${t}/employees/bulk/bulk_nothing`)).status, 404);
    for (;;) {
      const s = ok(await api.call('GET', path)).data.status;
      if (s === 'succeeded') break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
});
