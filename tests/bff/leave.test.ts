// An employee's own leave through the host: their token is pinned to them (reads only their own leave,
// writes nothing itself), and the host sends their request with the partner key for them alone.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startLiveApi, type LiveApi } from '../helpers/live-api.ts';
import { startTestBff, signIn, claims, MARCUS, type RunningBff, json } from './support.ts';

let api: LiveApi;
let bff: RunningBff;
const OLIVIA = 'usr_host_olivia';

before(async () => {
  api = await startLiveApi();
  bff = await startTestBff({ apiUrl: api.url, partnerKey: api.partnerKey });
});
after(async () => {
  await bff.close();
  await api.close();
});

const send = (cookie: string | null, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${bff.url}/bff/leave-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    body: JSON.stringify(body),
  });

describe("an employee's leave through the host", () => {
  test("the employee's token is pinned to their employee record", async () => {
    const cookie = await signIn(bff.url, OLIVIA);
    const res = await fetch(`${bff.url}/bff/session`, { method: 'POST', headers: { cookie } });
    const token = (await json(res)).data.token;
    const employee = claims(token).emp ?? claims(token).employee_id;
    assert.match(String(employee), /^emp_/);
    // It reads their own requests only and may not write at tenant level itself.
    const own = await fetch(`${api.url}/v1/tenants/harbour-coffee/leave-balances`, {
      headers: { authorization: `Bearer ${token}`, origin: bff.url },
    });
    assert.equal(own.status, 200);
    assert.ok((await json(own)).data.every((b: { employee_id: string }) => b.employee_id === employee));
  });

  test('the host creates the request for the signed-in employee, whatever employee the body names', async () => {
    const cookie = await signIn(bff.url, OLIVIA);
    const res = await send(cookie, {
      employee_id: 'emp_0000000000000000',
      leave_type: 'unpaid',
      start_date: '2027-03-01',
      reason: 'Moving house',
    });
    assert.equal(res.status, 201);
    const body = await json(res);
    assert.equal(body.data.status, 'pending');
    assert.notEqual(body.data.employee_id, 'emp_0000000000000000');
    assert.equal(body.data.employee_name, 'Olivia Bennett');
  });

  test('someone who is not on the payroll, nobody signed in, and another origin are refused', async () => {
    const marcus = await signIn(bff.url, MARCUS);
    const notEmployee = await send(marcus, { leave_type: 'annual', start_date: '2027-03-01' });
    assert.equal(notEmployee.status, 403);
    assert.equal((await json(notEmployee)).error.code, 'not_an_employee');
    assert.equal((await send(null, { leave_type: 'annual', start_date: '2027-03-01' })).status, 401);
    const olivia = await signIn(bff.url, OLIVIA);
    const foreign = await send(
      olivia,
      { leave_type: 'annual', start_date: '2027-03-01' },
      {
        origin: 'https://evil.example',
      },
    );
    assert.equal(foreign.status, 403);
  });
});
