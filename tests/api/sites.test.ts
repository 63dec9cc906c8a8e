// Sites: the register of a tenant's workplaces (create, read, update, archive and restore; governed, admin
// or partner key only), the check that employees and cost centres name a registered, active site, and the
// data scope a user token's `sites` sets, tried as an attacker would on every scoped route.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  expectStatus,
  fortnight,
  hireAu,
  preview,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

/** An AU hire names its TFN or the reason there is none. */
const NO_TFN = { statutory: { au: { no_number_reason: 'applied_for' } } };

let api: TestApi;
let t: TenantRef;
let de: TenantRef;
let sam: string; // Sydney, through the SYD cost centre
let mia: string; // Melbourne, through the MEL cost centre
let runId: string;
let finalisedRun: string;
let miaRequest: string;

const T = () => `/v1/tenants/${t.id}`;
const site = (body: Record<string, unknown>, key?: string, tenant = t) =>
  api.call('POST', `/v1/tenants/${tenant.id}/sites`, { body, key, reason: REASON });
const token = async (body: Record<string, unknown>, tenant = t) =>
  expectStatus(await api.call('POST', `/v1/tenants/${tenant.id}/users/token`, { body }), 201).data.token as string;
const unprocessableAt = (r: Reply, path: string) => {
  assert.equal(r.status, 422, r.text);
  assert.equal(r.body.error.errors[0].path, path);
};

before(async () => {
  api = await startTestApi();
  t = await createTenant(api, { jurisdiction: 'AU' });
  de = await createTenant(api, { jurisdiction: 'DE' });
  expectStatus(await site({ code: 'Sydney', name: 'Sydney roastery', state: 'New South Wales' }), 201);
  expectStatus(await site({ code: 'Melbourne', name: 'Melbourne cafés', state: 'VIC' }), 201);
  for (const cc of [
    { code: 'SYD', name: 'Sydney', site: 'Sydney' },
    { code: 'MEL', name: 'Melbourne', site: 'Melbourne' },
  ])
    expectStatus(await api.call('POST', `${T()}/cost-centres`, { reason: REASON, body: cc }), 201);
  sam = await hireAu(api, t, { pay_frequency: 'fortnightly', first_name: 'Sam', last_name: 'Sydney' });
  mia = await hireAu(api, t, { pay_frequency: 'fortnightly', first_name: 'Mia', last_name: 'Melbourne' });
  for (const [emp, cc] of [
    [sam, 'SYD'],
    [mia, 'MEL'],
  ]) {
    expectStatus(
      await api.call('PUT', `${T()}/employees/${emp}/cost-centre`, { reason: REASON, body: { cost_centre_code: cc } }),
      200,
    );
    expectStatus(
      await api.call('POST', `${T()}/leave/configure`, {
        body: { employee_id: emp, opening_balances: { annual: 80 } },
        reason: REASON,
      }),
      201,
    );
  }
  miaRequest = expectStatus(
    await api.call('POST', `${T()}/leave/requests`, {
      body: { employee_id: mia, leave_type: 'annual', start_date: '2026-12-07' },
      reason: REASON,
    }),
    201,
  ).data.id;
  expectStatus(
    await api.call('POST', `${T()}/leave/requests`, {
      body: { employee_id: sam, leave_type: 'annual', start_date: '2026-12-08' },
      reason: REASON,
    }),
    201,
  );
  finalisedRun = (await draftRun(api, t, fortnight(0))).id;
  await runToFinalised(api, t, finalisedRun);
  runId = (await draftRun(api, t, fortnight(1))).id;
  expectStatus(await preview(api, t, runId), 200);
});
after(async () => {
  await api.close();
});

