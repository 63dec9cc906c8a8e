// Data scope on user tokens (cost centres and sites): lists are filtered, an out-of-scope employee is
// 404 for reads and writes, an employee-pinned token sees only itself, and a tenant whose rows carry no
// scope dimension fails closed (empty page, scope_not_enforceable: true).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';

let api: TestApi;
let t: string;
const ids: Record<string, string> = {};

const ok = (r: Reply, status = 200) => {
  assert.equal(r.status, status, JSON.stringify(r.body));
  return r.body;
};

async function userToken(body: Record<string, unknown>, tenant = t, key?: string): Promise<string> {
  return ok(await api.call('POST', `/v1/tenants/${tenant}/users/token`, { body, key }), 201).data.token;
}

/** Every page of the list for this credential, as first names. */
async function names(key: string, query = '', tenant = t): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const q = [query, 'limit=2', cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&');
    const body = ok(await api.call('GET', `/v1/tenants/${tenant}/employees?${q}`, { key }));
    out.push(...body.data.map((e: { first_name: string }) => e.first_name));
    cursor = body.next_cursor;
    if (!cursor) break;
  }
  return out.sort();
}

// first name → [cost centre, own site]
const STAFF: Record<string, [string | null, string | null]> = {
  Amy: ['OPS-SYD', null],
  Ben: ['OPS-MEL', null],
  Cal: ['OPS', null],
  Dee: ['ROAST', null],
  Eve: [null, 'Sydney'],
  Fin: [null, null],
  Gus: ['ADMIN', 'Melbourne'],
  Hal: ['OPSX', null],
};

before(async () => {
  api = await startTestApi();
  t = ok(
    await api.call('POST', '/v1/partners/tenants', {
      body: { name: 'Scoped Co', jurisdiction: 'AU', engine: 'payroll_engine_au' },
    }),
    201,
  ).data.tenant.id;
  for (const cc of [
    { code: 'OPS', name: 'Operations' },
    { code: 'OPS-SYD', name: 'Sydney cafes', parent_code: 'OPS', site: 'Sydney' },
    { code: 'OPS-MEL', name: 'Melbourne cafes', parent_code: 'OPS', site: 'Melbourne' },
    { code: 'OPSX', name: 'Prefix look-alike' },
    { code: 'ROAST', name: 'Roastery', site: 'Sydney' },
    { code: 'ADMIN', name: 'Head office' },
  ])
    ok(await api.call('POST', `/v1/tenants/${t}/cost-centres`, { reason: REASON, body: cc }), 201);
  for (const [first, [cc, site]] of Object.entries(STAFF)) {
    const e = ok(
      await api.call('POST', `/v1/tenants/${t}/employees`, {
        reason: REASON,
        body: {
          first_name: first,
          last_name: 'Staff',
          statutory: { au: { no_number_reason: 'applied_for' } },
          ...(site ? { site } : {}),
        },
      }),
      201,
    ).data;
    ids[first] = e.id;
    if (cc)
      ok(
        await api.call('PUT', `/v1/tenants/${t}/employees/${e.id}/cost-centre`, {
          reason: REASON,
          body: { cost_centre_code: cc },
        }),
      );
  }
});
after(async () => {
  await api.close();
});

