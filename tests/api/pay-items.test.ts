// Pay items: the pack's catalogue (AU with STP categories, OTE, super and tax; DE with Lohnart, tax and
// social insurance), the tenant's own items (governed, unique codes, rename and archive, the pack's
// read-only), roles, another partner's tenant, idempotency, 501 without a catalogue, and entries and
// timesheets naming pay items by code (unknown code 400 with the path, nothing applied), plus the
// side-effect-free entry calculation.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  fortnight,
  hireAu,
  hireDe,
  month,
  runPath,
  runToFinalised,
  userToken,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
let au: TenantRef;
let de: TenantRef;

const P = (t: TenantRef, tail = '') => `/v1/tenants/${t.id}/pay-items${tail}`;
const create = (
  t: TenantRef,
  body: Record<string, unknown>,
  opts: { key?: string; reason?: string | null; idem?: string } = {},
) =>
  api.call('POST', P(t), {
    body,
    key: opts.key,
    reason: opts.reason === null ? undefined : (opts.reason ?? REASON),
    headers: opts.idem ? { 'idempotency-key': opts.idem } : undefined,
  });
const entry = (t: TenantRef, runId: string, body: Record<string, unknown>, key?: string) =>
  api.call('POST', runPath(t, runId, '/entries'), { body, key });
const calculate = (t: TenantRef, runId: string, body: Record<string, unknown>, key?: string) =>
  api.call('POST', runPath(t, runId, '/entries/calculate'), { body, key });

before(async () => {
  api = await startTestApi();
  au = await createTenant(api, { companyBank: false });
  de = await createTenant(api, { jurisdiction: 'DE', companyBank: false });
});
after(async () => {
  await api.close();
});

describe("the pack's pay items", () => {
  test('AU: every item with its STP Phase 2 category, OTE, super and tax, in a list envelope', async () => {
    const r = expectStatus(await api.call('GET', P(au)), 200);
    assert.equal(r.has_more, false);
    assert.equal(r.next_cursor, null);
    const by = new Map(r.data.map((i: any) => [i.code, i]));
    const td: any = by.get('TD');
    assert.deepEqual(
      [td.name, td.kind, td.source, td.status, td.ote, td.super_liable, td.taxable, td.stp, td.wage_type],
      [
        'Tool allowance',
        'allowance',
        'pack',
        'active',
        false,
        false,
        true,
        { category: 'allowance', type: 'TD', subtype: null },
        null,
      ],
    );
    const kn: any = by.get('KN');
    assert.deepEqual([kn.ote, kn.super_liable], [true, true], 'a task allowance is ordinary time earnings');
    assert.deepEqual((by.get('OVERTIME') as any).stp, { category: 'overtime', type: null, subtype: null });
    assert.equal((by.get('OVERTIME') as any).ote, false);
    assert.deepEqual((by.get('UNION_FEES') as any).stp, { category: 'deduction', type: 'F', subtype: null });
    assert.deepEqual((by.get('PAID_PARENTAL') as any).entry_types, ['leave', 'leave_pay']);
    const kinds = new Set(r.data.map((i: any) => i.kind));
    assert.deepEqual([...kinds].sort(), ['allowance', 'deduction', 'earning']);
    const deductions = expectStatus(await api.call('GET', P(au, '?kind=deduction')), 200).data;
    assert.ok(deductions.length > 0 && deductions.every((i: any) => i.kind === 'deduction'));
    const one = expectStatus(await api.call('GET', P(au, '/od-h1')), 200).data;
    assert.equal(one.name, 'Home office allowance');
  });

  test('DE: every item with its Lohnart and whether it is taxable and contributory', async () => {
    const list = expectStatus(await api.call('GET', P(de)), 200).data;
    const xmas = list.find((i: any) => i.code === 'CHRISTMAS_BONUS');
    assert.deepEqual(
      [xmas.name, xmas.wage_type, xmas.taxable, xmas.contributory, xmas.ote, xmas.stp],
      ['Weihnachtsgeld', '2010', true, true, null, null],
    );
    const net = list.find((i: any) => i.code === 'DEDUCTION');
    assert.deepEqual([net.kind, net.taxable, net.contributory], ['deduction', false, false]);
  });

  test('a pack without a pay-item catalogue answers 501 with the capability', async () => {
    const out = await api.call('POST', '/v1/partners/tenants', { body: { name: 'Kiwi Co', jurisdiction: 'NZ' } });
    expectStatus(out, 201);
    const r = await api.call('GET', `/v1/tenants/${out.body.data.tenant.id}/pay-items`);
    assert.equal(r.status, 501);
    assert.equal(r.body.error.capability, 'pay_items');
  });
});