describe('the register', () => {
  test('lists sites in code order with their state as the pack names it; one reads by its code', async () => {
    const list = expectStatus(await api.call('GET', `${T()}/sites`), 200).data;
    assert.deepEqual(
      list.map((s: { code: string; state: string; status: string }) => [s.code, s.state, s.status]),
      [
        ['Melbourne', 'VIC', 'active'],
        ['Sydney', 'NSW', 'active'],
      ],
    );
    const one = expectStatus(await api.call('GET', `${T()}/sites/Sydney`), 200).data;
    assert.equal(one.name, 'Sydney roastery');
    assert.equal((await api.call('GET', `${T()}/sites/Perth`)).status, 404);
  });

  test('a German site takes a Land (name or code) and a code with umlauts', async () => {
    const s = expectStatus(await site({ code: 'München', name: 'Hauptsitz', state: 'Bayern' }, undefined, de), 201);
    assert.equal(s.data.state, 'BY');
    const read = await api.call('GET', `/v1/tenants/${de.id}/sites/${encodeURIComponent('München')}`);
    assert.equal(expectStatus(read, 200).data.name, 'Hauptsitz');
  });

  test('a duplicate code is 409, an unknown state 422 at state, a bad code 400; none is written', async () => {
    const dup = await site({ code: 'Sydney', name: 'Again' });
    assert.equal(dup.status, 409);
    unprocessableAt(await site({ code: 'Perth', name: 'Perth', state: 'Atlantis' }), 'state');
    assert.equal((await site({ code: '-bad', name: 'Bad' })).status, 400);
    assert.equal((await api.call('GET', `${T()}/sites/Perth`)).status, 404);
  });

  test('archive and restore move status; archived ones list only when asked; evidence records the move', async () => {
    expectStatus(
      await site({
        code: 'Hobart',
        name: 'Hobart pop-up',
        address: { line1: '1 Salamanca Pl', locality: 'Hobart', state: 'TAS', postcode: '7000', country: 'AU' },
      }),
      201,
    );
    const archived = expectStatus(
      await api.call('PATCH', `${T()}/sites/Hobart`, { body: { status: 'archived' }, reason: REASON }),
      200,
    );
    assert.equal(archived.data.status, 'archived');
    assert.equal(archived.data.address.locality, 'Hobart');
    const ev = expectStatus(await api.call('GET', `${T()}/governance/evidence/${archived.evidence_id}`), 200).data;
    assert.deepEqual(
      [ev.action, ev.decision.from_status, ev.decision.to_status],
      ['site.updated', 'active', 'archived'],
    );
    const codes = async (q = '') =>
      expectStatus(await api.call('GET', `${T()}/sites${q}`), 200).data.map((s: { code: string }) => s.code);
    assert.equal((await codes()).includes('Hobart'), false);
    assert.equal((await codes('?include_archived=true')).includes('Hobart'), true);
    // An archived site takes no one new.
    unprocessableAt(
      await api.call('POST', `${T()}/employees`, {
        body: { first_name: 'New', last_name: 'Hire', site: 'Hobart', ...NO_TFN },
        reason: REASON,
      }),
      'site',
    );
    expectStatus(await api.call('PATCH', `${T()}/sites/Hobart`, { body: { status: 'active' }, reason: REASON }), 200);
    expectStatus(
      await api.call('POST', `${T()}/employees`, {
        body: { first_name: 'New', last_name: 'Hire', site: 'Hobart', ...NO_TFN },
        reason: REASON,
      }),
      201,
    );
  });

  test('writes are governed; only an admin user or the partner key writes; other partners see nothing', async () => {
    const noReason = await api.call('POST', `${T()}/sites`, { body: { code: 'Perth', name: 'Perth' } });
    assert.equal(noReason.body.error.code, 'governance_reason_required');
    for (const role of ['viewer', 'preparer', 'approver']) {
      const key = await token({ role });
      assert.equal((await site({ code: 'Perth', name: 'Perth' }, key)).status, 403, role);
      assert.equal(
        (await api.call('PATCH', `${T()}/sites/Sydney`, { body: { name: 'X' }, key, reason: REASON })).status,
        403,
        role,
      );
      assert.equal(expectStatus(await api.call('GET', `${T()}/sites`, { key }), 200).data.length, 3, role);
    }
    const embed = expectStatus(
      await api.call('POST', `${T()}/embed/token`, { body: { components: ['org-setup'] } }),
      201,
    ).data.token;
    assert.equal((await site({ code: 'Perth', name: 'Perth' }, embed)).status, 403);
    const admin = await token({ role: 'admin', user_id: 'usr_admin' });
    expectStatus(await site({ code: 'Perth', name: 'Perth', state: 'WA' }, admin), 201);
    const stranger = (await api.newPartner('Stranger')).key;
    for (const [method, path] of [
      ['GET', `${T()}/sites`],
      ['GET', `${T()}/sites/Sydney`],
      ['PATCH', `${T()}/sites/Sydney`],
      ['POST', `${T()}/sites`],
    ])
      assert.equal(
        (
          await api.call(method, path, {
            key: stranger,
            body: method === 'GET' ? undefined : { code: 'X', name: 'X' },
            reason: REASON,
          })
        ).status,
        404,
        `${method} ${path}`,
      );
  });
});

