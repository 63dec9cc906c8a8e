// Cost centres, a governed overlay: create, update, archive and restore; employee assignment; and
// mapping rules (dot-path attribute, match value, `*` catch-all, priority) as seen in the resolved
// cost_centre_code on employee reads.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';

let api: TestApi;

const ok = (r: Reply, status = 200) => {
  assert.equal(r.status, status, JSON.stringify(r.body));
  return r.body;
};

async function newTenant(name: string): Promise<string> {
  return ok(
    await api.call('POST', '/v1/partners/tenants', { body: { name, jurisdiction: 'AU', engine: 'payroll_engine_au' } }),
    201,
  ).data.tenant.id;
}

before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

describe('cost centre lifecycle', () => {
  let t: string;
  const CC = () => `/v1/tenants/${t}/cost-centres`;
  const create = (body: Record<string, unknown>, reason: string | null = REASON) =>
    api.call('POST', CC(), { reason: reason ?? undefined, body });
  const codes = async (query = '') =>
    ok(await api.call('GET', `${CC()}${query}`)).data.map((c: { code: string }) => c.code);
  before(async () => {
    t = await newTenant('Cost Centre Co');
  });

  test('create returns the cost centre, active by default, with evidence', async () => {
    const r = ok(await create({ code: 'OPS', name: 'Operations', gl_account: '6100', site: 'Sydney' }), 201);
    assert.deepEqual(
      {
        code: r.data.code,
        name: r.data.name,
        parent_code: r.data.parent_code,
        gl_account: r.data.gl_account,
        site: r.data.site,
        status: r.data.status,
      },
      { code: 'OPS', name: 'Operations', parent_code: null, gl_account: '6100', site: 'Sydney', status: 'active' },
    );
    const ev = ok(await api.call('GET', `/v1/tenants/${t}/governance/evidence/${r.evidence_id}`)).data;
    assert.deepEqual([ev.action, ev.resource, ev.governance_reason], ['cost_centre.created', 'OPS', REASON]);
    const child = ok(await create({ code: 'OPS-SYD', name: 'Sydney', parent_code: 'OPS' }), 201).data;
    assert.equal(child.parent_code, 'OPS');
    assert.equal(child.gl_account, null);
    assert.equal(child.site, null);
  });

  test('the code must be uppercase letters, digits and dashes, starting with a letter or digit; the name is required', async () => {
    for (const code of ['ops', '-OPS', 'OPS_1', 'OPS SYD', '', 'Ä1']) {
      const r = await create({ code, name: 'Bad code' });
      assert.equal(r.status, 400, code);
      assert.equal(r.body.error.errors[0].path, 'code');
    }
    for (const code of ['9', 'A-1-B', 'R2D2']) ok(await create({ code, name: `Code ${code}` }), 201);
    const r = await create({ code: 'NONAME', name: '  ' });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.errors[0].path, 'name');
    assert.equal((await create({ code: 'NAMELESS' })).status, 400);
  });

  test('a duplicate code is 409 and leaves the original untouched', async () => {
    ok(await create({ code: 'DUP', name: 'Original' }), 201);
    const r = await create({ code: 'DUP', name: 'Copy' });
    assert.equal(r.status, 409);
    assert.equal(r.body.error.code, 'duplicate_code');
    const list = ok(await api.call('GET', CC())).data;
    assert.equal(list.find((c: { code: string }) => c.code === 'DUP').name, 'Original');
  });

  test('an unknown parent is 422 naming parent_code', async () => {
    const r = await create({ code: 'ORPHAN', name: 'Orphan', parent_code: 'NOPE' });
    assert.equal(r.status, 422);
    assert.equal(r.body.error.errors[0].path, 'parent_code');
    assert.ok(!(await codes()).includes('ORPHAN'), 'nothing created');
  });

  test('create and update need a governance reason; unknown fields are 400', async () => {
    const r = await create({ code: 'NOREASON', name: 'No reason' }, null);
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'governance_reason_required');
    assert.equal(
      (await api.call('PATCH', `${CC()}/OPS`, { body: { name: 'x' } })).body.error.code,
      'governance_reason_required',
    );
    const extra = await create({ code: 'EXTRA', name: 'Extra', manager: 'Kim' });
    assert.equal(extra.status, 400);
    assert.equal(extra.body.error.errors[0].path, 'manager');
    const patchExtra = await api.call('PATCH', `${CC()}/OPS`, { reason: REASON, body: { code: 'OPS2' } });
    assert.equal(patchExtra.status, 400);
  });

  test('PATCH updates the declared fields and keeps the rest', async () => {
    ok(await create({ code: 'ROAST', name: 'Roastery', gl_account: '6200', site: 'Sydney' }), 201);
    const r = ok(
      await api.call('PATCH', `${CC()}/ROAST`, {
        reason: REASON,
        body: { name: 'Roastery & packing', site: 'Marrickville', gl_account: null },
      }),
    );
    assert.deepEqual(
      [r.data.name, r.data.site, r.data.gl_account, r.data.status],
      ['Roastery & packing', 'Marrickville', null, 'active'],
    );
    assert.equal(
      ok(await api.call('GET', `/v1/tenants/${t}/governance/evidence/${r.evidence_id}`)).data.action,
      'cost_centre.updated',
    );
    assert.equal((await api.call('PATCH', `${CC()}/NOPE`, { reason: REASON, body: { name: 'x' } })).status, 404);
  });

  test('a parent must exist, cannot be the centre itself, and cannot sit below it', async () => {
    ok(await create({ code: 'REGION', name: 'Region' }), 201);
    ok(await create({ code: 'REGION-A', name: 'Area A', parent_code: 'REGION' }), 201);
    ok(await create({ code: 'REGION-A-1', name: 'Store 1', parent_code: 'REGION-A' }), 201);
    for (const parent of ['REGION', 'REGION-A-1', 'NOPE']) {
      const r = await api.call('PATCH', `${CC()}/REGION`, { reason: REASON, body: { parent_code: parent } });
      assert.equal(r.status, 422, parent);
      assert.equal(r.body.error.errors[0].path, 'parent_code');
    }
    assert.equal(
      ok(await api.call('GET', CC())).data.find((c: { code: string }) => c.code === 'REGION').parent_code,
      null,
    );
    const moved = ok(
      await api.call('PATCH', `${CC()}/REGION-A-1`, { reason: REASON, body: { parent_code: 'REGION' } }),
    );
    assert.equal(moved.data.parent_code, 'REGION');
  });

  test('PATCH status moves archived and back to active; archived centres are hidden unless include_archived=true', async () => {
    ok(await create({ code: 'POPUP', name: 'Pop-up store' }), 201);
    const archived = ok(await api.call('PATCH', `${CC()}/POPUP`, { reason: REASON, body: { status: 'archived' } }));
    assert.equal(archived.data.status, 'archived');
    const ev = ok(await api.call('GET', `/v1/tenants/${t}/governance/evidence/${archived.evidence_id}`)).data;
    assert.deepEqual([ev.decision.from_status, ev.decision.to_status], ['active', 'archived']);
    assert.ok(!(await codes()).includes('POPUP'), 'hidden by default');
    assert.ok(!(await codes('?include_archived=false')).includes('POPUP'), 'hidden with include_archived=false');
    assert.ok((await codes('?include_archived=true')).includes('POPUP'), 'shown with include_archived=true');
    const restored = ok(await api.call('PATCH', `${CC()}/POPUP`, { reason: REASON, body: { status: 'active' } }));
    assert.equal(restored.data.status, 'active');
    assert.ok((await codes()).includes('POPUP'), 'listed again');
    assert.equal((await api.call('GET', `${CC()}?include_archived=yes`)).status, 400);
  });

  test('a centre may be created archived', async () => {
    ok(await create({ code: 'OLD', name: 'Closed site', status: 'archived' }), 201);
    assert.ok(!(await codes()).includes('OLD'), 'hidden');
    assert.ok((await codes('?include_archived=true')).includes('OLD'), 'kept');
  });

  test('DELETE archives with the reason from the header; a second DELETE is 409, an unknown code 404', async () => {
    ok(await create({ code: 'TEMP', name: 'Temporary' }), 201);
    assert.equal((await api.call('DELETE', `${CC()}/TEMP`)).body.error.code, 'governance_reason_required');
    const r = ok(await api.call('DELETE', `${CC()}/TEMP`, { reason: REASON }));
    assert.deepEqual(r.data, { code: 'TEMP', status: 'archived' });
    const ev = ok(await api.call('GET', `/v1/tenants/${t}/governance/evidence/${r.evidence_id}`)).data;
    assert.deepEqual([ev.action, ev.governance_reason], ['cost_centre.archived', REASON]);
    assert.ok((await codes('?include_archived=true')).includes('TEMP'), 'archived, not removed');
    const again = await api.call('DELETE', `${CC()}/TEMP`, { reason: REASON });
    assert.equal(again.status, 409);
    assert.equal(again.body.error.code, 'state_conflict');
    assert.equal((await api.call('DELETE', `${CC()}/NOPE`, { reason: REASON })).status, 404);
    assert.equal((await api.call('DELETE', `${CC()}/lower`, { reason: REASON })).status, 400);
  });

  test('cost centres are listed in code order', async () => {
    const list = await codes();
    assert.deepEqual(list, [...list].sort());
  });
});