describe('listing with a data scope', () => {
  test('an exact cost-centre scope lists only that centre', async () => {
    assert.deepEqual(await names(await userToken({ scope: { cost_centres: ['OPS-SYD'] } })), ['Amy']);
  });

  test('a code-* scope lists the centre and everything below it, not look-alike prefixes', async () => {
    assert.deepEqual(await names(await userToken({ scope: { cost_centres: ['OPS-*'] } })), ['Amy', 'Ben', 'Cal']);
  });

  test('several centres add up', async () => {
    assert.deepEqual(await names(await userToken({ scope: { cost_centres: ['OPS-MEL', 'ROAST', 'OPSX'] } })), [
      'Ben',
      'Dee',
      'Hal',
    ]);
  });

  test("a site scope lists employees at the site, by their own site or their centre's", async () => {
    assert.deepEqual(await names(await userToken({ scope: { sites: ['Sydney'] } })), ['Amy', 'Dee', 'Eve']);
    assert.deepEqual(await names(await userToken({ scope: { sites: ['Melbourne'] } })), ['Ben', 'Gus']);
  });

  test('cost centres and sites both apply', async () => {
    assert.deepEqual(await names(await userToken({ scope: { cost_centres: ['OPS-*'], sites: ['Sydney'] } })), ['Amy']);
  });

  test('query filters narrow within the scope, never beyond it', async () => {
    const token = await userToken({ scope: { cost_centres: ['OPS-*'] } });
    assert.deepEqual(await names(token, 'cost_centre=OPS-MEL'), ['Ben']);
    assert.deepEqual(await names(token, 'cost_centre=ROAST'), []);
    assert.deepEqual(await names(token, 'site=Sydney'), ['Amy']);
  });

  test('a scoped page says scope_not_enforceable false and is receipted with its count', async () => {
    const r = ok(
      await api.call('GET', `/v1/tenants/${t}/employees`, {
        key: await userToken({ scope: { cost_centres: ['OPS-*'] } }),
      }),
    );
    assert.equal(r.scope_not_enforceable, false);
    assert.equal(r.data.length, 3);
    const ev = ok(await api.call('GET', `/v1/tenants/${t}/governance/evidence/${r.evidence_id}`)).data;
    assert.equal(ev.decision.count, 3);
    assert.equal(ev.actor.kind, 'user_token');
  });

  test('unscoped callers are unaffected: "*" user tokens, embed tokens and the partner key see everyone', async () => {
    const all = Object.keys(STAFF).sort();
    assert.deepEqual(await names(await userToken({ scope: { cost_centres: '*', sites: '*' } })), all);
    assert.deepEqual(await names(await userToken({})), all);
    const embed = ok(
      await api.call('POST', `/v1/tenants/${t}/embed/token`, { body: { components: ['employees-list'] } }),
      201,
    ).data.token;
    assert.deepEqual(await names(embed), all);
    assert.deepEqual(await names(api.partner.key), all);
  });

  test('the minted token reports its scope', async () => {
    const r = ok(
      await api.call('POST', `/v1/tenants/${t}/users/token`, { body: { scope: { cost_centres: ['OPS-*'] } } }),
      201,
    ).data;
    assert.deepEqual(r.scope, { cost_centres: ['OPS-*'], sites: '*' });
    const me = ok(await api.call('GET', `/v1/tenants/${t}/me`, { key: r.token })).data;
    assert.deepEqual(me.scope, { cost_centres: ['OPS-*'], sites: '*' });
  });

  test('a scoped admin can mint a narrower scope but not a wider one', async () => {
    const admin = await userToken({ role: 'admin', scope: { cost_centres: ['OPS-*'] } });
    const narrower = await userToken({ scope: { cost_centres: ['OPS-*'], sites: ['Sydney'] } }, t, admin);
    assert.deepEqual(await names(narrower), ['Amy']);
    const wider = await api.call('POST', `/v1/tenants/${t}/users/token`, {
      key: admin,
      body: { scope: { cost_centres: ['ROAST'] } },
    });
    assert.equal(wider.status, 403);
  });
});

