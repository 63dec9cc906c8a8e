// The leave an employee is offered and what a request comes to before anyone decides it: the catalogue per
// employee (an Australian casual has no paid annual or personal/carer's leave, NES ss 86, 95, 106(2)), the quote
// a request form shows (quantity, balance before and after, whether it is covered), and the balance a pending
// request carries to its approver, in the words approval refuses it with.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import { createTenant, expectStatus, hireAu, type TenantRef } from '../../helpers/payroll-fixtures.ts';

let api: TestApi;
let t: TenantRef;
let casual: string;
let permanent: string;
const L = () => `/v1/tenants/${t.id}`;
const codes = (rows: { code: string }[]) => rows.map((r) => r.code);
const catalogue = async (query = '', key?: string) =>
  expectStatus(await api.call('GET', `${L()}/reference/leave-types${query}`, { key }), 200).data as any[];
const quote = (query: string, key?: string) => api.call('GET', `${L()}/leave/quote?${query}`, { key });
const request = (body: Record<string, unknown>) => api.call('POST', `${L()}/leave/requests`, { body });

before(async () => {
  api = await startTestApi();
  t = await createTenant(api, { jurisdiction: 'AU' });
  casual = await hireAu(api, t, { pay_frequency: 'weekly', hourly_rate: 32, first_name: 'Cass', last_name: 'Ual' });
  permanent = await hireAu(api, t, { pay_frequency: 'fortnightly', first_name: 'Perry', last_name: 'Manent' });
  expectStatus(
    await api.call('POST', `${L()}/leave/configure`, {
      body: { employee_id: permanent, opening_balances: { annual: 38 } },
      reason: REASON,
    }),
    201,
  );
});
after(async () => {
  await api.close();
});

