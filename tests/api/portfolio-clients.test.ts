// The portfolio's client list as a partner pages through it (search, sort, limit and cursor), and a run
// held up by an employee whose readiness fails after the run was checked, through the real app.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import { expectStatus, fortnight, validTfn } from '../helpers/payroll-fixtures.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import { employeeId, newId } from '../../api/lib/ids.ts';

const clock = new ManualClock(new Date('2026-11-21T09:00:00.000Z'));
const AT = '2026-11-01T00:00:00.000Z';
let api: TestApi;
let key: string;
let otherKey: string;
const ids: Record<string, string> = {};

const tenant = async (name: string, k = key, body: Record<string, unknown> = {}) =>
  expectStatus(await api.call('POST', '/v1/partners/tenants', { key: k, body: { name, ...body } }), 201).data.tenant
    .id as string;

async function worker(tenantId: string, ref: string) {
  await api.deps.store.repos.insertEmployee({
    id: employeeId(tenantId, ref),
    tenant_id: tenantId,
    engine_ref: ref,
    status: 'active',
    first_name: ref,
    last_name: 'Worker',
    cost_centre_code: null,
    site: null,
    created_at: AT,
    updated_at: AT,
  });
}

async function run(tenantId: string, status: string, paymentDate: string, gross: string | null) {
  await api.deps.store.repos.insertPayRun({
    id: newId('pr_'),
    tenant_id: tenantId,
    status,
    pay_frequency: 'weekly',
    period_start: '2026-11-01',
    period_end: '2026-11-07',
    payment_date: paymentDate,
    pack_version: 'AU-2026.1',
    totals_json: JSON.stringify(gross ? { gross, currency: 'AUD' } : {}),
    prepared_by: 'key:key_test',
    approved_by: null,
    approval_json: null,
    job_json: null,
    validation_json: null,
    blocked_json: null,
    excluded_json: null,
    figures_digest: null,
    figures_seq: null,
    finalised_at: null,
    paid_on: null,
    voided_at: null,
    created_at: AT,
    updated_at: AT,
  });
}

before(async () => {
  api = await startTestApi({ clock });
  key = (await api.newPartner('Portfolio Partner')).key;
  otherKey = (await api.newPartner('Other Partner')).key;
  // Five clients: risk, next pay date and gross paid this month each order them differently.
  ids.harbour = await tenant('Harbour Bakery');
  await worker(ids.harbour, 'h1');
  await run(ids.harbour, 'finalised', '2026-11-14', '900.00');
  await run(ids.harbour, 'draft', '2026-11-22', null); // pays tomorrow, unapproved: high
  ids.summit = await tenant('Summit Dental');
  await worker(ids.summit, 's1');
  await run(ids.summit, 'finalised', '2026-11-07', '12000.10');
  await run(ids.summit, 'approved', '2026-11-28', '12000.10');
  ids.bakery = await tenant('Bakery on Bridge');
  await worker(ids.bakery, 'b1');
  await run(ids.bakery, 'finalised', '2026-11-07', '99.99');
  await run(ids.bakery, 'previewed', '2026-11-25', '99.99'); // pays in four days: medium
  ids.quiet = await tenant('Quiet Accounting');
  ids.alpine = await tenant('Alpine Tours');
  await worker(ids.alpine, 'a1');
  await run(ids.alpine, 'finalised', '2026-11-20', '1500.00');
  await run(ids.alpine, 'approved', '2026-12-04', '1500.00');
  // Another partner's client, named to match every search below.
  ids.stranger = await tenant('Bakery Stranger', otherKey);
  await worker(ids.stranger, 'x1');
  await run(ids.stranger, 'draft', '2026-11-22', null);
});
after(async () => {
  await api.close();
});

const clients = async (query = '', k = key) => {
  const r = await api.call('GET', `/v1/partners/portfolio/clients${query}`, { key: k });
  return r;
};
const names = (rows: { name: string }[]) => rows.map((c) => c.name);