describe('single employees outside the scope', () => {
  test('reads of an out-of-scope employee are 404, in-scope ones 200', async () => {
    const token = await userToken({ scope: { cost_centres: ['OPS-*'] } });
    for (const path of ['', '/readiness', '/completeness', '/tax-settings', '/bank-accounts', '/pension']) {
      assert.equal(
        (await api.call('GET', `/v1/tenants/${t}/employees/${ids.Dee}${path}`, { key: token })).status,
        404,
        `out of scope ${path}`,
      );
      assert.equal(
        (await api.call('GET', `/v1/tenants/${t}/employees/${ids.Amy}${path}`, { key: token })).status,
        200,
        `in scope ${path}`,
      );
    }
    const missing = await api.call('GET', `/v1/tenants/${t}/employees/${ids.Fin}`, { key: token });
    assert.equal(missing.status, 404, 'an employee with no cost centre is outside a cost-centre scope');
    assert.equal(missing.body.error.code, 'not_found');
  });

  test('writes to an out-of-scope employee are 404 and change nothing', async () => {
    const preparer = await userToken({ role: 'preparer', scope: { cost_centres: ['OPS-*'] } });
    const admin = await userToken({ role: 'admin', scope: { cost_centres: ['OPS-*'] } });
    const E = `/v1/tenants/${t}/employees/${ids.Dee}`;
    const writes: [string, string, string, unknown][] = [
      [preparer, 'PATCH', E, { position: 'Moved' }],
      [preparer, 'PATCH', `${E}/tax-settings`, { tfn: '123456782' }],
      [preparer, 'PATCH', `${E}/bank-accounts`, { bank_bsb: '062000' }],
      [preparer, 'PATCH', `${E}/pension`, { super_usi: 'STA0100AU' }],
      [preparer, 'PUT', `${E}/cost-centre`, { cost_centre_code: 'OPS' }],
      [preparer, 'DELETE', `${E}/cost-centre`, undefined],
      [admin, 'POST', `${E}/end-employment`, {}],
      [admin, 'DELETE', E, undefined],
    ];
    for (const [key, method, path, body] of writes) {
      const r = await api.call(method, path, { key, reason: REASON, body });
      assert.equal(r.status, 404, `${method} ${path}`);
    }
    const dee = ok(await api.call('GET', E)).data;
    assert.deepEqual(
      [dee.position, dee.cost_centre_code, dee.status, dee.statutory.au.tfn_attested],
      [null, 'ROAST', 'active', false],
    );
  });

  test('writes to an in-scope employee go through', async () => {
    const preparer = await userToken({ role: 'preparer', scope: { cost_centres: ['OPS-*'] } });
    const r = await api.call('PATCH', `/v1/tenants/${t}/employees/${ids.Cal}`, {
      key: preparer,
      reason: REASON,
      body: { position: 'Supervisor' },
    });
    assert.equal(ok(r).data.position, 'Supervisor');
    ok(
      await api.call('PUT', `/v1/tenants/${t}/employees/${ids.Cal}/cost-centre`, {
        key: preparer,
        reason: REASON,
        body: { cost_centre_code: 'OPS-MEL' },
      }),
    );
    ok(
      await api.call('PUT', `/v1/tenants/${t}/employees/${ids.Cal}/cost-centre`, {
        key: preparer,
        reason: REASON,
        body: { cost_centre_code: 'OPS' },
      }),
    );
  });

  test('a scoped caller cannot move an employee out of its own scope', async () => {
    const preparer = await userToken({ role: 'preparer', scope: { cost_centres: ['OPS-*'] } });
    const out = await api.call('PUT', `/v1/tenants/${t}/employees/${ids.Ben}/cost-centre`, {
      key: preparer,
      reason: REASON,
      body: { cost_centre_code: 'ROAST' },
    });
    assert.equal(out.status, 403);
    const unassign = await api.call('DELETE', `/v1/tenants/${t}/employees/${ids.Ben}/cost-centre`, {
      key: preparer,
      reason: REASON,
    });
    assert.equal(
      unassign.status,
      403,
      'with no rule to place Ben, removing the assignment would drop him out of scope',
    );
    assert.equal(ok(await api.call('GET', `/v1/tenants/${t}/employees/${ids.Ben}`)).data.cost_centre_code, 'OPS-MEL');
  });
});

