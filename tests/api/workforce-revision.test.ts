// A process keeps the workforce it read for a pay run while the tenant's workforce revision is unchanged. Two
// apps on one database stand for two API processes: each change of an employee made through one must be in
// the next pay-run step taken through the other, whether it changed the employee's values or their placement.
// The tenant has more employees than a run reads one by one (200), so every step reads the whole workforce.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  expectStatus,
  fortnight,
  runPath,
  validTfn,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { newTestDb, type TestDb } from '../helpers/test-db.ts';

let db: TestDb;
let a: TestApi;
let b: TestApi;
let t: TenantRef;
let sam: string;

before(async () => {
  db = await newTestDb('payrail-revision-', { migrated: true });
  a = await startTestApi({ db });
  b = await startTestApi({ db });
  t = await createTenant(a, { jurisdiction: 'AU', engine: 'payroll_engine_au' });
  const hired = expectStatus(
    await a.call('POST', `/v1/tenants/${t.id}/employees/bulk`, {
      reason: REASON,
      body: {
        employees: Array.from({ length: 250 }, (_, i) => ({
          first_name: `Sam${i}`,
          last_name: `Revision${i}`,
          date_of_birth: '1990-01-01',
          employment: {
            type: 'full_time',
            annual_salary: 65_000,
            pay_frequency: 'fortnightly',
            start_date: '2024-01-01',
          },
          statutory: { au: { tfn: validTfn(i + 1), tax_free_threshold: true } },
        })),
      },
    }),
    200,
  ).data;
  assert.equal(hired.created, 250);
  sam = hired.results[0].employee.id;
});

after(async () => {
  await a.close();
  await b.close();
  await db.drop();
});

/** Sam's entry of the run, as the first process answers it. */
async function samsEntry(run: string) {
  const entries = expectStatus(await a.call('GET', runPath(t, run, '/entries')), 200).data;
  return entries.find((e: { employee_id: string }) => e.employee_id === sam);
}

describe('the workforce a process keeps for pay runs', () => {
  test("a raise made through another process is in this process's next preview", async () => {
    // Nov 16–29: the raise below takes effect on the clock's day, 21 November, inside the period.
    const run = expectStatus(await a.call('POST', runPath(t), { reason: REASON, body: fortnight(1) }), 201).data.pay_run
      .id;
    // 65,000 a year over 26 fortnights.
    assert.equal((await samsEntry(run)).gross, '2500.00');
    expectStatus(
      await b.call('PATCH', `/v1/tenants/${t.id}/employees/${sam}`, {
        key: a.partner.key,
        reason: REASON,
        body: { employment: { annual_salary: 78_000 } },
      }),
      200,
    );
    expectStatus(await a.call('POST', runPath(t, run, '/preview'), { reason: REASON, body: {} }), 200);
    // 78,000 / 26 from the day the raise takes effect: the entry is recalculated, not kept.
    assert.notEqual((await samsEntry(run)).gross, '2500.00');
    const preview = (await samsEntry(run)).gross;
    // The other process previews the same figures.
    expectStatus(
      await b.call('POST', runPath(t, run, '/preview'), { key: a.partner.key, reason: REASON, body: {} }),
      200,
    );
    assert.equal((await samsEntry(run)).gross, preview);
  });

  test('a cost centre given through another process is on the entry at the next preview', async () => {
    const run = expectStatus(await a.call('POST', runPath(t), { reason: REASON, body: fortnight(3) }), 201).data.pay_run
      .id;
    assert.equal((await samsEntry(run)).cost_centre_code, null);
    expectStatus(
      await b.call('POST', `/v1/tenants/${t.id}/cost-centres`, {
        key: a.partner.key,
        reason: REASON,
        body: { code: 'OPS', name: 'Operations' },
      }),
      201,
    );
    expectStatus(
      await b.call('PUT', `/v1/tenants/${t.id}/employees/${sam}/cost-centre`, {
        key: a.partner.key,
        reason: REASON,
        body: { cost_centre_code: 'OPS' },
      }),
      200,
    );
    expectStatus(await a.call('POST', runPath(t, run, '/preview'), { reason: REASON, body: {} }), 200);
    assert.equal((await samsEntry(run)).cost_centre_code, 'OPS');
  });
});