describe('what names a site', () => {
  test("an employee's site must be a registered site (422 at site), on hire and on change", async () => {
    unprocessableAt(
      await api.call('POST', `${T()}/employees`, {
        body: { first_name: 'Ghost', last_name: 'Town', site: 'Atlantis' },
        reason: REASON,
      }),
      'site',
    );
    unprocessableAt(
      await api.call('PATCH', `${T()}/employees/${sam}`, { body: { site: 'Atlantis' }, reason: REASON }),
      'site',
    );
    const e = expectStatus(await api.call('GET', `${T()}/employees/${sam}`), 200).data;
    assert.equal(e.site, 'Sydney', 'the refused change wrote nothing');
  });

  test("a cost centre's site must be a registered site too", async () => {
    unprocessableAt(
      await api.call('POST', `${T()}/cost-centres`, {
        body: { code: 'ATL', name: 'Atlantis', site: 'Atlantis' },
        reason: REASON,
      }),
      'site',
    );
    unprocessableAt(
      await api.call('PATCH', `${T()}/cost-centres/SYD`, { body: { site: 'Atlantis' }, reason: REASON }),
      'site',
    );
  });

  test('a tenant that keeps no register names sites freely, as before', async () => {
    const free = await createTenant(api, { jurisdiction: 'AU' });
    expectStatus(
      await api.call('POST', `/v1/tenants/${free.id}/cost-centres`, {
        body: { code: 'X', name: 'X', site: 'Anywhere' },
        reason: REASON,
      }),
      201,
    );
  });
});

