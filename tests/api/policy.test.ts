// The authorization policy: every mounted route has an entry, and a role × route matrix over whatever is
// mounted today, so new routes are checked the moment they are registered.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import { createApp } from '../../api/app.ts';
import { COMPONENTS, POLICY, type Policy } from '../../api/http/policy.ts';
import { routeKey, type RouteDef } from '../../api/http/route.ts';
import { ROLES } from '../../api/model/caller.ts';

let api: TestApi;
let routes: RouteDef[];
let tenantId: string;
before(async () => {
  api = await startTestApi();
  routes = createApp(api.deps).routes;
  tenantId = (await api.call('POST', '/v1/partners/tenants', { body: { name: 'Policy Co' } })).body.data.tenant.id;
});
after(async () => {
  await api.close();
});

const policyOf = (r: { method: string; path: string }) => POLICY[routeKey(r.method, r.path)];

const PARAM_VALUES: Record<string, string> = {
  employeeId: 'emp_0123456789abcdef',
  payRunId: 'pr_0123456789abcdef01234567',
  bindingId: 'bnd_0123456789abcdef01234567',
  evidenceId: 'cev_0123456789abcdef01234567',
  code: 'OPS',
  id: 'ccm_0123456789abcdef01234567',
  keyId: 'key_0123456789abcdef01234567',
  sessionId: 'ses_0123456789abcdef01234567',
  packCode: 'AU',
};
const fill = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name === 'tenantId' ? tenantId : (PARAM_VALUES[name] ?? `x_${name}`),
  );

// What the product promises, written independently of the policy table so the table is tested, not restated.
const READ_BY_POST = /\/calculate$/;
const SIGN_OFF = /\/pay-runs\/\{payRunId\}\/(approve|finalise|void|submit|lodge)$/;
const PREPARE = /^\/v1\/tenants\/\{tenantId\}\/(pay-runs|employees)$/;
const NEVER_FOR_TOKENS = /\/(embed\/token|governance\/verify)$/;
const MINT_USERS = /\/users\/token$/;
const CONFIGURE = /\/(company\/bank|cost-centres(\/\{code\})?|cost-centre-mappings(\/\{id\})?)$/;
const COST_CENTRE_WRITE = /cost-centre/;
/** Draft checks write nothing: the roles that could write may run them, whatever a token's allowlist holds. */
const CHECK = /\/validate$/;
const isWrite = (r: RouteDef) => r.method !== 'get' && !READ_BY_POST.test(r.path);

describe('coverage', () => {
  test('every mounted route has a policy entry, and only public routes are public', () => {
    const missing = routes.filter((r) => !policyOf(r)).map((r) => routeKey(r.method, r.path));
    assert.deepEqual(missing, []);
    for (const r of routes) assert.equal(policyOf(r) === 'public', !!r.public, routeKey(r.method, r.path));
  });

  test('every entry names known roles and components, and every component-gated write lists at least one', () => {
    for (const [key, p] of Object.entries(POLICY)) {
      if (p === 'public') continue;
      for (const role of p.roles) assert.ok((ROLES as readonly string[]).includes(role), `${key}: role ${role}`);
      for (const c of p.components) assert.ok((COMPONENTS as readonly string[]).includes(c), `${key}: component ${c}`);
      if (p.componentGated) assert.ok(p.components.length > 0, `${key} is gated by components but lists none`);
      if (!p.credentials.includes('partner')) assert.fail(`${key} locks out partner keys`);
    }
  });

  test('every partner route, mounted or planned, accepts partner keys only', () => {
    const partner = Object.entries(POLICY).filter(([key]) => key.split(' ')[1].startsWith('/v1/partners/'));
    assert.ok(partner.some(([key]) => key.includes('/portfolio/')));
    for (const [key, p] of partner) assert.deepEqual((p as Policy).credentials, ['partner'], key);
  });

  test('tokens reach nothing outside their tenant except the shared pack catalogue', () => {
    const global = routes
      .filter((r) => {
        const p = policyOf(r);
        return p !== 'public' && p && !r.path.includes('{tenantId}') && p.credentials.some((c) => c !== 'partner');
      })
      .map((r) => routeKey(r.method, r.path))
      .sort();
    assert.deepEqual(global, ['GET /v1/packs', 'GET /v1/packs/{packCode}', 'POST /v1/calculate']);
  });
});