describe('assigning employees', () => {
  let t: string;
  let emp: string;
  before(async () => {
    t = await newTenant('Assignment Co');
    for (const cc of [
      { code: 'SYD', name: 'Sydney', site: 'Sydney' },
      { code: 'MEL', name: 'Melbourne', site: 'Melbourne' },
      { code: 'GONE', name: 'Gone', status: 'archived' },
    ]) {
      ok(await api.call('POST', `/v1/tenants/${t}/cost-centres`, { reason: REASON, body: cc }), 201);
    }
    emp = ok(
      await api.call('POST', `/v1/tenants/${t}/employees`, {
        reason: REASON,
        body: { first_name: 'Ava', last_name: 'Singh', statutory: { au: { no_number_reason: 'applied_for' } } },
      }),
      201,
    ).data.id;
  });
  const assign = (code: unknown, reason: string | null = REASON, id = emp) =>
    api.call('PUT', `/v1/tenants/${t}/employees/${id}/cost-centre`, {
      reason: reason ?? undefined,
      body: { cost_centre_code: code },
    });
  const read = async () => ok(await api.call('GET', `/v1/tenants/${t}/employees/${emp}`)).data;

  test("PUT assigns the employee; reads show the code and the centre's site", async () => {
    const r = ok(await assign('SYD'));
    assert.deepEqual(r.data, { employee_id: emp, cost_centre_code: 'SYD' });
    const ev = ok(await api.call('GET', `/v1/tenants/${t}/governance/evidence/${r.evidence_id}`)).data;
    assert.deepEqual(
      [ev.action, ev.resource, ev.decision.cost_centre_code],
      ['employee.cost_centre_assigned', emp, 'SYD'],
    );
    const e = await read();
    assert.deepEqual([e.cost_centre_code, e.site], ['SYD', 'Sydney']);
    ok(await assign('MEL'));
    assert.deepEqual([(await read()).cost_centre_code, (await read()).site], ['MEL', 'Melbourne']);
  });

  test("an employee's own site wins over the centre's", async () => {
    const own = ok(
      await api.call('POST', `/v1/tenants/${t}/employees`, {
        reason: REASON,
        body: {
          first_name: 'Remote',
          last_name: 'Worker',
          site: 'Hobart',
          statutory: { au: { no_number_reason: 'applied_for' } },
        },
      }),
      201,
    ).data.id;
    ok(await assign('SYD', REASON, own));
    const e = ok(await api.call('GET', `/v1/tenants/${t}/employees/${own}`)).data;
    assert.deepEqual([e.cost_centre_code, e.site], ['SYD', 'Hobart']);
  });

  test('an unknown or archived centre is 422; an unknown employee 404; a bad code 400; no reason 400', async () => {
    for (const code of ['NOPE', 'GONE']) {
      const r = await assign(code);
      assert.equal(r.status, 422, code);
      assert.equal(r.body.error.errors[0].path, 'cost_centre_code');
    }
    assert.equal((await assign('SYD', REASON, 'emp_0000000000000000')).status, 404);
    assert.equal((await assign('syd')).status, 400);
    assert.equal((await assign('SYD', null)).body.error.code, 'governance_reason_required');
    assert.equal((await read()).cost_centre_code, 'MEL');
  });

  test('DELETE removes the explicit assignment', async () => {
    ok(await assign('SYD'));
    assert.equal(
      (await api.call('DELETE', `/v1/tenants/${t}/employees/${emp}/cost-centre`)).body.error.code,
      'governance_reason_required',
    );
    const r = ok(await api.call('DELETE', `/v1/tenants/${t}/employees/${emp}/cost-centre`, { reason: REASON }));
    assert.deepEqual(r.data, { employee_id: emp, cost_centre_code: null });
    const e = await read();
    assert.deepEqual([e.cost_centre_code, e.site], [null, null]);
  });

  test('archiving a centre keeps existing assignments readable', async () => {
    ok(
      await api.call('POST', `/v1/tenants/${t}/cost-centres`, {
        reason: REASON,
        body: { code: 'WIND', name: 'Winding down', site: 'Perth' },
      }),
      201,
    );
    ok(await assign('WIND'));
    ok(await api.call('DELETE', `/v1/tenants/${t}/cost-centres/WIND`, { reason: REASON }));
    assert.equal((await read()).cost_centre_code, 'WIND');
  });
});