describe('employee-pinned tokens', () => {
  test('a pinned token lists only its employee and gets 404 for a colleague', async () => {
    const token = await userToken({ employee_id: ids.Amy });
    const list = ok(await api.call('GET', `/v1/tenants/${t}/employees`, { key: token }));
    assert.deepEqual(
      list.data.map((e: { id: string }) => e.id),
      [ids.Amy],
    );
    assert.equal(list.has_more, false);
    assert.equal((await api.call('GET', `/v1/tenants/${t}/employees/${ids.Amy}`, { key: token })).status, 200);
    for (const path of ['', '/readiness', '/tax-settings']) {
      const r = await api.call('GET', `/v1/tenants/${t}/employees/${ids.Ben}${path}`, { key: token });
      assert.equal(r.status, 404, path);
    }
  });

  test('a pinned embed token behaves the same', async () => {
    const token = ok(
      await api.call('POST', `/v1/tenants/${t}/embed/token`, {
        body: { components: ['employee-detail'], employee_id: ids.Eve },
      }),
      201,
    ).data.token;
    assert.deepEqual(await names(token), ['Eve']);
    assert.equal((await api.call('GET', `/v1/tenants/${t}/employees/${ids.Fin}`, { key: token })).status, 404);
  });

  test('a pinned token with a scope that excludes its own employee sees nothing', async () => {
    const token = await userToken({ employee_id: ids.Dee, scope: { cost_centres: ['OPS-*'] } });
    assert.deepEqual(await names(token), []);
    assert.equal((await api.call('GET', `/v1/tenants/${t}/employees/${ids.Dee}`, { key: token })).status, 404);
  });
});

describe('failing closed where rows carry no scope dimension', () => {
  let bare: string;
  let someone: string;
  const tenantWith = async (name: string, staff: Record<string, string | null>) => {
    const id = ok(
      await api.call('POST', '/v1/partners/tenants', {
        body: { name, jurisdiction: 'AU', engine: 'payroll_engine_au' },
      }),
      201,
    ).data.tenant.id;
    const made: Record<string, string> = {};
    for (const [first, site] of Object.entries(staff)) {
      made[first] = ok(
        await api.call('POST', `/v1/tenants/${id}/employees`, {
          reason: REASON,
          body: { first_name: first, last_name: 'Bare', site, statutory: { au: { no_number_reason: 'applied_for' } } },
        }),
        201,
      ).data.id;
    }
    return { id, made };
  };
  before(async () => {
    const b = await tenantWith('No Centres Co', { Ivy: null, Jon: null, Kai: null });
    bare = b.id;
    someone = b.made.Kai;
  });

  for (const scope of [
    { cost_centres: ['OPS-*'] },
    { sites: ['Sydney'] },
    { cost_centres: ['OPS'], sites: ['Sydney'] },
  ]) {
    test(`with no cost centres and no sites, a caller scoped to ${JSON.stringify(scope)} gets an empty page with scope_not_enforceable: true`, async () => {
      const token = await userToken({ scope }, bare);
      const r = ok(await api.call('GET', `/v1/tenants/${bare}/employees`, { key: token }));
      assert.deepEqual(r.data, []);
      assert.equal(r.scope_not_enforceable, true);
      assert.equal(r.has_more, false);
      assert.equal(r.next_cursor, null);
      const ev = ok(await api.call('GET', `/v1/tenants/${bare}/governance/evidence/${r.evidence_id}`)).data;
      assert.equal(ev.decision.scope_not_enforceable, true);
      assert.equal((await api.call('GET', `/v1/tenants/${bare}/employees/${someone}`, { key: token })).status, 404);
    });
  }

  test('unscoped callers still see every row there, with scope_not_enforceable false', async () => {
    for (const key of [api.partner.key, await userToken({}, bare)]) {
      const r = ok(await api.call('GET', `/v1/tenants/${bare}/employees`, { key }));
      assert.equal(r.data.length, 3);
      assert.equal(r.scope_not_enforceable, false);
    }
  });

  test('where rows carry sites but no cost centres, a site scope is enforced and a cost-centre scope is not', async () => {
    const { id, made } = await tenantWith('Sites Only Co', { Lou: 'Sydney', Max: 'Perth', Ned: null });
    const bySite = await userToken({ scope: { sites: ['Sydney'] } }, id);
    const listed = ok(await api.call('GET', `/v1/tenants/${id}/employees`, { key: bySite }));
    assert.deepEqual(
      listed.data.map((e: { first_name: string }) => e.first_name),
      ['Lou'],
    );
    assert.equal(listed.scope_not_enforceable, false);
    assert.equal((await api.call('GET', `/v1/tenants/${id}/employees/${made.Lou}`, { key: bySite })).status, 200);
    assert.equal((await api.call('GET', `/v1/tenants/${id}/employees/${made.Ned}`, { key: bySite })).status, 404);
    const byCentre = await userToken({ scope: { cost_centres: ['OPS'] } }, id);
    const closed = ok(await api.call('GET', `/v1/tenants/${id}/employees`, { key: byCentre }));
    assert.deepEqual([closed.data.length, closed.scope_not_enforceable], [0, true]);
  });

  test('where centres exist but no employee is placed in one, a cost-centre scope is not enforceable', async () => {
    const { id } = await tenantWith('Unplaced Co', { Oli: null, Pia: null });
    ok(
      await api.call('POST', `/v1/tenants/${id}/cost-centres`, {
        reason: REASON,
        body: { code: 'OPS', name: 'Operations' },
      }),
      201,
    );
    const r = ok(
      await api.call('GET', `/v1/tenants/${id}/employees`, {
        key: await userToken({ scope: { cost_centres: ['OPS'] } }, id),
      }),
    );
    assert.deepEqual([r.data.length, r.scope_not_enforceable], [0, true]);
  });
});

