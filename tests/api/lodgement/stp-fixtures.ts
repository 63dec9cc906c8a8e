// An AU employer ready to lodge single-touch payroll: payer details on the company, employees with
// addresses, and helpers to submit a run and wait for the sandbox rail's answer.
import assert from 'node:assert/strict';
import { REASON, type CallOpts, type TestApi } from '../../helpers/api.ts';
import {
  createTenant,
  draftRun,
  expectStatus,
  hireAu,
  runPath,
  runToFinalised,
  type AuHire,
  type PeriodInput,
  type TenantRef,
} from '../../helpers/payroll-fixtures.ts';

export const PAYER = {
  legal_name: 'Fixture Roasters Pty Ltd',
  abn: '51824753556',
  branch: '001',
  payroll_contact: { name: 'Pat Payroll', email: 'payroll@fixture.example', phone: '+61 2 9000 0000' },
  address: { line1: '1 Test Street', locality: 'Sydney', state: 'NSW', postcode: '2000', country: 'AU' },
};

export const HOME = { line1: '7 Home Lane', locality: 'Newtown', state: 'NSW', postcode: '2042', country: 'AU' };

export async function stpTenant(api: TestApi, company: Record<string, unknown> = PAYER): Promise<TenantRef> {
  const t = await createTenant(api);
  expectStatus(
    await api.call('PATCH', `/v1/tenants/${t.id}/company`, { body: company, reason: REASON }),
    200,
    'company',
  );
  return t;
}

/** Hires an AU employee with a home address (unless `address: null`). */
export async function hireWithAddress(
  api: TestApi,
  t: TenantRef,
  h: AuHire & { address?: Record<string, unknown> | null },
): Promise<string> {
  const id = await hireAu(api, t, h);
  if (h.address !== null)
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${id}`, {
        body: { address: h.address ?? HOME },
        reason: REASON,
      }),
      200,
      'address',
    );
  return id;
}

export async function finalisedRun(api: TestApi, t: TenantRef, period: PeriodInput): Promise<string> {
  const run = await draftRun(api, t, period);
  await runToFinalised(api, t, run.id);
  return run.id;
}

/** The payer's declaration every submission carries (the date is the day the API receives it). */
export const DECLARATION = { name: 'Pat Payroll', accepted: true };

export const submit = (api: TestApi, t: TenantRef, runId: string, opts: CallOpts = {}) =>
  api.call('POST', runPath(t, runId, '/submit'), { body: { declaration: DECLARATION }, reason: REASON, ...opts });

const TERMINAL = ['accepted', 'accepted_with_warnings', 'rejected'];

/** Polls a lodgement until the rail has answered; returns it. */
export async function waitForRail(api: TestApi, t: TenantRef, id: string, timeoutMs = 5000): Promise<any> {
  const until = Date.now() + timeoutMs;
  const seen: string[] = [];
  for (;;) {
    const l = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/lodgements/${id}`), 200, 'lodgement').data;
    if (seen[seen.length - 1] !== l.status) seen.push(l.status);
    if (TERMINAL.includes(l.status)) return { ...l, seen };
    if (Date.now() > until) assert.fail(`lodgement ${id} still ${l.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export async function payloadOf(api: TestApi, t: TenantRef, id: string, key?: string) {
  const r = await api.call('GET', `/v1/tenants/${t.id}/lodgements/${id}/payload`, key ? { key } : {});
  return { ...r, json: expectStatus(r, 200, 'payload') };
}