describe('leave types offered to an employee', () => {
  test('a casual is offered no paid annual or personal leave, but unpaid carer’s and compassionate leave', async () => {
    const rows = await catalogue(`?employee_id=${casual}`);
    for (const code of ['annual', 'cash_out', 'personal', 'sick', 'compassionate'])
      assert.ok(!codes(rows).includes(code), code);
    for (const code of ['carers_unpaid', 'compassionate_unpaid', 'family_domestic_violence', 'long_service', 'unpaid'])
      assert.ok(codes(rows).includes(code), code);
    assert.deepEqual(
      rows.find((r) => r.code === 'compassionate_unpaid'),
      {
        code: 'compassionate_unpaid',
        name: 'Unpaid compassionate leave',
        category: 'compassionate',
        paid: false,
        unit: 'hours',
        source: 'NES s 106(2)',
      },
    );
    assert.equal(rows.find((r) => r.code === 'carers_unpaid').paid, false);
  });

  test('a permanent employee is offered paid annual, personal and compassionate leave, not the unpaid variant', async () => {
    const rows = await catalogue(`?employee_id=${permanent}`);
    for (const code of ['annual', 'personal', 'sick', 'compassionate', 'carers_unpaid'])
      assert.ok(codes(rows).includes(code), code);
    assert.ok(!codes(rows).includes('compassionate_unpaid'));
    // Without an employee the whole catalogue, both variants included.
    const all = codes(await catalogue());
    assert.ok(all.includes('annual') && all.includes('compassionate_unpaid'));
  });

  test('a token pinned to the casual is offered the casual’s list without naming them', async () => {
    const pinned = expectStatus(
      await api.call('POST', `${L()}/users/token`, { body: { role: 'viewer', employee_id: casual }, reason: REASON }),
      201,
    ).data.token as string;
    assert.deepEqual(codes(await catalogue('', pinned)), codes(await catalogue(`?employee_id=${casual}`)));
    // Another employee's list is beyond its pin.
    const other = await api.call('GET', `${L()}/reference/leave-types?employee_id=${permanent}`, { key: pinned });
    assert.equal(other.status, 404);
  });

  test('a casual’s request for annual or personal leave is refused in words and nothing is stored', async () => {
    for (const [type, words] of [
      ['annual', /no paid annual leave/],
      ['personal', /unpaid carer's leave/],
    ] as const) {
      const r = await request({ employee_id: casual, leave_type: type, start_date: '2026-12-07' });
      assert.equal(r.status, 422, type);
      assert.match(r.body.error.rule, /\/leave\/not_offered$/);
      assert.match(r.body.error.message, words);
    }
    const listed = expectStatus(await api.call('GET', `${L()}/leave/requests?employee_id=${casual}`), 200).data;
    assert.equal(listed.length, 0);
    const unpaid = expectStatus(
      await request({ employee_id: casual, leave_type: 'carers_unpaid', start_date: '2026-12-07', quantity: 7.6 }),
      201,
    ).data;
    assert.equal(unpaid.balance, null);
  });
});

describe('a request before it is decided', () => {
  test('the quote counts the hours from the dates and shows the balance after them', async () => {
    const q = expectStatus(
      await quote(`employee_id=${permanent}&leave_type=annual&start_date=2026-12-14&end_date=2026-12-16`),
      200,
    ).data;
    assert.deepEqual(q, {
      employee_id: permanent,
      leave_type: 'annual',
      unit: 'hours',
      quantity: '22.80',
      working_days: 3,
      balance: {
        leave_type: 'annual',
        unit: 'hours',
        requested: '22.80',
        available: '38.00',
        after: '15.20',
        covered: true,
        message: null,
      },
    });
  });

  test('more than the balance is not covered, with the reason approval would give', async () => {
    const q = expectStatus(
      await quote(`employee_id=${permanent}&leave_type=annual&start_date=2026-12-14&quantity=40`),
      200,
    ).data;
    assert.equal(q.balance.covered, false);
    assert.equal(q.balance.after, '-2.00');
    assert.equal(q.balance.message, '40.00 hours of Annual leave exceed the available balance of 38.00 hours.');
    // A casual's type the employee may not take is refused as the request would be.
    const refused = await quote(`employee_id=${casual}&leave_type=annual&start_date=2026-12-14`);
    assert.equal(refused.status, 422);
    assert.match(refused.body.error.rule, /\/leave\/not_offered$/);
    const nobody = await quote('leave_type=annual&start_date=2026-12-14');
    assert.equal(nobody.status, 400);
    assert.equal(nobody.body.error.errors[0].path, 'employee_id');
  });

  test('a pending request carries its balance; approving one the balance cannot cover is refused in the same words and keeps it pending', async () => {
    const first = expectStatus(
      await request({ employee_id: permanent, leave_type: 'annual', start_date: '2027-01-04', end_date: '2027-01-07' }),
      201,
    ).data;
    const second = expectStatus(
      await request({ employee_id: permanent, leave_type: 'annual', start_date: '2027-02-01', end_date: '2027-02-03' }),
      201,
    ).data;
    assert.deepEqual([first.balance.covered, second.balance.covered], [true, true]);
    expectStatus(
      await api.call('POST', `${L()}/leave/requests/${first.id}/approve`, { body: {}, reason: REASON }),
      200,
    );
    // The first approval took 30.4 of the 38 hours: the second's 22.8 no longer fit.
    const waiting = expectStatus(await api.call('GET', `${L()}/leave/requests/${second.id}`), 200).data;
    assert.equal(waiting.balance.available, '7.60');
    assert.equal(waiting.balance.covered, false);
    const refused = await api.call('POST', `${L()}/leave/requests/${second.id}/approve`, { body: {}, reason: REASON });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.error.message, waiting.balance.message);
    const after = expectStatus(await api.call('GET', `${L()}/leave/requests?status=pending`), 200).data;
    assert.deepEqual(
      after.filter((x: any) => x.employee_id === permanent).map((x: any) => [x.id, x.status]),
      [[second.id, 'pending']],
    );
    // Decided requests carry no balance.
    const approved = expectStatus(await api.call('GET', `${L()}/leave/requests/${first.id}`), 200).data;
    assert.equal(approved.balance, null);
  });
});