describe('role × route matrix', () => {
  const tokens: Record<string, string> = {};
  before(async () => {
    for (const role of ROLES) {
      const r = await api.call('POST', `/v1/tenants/${tenantId}/users/token`, { body: { role, user_id: `u-${role}` } });
      tokens[role] = r.body.data.token;
    }
    const embed = async (components: string[]) =>
      (await api.call('POST', `/v1/tenants/${tenantId}/embed/token`, { body: { components } })).body.data.token;
    tokens.embedAll = await embed(['*']);
    tokens.embedCostCentres = await embed(['cost-centres']);
  });

  const tenantRoutes = () => routes.filter((r) => r.path.startsWith('/v1/tenants/{tenantId}'));

  /** Status for each route; no governance reason is sent, so a permitted governed write stops at 400 before any effect. */
  async function statuses(who: string, pick: (r: RouteDef) => boolean): Promise<Map<RouteDef, number>> {
    const out = new Map<RouteDef, number>();
    for (const r of tenantRoutes().filter(pick)) {
      const reply = await api.call(r.method.toUpperCase(), fill(r.path), {
        key: tokens[who],
        body: r.method === 'get' ? undefined : {},
      });
      out.set(r, reply.status);
    }
    return out;
  }

  const check = (seen: Map<RouteDef, number>, expect403: (r: RouteDef) => boolean | null) => {
    let asserted = 0;
    for (const [r, status] of seen) {
      const want = expect403(r);
      if (want === null) continue;
      asserted++;
      if (want) assert.equal(status, 403, `${r.method.toUpperCase()} ${r.path} should be refused`);
      else assert.notEqual(status, 403, `${r.method.toUpperCase()} ${r.path} should be allowed`);
    }
    return asserted;
  };

  test('every token may read every tenant route it can reach', async () => {
    for (const who of Object.keys(tokens)) {
      const n = check(await statuses(who, (r) => r.method === 'get'), () => false);
      assert.ok(n >= 4, who);
    }
  });

  test('a viewer can read but every write is 403', async (t) => {
    const n = check(await statuses('viewer', () => true), (r) => isWrite(r) || NEVER_FOR_TOKENS.test(r.path));
    assert.ok(n >= 6);
    t.diagnostic(`${n} routes checked`);
  });

  test('a preparer prepares but cannot approve, finalise, submit or void', async (t) => {
    t.diagnostic(
      `${check(
        await statuses('preparer', (r) => SIGN_OFF.test(r.path) || PREPARE.test(r.path) || MINT_USERS.test(r.path)),
        (r) => {
          if (SIGN_OFF.test(r.path) || MINT_USERS.test(r.path)) return true;
          return r.method === 'post' ? false : null;
        },
      )} routes checked`,
    );
  });

  test('an approver signs off but cannot create pay runs or employees', async (t) => {
    t.diagnostic(
      `${check(
        await statuses('approver', (r) => SIGN_OFF.test(r.path) || PREPARE.test(r.path) || MINT_USERS.test(r.path)),
        (r) => {
          if (SIGN_OFF.test(r.path)) return false;
          return r.method === 'post' ? true : null;
        },
      )} routes checked`,
    );
  });

  test('an admin can do everything in the tenant, configuration included, but partner operations', async (t) => {
    const seen = await statuses('admin', () => true);
    t.diagnostic(`${check(seen, (r) => NEVER_FOR_TOKENS.test(r.path))} routes checked`);
    assert.ok([...seen.keys()].some((r) => MINT_USERS.test(r.path)));
    const configured = [...seen.keys()].filter((r) => CONFIGURE.test(r.path) && r.method !== 'get');
    for (const r of configured) assert.notEqual(seen.get(r), 403, r.path);
  });

  test('an embed token writes only through its allowlisted components', async (t) => {
    t.diagnostic(
      `${check(await statuses('embedCostCentres', isWrite), (r) => !CHECK.test(r.path) && !COST_CENTRE_WRITE.test(r.path))} routes checked`,
    );
  });

  test('even an embed token for every component cannot sign off, mint or verify', async (t) => {
    t.diagnostic(
      `${check(await statuses('embedAll', () => true), (r) => {
        if (SIGN_OFF.test(r.path) || NEVER_FOR_TOKENS.test(r.path) || MINT_USERS.test(r.path)) return true;
        if (PREPARE.test(r.path) || !isWrite(r)) return false;
        return null;
      })} routes checked`,
    );
  });

  test('tokens are 403 on every mounted partner and portfolio route', async () => {
    const partner = routes.filter((r) => r.path.startsWith('/v1/partners/'));
    for (const who of ['admin', 'embedAll']) {
      for (const r of partner) {
        const reply = await api.call(r.method.toUpperCase(), fill(r.path), {
          key: tokens[who],
          body: r.method === 'get' ? undefined : {},
        });
        assert.equal(reply.status, 403, `${who}: ${r.method.toUpperCase()} ${r.path}`);
      }
    }
  });
});