describe('client list parameters', () => {
  test('without a limit every row comes back, in name order, in the list envelope', async () => {
    const r = expectStatus(await clients(), 200);
    assert.deepEqual(names(r.data), [
      'Alpine Tours',
      'Bakery on Bridge',
      'Harbour Bakery',
      'Quiet Accounting',
      'Summit Dental',
    ]);
    assert.equal(r.has_more, false);
    assert.equal(r.next_cursor, null);
    assert.deepEqual(r.errored_tenants, []);
  });

  test('q finds clients by any part of the name, in any case, and never another partner’s', async () => {
    assert.deepEqual(names(expectStatus(await clients('?q=BAKERY'), 200).data), ['Bakery on Bridge', 'Harbour Bakery']);
    assert.deepEqual(names(expectStatus(await clients('?q=bridge%20bak'), 200).data), ['Bakery on Bridge']);
    assert.deepEqual(expectStatus(await clients('?q=nothing-like-this'), 200).data, []);
    assert.deepEqual(names(expectStatus(await clients('?q=stranger'), 200).data), []);
    assert.deepEqual(names(expectStatus(await clients('?q=bakery', otherKey), 200).data), ['Bakery Stranger']);
  });

  test('sort=risk puts the riskiest first, then by name', async () => {
    const rows = expectStatus(await clients('?sort=risk'), 200).data;
    assert.deepEqual(
      rows.map((c: { name: string; risk: string }) => `${c.risk} ${c.name}`),
      [
        'high Harbour Bakery',
        'medium Bakery on Bridge',
        'low Alpine Tours',
        'low Quiet Accounting',
        'low Summit Dental',
      ],
    );
  });

  test('sort=next_pay_date puts the soonest pay date first and clients with none last', async () => {
    const rows = expectStatus(await clients('?sort=next_pay_date'), 200).data;
    assert.deepEqual(
      rows.map((c: { name: string; next_pay_date: string | null }) => `${c.next_pay_date} ${c.name}`),
      [
        '2026-11-22 Harbour Bakery',
        '2026-11-25 Bakery on Bridge',
        '2026-11-28 Summit Dental',
        '2026-12-04 Alpine Tours',
        'null Quiet Accounting',
      ],
    );
  });

  test('sort=gross_mtd puts the largest gross paid this month first, compared as amounts', async () => {
    const rows = expectStatus(await clients('?sort=gross_mtd'), 200).data;
    assert.deepEqual(
      rows.map((c: { name: string; gross_mtd: string }) => `${c.gross_mtd} ${c.name}`),
      [
        '12000.10 Summit Dental',
        '1500.00 Alpine Tours',
        '900.00 Harbour Bakery',
        '99.99 Bakery on Bridge',
        '0.00 Quiet Accounting',
      ],
    );
  });

  test('limit and cursor page through a sorted, searched list without gaps or repeats', async () => {
    for (const query of ['', '&sort=risk', '&sort=next_pay_date', '&sort=gross_mtd', '&q=a']) {
      const whole = names(expectStatus(await clients(`?limit=200${query}`), 200).data);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const r = expectStatus(
          await clients(`?limit=2${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`),
          200,
        );
        assert.ok(r.data.length <= 2);
        seen.push(...names(r.data));
        assert.equal(r.has_more, r.next_cursor !== null);
        cursor = r.next_cursor;
        pages++;
      } while (cursor && pages < 10);
      assert.deepEqual(seen, whole, query);
    }
    const first = expectStatus(await clients('?limit=2&sort=risk'), 200);
    assert.equal(first.has_more, true);
    assert.deepEqual(names(first.data), ['Harbour Bakery', 'Bakery on Bridge']);
  });

  test('a cursor from another partner’s or a tampered page is refused, and so are unknown sorts and limits', async () => {
    const cursor = expectStatus(await clients('?limit=1'), 200).next_cursor as string;
    const tampered = `${cursor.slice(0, -2)}xx`;
    for (const query of [
      `?limit=1&cursor=${encodeURIComponent(tampered)}`,
      '?limit=1&cursor=abc',
      '?sort=salary',
      '?limit=0',
      '?limit=201',
      '?limit=two',
    ]) {
      const r = await clients(query);
      assert.equal(r.status, 400, query);
      assert.equal(r.body.error.code, 'bad_request', query);
      assert.ok(
        r.body.error.errors.some((e: { path: string }) => /^(query\.)?(cursor|sort|limit)$/.test(e.path)),
        query,
      );
    }
    // A valid cursor read by another partner pages only that partner's own clients.
    const r = expectStatus(await clients(`?limit=5&cursor=${encodeURIComponent(cursor)}`, otherKey), 200);
    assert.ok(r.data.every((c: { id: string }) => c.id === ids.stranger));
  });
});