describe("the tenant's own pay items", () => {
  test('create is governed, evidenced and takes the treatment of the pack item it is built on', async () => {
    const refused = await create(au, { code: 'SITE_ALLOW', name: 'Site allowance', base_code: 'KN' }, { reason: null });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error.code, 'governance_reason_required');
    const r = expectStatus(await create(au, { code: 'SITE_ALLOW', name: 'Site allowance', base_code: 'kn' }), 201);
    assert.deepEqual(
      [r.data.code, r.data.source, r.data.base_code, r.data.kind, r.data.ote, r.data.stp.type],
      ['SITE_ALLOW', 'tenant', 'KN', 'allowance', true, 'KN'],
    );
    const ev = expectStatus(await api.call('GET', `/v1/tenants/${au.id}/governance/evidence/${r.evidence_id}`), 200);
    assert.deepEqual([ev.data.action, ev.data.governance_reason], ['pay_item.created', REASON]);
  });

  test('codes are unique across the pack and the tenant; bad input is 400 with the path', async () => {
    const dupPack = await create(au, { code: 'TD', name: 'Tools', base_code: 'TD' });
    assert.equal(dupPack.status, 409);
    assert.equal(dupPack.body.error.code, 'duplicate_code');
    expectStatus(await create(au, { code: 'DUPE', name: 'First', base_code: 'BONUS' }), 201);
    assert.equal((await create(au, { code: 'DUPE', name: 'Second', base_code: 'BONUS' })).status, 409);
    const badBase = await create(au, { code: 'NEWONE', name: 'New', base_code: 'NOPE' });
    assert.equal(badBase.status, 400);
    assert.deepEqual(
      badBase.body.error.errors.map((e: any) => e.path),
      ['base_code'],
    );
    const badCode = await create(au, { code: 'lower case', name: 'New', base_code: 'BONUS' });
    assert.equal(badCode.status, 400);
    assert.equal(badCode.body.error.errors[0].path, 'code');
  });

  test("a tenant item is renamed and archived; the pack's cannot be changed", async () => {
    expectStatus(await create(au, { code: 'MEAL', name: 'Meal money', base_code: 'MD' }), 201);
    const renamed = expectStatus(
      await api.call('PATCH', P(au, '/MEAL'), { reason: REASON, body: { name: 'Meal allowance' } }),
      200,
    );
    assert.equal(renamed.data.name, 'Meal allowance');
    expectStatus(await api.call('PATCH', P(au, '/MEAL'), { reason: REASON, body: { status: 'archived' } }), 200);
    assert.ok(!expectStatus(await api.call('GET', P(au)), 200).data.some((i: any) => i.code === 'MEAL'));
    const all = expectStatus(await api.call('GET', P(au, '?include_archived=true')), 200).data;
    assert.equal(all.find((i: any) => i.code === 'MEAL').status, 'archived');
    const pack = await api.call('PATCH', P(au, '/TD'), { reason: REASON, body: { name: 'Tools' } });
    assert.equal(pack.status, 409);
    assert.equal(pack.body.error.code, 'pack_item_read_only');
    assert.equal((await api.call('PATCH', P(au, '/MEAL'), { body: { name: 'x' } })).status, 400, 'governed');
    assert.equal((await api.call('GET', P(au, '/NOPE'))).status, 404);
  });

  test('an Idempotency-Key replays the first answer and creates one item, on a live key too', async () => {
    const a = expectStatus(await create(au, { code: 'ONCE', name: 'Once', base_code: 'BONUS' }, { idem: 'pi-1' }), 201);
    const b = await create(au, { code: 'ONCE', name: 'Once', base_code: 'BONUS' }, { idem: 'pi-1' });
    assert.equal(b.status, 201);
    assert.equal(b.headers.get('idempotent-replay'), 'true');
    assert.equal(b.body.evidence_id, a.evidence_id);
    const live = await api.newPartner('Live Items', 'live');
    const lt = await api.call('POST', '/v1/partners/tenants', {
      key: live.key,
      headers: { 'idempotency-key': 'live-t' },
      body: { name: 'Live Items Co', engine: 'payroll_engine_au' },
    });
    const tid = expectStatus(lt, 201).data.tenant.id;
    const post = () =>
      api.call('POST', `/v1/tenants/${tid}/pay-items`, {
        key: live.key,
        reason: REASON,
        headers: { 'idempotency-key': 'live-pi' },
        body: { code: 'LIVE', name: 'Live bonus', base_code: 'BONUS' },
      });
    expectStatus(await post(), 201);
    const again = await post();
    assert.equal(again.headers.get('idempotent-replay'), 'true');
    const list = expectStatus(await api.call('GET', `/v1/tenants/${tid}/pay-items`, { key: live.key }), 200).data;
    assert.equal(list.filter((i: any) => i.code === 'LIVE').length, 1);
  });
});

