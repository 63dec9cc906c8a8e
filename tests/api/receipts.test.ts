// Employee reads are receipted: each answer carries an evidence id, committed before the answer is sent.
// Receipts that arrive together are group-committed; the chain must stay whole under any mix.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import { createTenant, expectStatus, hireAu, type TenantRef } from '../helpers/payroll-fixtures.ts';

let api: TestApi;
let t: TenantRef;
let employees: string[];
before(async () => {
  api = await startTestApi();
  t = await createTenant(api);
  employees = [];
  for (let i = 0; i < 5; i++)
    employees.push(await hireAu(api, t, { pay_frequency: 'fortnightly', annual_salary: 60_000 + i * 1000 }));
});
after(async () => {
  await api.close();
});

test('concurrent reads and writes leave one valid chain, and every read receipt is in it', async () => {
  const reads = Array.from({ length: 120 }, (_, i) =>
    api.call('GET', `/v1/tenants/${t.id}/employees/${employees[i % employees.length]}`),
  );
  const lists = Array.from({ length: 10 }, () => api.call('GET', `/v1/tenants/${t.id}/employees?limit=2`));
  const writes = Array.from({ length: 10 }, (_, i) =>
    api.call('PATCH', `/v1/tenants/${t.id}/employees/${employees[i % employees.length]}`, {
      body: { position: `Barista ${i}` },
      reason: REASON,
    }),
  );
  const replies = await Promise.all([...reads, ...lists, ...writes]);
  for (const r of replies) assert.equal(r.status, 200, r.text);
  const ids = replies.map((r) => r.body.evidence_id as string);
  assert.equal(new Set(ids).size, ids.length, 'every answer has its own evidence record');
  const verify = expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/governance/verify`, { body: {} }),
    200,
    'verify',
  ).data;
  assert.equal(verify.valid, true, JSON.stringify(verify));
  for (const id of ids.slice(0, 130)) {
    const ev = expectStatus(
      await api.call('GET', `/v1/tenants/${t.id}/governance/evidence/${id}`),
      200,
      `evidence ${id}`,
    ).data;
    assert.ok(['employee.read', 'employees.listed'].includes(ev.action), ev.action);
  }
});

test('a read receipt records the caller and hashes the exact answer it received', async () => {
  const r = await api.call('GET', `/v1/tenants/${t.id}/employees/${employees[0]}`);
  const ev = expectStatus(
    await api.call('GET', `/v1/tenants/${t.id}/governance/evidence/${r.body.evidence_id}`),
    200,
    'evidence',
  ).data;
  assert.equal(ev.action, 'employee.read');
  assert.equal(ev.resource, employees[0]);
  assert.equal(ev.actor.kind, 'partner_key');
  const { createHash } = await import('node:crypto');
  assert.equal(ev.response_hash, createHash('sha256').update(r.text).digest('hex'));
});