describe('scope on every write path', () => {
  let pt: string;
  let runId: string;
  const staff: Record<string, string> = {};
  const P = (p: string) => `/v1/tenants/${pt}${p}`;
  const hourly = (first: string, cost_centre_code: string) =>
    api.call('POST', P('/employees'), {
      reason: REASON,
      body: {
        first_name: first,
        last_name: 'Hourly',
        cost_centre_code,
        employment: { type: 'casual', hourly_rate: 30, pay_frequency: 'weekly', start_date: '2024-01-01' },
        statutory: { au: { no_number_reason: 'applied_for' } },
      },
    });
  const runState = async () => {
    const entries = ok(await api.call('GET', P(`/pay-runs/${runId}/entries`))).data;
    const run = ok(await api.call('GET', P(`/pay-runs/${runId}`))).data;
    return { entries, totals: run.totals };
  };

  before(async () => {
    pt = ok(
      await api.call('POST', '/v1/partners/tenants', {
        body: { name: 'Scoped Payroll Co', jurisdiction: 'AU', engine: 'payroll_engine_au' },
      }),
      201,
    ).data.tenant.id;
    for (const cc of [
      { code: 'OPS', name: 'Operations' },
      { code: 'OPS-SYD', name: 'Sydney', parent_code: 'OPS', site: 'Sydney' },
      { code: 'ROAST', name: 'Roastery', site: 'Sydney' },
      { code: 'OLD', name: 'Archived', status: 'archived' },
    ])
      ok(await api.call('POST', P('/cost-centres'), { reason: REASON, body: cc }), 201);
    staff.Inside = ok(await hourly('Inside', 'OPS-SYD'), 201).data.id;
    staff.Outside = ok(await hourly('Outside', 'ROAST'), 201).data.id;
    runId = ok(
      await api.call('POST', P('/pay-runs'), {
        reason: REASON,
        body: {
          period_start: '2026-11-02',
          period_end: '2026-11-08',
          payment_date: '2026-11-10',
          pay_frequency: 'weekly',
        },
      }),
      201,
    ).data.pay_run.id;
  });

  test('a partner key places a hire in its cost centre on create', async () => {
    const e = ok(await api.call('GET', P(`/employees/${staff.Inside}`))).data;
    assert.equal(e.cost_centre_code, 'OPS-SYD');
    assert.equal(e.site, 'Sydney');
  });

  test('a scoped preparer adds entries for employees in its scope, and an out-of-scope one is 404, changing nothing', async () => {
    const preparer = await userToken({ role: 'preparer', scope: { cost_centres: ['OPS-*'] } }, pt);
    const before = await runState();
    const out = await api.call('POST', P(`/pay-runs/${runId}/entries`), {
      key: preparer,
      reason: REASON,
      body: { employee_id: staff.Outside, items: [{ type: 'ordinary_hours', hours: 38 }] },
    });
    assert.equal(out.status, 404, out.text);
    assert.equal(out.body.error.code, 'not_found');
    assert.ok(!out.text.includes('Outside'), 'nothing of the employee is answered');
    assert.deepEqual(await runState(), before);
    const inside = await api.call('POST', P(`/pay-runs/${runId}/entries`), {
      key: preparer,
      reason: REASON,
      body: { employee_id: staff.Inside, items: [{ type: 'ordinary_hours', hours: 38 }] },
    });
    assert.equal(ok(inside).data.entry.employee_id, staff.Inside);
  });

  test('a scoped preparer imports timesheet rows only for its scope: another employee reads as no such employee', async () => {
    const preparer = await userToken({ role: 'preparer', scope: { cost_centres: ['OPS-*'] } }, pt);
    const before = await runState();
    const outOfScope = await api.call('POST', P(`/pay-runs/${runId}/timesheets`), {
      key: preparer,
      reason: REASON,
      body: { rows: [{ employee_id: staff.Outside, date: '2026-11-03', hours: 8 }] },
    });
    const missing = await api.call('POST', P(`/pay-runs/${runId}/timesheets`), {
      key: preparer,
      reason: REASON,
      body: { rows: [{ employee_id: 'emp_0000000000000000', date: '2026-11-03', hours: 8 }] },
    });
    assert.equal(outOfScope.status, missing.status, outOfScope.text);
    assert.deepEqual(
      outOfScope.body.error.errors,
      missing.body.error.errors,
      'indistinguishable from no such employee',
    );
    const mixed = await api.call('POST', P(`/pay-runs/${runId}/timesheets`), {
      key: preparer,
      reason: REASON,
      body: {
        rows: [
          { employee_id: staff.Inside, date: '2026-11-03', hours: 8 },
          { employee_id: staff.Outside, date: '2026-11-03', hours: 8 },
        ],
      },
    });
    assert.equal(mixed.status, 400);
    assert.deepEqual(
      mixed.body.error.errors.map((e: { path: string }) => e.path),
      ['rows[1].employee_id'],
    );
    assert.ok(!JSON.stringify(outOfScope.body).includes('Outside'));
    assert.deepEqual(await runState(), before, 'nothing applied');
    const inside = await api.call('POST', P(`/pay-runs/${runId}/timesheets`), {
      key: preparer,
      reason: REASON,
      body: { rows: [{ employee_id: staff.Inside, date: '2026-11-03', hours: 8 }] },
    });
    assert.equal(ok(inside).data.employees, 1);
  });

  test('a scoped preparer creates employees inside its scope, with cost_centre_code or site', async () => {
    const preparer = await userToken({ role: 'preparer', scope: { cost_centres: ['OPS-*'] } }, pt);
    const made = ok(
      await api.call('POST', P('/employees'), {
        key: preparer,
        reason: REASON,
        body: {
          first_name: 'New',
          last_name: 'Barista',
          cost_centre_code: 'OPS-SYD',
          statutory: { au: { no_number_reason: 'applied_for' } },
        },
      }),
      201,
    ).data;
    assert.equal(made.cost_centre_code, 'OPS-SYD');
    assert.equal(ok(await api.call('GET', P(`/employees/${made.id}`), { key: preparer })).data.id, made.id);
    const bySite = await userToken({ role: 'preparer', scope: { sites: ['Sydney'] } }, pt);
    assert.equal(
      ok(
        await api.call('POST', P('/employees'), {
          key: bySite,
          reason: REASON,
          body: {
            first_name: 'Site',
            last_name: 'Hire',
            site: 'Sydney',
            statutory: { au: { no_number_reason: 'applied_for' } },
          },
        }),
        201,
      ).data.site,
      'Sydney',
    );
  });

  test('a hire the scoped caller would not reach is 403 and nobody is created; an unknown or archived centre 422', async () => {
    const preparer = await userToken({ role: 'preparer', scope: { cost_centres: ['OPS-*'] } }, pt);
    const count = async () => ok(await api.call('GET', P('/employees?limit=200'))).data.length;
    const before = await count();
    for (const body of [{}, { cost_centre_code: 'ROAST' }, { cost_centre_code: null }]) {
      const r = await api.call('POST', P('/employees'), {
        key: preparer,
        reason: REASON,
        body: { first_name: 'Out', last_name: 'Side', statutory: { au: { no_number_reason: 'applied_for' } }, ...body },
      });
      assert.equal(r.status, 403, JSON.stringify(body));
    }
    for (const code of ['NOPE', 'OLD']) {
      const r = await api.call('POST', P('/employees'), {
        reason: REASON,
        body: {
          first_name: 'Bad',
          last_name: 'Centre',
          cost_centre_code: code,
          statutory: { au: { no_number_reason: 'applied_for' } },
        },
      });
      assert.equal(r.status, 422, code);
      assert.equal(r.body.error.errors[0].path, 'cost_centre_code');
    }
    assert.equal(await count(), before);
  });
});

