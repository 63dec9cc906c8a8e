// The authorization matrix: every registered route × every kind of credential, with the expected answer derived
// from the route's policy entry (api/http/policy.ts), never from a list of paths — a new route is covered the moment
// it is registered. One seeded AU tenant with a draft and a finalised run and real ids for every path parameter, so
// an allowed request cannot be mistaken for a refused one.
//
// The first layer stops every request before any effect: governed writes go without a governance reason and
// every write sends a body its schema refuses (`[]`), so an allowed write answers 400 (or 409/422/501) after the
// policy has let it through, while a refused one answers 401, 403 or the 404 of isolation. The second layer sends
// valid bodies where scope decides (data scope on employees in the path or the body, and money-moving duties).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decodeJwt } from 'jose';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  expectStatus,
  fortnight,
  hireAu,
  runPath,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import {
  fillPath,
  isWrite,
  mentionsProperty,
  operations,
  sampleFromSchema,
  type Operation,
} from '../helpers/openapi-requests.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import { COMPONENTS } from '../../api/http/policy.ts';
import { ROLES, type Role } from '../../api/model/caller.ts';
import { createKey } from '../../api/services/platform/partner-keys.ts';

const clock = new ManualClock(new Date('2026-11-21T09:00:00.000Z'));
const ORIGIN = 'https://app.partner.example';
const FOREIGN_ORIGIN = 'https://evil.example';
const CONCURRENCY = 6;

let api: TestApi;
let tenant: TenantRef;
/** Real ids for every path parameter name; a route with a parameter not named here fails loudly. */
const params: Record<string, string> = {};
/** A webhook endpoint per credential for the DELETE probe, which really deletes: the others keep `endpointId`. */
const doomedEndpoints: Record<string, string> = {};
const ids = {
  inScope: '', // employee A, cost centre OPS: the employee every path names
  colleague: '', // employee B, cost centre OPS: the employee the "pinned to another" token is pinned to
  outOfScope: '', // employee C, cost centre FIN
  draft: '',
  finalised: '',
  liveTenant: '',
  sisterTenant: '',
};
/** Runs in each signing-off state, only for the money-moving duty checks of the second layer. */
const dutyRuns: string[] = [];
const ops = operations();

// ---- credentials ------------------------------------------------------------------------------------------

type Kind = 'none' | 'partner' | 'embed' | 'user';

interface Cred {
  name: string;
  kind: Kind;
  /** The bearer to send for an operation (embed tokens carry the operation's own component). */
  bearer: (op: Operation) => string | null;
  headers?: Record<string, string>;
  /** Sent to this tenant instead of the fixture tenant. */
  tenantId?: () => string;
  /** The credential is dead or missing: every non-public route is 401. */
  unauthenticated?: boolean;
  /** The credential belongs elsewhere (another partner, environment or tenant): tenant routes are 404. */
  foreignTenant?: boolean;
  /** Another partner: the fixture partner's own keys and sessions are 404 too. */
  foreignPartner?: boolean;
  role?: Role;
  components?: (op: Operation) => string[];
  /** Pinned to the employee every path names, or to a colleague of theirs. */
  pinned?: 'self' | 'colleague';
  /** Holds a data scope: routes covering the whole company are not for it. */
  scoped?: boolean;
  /** The request comes from an origin the credential may not be used from. */
  wrongOrigin?: boolean;
  /** Why the expectation may fail today (the issue item another branch fixes). */
  todo?: string;
  /** Also asks the public routes, which must answer whatever the credential. */
  publicProbe?: boolean;
}

/** Bearers by name, minted once the fixture exists. */
const bearers: Record<string, string> = {};
const byComponent = new Map<string, string>();

async function embed(body: Record<string, unknown>, key = api.partner.key, tenantId = tenant.id): Promise<string> {
  const r = await api.call('POST', `/v1/tenants/${tenantId}/embed/token`, { body, key });
  return expectStatus(r, 201, 'mint embed token').data.token;
}
async function user(body: Record<string, unknown>, key = api.partner.key): Promise<{ token: string; session: string }> {
  const r = await api.call('POST', `/v1/tenants/${tenant.id}/users/token`, { body, key });
  const d = expectStatus(r, 201, 'mint user token').data;
  return { token: d.token, session: d.session_id };
}