describe('a run held up by an employee who fails readiness after it was checked', () => {
  test('is blocked while the employee cannot be paid, and leaves the blocked column once they can', async () => {
    const { key: k } = await api.newPartner('Readiness Partner');
    const t = await tenant('Ready Roasters', k, { jurisdiction: 'AU', engine: 'payroll_engine_au' });
    // Hired with no bank account and no super fund: the pack refuses to pay them.
    const emp = expectStatus(
      await api.call('POST', `/v1/tenants/${t}/employees`, {
        key: k,
        reason: REASON,
        body: {
          first_name: 'Ari',
          last_name: 'Later',
          date_of_birth: '1990-03-14',
          employment: {
            type: 'full_time',
            annual_salary: 65_000,
            pay_frequency: 'fortnightly',
            start_date: '2020-01-01',
          },
          statutory: { au: { tfn: validTfn(3), tax_free_threshold: true, residency: 'resident', study_loan: false } },
        },
      }),
      201,
    ).data.id as string;
    const run = expectStatus(
      await api.call('POST', `/v1/tenants/${t}/pay-runs`, { key: k, reason: REASON, body: fortnight(1) }),
      201,
    ).data.pay_run;
    // As a run stored before its check was kept: only the employee's readiness can block it now.
    await api.deps.store.db.updateTable('pay_runs').set({ validation_json: null }).where('id', '=', run.id).execute();
    const board = async () =>
      expectStatus(await api.call('GET', '/v1/partners/portfolio/pipeline', { key: k }), 200).data;
    assert.deepEqual(
      (await board()).blocked.runs.map((x: { id: string }) => x.id),
      [run.id],
    );
    const summary = expectStatus(await api.call('GET', '/v1/partners/portfolio/summary', { key: k }), 200).data;
    assert.equal(summary.stats.runs_blocked, 1);

    for (const [path, body] of [
      ['bank-accounts', { bank_bsb: '062-000', bank_account_number: '12345678', bank_account_name: 'Ari Later' }],
      ['pension', { super_fund_name: 'AustralianSuper', super_usi: 'STA0100AU' }],
    ] as const)
      expectStatus(
        await api.call('PATCH', `/v1/tenants/${t}/employees/${emp}/${path}`, { key: k, reason: REASON, body }),
        200,
      );
    const after = await board();
    assert.deepEqual(after.blocked, { count: 0, runs: [] });
    assert.deepEqual(
      after.draft.runs.map((x: { id: string }) => x.id),
      [run.id],
    );
  });
});

describe('access to the client list', () => {
  test('embed and user tokens are refused with every parameter', async () => {
    const embed = expectStatus(
      await api.call('POST', `/v1/tenants/${ids.harbour}/embed/token`, {
        key,
        body: { components: ['client-list', 'pipeline-board', 'portfolio-dashboard'] },
      }),
      201,
    ).data.token;
    const user = expectStatus(
      await api.call('POST', `/v1/tenants/${ids.harbour}/users/token`, { key, body: { role: 'admin' } }),
      201,
    ).data.token;
    for (const token of [embed, user])
      for (const query of ['', '?q=bakery&sort=risk&limit=1']) {
        const r = await clients(query, token);
        assert.equal(r.status, 403);
        assert.equal(r.body.error.code, 'forbidden');
      }
  });
});
