// One partner verifying its evidence chain and minting user tokens as fast as it can, while another partner
// reads and writes its own employer: no request of either fails with a server error, and the store still takes
// writes afterwards, from this process and from another connection (the CLI's). On the embedded store the chain's
// read and every transaction share one connection, so this is where a request holding it across an await, or a
// transaction that could not roll back, would show.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type Reply, type TestApi } from '../helpers/api.ts';
import { createTenant, expectStatus, hireAu, type TenantRef } from '../helpers/payroll-fixtures.ts';

let api: TestApi;
let attacker: { key: string; tenant: TenantRef };
let bystander: { key: string; tenant: TenantRef; employees: string[] };

before(async () => {
  api = await startTestApi();
  attacker = { key: api.partner.key, tenant: await createTenant(api, { name: 'Verifying Attacker Pty Ltd' }) };
  // A chain long enough that reading it spans many turns of the event loop's queue.
  for (let i = 0; i < 60; i++) await mint(attacker.tenant, attacker.key, i);
  const other = await api.newPartner('Bystander Partner');
  const asOther = { ...api, call: (m: string, p: string, o = {}) => api.call(m, p, { key: other.key, ...o }) };
  const tenant = await createTenant(asOther, { name: 'Bystander Cafe Pty Ltd' });
  const employees = [];
  for (let i = 0; i < 3; i++) employees.push(await hireAu(asOther, tenant, { pay_frequency: 'fortnightly' }));
  bystander = { key: other.key, tenant, employees };
});
after(async () => {
  await api.close();
});

const mint = (t: TenantRef, key: string, i: number) =>
  api.call('POST', `/v1/tenants/${t.id}/users/token`, {
    key,
    body: { role: 'viewer', user_id: `usr_attack_${i}` },
  });
const verify = () =>
  api.call('POST', `/v1/tenants/${attacker.tenant.id}/governance/verify`, { key: attacker.key, body: {} });

/** The bystander's everyday traffic: receipted employee reads (0), a list (1) and a governed write (2). */
function bystanderTraffic(i: number, kind: number): Promise<Reply> {
  const t = bystander.tenant;
  const emp = bystander.employees[i % bystander.employees.length];
  const key = bystander.key;
  if (kind === 0) return api.call('GET', `/v1/tenants/${t.id}/employees/${emp}`, { key });
  if (kind === 1) return api.call('GET', `/v1/tenants/${t.id}/employees?limit=2`, { key });
  return api.call('PATCH', `/v1/tenants/${t.id}/employees/${emp}`, {
    key,
    body: { position: `Barista ${i}` },
    reason: REASON,
  });
}

test('a partner verifying and minting at full speed causes no server error for anyone, and the store still writes', async () => {
  let answered = 0;
  const failures: string[] = [];
  /** One client sending `count` requests back to back; a server error is any 5xx (the contract has no 500). */
  const client = async (what: string, count: number, send: (i: number) => Promise<Reply>) => {
    for (let i = 0; i < count; i++) {
      try {
        const reply = await send(i);
        if (reply.status >= 500) failures.push(`${what} ${reply.status} ${reply.text.slice(0, 200)}`);
      } catch (err) {
        failures.push(`${what}: ${String(err).slice(0, 200)}`);
      }
      answered++;
    }
  };
  // The attack's ratio, two verifies to one mint, from clients that each keep one request in flight, beside the
  // bystander's reads and writes: a bounded number of requests on loopback.
  await Promise.all([
    client('verify', 40, verify),
    client('verify', 40, verify),
    client('mint', 40, (i) => mint(attacker.tenant, attacker.key, 1000 + i)),
    ...[0, 1, 2].map((c) => client('bystander', 40, (i) => bystanderTraffic(c * 40 + i, c))),
  ]);
  const logged = new Set(api.logs.map((l) => JSON.parse(l)).flatMap((l) => (l.level >= 50 ? [l.err?.message] : [])));
  assert.deepEqual(failures, [], `no request answered a server error (logged: ${[...logged].join('; ')})`);
  assert.equal(answered, 40 * 6);

  // Afterwards every kind of request still works, for both partners.
  const t = bystander.tenant;
  expectStatus(
    await api.call('PATCH', `/v1/tenants/${t.id}/employees/${bystander.employees[0]}`, {
      key: bystander.key,
      body: { position: 'Head barista' },
      reason: REASON,
    }),
    200,
    'a write after the attack',
  );
  expectStatus(
    await api.call('GET', `/v1/tenants/${t.id}/employees/${bystander.employees[0]}`, { key: bystander.key }),
    200,
    'a receipted read after the attack',
  );
  expectStatus(await mint(attacker.tenant, attacker.key, 9999), 201, 'a mint after the attack');
  const chain = expectStatus(await verify(), 200, 'verify after the attack').data;
  assert.equal(chain.valid, true);
  assert.equal((await api.call('GET', '/health', { key: null })).status, 200);
  // Another connection (as the CLI opens) can take the write lock: no transaction was left open.
  assert.equal(await api.db.holdingWrites(async () => 'locked'), 'locked');
});