describe('who may read and write', () => {
  test('every role reads; only admins, the partner key or an allowed embed token write', async () => {
    const viewer = await userToken(api, au, 'viewer', 'usr_v');
    const preparer = await userToken(api, au, 'preparer', 'usr_p');
    const admin = await userToken(api, au, 'admin', 'usr_a');
    expectStatus(await api.call('GET', P(au), { key: viewer }), 200);
    expectStatus(await api.call('GET', P(au, '/TD'), { key: viewer }), 200);
    assert.equal((await create(au, { code: 'V1', name: 'V', base_code: 'BONUS' }, { key: viewer })).status, 403);
    assert.equal((await create(au, { code: 'P1', name: 'P', base_code: 'BONUS' }, { key: preparer })).status, 403);
    assert.equal(
      (await api.call('PATCH', P(au, '/DUPE'), { key: preparer, reason: REASON, body: { name: 'x' } })).status,
      403,
    );
    expectStatus(await create(au, { code: 'A1', name: 'A', base_code: 'BONUS' }, { key: admin }), 201);
    const mint = async (components: string[]) =>
      expectStatus(await api.call('POST', `/v1/tenants/${au.id}/embed/token`, { body: { components } }), 201).data
        .token;
    expectStatus(
      await create(au, { code: 'E1', name: 'E', base_code: 'BONUS' }, { key: await mint(['pay-item-library']) }),
      201,
    );
    assert.equal(
      (await create(au, { code: 'E2', name: 'E', base_code: 'BONUS' }, { key: await mint(['payslip-viewer']) })).status,
      403,
    );
  });

  test("another partner's tenant is 404 for reads and writes alike", async () => {
    const other = await api.newPartner('Other Partner');
    assert.equal((await api.call('GET', P(au), { key: other.key })).status, 404);
    assert.equal((await api.call('GET', P(au, '/TD'), { key: other.key })).status, 404);
    assert.equal((await create(au, { code: 'X1', name: 'X', base_code: 'BONUS' }, { key: other.key })).status, 404);
    assert.equal(
      (await api.call('PATCH', P(au, '/DUPE'), { key: other.key, reason: REASON, body: { name: 'x' } })).status,
      404,
    );
  });
});