describe('a user token scoped to a site (as an attacker would try it)', () => {
  let scoped: string;
  before(async () => {
    scoped = await token({ role: 'admin', user_id: 'usr_syd', scope: { sites: ['Sydney'] } });
  });
  const get = (path: string) => api.call('GET', `${T()}${path}`, { key: scoped });
  const write = (method: string, path: string, body: unknown) =>
    api.call(method, `${T()}${path}`, { key: scoped, body, reason: REASON });

  test('sees its own sites only: another site is not found, and it cannot add or change one', async () => {
    assert.deepEqual(
      expectStatus(await get('/sites'), 200).data.map((s: { code: string }) => s.code),
      ['Sydney'],
    );
    assert.equal((await get('/sites/Melbourne')).status, 404);
    assert.equal((await write('PATCH', '/sites/Melbourne', { status: 'archived' })).status, 404);
    assert.equal((await write('POST', '/sites', { code: 'Darwin', name: 'Darwin' })).status, 403);
    assert.equal(expectStatus(await api.call('GET', `${T()}/sites/Melbourne`), 200).data.status, 'active');
  });

  test('every scoped read answers the Sydney employee and nothing of the Melbourne one', async () => {
    for (const path of [
      '/employees',
      `/employees/${sam}`,
      '/readiness',
      '/leave/requests',
      '/leave-balances',
      '/reports/payroll-register?include_drafts=true',
      `/pay-runs/${runId}/entries`,
      `/pay-runs/${finalisedRun}/entries`,
      `/pay-runs/${finalisedRun}/payslips`,
      `/pay-runs/${runId}/exceptions`,
      '/reports/payroll-register',
      `/governance/audit-trail?limit=200`,
    ]) {
      const r = await get(path);
      assert.equal(r.status, 200, `${path}: ${r.text.slice(0, 200)}`);
      assert.ok(!r.text.includes(mia), `${path} shows the Melbourne employee`);
      assert.ok(!r.text.includes('Mia'), `${path} shows the Melbourne employee's name`);
    }
    for (const path of ['/employees', `/pay-runs/${runId}/entries`, '/leave/requests'])
      assert.ok((await get(path)).text.includes(sam), `${path} shows the Sydney employee`);
  });

  test('every read of the Melbourne employee is not found', async () => {
    for (const path of [
      `/employees/${mia}`,
      `/employees/${mia}/tax-settings`,
      `/employees/${mia}/bank-accounts`,
      `/employees/${mia}/pension`,
      `/employees/${mia}/readiness`,
      `/pay-runs/${finalisedRun}/payslips/${mia}`,
      `/pay-runs/${finalisedRun}/payslips/${mia}.pdf`,
      `/leave/requests/${miaRequest}`,
    ])
      assert.equal((await get(path)).status, 404, path);
  });

  test('every write on the Melbourne employee is refused and changes nothing', async () => {
    const before = expectStatus(await api.call('GET', `${T()}/employees/${mia}`), 200).data;
    const entriesBefore = expectStatus(await api.call('GET', runPath(t, runId, '/entries')), 200).data;
    const tries: [string, string, unknown][] = [
      ['PATCH', `/employees/${mia}`, { first_name: 'Moved' }],
      ['PUT', `/employees/${mia}/cost-centre`, { cost_centre_code: 'SYD' }],
      ['DELETE', `/employees/${mia}/cost-centre`, undefined],
      ['POST', `/pay-runs/${runId}/entries`, { employee_id: mia, items: [{ type: 'ordinary_hours', hours: 1 }] }],
      ['POST', '/leave/requests', { employee_id: mia, leave_type: 'annual', start_date: '2026-12-14' }],
      ['POST', `/leave/requests/${miaRequest}/approve`, {}],
      ['POST', `/leave/requests/${miaRequest}/cancel`, {}],
    ];
    for (const [method, path, body] of tries) {
      const r = await write(method, path, body);
      assert.ok([403, 404].includes(r.status), `${method} ${path}: ${r.status} ${r.text.slice(0, 200)}`);
    }
    assert.deepEqual(expectStatus(await api.call('GET', `${T()}/employees/${mia}`), 200).data, before);
    assert.deepEqual(expectStatus(await api.call('GET', runPath(t, runId, '/entries')), 200).data, entriesBefore);
    const req = expectStatus(await api.call('GET', `${T()}/leave/requests/${miaRequest}`), 200).data;
    assert.equal(req.status, 'pending');
  });

  test('it cannot move its own employee to another site, nor hire someone there', async () => {
    const moved = await write('PATCH', `/employees/${sam}`, { site: 'Melbourne' });
    assert.equal(moved.status, 403, moved.text);
    assert.equal(expectStatus(await api.call('GET', `${T()}/employees/${sam}`), 200).data.site, 'Sydney');
    const hire = await write('POST', '/employees', {
      first_name: 'Elsewhere',
      last_name: 'Hire',
      site: 'Melbourne',
      ...NO_TFN,
    });
    assert.equal(hire.status, 403, hire.text);
    const hired = await write('POST', '/employees', {
      first_name: 'Local',
      last_name: 'Hire',
      site: 'Sydney',
      ...NO_TFN,
    });
    assert.equal(expectStatus(hired, 201).data.site, 'Sydney');
  });

  test("it cannot change another site's cost centres, place one elsewhere, or write tenant-wide mapping rules", async () => {
    assert.equal((await write('PATCH', '/cost-centres/MEL', { name: 'Taken' })).status, 403);
    assert.equal((await write('DELETE', '/cost-centres/MEL', undefined)).status, 403);
    assert.equal((await write('PATCH', '/cost-centres/SYD', { site: 'Melbourne' })).status, 403);
    assert.equal(
      (await write('POST', '/cost-centres', { code: 'MEL2', name: 'Melbourne 2', site: 'Melbourne' })).status,
      403,
    );
    const rule = await write('POST', '/cost-centre-mappings', {
      source: 'employee',
      attribute: 'position',
      match_value: '*',
      cost_centre_code: 'SYD',
    });
    assert.equal(rule.status, 403);
    const mel = expectStatus(await api.call('GET', `${T()}/cost-centres`), 200).data.find(
      (c: { code: string }) => c.code === 'MEL',
    );
    assert.deepEqual([mel.name, mel.site, mel.status], ['Melbourne', 'Melbourne', 'active']);
    expectStatus(await write('PATCH', '/cost-centres/SYD', { gl_account: '6100' }), 200);
  });

  test('a site scope where no employee is at any site fails closed', async () => {
    const bare = await createTenant(api, { jurisdiction: 'AU' });
    expectStatus(await site({ code: 'Sydney', name: 'Sydney' }, undefined, bare), 201);
    await hireAu(api, bare, { pay_frequency: 'fortnightly' });
    const key = await token({ role: 'viewer', scope: { sites: ['Sydney'] } }, bare);
    const r = expectStatus(await api.call('GET', `/v1/tenants/${bare.id}/employees`, { key }), 200);
    assert.deepEqual([r.data.length, r.scope_not_enforceable], [0, true]);
  });
});