/** A component no route's allowlist lists: an embed token holding only it may read but write nothing. */
const UNUSED_COMPONENT = (() => {
  const used = new Set(ops.flatMap((o) => (o.policy === 'public' ? [] : o.policy.components)));
  const c = COMPONENTS.find((x) => !used.has(x));
  assert.ok(c, 'some component is listed by no route');
  return c;
})();
/** The component that lets a token use this route (a component-gated write), or the unused one. */
const componentFor = (op: Operation) =>
  op.policy !== 'public' && op.policy.componentGated ? op.policy.components[0] : UNUSED_COMPONENT;

const named = (name: string) => () => bearers[name];

const CREDS: Cred[] = [
  { name: 'no credential', kind: 'none', bearer: () => null, unauthenticated: true, publicProbe: true },
  { name: "partner key of the tenant's partner", kind: 'partner', bearer: () => api.partner.key },
  {
    name: 'partner key of another partner',
    kind: 'partner',
    bearer: named('other'),
    foreignTenant: true,
    foreignPartner: true,
  },
  {
    name: 'live key of the same partner, on a sandbox tenant',
    kind: 'partner',
    bearer: named('live'),
    foreignTenant: true,
  },
  {
    name: 'sandbox key, on a live tenant',
    kind: 'partner',
    bearer: () => api.partner.key,
    tenantId: () => ids.liveTenant,
    foreignTenant: true,
  },
  {
    name: "embed token holding the route's component",
    kind: 'embed',
    bearer: (op) => byComponent.get(componentFor(op))!,
    components: (op) => [componentFor(op)],
  },
  {
    name: "embed token without the route's component",
    kind: 'embed',
    bearer: () => byComponent.get(UNUSED_COMPONENT)!,
    components: () => [UNUSED_COMPONENT],
  },
  {
    name: 'embed token of a sister tenant',
    kind: 'embed',
    bearer: named('sister'),
    foreignTenant: true,
    components: () => ['*'],
  },
  {
    name: 'embed token pinned to the employee in the path',
    kind: 'embed',
    bearer: named('pinnedSelf'),
    components: () => ['*'],
    pinned: 'self',
  },
  {
    name: 'embed token pinned to another employee',
    kind: 'embed',
    bearer: named('pinnedColleague'),
    components: () => ['*'],
    pinned: 'colleague',
  },
  ...ROLES.map((role): Cred => ({
    name: `user token, ${role}`,
    kind: 'user',
    bearer: named(role),
    role,
    components: () => ['*'],
  })),
  {
    name: 'user token, admin with a data scope covering the employee in the path',
    kind: 'user',
    bearer: named('scoped'),
    role: 'admin',
    components: () => ['*'],
    scoped: true,
  },
  {
    name: 'origin-bound token, from another origin',
    kind: 'embed',
    bearer: named('bound'),
    headers: { origin: FOREIGN_ORIGIN },
    components: () => ['*'],
    wrongOrigin: true,
  },
  {
    name: 'token with no origin binding, from a foreign origin',
    kind: 'embed',
    bearer: named('unbound'),
    headers: { origin: FOREIGN_ORIGIN },
    components: () => ['*'],
    wrongOrigin: true,
  },
  { name: 'revoked partner key', kind: 'partner', bearer: named('revokedKey'), unauthenticated: true },
  { name: 'token minted by a revoked key', kind: 'embed', bearer: named('orphan'), unauthenticated: true },
  {
    name: 'token of a revoked session',
    kind: 'embed',
    bearer: named('revoked'),
    unauthenticated: true,
    publicProbe: true,
  },
  { name: 'expired token', kind: 'embed', bearer: named('expired'), unauthenticated: true },
  {
    name: 'token minted by a user token whose session was then revoked',
    kind: 'user',
    bearer: named('child'),
    unauthenticated: true,
  },
];

// ---- fixture ----------------------------------------------------------------------------------------------