describe('scope decides first', () => {
  const NOBODY = 'emp_0000000000000000';

  test('a scoped admin cannot pin a token to an employee outside its scope, and hears what it would for no employee', async () => {
    const admin = await userToken({ role: 'admin', scope: { cost_centres: ['OPS-SYD'] } });
    const pin = (employee_id: string) =>
      api.call('POST', `/v1/tenants/${t}/users/token`, { key: admin, body: { role: 'viewer', employee_id } });
    const outside = await pin(ids.Dee);
    const missing = await pin(NOBODY);
    assert.equal(outside.status, 400, outside.text);
    const anonymous = (r: Reply) => JSON.stringify(r.body.error).replaceAll(ids.Dee, '<id>').replaceAll(NOBODY, '<id>');
    assert.equal(anonymous(outside), anonymous(missing), 'an out-of-scope employee answers as one that does not exist');
    assert.equal((await pin(ids.Amy)).status, 201, 'an employee in scope may be pinned');
  });

  test('a pinned token is 404 for a colleague on every route that names an employee, never 403', async () => {
    const { allRoutes } = await import('../../api/routes/index.ts');
    const embed = ok(
      await api.call('POST', `/v1/tenants/${t}/embed/token`, { body: { components: ['*'], employee_id: ids.Amy } }),
      201,
    ).data.token;
    const user = await userToken({ role: 'admin', employee_id: ids.Amy });
    const refused: string[] = [];
    let walked = 0;
    for (const route of allRoutes().filter((r) => r.path.includes('{employeeId}'))) {
      const p = route.path
        .replace('{tenantId}', t)
        .replace('{employeeId}', ids.Ben)
        .replace('{payRunId}', 'pr_0000000000000000')
        .replace(/\{\w+\}/g, 'x');
      for (const [kind, key] of [
        ['embed', embed],
        ['user', user],
      ]) {
        const method = route.method.toUpperCase();
        const r = await api.call(method, p, { key, reason: REASON, ...(method === 'GET' ? {} : { body: {} }) });
        walked++;
        if (r.status !== 404) refused.push(`${kind} ${method} ${route.path}: ${r.status}`);
      }
    }
    assert.ok(walked >= 40, `walked ${walked}`);
    assert.deepEqual(refused, []);
  });

  test('a body naming an employee outside the scope is 404 before the body is validated', async () => {
    const preparer = await userToken({ role: 'preparer', scope: { cost_centres: ['OPS-SYD'] } });
    // Invalid on purpose: no leave type, no start date.
    const ask = (employee_id: string) =>
      api.call('POST', `/v1/tenants/${t}/leave/requests`, { key: preparer, reason: REASON, body: { employee_id } });
    const outside = await ask(ids.Dee);
    assert.equal(outside.status, 404, outside.text);
    assert.equal(JSON.stringify((await ask(NOBODY)).body.error), JSON.stringify(outside.body.error));
    assert.equal((await ask(ids.Amy)).status, 400, 'in scope, the validation speaks');
    const book = await api.call('POST', `/v1/tenants/${t}/leave/book`, {
      key: preparer,
      reason: REASON,
      body: { employee_id: ids.Dee, hours: 'many' },
    });
    assert.equal(book.status, 404, book.text);
  });
});