describe('mapping rules', () => {
  let t: string;
  const M = () => `/v1/tenants/${t}/cost-centre-mappings`;
  const rule = async (body: Record<string, unknown>) =>
    ok(await api.call('POST', M(), { reason: REASON, body }), 201).data;
  const hire = async (body: Record<string, unknown>) =>
    ok(
      await api.call('POST', `/v1/tenants/${t}/employees`, {
        reason: REASON,
        body: { first_name: 'Map', last_name: 'Me', statutory: { au: { no_number_reason: 'applied_for' } }, ...body },
      }),
      201,
    ).data;
  const cc = async (id: string) => ok(await api.call('GET', `/v1/tenants/${t}/employees/${id}`)).data.cost_centre_code;

  before(async () => {
    t = await newTenant('Mapping Co');
    for (const [code, site] of [
      ['CASUALS', 'Sydney'],
      ['SALARIED', null],
      ['DEFAULT', null],
      ['WEEKLY', null],
      ['ROAST', 'Marrickville'],
      ['PART', null],
      ['ITEMS', null],
    ] as const) {
      ok(
        await api.call('POST', `/v1/tenants/${t}/cost-centres`, { reason: REASON, body: { code, name: code, site } }),
        201,
      );
    }
  });

  test('a rule is created with the default priority 100 and listed; the fields are validated', async () => {
    const r = await rule({
      source: 'employee',
      attribute: 'employment.type',
      match_value: 'casual',
      cost_centre_code: 'CASUALS',
    });
    assert.match(r.id, /^ccm_[0-9a-f]+$/);
    assert.deepEqual(
      {
        source: r.source,
        attribute: r.attribute,
        match_value: r.match_value,
        cost_centre_code: r.cost_centre_code,
        priority: r.priority,
      },
      {
        source: 'employee',
        attribute: 'employment.type',
        match_value: 'casual',
        cost_centre_code: 'CASUALS',
        priority: 100,
      },
    );
    assert.ok(
      ok(await api.call('GET', M())).data.some((m: { id: string }) => m.id === r.id),
      'listed',
    );
    for (const [body, path] of [
      [{ source: 'timesheet', attribute: 'a', match_value: 'x', cost_centre_code: 'CASUALS' }, 'source'],
      [{ source: 'employee', attribute: '', match_value: 'x', cost_centre_code: 'CASUALS' }, 'attribute'],
      [{ source: 'employee', attribute: 'a', cost_centre_code: 'CASUALS' }, 'match_value'],
      [{ source: 'employee', attribute: 'a', match_value: 'x', cost_centre_code: 'casuals' }, 'cost_centre_code'],
      [{ source: 'employee', attribute: 'a', match_value: 'x', cost_centre_code: 'CASUALS', priority: -1 }, 'priority'],
      [
        { source: 'employee', attribute: 'a', match_value: 'x', cost_centre_code: 'CASUALS', priority: 1.5 },
        'priority',
      ],
      [
        { source: 'employee', attribute: 'a', match_value: 'x', cost_centre_code: 'CASUALS', priority: 2_147_483_648 },
        'priority',
      ],
    ] as const) {
      const bad = await api.call('POST', M(), { reason: REASON, body });
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.equal(bad.body.error.errors[0].path, path);
    }
    const unknown = await api.call('POST', M(), {
      reason: REASON,
      body: { source: 'employee', attribute: 'a', match_value: 'x', cost_centre_code: 'NOPE' },
    });
    assert.equal(unknown.status, 422);
    assert.equal(
      (
        await api.call('POST', M(), {
          body: { source: 'employee', attribute: 'a', match_value: 'x', cost_centre_code: 'CASUALS' },
        })
      ).body.error.code,
      'governance_reason_required',
    );
  });

  test("an employee matching a rule reads with its cost centre and that centre's site; others read null", async () => {
    const casual = await hire({ employment: { type: 'casual', hourly_rate: 38.75 } });
    assert.equal(casual.cost_centre_code, 'CASUALS');
    assert.equal(casual.site, 'Sydney');
    const other = await hire({ employment: { type: 'full_time', annual_salary: 70000 } });
    assert.equal(other.cost_centre_code, null);
    const list = ok(await api.call('GET', `/v1/tenants/${t}/employees?cost_centre=CASUALS`)).data;
    assert.deepEqual(
      list.map((e: { id: string }) => e.id),
      [casual.id],
    );
  });

  test("a numeric match value matches the attribute's text form", async () => {
    await rule({
      source: 'employee',
      attribute: 'employment.hours_per_week',
      match_value: 15.5,
      cost_centre_code: 'PART',
      priority: 50,
    });
    const e = await hire({ employment: { type: 'part_time', hourly_rate: 30, hours_per_week: 15.5 } });
    assert.equal(e.cost_centre_code, 'PART');
  });

  test('the lower priority number wins when several rules match; * is a catch-all for any present value', async () => {
    await rule({
      source: 'employee',
      attribute: 'employment.pay_frequency',
      match_value: '*',
      cost_centre_code: 'DEFAULT',
      priority: 1000,
    });
    await rule({
      source: 'employee',
      attribute: 'employment.pay_frequency',
      match_value: 'weekly',
      cost_centre_code: 'WEEKLY',
      priority: 200,
    });
    const weeklyCasual = await hire({ employment: { type: 'casual', pay_frequency: 'weekly', hourly_rate: 40 } });
    assert.equal(weeklyCasual.cost_centre_code, 'CASUALS', 'priority 100 beats 200 and 1000');
    const weekly = await hire({ employment: { type: 'full_time', pay_frequency: 'weekly', annual_salary: 60000 } });
    assert.equal(weekly.cost_centre_code, 'WEEKLY', 'priority 200 beats the catch-all');
    const monthly = await hire({ employment: { type: 'full_time', pay_frequency: 'monthly', annual_salary: 60000 } });
    assert.equal(monthly.cost_centre_code, 'DEFAULT', 'only the catch-all matches');
    const urgent = await rule({
      source: 'employee',
      attribute: 'employment.pay_frequency',
      match_value: 'weekly',
      cost_centre_code: 'SALARIED',
      priority: 0,
    });
    assert.equal(await cc(weeklyCasual.id), 'SALARIED', 'priority 0 now wins');
    ok(await api.call('DELETE', `${M()}/${urgent.id}`, { reason: REASON }));
    assert.equal(await cc(weeklyCasual.id), 'CASUALS');
  });

  test('an explicit assignment beats every rule, and removing it falls back to the rules', async () => {
    const e = await hire({ employment: { type: 'casual', hourly_rate: 40 } });
    assert.equal(e.cost_centre_code, 'CASUALS');
    ok(
      await api.call('PUT', `/v1/tenants/${t}/employees/${e.id}/cost-centre`, {
        reason: REASON,
        body: { cost_centre_code: 'ROAST' },
      }),
    );
    const assigned = ok(await api.call('GET', `/v1/tenants/${t}/employees/${e.id}`)).data;
    assert.deepEqual([assigned.cost_centre_code, assigned.site], ['ROAST', 'Marrickville']);
    ok(await api.call('DELETE', `/v1/tenants/${t}/employees/${e.id}/cost-centre`, { reason: REASON }));
    assert.equal(await cc(e.id), 'CASUALS');
  });

  test('a rule can match a forwarded field by the name the employee shows it under', async () => {
    await rule({
      source: 'employee',
      attribute: 'department',
      match_value: 'roastery',
      cost_centre_code: 'ROAST',
      priority: 10,
    });
    await rule({
      source: 'employee',
      attribute: 'uniform.size',
      match_value: 'XL',
      cost_centre_code: 'SALARIED',
      priority: 5,
    });
    const e = await hire({ department: 'roastery', employment: { type: 'casual', hourly_rate: 40 } });
    assert.equal(e.department, 'roastery');
    assert.equal(e.cost_centre_code, 'ROAST');
    const f = await hire({ uniform: { size: 'XL' } });
    assert.equal(f.cost_centre_code, 'SALARIED');
  });

  test("a rule follows the employee's data: a change of terms moves the employee", async () => {
    const e = await hire({ employment: { type: 'casual', hourly_rate: 40, pay_frequency: 'monthly' } });
    assert.equal(e.cost_centre_code, 'CASUALS');
    const r = ok(
      await api.call('PATCH', `/v1/tenants/${t}/employees/${e.id}`, {
        reason: REASON,
        body: { employment: { type: 'full_time', annual_salary: 80000 } },
      }),
    );
    assert.equal(r.data.cost_centre_code, 'DEFAULT');
  });

  test('pay-item rules are listed separately and do not place employees', async () => {
    const item = await rule({
      source: 'pay_item',
      attribute: 'employment.type',
      match_value: 'full_time',
      cost_centre_code: 'ITEMS',
      priority: 0,
    });
    const items = ok(await api.call('GET', `${M()}?source=pay_item`)).data;
    assert.deepEqual(
      items.map((m: { id: string }) => m.id),
      [item.id],
    );
    assert.ok(
      ok(await api.call('GET', `${M()}?source=employee`)).data.every(
        (m: { source: string }) => m.source === 'employee',
      ),
      'employee rules only',
    );
    const e = await hire({ employment: { type: 'full_time', annual_salary: 80000, pay_frequency: 'monthly' } });
    assert.equal(e.cost_centre_code, 'DEFAULT');
  });

  test('rules are listed lowest priority first', async () => {
    const priorities = ok(await api.call('GET', `${M()}?source=employee`)).data.map(
      (m: { priority: number }) => m.priority,
    );
    assert.deepEqual(
      priorities,
      [...priorities].sort((a, b) => a - b),
    );
  });

  test('DELETE removes a rule with evidence; an unknown id is 404, a malformed one 400', async () => {
    const r = await rule({
      source: 'employee',
      attribute: 'position',
      match_value: 'Barista',
      cost_centre_code: 'CASUALS',
    });
    assert.equal((await api.call('DELETE', `${M()}/${r.id}`)).body.error.code, 'governance_reason_required');
    const del = ok(await api.call('DELETE', `${M()}/${r.id}`, { reason: REASON }));
    assert.deepEqual(del.data, { id: r.id, deleted: true });
    assert.equal(
      ok(await api.call('GET', `/v1/tenants/${t}/governance/evidence/${del.evidence_id}`)).data.action,
      'cost_centre_mapping.deleted',
    );
    assert.ok(!ok(await api.call('GET', M())).data.some((m: { id: string }) => m.id === r.id), 'gone from the list');
    assert.equal((await api.call('DELETE', `${M()}/${r.id}`, { reason: REASON })).status, 404);
    assert.equal((await api.call('DELETE', `${M()}/rule-1`, { reason: REASON })).status, 400);
  });
});
