// Lodgements report every payee of the company (their count, names and figures): a token with a data scope
// must not read them through a lodgement while its pay runs and reports show it only its own employees. Every
// lodgement route answers such a token 403 with the reason, and nothing is submitted for it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import { expectStatus, fortnight, runPath, type TenantRef } from '../../helpers/payroll-fixtures.ts';
import { finalisedRun, hireWithAddress, payloadOf, stpTenant, submit, waitForRail } from './stp-fixtures.ts';

let api: TestApi;
let t: TenantRef;
let runId: string;
let lodgementId: string;

before(async () => {
  api = await startTestApi();
  t = await stpTenant(api);
  expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/cost-centres`, { reason: REASON, body: { code: 'OPS', name: 'Ops' } }),
    201,
    'cost centre',
  );
  const inScope = await hireWithAddress(api, t, { pay_frequency: 'fortnightly' });
  await hireWithAddress(api, t, { pay_frequency: 'fortnightly' });
  expectStatus(
    await api.call('PUT', `/v1/tenants/${t.id}/employees/${inScope}/cost-centre`, {
      reason: REASON,
      body: { cost_centre_code: 'OPS' },
    }),
    200,
    'assign',
  );
  runId = await finalisedRun(api, t, fortnight(0));
  lodgementId = expectStatus(await submit(api, t, runId), 202, 'submit').data.id;
  await waitForRail(api, t, lodgementId);
});
after(async () => {
  await api.close();
});

test('a data-scoped token is refused on every lodgement route, with the reason', async () => {
  const scoped = expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/users/token`, {
      body: { role: 'admin', user_id: 'lodgement-scoped', scope: { cost_centres: ['OPS'] } },
    }),
    201,
    'token',
  ).data.token;
  // Its own view of the run is its one employee; the lodgement's payload holds both.
  const own = expectStatus(await api.call('GET', runPath(t, runId), { key: scoped }), 200, 'run').data;
  assert.ok(own, 'the scoped token reads its part of the run');
  assert.equal((await payloadOf(api, t, lodgementId)).json.PAYEVNTEMP.length, 2);

  const routes: [string, string, unknown?][] = [
    ['GET', `/v1/tenants/${t.id}/lodgements/${lodgementId}/payload`],
    ['GET', `/v1/tenants/${t.id}/lodgements/${lodgementId}`],
    ['GET', runPath(t, runId, '/lodgements')],
    ['POST', runPath(t, runId, '/submit'), {}],
    ['POST', runPath(t, runId, '/lodge'), {}],
    ['POST', `/v1/tenants/${t.id}/stp/update-events`, { financial_year: 2026 }],
    ['POST', `/v1/tenants/${t.id}/stp/finalise-year`, { financial_year: 2026 }],
  ];
  const before = (await api.call('GET', runPath(t, runId, '/lodgements'))).body.data.length;
  for (const [method, url, body] of routes) {
    const r = await api.call(method, url, { key: scoped, reason: REASON, ...(body ? { body } : {}) });
    assert.equal(r.status, 403, `${method} ${url}: ${r.text.slice(0, 300)}`);
    assert.equal(r.body.error.code, 'forbidden');
    assert.match(r.body.error.message, /every employee of the company/);
  }
  assert.equal((await api.call('GET', runPath(t, runId, '/lodgements'))).body.data.length, before);
});