before(async () => {
  api = await startTestApi({ clock });
  tenant = await createTenant(api, { jurisdiction: 'AU', engine: 'payroll_engine_au' });
  for (const cc of [
    { code: 'OPS', name: 'Operations' },
    { code: 'FIN', name: 'Finance' },
  ])
    expectStatus(await api.call('POST', `/v1/tenants/${tenant.id}/cost-centres`, { body: cc, reason: REASON }), 201);
  const hire = async (cc: string, first: string) => {
    const id = await hireAu(api, tenant, { pay_frequency: 'fortnightly', first_name: first, last_name: 'Matrix' });
    expectStatus(
      await api.call('PUT', `/v1/tenants/${tenant.id}/employees/${id}/cost-centre`, {
        body: { cost_centre_code: cc },
        reason: REASON,
      }),
      200,
    );
    return id;
  };
  ids.inScope = await hire('OPS', 'Ada');
  ids.colleague = await hire('OPS', 'Bo');
  ids.outOfScope = await hire('FIN', 'Cyrus');

  const toState = async (n: number, steps: ('preview' | 'approve' | 'finalise')[]) => {
    const run = await draftRun(api, tenant, fortnight(n));
    for (const step of steps)
      expectStatus(
        await api.call('POST', runPath(tenant, run.id, `/${step}`), { body: {}, reason: REASON }),
        200,
        `${step} run ${n}`,
      );
    return run.id as string;
  };
  ids.finalised = await toState(0, ['preview', 'approve', 'finalise']);
  ids.draft = await toState(1, []);
  // An exception to acknowledge on the draft: 130 hours in a fortnight is unusually many.
  expectStatus(
    await api.call('POST', runPath(tenant, ids.draft, '/entries'), {
      body: { employee_id: ids.inScope, items: [{ type: 'ordinary_hours', hours: '130' }] },
      reason: REASON,
    }),
    200,
  );
  const exceptionId = expectStatus(await api.call('GET', runPath(tenant, ids.draft, '/exceptions')), 200).data[0].id;
  dutyRuns.push(
    await toState(2, ['preview']),
    await toState(3, ['preview', 'approve']),
    await toState(4, ['preview', 'approve', 'finalise']),
  );

  // A single-touch payroll lodgement to read: payer details, payees' addresses and a fifth run submitted.
  expectStatus(
    await api.call('PATCH', `/v1/tenants/${tenant.id}/company`, {
      body: {
        legal_name: 'Matrix Pty Ltd',
        payroll_contact: { name: 'Matrix Payroll', email: 'payroll@matrix.example', phone: '0290000000' },
      },
      reason: REASON,
    }),
    200,
  );
  for (const id of [ids.inScope, ids.colleague, ids.outOfScope])
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${tenant.id}/employees/${id}`, {
        body: { address: { line1: '1 Matrix Way', locality: 'Sydney', state: 'NSW', postcode: '2000', country: 'AU' } },
        reason: REASON,
      }),
      200,
    );
  const lodgementId = expectStatus(
    await api.call('POST', runPath(tenant, await toState(5, ['preview', 'approve', 'finalise']), '/submit'), {
      body: { declaration: { name: 'Matrix Payroll', accepted: true } },
      reason: REASON,
    }),
    202,
  ).data.id;

  // A record about the employee every path names: readable by whoever may see that employee, and by no one else.
  const evidence = (
    await api.call('GET', `/v1/tenants/${tenant.id}/governance/audit-trail?resource=${ids.inScope}&limit=1`)
  ).body.data[0];
  const mapping = expectStatus(
    await api.call('POST', `/v1/tenants/${tenant.id}/cost-centre-mappings`, {
      body: { source: 'employee', attribute: 'position', match_value: 'Barista', cost_centre_code: 'OPS' },
      reason: REASON,
    }),
    201,
  ).data;
  const schedule = expectStatus(
    await api.call('POST', `/v1/tenants/${tenant.id}/pay-schedules`, {
      body: { name: 'Matrix fortnightly', frequency: 'fortnightly', anchor_date: '2026-11-02' },
      reason: REASON,
    }),
    201,
  ).data;
  // `{code}` is OPS on every route naming one: a pay item of that code too.
  expectStatus(
    await api.call('POST', `/v1/tenants/${tenant.id}/pay-items`, {
      reason: REASON,
      body: { code: 'OPS', name: 'Operations bonus', base_code: 'BONUS' },
    }),
    201,
  );
  const site = expectStatus(
    await api.call('POST', `/v1/tenants/${tenant.id}/sites`, { body: { code: 'SYD', name: 'Sydney' }, reason: REASON }),
    201,
  ).data;
  const spareKey = expectStatus(await api.call('POST', '/v1/partners/keys', { body: {} }), 201).data;
  const spareSession = decodeJwt(await embed({ components: ['*'] })).jti!;
  const webhook = expectStatus(
    await api.call('POST', '/v1/partners/webhook-endpoints', {
      body: { url: 'http://127.0.0.1:9/matrix', event_types: ['webhook_endpoint.test'] },
    }),
    201,
  ).data;
  for (const c of CREDS)
    doomedEndpoints[c.name] = expectStatus(
      await api.call('POST', '/v1/partners/webhook-endpoints', {
        body: { url: 'http://127.0.0.1:9/matrix', event_types: ['webhook_endpoint.test'] },
      }),
      201,
    ).data.id;
  Object.assign(params, {
    endpointId: webhook.id,
    deliveryId: 'whd_matrix',
    bulkId: 'bulk_matrix',
    tenantId: tenant.id,
    employeeId: ids.inScope,
    evidenceId: evidence.id,
    code: 'OPS',
    id: mapping.id,
    bindingId: tenant.bindingId,
    keyId: spareKey.id,
    sessionId: spareSession,
    packCode: 'AU',
    file: 'theme-light.css',
    lodgementId,
    exceptionId,
    report: 'payroll-register',
    scheduleId: schedule.id,
    siteCode: site.code,
    kind: 'beitragsnachweis',
  });

  // Other worlds: another partner, the same partner's live environment, a sister tenant.
  bearers.other = (await api.newPartner('Matrix Stranger')).key;
  bearers.live = (await api.deps.store.transaction((r) => createKey(r, api.partner.id, 'live', clock.now()))).key;
  ids.liveTenant = expectStatus(
    await api.call('POST', '/v1/partners/tenants', {
      key: bearers.live,
      body: { name: 'Matrix Live Co', engine: 'payroll_engine_au' },
      headers: { 'idempotency-key': 'matrix-live-tenant' },
    }),
    201,
  ).data.tenant.id;
  ids.sisterTenant = expectStatus(
    await api.call('POST', '/v1/partners/tenants', { body: { name: 'Matrix Sister Co' } }),
    201,
  ).data.tenant.id;
  bearers.sister = await embed({ components: ['*'] }, api.partner.key, ids.sisterTenant);

  // Dead credentials: a revoked key, a token of a revoked key, a revoked session, an expired token, and a token
  // minted by a user token whose own session was then revoked.
  const doomedKey = expectStatus(await api.call('POST', '/v1/partners/keys', { body: {} }), 201).data;
  bearers.revokedKey = doomedKey.key;
  bearers.orphan = await embed({ components: ['*'] }, doomedKey.key);
  expectStatus(await api.call('DELETE', `/v1/partners/keys/${doomedKey.id}`), 200);
  bearers.revoked = await embed({ components: ['*'] });
  expectStatus(
    await api.call('POST', `/v1/partners/sessions/${decodeJwt(bearers.revoked).jti}/revoke`, { body: {} }),
    200,
  );
  clock.advance(-20 * 60_000);
  bearers.expired = await embed({ components: ['*'] });
  clock.advance(20 * 60_000);
  const parent = await user({ role: 'admin', user_id: 'matrix-root-admin' });
  bearers.child = expectStatus(
    await api.call('POST', `/v1/tenants/${tenant.id}/users/token`, {
      key: parent.token,
      body: { role: 'admin', user_id: 'matrix-child-admin' },
    }),
    201,
  ).data.token;
  expectStatus(await api.call('POST', `/v1/partners/sessions/${parent.session}/revoke`, { body: {} }), 200);

  for (const role of ROLES) bearers[role] = (await user({ role, user_id: `matrix-${role}` })).token;
  bearers.scoped = (await user({ role: 'admin', user_id: 'matrix-scoped', scope: { cost_centres: ['OPS'] } })).token;
  bearers.pinnedSelf = await embed({ components: ['*'], employee_id: ids.inScope });
  bearers.pinnedColleague = await embed({ components: ['*'], employee_id: ids.colleague });
  bearers.bound = await embed({ components: ['*'], origin: ORIGIN });
  bearers.unbound = await embed({ components: ['*'] });
  for (const c of new Set([UNUSED_COMPONENT, ...ops.map(componentFor)]))
    byComponent.set(c, await embed({ components: [c] }));
});

after(async () => {
  await api.close();
});

// ---- expectations -----------------------------------------------------------------------------------------

interface Expectation {
  /** null: the credential may use the route (any answer but 401, 403 and 404). */
  denied: number[] | null;
  why: string;
  todo?: string;
  /** The refusal is the handler's (whose key or session it is): send a body the route accepts. */
  valid?: boolean;
}

const allowed = (why: string): Expectation => ({ denied: null, why });
const deny = (statuses: number[], why: string, todo?: string): Expectation => ({ denied: statuses, why, todo });
const denyInHandler = (statuses: number[], why: string, todo?: string): Expectation => ({
  ...deny(statuses, why, todo),
  valid: true,
});

/**
 * What the policy entry says this credential gets on this route; null where there is nothing to ask (public
 * routes ignore credentials, so they are asked once without one and once with a dead one).
 */
function expectationOf(op: Operation, cred: Cred): Expectation | null {
  const e = policyExpectation(op, cred);
  // A bulk import is read only by the caller who sent it, and the matrix sends none: a caller the policy lets
  // through reaches the handler, which answers 404 for an import it did not send.
  if (e?.denied === null && op.pathParams.includes('bulkId'))
    return denyInHandler([404], 'a bulk import is read only by its sender (the matrix sent none)');
  return e;
}

function policyExpectation(op: Operation, cred: Cred): Expectation | null {
  const p = op.policy;
  if (p === 'public') return cred.publicProbe ? allowed('public route') : null;
  if (cred.unauthenticated) return deny([401], 'dead or missing credential', cred.todo);
  const tenantRoute = op.pathParams.includes('tenantId');
  if (tenantRoute && cred.foreignTenant) return deny([404], "another world's tenant is 404");
  if (cred.foreignPartner && op.pathParams.includes('keyId'))
    return denyInHandler([404], "another partner's key is 404");
  if (cred.foreignPartner && op.pathParams.includes('sessionId'))
    return denyInHandler([404], "another partner's session is 404");
  // Webhook endpoints are the partner's, per environment: the sandbox ones are the live key's stranger too.
  const otherWorld = cred.foreignPartner || cred.name === 'live key of the same partner, on a sandbox tenant';
  if (otherWorld && op.pathParams.includes('endpointId'))
    return denyInHandler([404], "another partner's (or environment's) webhook endpoint is 404");
  if (cred.kind === 'none') throw new Error('unreachable');
  const pathEmployee = op.pathParams.includes('employeeId');
  if (!p.credentials.includes(cred.kind)) {
    // A token pinned to a colleague may be refused as a stranger to the route or as a stranger to the employee.
    const also = cred.pinned === 'colleague' && pathEmployee ? [404] : [];
    return deny([403, ...also], `${cred.kind} credentials may not use this route`);
  }
  if (cred.kind === 'partner') return allowed('partner keys may use every route of their tenants');
  if (cred.pinned) {
    if (pathEmployee && cred.pinned === 'colleague') return deny([404], "a pinned token's colleague is 404");
    // The evidence record in the path is about the employee the paths name (see the fixture).
    if (op.pathParams.includes('evidenceId') && cred.pinned === 'colleague')
      return deny([404], "a record about a pinned token's colleague is 404");
    if (!p.pinnable) return deny([403], 'not for employee-pinned tokens');
    if (isWrite(op.method) && !pathEmployee) return deny([403], 'pinned tokens cannot write tenant-level data');
  }
  if (cred.scoped && p.wholeCompany) return deny([403], 'covers the whole company, beyond a data scope');
  if (cred.kind === 'user' && cred.role && !p.roles.includes(cred.role))
    return deny([403], `the ${cred.role} role may not`);
  if (isWrite(op.method) && p.componentGated) {
    const held = cred.components?.(op) ?? [];
    if (!held.includes('*') && !p.components.some((c) => held.includes(c)))
      return deny([403], 'outside the component allowlist');
  }
  if (cred.wrongOrigin) return deny([403], 'used from an origin it may not be used from', cred.todo);
  return allowed('the policy allows it');
}

// ---- running the matrix -----------------------------------------------------------------------------------

interface Probe {
  op: Operation;
  cred: Cred;
  expect: Expectation;
}

/** Runs `fn` over `items` with a few requests in flight at once. */
async function pool<T, R>(items: T[], n: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

const pathFor = (op: Operation, cred: Cred, employeeId = params.employeeId) =>
  fillPath(op.path, {
    ...params,
    employeeId,
    payRunId: isWrite(op.method) ? ids.draft : ids.finalised,
    ...(cred.tenantId ? { tenantId: cred.tenantId() } : {}),
    ...(op.key === 'DELETE /v1/partners/webhook-endpoints/{endpointId}'
      ? { endpointId: doomedEndpoints[cred.name] }
      : {}),
  });

/**
 * One effect-free request: no governance reason, and a body no write schema accepts. Where the refusal can only
 * come from the handler, the request carries a body (and reason) the route accepts instead.
 */
function probe(p: Probe): Promise<Reply> {
  const { op, cred } = p;
  const write = isWrite(op.method);
  const valid = write && p.expect.valid;
  return api.call(op.method, pathFor(op, cred), {
    key: cred.bearer(op),
    raw: write ? (valid ? JSON.stringify(sampleBody(op, params.employeeId) ?? {}) : '[]') : undefined,
    reason: valid && op.governed ? REASON : undefined,
    headers: { ...(write ? { 'content-type': 'application/json' } : {}), ...(cred.headers ?? {}) },
  });
}

function mismatch(p: Probe, r: Reply): string | null {
  const { denied } = p.expect;
  // Allowed: anything but a refusal (a 400, 409, 422 or 501 comes after the policy let the request through); a
  // public route may also be missing (404: no demo data) or unavailable (503: SDK not built). Never a 500.
  const refusals = p.op.policy === 'public' ? [401, 403] : [401, 403, 404];
  const ok = denied ? denied.includes(r.status) : !refusals.includes(r.status) && r.status !== 500;
  if (ok) return null;
  const detail = r.body?.error ? `${r.body.error.code}: ${r.body.error.message}` : r.text.slice(0, 120);
  return `${p.op.key} → ${r.status} (${detail}); expected ${denied ? denied.join(' or ') : 'allowed'} — ${p.expect.why}`;
}

async function check(probes: Probe[]): Promise<string[]> {
  const replies = await pool(probes, CONCURRENCY, probe);
  return probes.map((p, i) => mismatch(p, replies[i])).filter((m): m is string => m !== null);
}

describe('every route × every credential kind answers as its policy entry says', () => {
  test('the matrix covers every registered route, each with a policy entry', () => {
    assert.ok(ops.length >= 60, `${ops.length} routes`);
    for (const op of ops) assert.ok(op.policy, `${op.key} has no policy entry`);
  });

  // One test per credential kind; the cases another branch fixes are a separate todo test naming the item.
  for (const cred of CREDS) {
    const probesOf = () =>
      ops.flatMap((op): Probe[] => {
        const expect = expectationOf(op, cred);
        return expect ? [{ op, cred, expect }] : [];
      });
    test(cred.name, async (t) => {
      const probes = probesOf().filter((p) => !p.expect.todo);
      if (!probes.length) return t.skip('every case of this credential waits for another branch');
      const failures = await check(probes);
      const refused = probes.filter((p) => p.expect.denied).length;
      t.diagnostic(`${probes.length} routes: ${probes.length - refused} allowed, ${refused} refused`);
      assert.deepEqual(failures, []);
    });
    const reasons = new Set(ops.map((op) => expectationOf(op, cred)?.todo).filter((r): r is string => !!r));
    for (const reason of reasons) {
      test(`${cred.name} (${reason})`, { todo: reason }, async () => {
        const probes = probesOf().filter((p) => p.expect.todo === reason);
        assert.deepEqual(await check(probes), []);
      });
    }
  }
});

// ---- the second layer: where data scope decides ----------------------------------------------------------

/** Property values a sample body needs that its schema cannot say (zod refinements) or that must be real. */
const hints = (employeeId: string): Record<string, unknown> => ({
  employee_id: employeeId,
  cost_centre_code: 'OPS',
  hours: 8,
  amount: '100.00',
  date: fortnight(1).period_start,
  governance_reason: REASON,
});

const sampleBody = (op: Operation, employeeId: string) =>
  op.body ? sampleFromSchema(op.body, hints(employeeId)) : undefined;

async function scopedToken(role: Role): Promise<string> {
  return (await user({ role, user_id: `matrix-scoped-${role}`, scope: { cost_centres: ['OPS'] } })).token;
}

describe('data scope on every path', () => {
  test('an out-of-scope employee in the path answers exactly as an unknown one: 404, on every route', async (t) => {
    const token = await scopedToken('admin');
    const employeeRoutes = ops.filter((op) => op.pathParams.includes('employeeId') && op.policy !== 'public');
    assert.ok(employeeRoutes.length >= 10);
    const failures: string[] = [];
    for (const op of employeeRoutes) {
      const send = (employeeId: string) =>
        api.call(op.method, pathFor(op, {} as Cred, employeeId), {
          key: token,
          reason: REASON,
          ...(isWrite(op.method) ? { body: sampleBody(op, employeeId) ?? {} } : {}),
        });
      const unknown = await send('emp_0000000000000000');
      const outside = await send(ids.outOfScope);
      if (unknown.status !== 404) failures.push(`${op.key}: an unknown employee answered ${unknown.status}`);
      if (outside.status !== unknown.status || outside.body?.error?.code !== unknown.body?.error?.code)
        failures.push(`${op.key}: out of scope ${outside.status}, unknown ${unknown.status}`);
    }
    t.diagnostic(`${employeeRoutes.length} routes`);
    assert.deepEqual(failures, []);
    const c = await api.call('GET', `/v1/tenants/${tenant.id}/employees/${ids.outOfScope}`);
    assert.equal(c.body.data.status, 'active', 'the out-of-scope employee was not touched');
  });

  const bodyRoutes = () =>
    ops.filter(
      (op) =>
        isWrite(op.method) &&
        !op.pathParams.includes('employeeId') &&
        op.policy !== 'public' &&
        op.policy.credentials.includes('user') &&
        // The scoped token below is a preparer's: duties naming an employee (a returned payment) are not theirs.
        op.policy.roles.includes('preparer') &&
        mentionsProperty(op.body, 'employee_id') &&
        op.pathParams.includes('payRunId'),
    );

  test('writes naming an employee in the body: the sample request succeeds for an in-scope employee', async (t) => {
    const token = await scopedToken('preparer');
    const routes = bodyRoutes();
    assert.ok(routes.length >= 1, 'some pay-run write names employees in its body');
    for (const op of routes) {
      const r = await api.call(op.method, fillPath(op.path, { ...params, payRunId: ids.draft }), {
        key: token,
        reason: REASON,
        body: sampleBody(op, ids.inScope),
      });
      assert.ok(r.status >= 200 && r.status < 300, `${op.key} → ${r.status}: ${r.text.slice(0, 300)}`);
    }
    t.diagnostic(routes.map((op) => op.key).join(', '));
  });

  test('writes naming an out-of-scope employee in the body are refused as if the employee did not exist', async () => {
    const token = await scopedToken('preparer');
    const failures: string[] = [];
    for (const op of bodyRoutes()) {
      const r = await api.call(op.method, fillPath(op.path, { ...params, payRunId: ids.draft }), {
        key: token,
        reason: REASON,
        body: sampleBody(op, ids.outOfScope),
      });
      if (![400, 404].includes(r.status) || r.text.includes('Cyrus'))
        failures.push(`${op.key} → ${r.status}: ${r.text.slice(0, 200)}`);
    }
    assert.deepEqual(failures, []);
  });

  test('a scoped approver cannot sign off or produce money-moving outputs for a run with entries outside its scope', async () => {
    const token = await scopedToken('approver');
    // The pay-run duties: routes under a run that no embed token and no preparer may perform (in path order,
    // so today's missing check shows on every one of them before a void closes the run).
    const duties = ops
      .filter(
        (op) =>
          isWrite(op.method) &&
          op.pathParams.includes('payRunId') &&
          op.policy !== 'public' &&
          !op.policy.credentials.includes('embed') &&
          op.policy.roles.includes('approver') &&
          !op.policy.roles.includes('preparer'),
      )
      .sort((a, b) => a.path.localeCompare(b.path));
    assert.ok(duties.length >= 3);
    const failures: string[] = [];
    for (const op of duties) {
      for (const run of dutyRuns) {
        const r = await api.call(op.method, fillPath(op.path, { ...params, payRunId: run }), {
          key: token,
          reason: REASON,
          body: sampleBody(op, ids.inScope) ?? {},
        });
        if (r.status < 300) failures.push(`${op.key} on ${run} → ${r.status}`);
      }
    }
    assert.deepEqual(failures, []);
  });
});