describe('entries and timesheets name pay items by code', () => {
  let run: any;
  let amy: string;
  before(async () => {
    amy = await hireAu(api, au, {
      pay_frequency: 'fortnightly',
      hourly_rate: '40.00',
      hours_per_week: 38,
      type: 'part_time',
    });
    run = await draftRun(api, au, fortnight(0));
  });
  const amyEntry = async () => (await entriesOf(api, au, run.id)).find((e: any) => e.employee_id === amy);

  test('an unknown or archived code is 400 bad_request with the path; nothing is applied', async () => {
    const before = await amyEntry();
    const r = await entry(au, run.id, {
      employee_id: amy,
      items: [
        { type: 'allowance', amount: '10.00', code: 'TD' },
        { type: 'allowance', amount: '10.00', code: 'NOT_A_CODE' },
        { type: 'allowance', code: 'MEAL', amount: '5.00' },
        { type: 'deduction', amount: '5.00', code: 'TD' },
      ],
    });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'bad_request');
    assert.deepEqual(
      r.body.error.errors.map((e: any) => e.path),
      ['items[1].code', 'items[2].code', 'items[3].code'],
    );
    assert.match(r.body.error.errors[1].message, /archived/);
    assert.deepEqual((await amyEntry()).items, before.items);
  });

  test('a tenant item is paid as the pack item it is built on', async () => {
    const plain = expectStatus(
      await calculate(au, run.id, { employee_id: amy, items: [{ type: 'allowance', code: 'TD', amount: '100.00' }] }),
      200,
    ).data;
    const task = expectStatus(
      await calculate(au, run.id, {
        employee_id: amy,
        items: [{ type: 'allowance', code: 'site_allow', amount: '100.00' }],
      }),
      200,
    ).data;
    assert.equal(plain.gross, task.gross);
    // 100.00 more ordinary time earnings at 12 % super guarantee (AU-2026.1).
    assert.equal(Math.round((Number(task.super) - Number(plain.super)) * 100), 1200);
    const saved = expectStatus(
      await entry(au, run.id, {
        employee_id: amy,
        items: [{ type: 'allowance', code: 'SITE_ALLOW', amount: '100.00' }],
      }),
      200,
    ).data.entry;
    const item = saved.items.find((i: any) => i.code === 'SITE_ALLOW');
    assert.deepEqual([item.kind, item.category, item.base_code], ['amount', 'allowance', 'KN']);
    assert.equal(saved.super, task.super);
  });

  test('calculate saves nothing; a reader may ask, only a preparer may save', async () => {
    const before = await amyEntry();
    const r = expectStatus(
      await calculate(au, run.id, { employee_id: amy, items: [{ type: 'bonus', code: 'BONUS', amount: '500.00' }] }),
      200,
    ).data;
    assert.equal(Number(r.gross), Number(before.gross) + 500);
    assert.deepEqual(await amyEntry(), before);
    const viewer = await userToken(api, au, 'viewer', 'usr_v2');
    const body = { employee_id: amy, items: [{ type: 'bonus', code: 'BONUS', amount: '1.00' }] };
    expectStatus(await calculate(au, run.id, body, viewer), 200);
    assert.equal((await entry(au, run.id, body, viewer)).status, 403, 'a viewer sees figures but saves nothing');
    const bad = await calculate(au, run.id, {
      employee_id: amy,
      items: [{ type: 'bonus', code: 'NOPE', amount: '1.00' }],
    });
    assert.deepEqual([bad.status, bad.body.error.errors[0].path], [400, 'items[0].code']);
    const other = await api.newPartner('Other Calc');
    assert.equal(
      (
        await calculate(
          au,
          run.id,
          { employee_id: amy, items: [{ type: 'bonus', code: 'BONUS', amount: '1.00' }] },
          other.key,
        )
      ).status,
      404,
    );
  });

  test('timesheet rows name hours items by code; an unknown one is 400 with the row path', async () => {
    const T = runPath(au, run.id, '/timesheets');
    const bad = await api.call('POST', T, {
      body: {
        rows: [
          { employee_id: amy, date: '2026-11-03', hours: 8 },
          { employee_id: amy, date: '2026-11-04', hours: 2, code: 'NIGHT' },
        ],
      },
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.body.error.errors.map((e: any) => e.path),
      ['rows[1].code'],
    );
    expectStatus(
      await api.call('POST', T, {
        body: {
          rows: [
            { employee_id: amy, date: '2026-11-03', hours: 8 },
            { employee_id: amy, date: '2026-11-04', hours: 2, code: 'OVERTIME' },
          ],
        },
      }),
      200,
    );
    const items = (await amyEntry()).items.filter((i: any) => i.source === 'timesheet');
    assert.deepEqual(
      items.map((i: any) => [i.category, i.code ?? null]),
      [
        ['ordinary', null],
        ['overtime', 'OVERTIME'],
      ],
    );
  });

  test("replace_entry_items replaces an editor's lines and keeps timesheet hours", async () => {
    const before = await amyEntry();
    const hours = before.items.filter((i: any) => i.source === 'timesheet');
    assert.ok(hours.length > 0);
    const r = expectStatus(
      await entry(au, run.id, {
        employee_id: amy,
        items: [{ type: 'allowance', code: 'OD-H1', amount: '20.00' }],
        replace_entry_items: true,
      }),
      200,
    ).data.entry;
    assert.deepEqual(
      r.items.filter((i: any) => i.source !== 'timesheet').map((i: any) => i.code),
      ['OD-H1'],
    );
    assert.deepEqual(
      r.items.filter((i: any) => i.source === 'timesheet'),
      hours,
    );
    const none = await entry(au, run.id, { employee_id: amy, items: [] });
    assert.deepEqual([none.status, none.body.error.errors[0].path], [400, 'items']);
    const cleared = expectStatus(
      await entry(au, run.id, { employee_id: amy, items: [], replace_entry_items: true }),
      200,
    );
    assert.equal(cleared.data.entry.items.filter((i: any) => i.source !== 'timesheet').length, 0);
  });

  test('a finalised run cannot be recalculated (409)', async () => {
    const r2 = await draftRun(api, au, fortnight(1));
    await runToFinalised(api, au, r2.id);
    const r = await calculate(au, r2.id, {
      employee_id: amy,
      items: [{ type: 'bonus', code: 'BONUS', amount: '1.00' }],
    });
    assert.equal(r.status, 409);
  });

  test('DE: entries name the Lohnarten; an AU code is unknown there', async () => {
    // Employed from November, so the year a one-off payment is measured against is on record (§ 23a SGB IV).
    const eva = await hireDe(api, de, { start_date: '2026-11-01' });
    const drun = await draftRun(api, de, month(2026, 11));
    const bad = await entry(de, drun.id, {
      employee_id: eva,
      items: [{ type: 'allowance', code: 'TD', amount: '10.00' }],
    });
    assert.deepEqual([bad.status, bad.body.error.errors[0].path], [400, 'items[0].code']);
    const ok = expectStatus(
      await entry(de, drun.id, {
        employee_id: eva,
        items: [{ type: 'bonus', code: 'CHRISTMAS_BONUS', amount: '1000.00' }],
      }),
      200,
    );
    const item = ok.data.entry.items.find((i: any) => i.code === 'CHRISTMAS_BONUS');
    assert.equal(item.category, 'bonus');
  });
});
