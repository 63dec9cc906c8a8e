// Tenant provisioning, slugs, isolation between partners, packs and binding re-pins, through the real app.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import { createApp } from '../../api/app.ts';
import { CAPABILITIES } from '../../api/packs/types.ts';
import { getPack, releasedVersions } from '../../api/packs/index.ts';
import type { RouteDef } from '../../api/http/route.ts';
import { createKey } from '../../api/services/platform/partner-keys.ts';

let api: TestApi;
let routes: RouteDef[];
before(async () => {
  api = await startTestApi();
  routes = createApp(api.deps).routes;
});
after(async () => {
  await api.close();
});

const AU = getPack('AU')!;

async function provision(body: Record<string, unknown>, key?: string, headers?: Record<string, string>) {
  return api.call('POST', '/v1/partners/tenants', { body, key, headers });
}

/** Plausible values for every path parameter, so the request reaches tenant resolution. */
const PARAM_VALUES: Record<string, string> = {
  employeeId: 'emp_0123456789abcdef',
  payRunId: 'pr_0123456789abcdef01234567',
  bindingId: 'bnd_0123456789abcdef01234567',
  evidenceId: 'cev_0123456789abcdef01234567',
  code: 'OPS',
  id: 'ccm_0123456789abcdef01234567',
  requestId: 'req_0123456789abcdef',
};
const fill = (path: string, tenant: string) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name === 'tenantId' ? tenant : (PARAM_VALUES[name] ?? `x_${name}`),
  );
const tenantRoutes = () => routes.filter((r) => r.path.includes('{tenantId}'));

describe('provisioning a tenant', () => {
  test('only a name is needed: AU on the mock engine, pinned to the current AU version, with a mock evidence id', async () => {
    const r = await provision({ name: 'Defaults Pty Ltd' });
    assert.equal(r.status, 201);
    const { tenant, binding } = r.body.data;
    assert.match(tenant.id, /^ten_[0-9a-f]{24}$/);
    assert.equal(tenant.name, 'Defaults Pty Ltd');
    assert.equal(tenant.jurisdiction, 'AU');
    assert.equal(tenant.slug, 'defaults-pty-ltd');
    assert.equal(tenant.group, null);
    assert.match(binding.id, /^bnd_/);
    assert.equal(binding.engine, 'mock');
    assert.equal(binding.role, 'hub');
    assert.equal(binding.pack, 'AU');
    assert.equal(binding.pack_version, AU.current_version);
    assert.equal(binding.status, 'active');
    assert.equal(binding.capabilities.statutory_lodgement, 'native');
    assert.match(r.body.evidence_id, /^cev_mock_[0-9a-f]{24}$/);
  });

  test('a real engine binding gets a governed cev_ evidence id, not a mock one', async () => {
    const r = await provision({ name: 'Engine Co', engine: 'payroll_engine_au' });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.binding.engine, 'payroll_engine_au');
    assert.match(r.body.evidence_id, /^cev_[0-9a-f]{24}$/);
  });

  test('an unknown body property is refused with 400 naming it', async () => {
    const r = await provision({ name: 'Strict Co', plan: 'gold' });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'bad_request');
    assert.deepEqual(
      r.body.error.errors.map((e: { path: string }) => e.path),
      ['plan'],
    );
  });

  test("an engine must serve the tenant's jurisdiction", async () => {
    for (const body of [
      { name: 'Wrong Fit AU', jurisdiction: 'AU', engine: 'payroll_engine' },
      { name: 'Wrong Fit NZ', jurisdiction: 'NZ', engine: 'payroll_engine_au' },
      { name: 'Wrong Fit DE', jurisdiction: 'DE', engine: 'payroll_engine_au' },
      { name: 'Unknown Engine', engine: 'abacus' },
    ]) {
      const r = await provision(body);
      assert.equal(r.status, 400, JSON.stringify(body));
      assert.equal(r.body.error.errors[0].path, 'engine');
    }
    const ok = await provision({ name: 'Right Fit AU', jurisdiction: 'AU', engine: 'payroll_engine_au' });
    assert.equal(ok.status, 201);
  });

  test("every listed jurisdiction can be provisioned on the mock engine at its pack's current version", async () => {
    for (const j of ['AU', 'DE', 'NZ', 'UK', 'US']) {
      const pack = getPack(j);
      const r = await provision({ name: `Mock ${j}`, jurisdiction: j });
      if (!pack) {
        assert.equal(r.status, 400, `${j} has no pack: refused, never a 500`);
        continue;
      }
      assert.equal(r.status, 201, j);
      assert.equal(r.body.data.binding.pack_version, pack.current_version);
    }
  });

  test('acct_engine needs a cin_ connection id and then waits for its grant with no capability matrix', async () => {
    const missing = await provision({ name: 'Ledger Co', engine: 'acct_engine' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error.errors[0].path, 'connection_id');
    const malformed = await provision({ name: 'Ledger Co', engine: 'acct_engine', connection_id: 'conn_123' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.error.errors[0].path, 'connection_id');
    const ok = await provision({ name: 'Ledger Co', engine: 'acct_engine', connection_id: 'cin_ledger_1' });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.data.binding.connection_id, 'cin_ledger_1');
    assert.equal(ok.body.data.binding.connector_pack, 'acct_company');
    assert.equal(ok.body.data.binding.status, 'awaiting_grant');
    assert.equal(ok.body.data.binding.capabilities, null);
  });

  test('pack_version must be a released version of the pack', async () => {
    for (const v of ['AU-2019.1', 'AU-2031.1', 'DE-2026.1', 'latest']) {
      const r = await provision({ name: `Version ${v}`, pack_version: v });
      assert.equal(r.status, 400, v);
      assert.equal(r.body.error.errors[0].path, 'pack_version');
    }
    const older = releasedVersions(AU).find((v) => v !== AU.current_version)!;
    const r = await provision({ name: 'Older Year', pack_version: older });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.binding.pack_version, older);
  });

  test('a live key cannot bind the mock engine', async () => {
    const live = await api.newPartner('Live Partner', 'live');
    const r = await provision({ name: 'Live Mock' }, live.key, { 'idempotency-key': 'live-mock-1' });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.errors[0].path, 'engine');
  });

  test('a live key must send Idempotency-Key; the error says the header is required on live write requests', async () => {
    const live = await api.newPartner('Live Partner', 'live');
    const r = await provision({ name: 'Live Co', engine: 'payroll_engine_au' }, live.key);
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'bad_request');
    assert.match(r.body.error.message, /Idempotency-Key header is required on live write requests/);
    const ok = await provision({ name: 'Live Co', engine: 'payroll_engine_au' }, live.key, {
      'idempotency-key': 'live-co-1',
    });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.data.tenant.environment, 'live');
    assert.match(ok.body.evidence_id, /^cev_[0-9a-f]{24}$/);
  });

  test('a missing name or an unknown jurisdiction is 400', async () => {
    assert.equal((await provision({})).status, 400);
    assert.equal((await provision({ name: '   ' })).status, 400);
    assert.equal((await provision({ name: 'France', jurisdiction: 'FR' })).status, 400);
  });
});

describe('slugs', () => {
  test('a slug is derived from the name and made unique within the partner', async () => {
    const a = await provision({ name: 'Harbour Café & Co.' });
    const b = await provision({ name: 'Harbour Cafe & Co' });
    assert.equal(a.body.data.tenant.slug, 'harbour-cafe-co');
    assert.equal(b.body.data.tenant.slug, 'harbour-cafe-co-2');
  });

  test('a derived slug never ends in a dash, however the name is cut', async () => {
    const r = await provision({ name: `${'a'.repeat(47)} tail` });
    assert.equal(r.status, 201);
    assert.doesNotMatch(r.body.data.tenant.slug, /-$/);
  });

  test('a given slug already used by the partner is 409 slug_taken; another partner may use it', async () => {
    assert.equal((await provision({ name: 'Given One', slug: 'given-slug' })).status, 201);
    const clash = await provision({ name: 'Given Two', slug: 'given-slug' });
    assert.equal(clash.status, 409);
    assert.equal(clash.body.error.code, 'slug_taken');
    const other = await api.newPartner('Slug Partner');
    const theirs = await provision({ name: 'Given Elsewhere', slug: 'given-slug' }, other.key);
    assert.equal(theirs.status, 201);
    assert.equal(theirs.body.data.tenant.slug, 'given-slug');
  });

  test('a slug must be lowercase and cannot pose as a tenant id', async () => {
    for (const slug of ['Upper-Case', 'ten_abc', 'x', '-lead', 'has space']) {
      assert.equal((await provision({ name: 'Bad Slug', slug })).status, 400, slug);
    }
  });

  test('every tenant route answers the same for the slug as for the id', async () => {
    const created = await provision({ name: 'Slug Routing', slug: 'slug-routing' });
    const id = created.body.data.tenant.id;
    const checked: string[] = [];
    for (const route of tenantRoutes()) {
      const viaId = await api.call(route.method.toUpperCase(), fill(route.path, id), {
        body: route.method === 'get' ? undefined : {},
      });
      const viaSlug = await api.call(route.method.toUpperCase(), fill(route.path, 'slug-routing'), {
        body: route.method === 'get' ? undefined : {},
      });
      assert.equal(viaSlug.status, viaId.status, `${route.method} ${route.path}`);
      if (viaId.status === 404)
        assert.notEqual(viaId.body.error.message, 'Tenant not found.', `${route.method} ${route.path}`);
      checked.push(route.path);
    }
    assert.ok(checked.length >= 6);
    const tenant = await api.call('GET', '/v1/partners/tenants/slug-routing');
    assert.equal(tenant.body.data.tenant.id, id);
  });
});

describe('isolation between partners', () => {
  let mine: { id: string; slug: string };
  let stranger: { id: string; key: string };
  before(async () => {
    const r = await provision({ name: 'Isolated Tenant', slug: 'isolated-tenant' });
    mine = { id: r.body.data.tenant.id, slug: r.body.data.tenant.slug };
    stranger = await api.newPartner('Stranger Partner');
  });

  test("another partner's key gets 404 (never 403) on every tenant route, by id and by slug", async () => {
    const seen = tenantRoutes();
    assert.ok(seen.length >= 6, 'tenant routes are registered');
    for (const route of seen) {
      for (const ref of [mine.id, mine.slug]) {
        const r = await api.call(route.method.toUpperCase(), fill(route.path, ref), {
          key: stranger.key,
          body: route.method === 'get' ? undefined : {},
        });
        assert.equal(r.status, 404, `${route.method.toUpperCase()} ${route.path} via ${ref}`);
        assert.equal(r.body.error.code, 'not_found');
      }
    }
  });

  test("an unknown tenant is the same 404 as a stranger's tenant", async () => {
    const unknown = await api.call('GET', '/v1/tenants/ten_000000000000000000000000/packs');
    const foreign = await api.call('GET', `/v1/tenants/${mine.id}/packs`, { key: stranger.key });
    assert.deepEqual(unknown.body, foreign.body);
  });

  test("sandbox and live are separate: a partner's key never sees or drives its tenants in the other environment", async () => {
    const live = await api.newPartner('Two Worlds', 'live');
    const sandboxKey = (await api.deps.store.transaction((r) => createKey(r, live.id, 'sandbox', api.deps.clock.now())))
      .key;
    const liveTenant = (
      await provision({ name: 'Live World', engine: 'payroll_engine_au' }, live.key, {
        'idempotency-key': 'two-worlds-live',
      })
    ).body.data.tenant;
    const sandboxTenant = (await provision({ name: 'Sandbox World' }, sandboxKey)).body.data.tenant;
    for (const [key, foreign] of [
      [sandboxKey, liveTenant],
      [live.key, sandboxTenant],
    ]) {
      for (const route of tenantRoutes()) {
        const r = await api.call(route.method.toUpperCase(), fill(route.path, foreign.id), {
          key,
          body: route.method === 'get' ? undefined : {},
        });
        assert.equal(r.status, 404, `${route.method.toUpperCase()} ${route.path}`);
      }
    }
    const token = (
      await api.call('POST', `/v1/tenants/${sandboxTenant.id}/embed/token`, {
        key: sandboxKey,
        body: { components: ['*'] },
      })
    ).body.data.token;
    assert.equal((await api.call('GET', `/v1/tenants/${sandboxTenant.id}/me`, { key: token })).status, 200);
    const listed = async (key: string) =>
      (await api.call('GET', '/v1/partners/tenants?limit=1', { key })).body.data.map((t: { id: string }) => t.id);
    assert.deepEqual(await listed(sandboxKey), [sandboxTenant.id]);
    assert.deepEqual(await listed(live.key), [liveTenant.id]);
  });

  test('the tenant list pages through one environment without gaps when the other is interleaved', async () => {
    const mixed = await api.newPartner('Mixed Worlds', 'live');
    const sandboxKey = (
      await api.deps.store.transaction((r) => createKey(r, mixed.id, 'sandbox', api.deps.clock.now()))
    ).key;
    const want: string[] = [];
    for (let i = 0; i < 7; i++) {
      await provision({ name: `Live ${i}`, engine: 'payroll_engine_au' }, mixed.key, {
        'idempotency-key': `mixed-live-${i}`,
      });
      if (i % 2 === 0) want.push((await provision({ name: `Sandbox ${i}` }, sandboxKey)).body.data.tenant.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r: any = await api.call(
        'GET',
        `/v1/partners/tenants?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { key: sandboxKey },
      );
      assert.ok(r.body.data.length === 2 || !r.body.has_more);
      seen.push(...r.body.data.map((t: { id: string }) => t.id));
      cursor = r.body.next_cursor;
    } while (cursor);
    assert.deepEqual(seen, [...want].sort());
  });

  test("the tenant list shows only the caller's own tenants", async () => {
    const theirs = await api.call('GET', '/v1/partners/tenants?limit=200', { key: stranger.key });
    assert.equal(theirs.status, 200);
    assert.ok(!theirs.body.data.some((t: { id: string }) => t.id === mine.id));
  });
});

describe('packs', () => {
  test('the pack list shows AU and the draft NZ, UK and US packs', async () => {
    const r = await api.call('GET', '/v1/packs');
    assert.equal(r.status, 200);
    const byCode = new Map(r.body.data.map((p: { code: string }) => [p.code, p]));
    for (const code of ['AU', 'NZ', 'UK', 'US']) assert.ok(byCode.has(code), code);
    for (const code of ['NZ', 'UK', 'US']) assert.equal((byCode.get(code) as { status: string }).status, 'draft', code);
    for (const p of r.body.data) {
      for (const field of ['code', 'jurisdiction', 'name', 'current_version'])
        assert.ok(p[field], `${p.code}.${field}`);
      assert.match(p.current_version, /^[A-Z]{2}-\d{4}\.\d+$/);
    }
  });

  test("a pack's detail carries status, scope, lodgement rails and dated versions; an unknown pack is 404", async () => {
    const r = await api.call('GET', '/v1/packs/AU');
    assert.equal(r.status, 200);
    const p = r.body.data;
    assert.equal(p.code, 'AU');
    assert.ok(['draft', 'beta', 'certified'].includes(p.status));
    assert.ok(p.maintainer);
    assert.ok(p.scope.length > 0);
    assert.deepEqual(Object.keys(p.lodgement_rails[0]).sort(), ['channel', 'status', 'type']);
    for (const v of p.versions) assert.match(v.effective.from, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(p.versions.some((v: { version: string }) => v.version === p.current_version));
    assert.equal((await api.call('GET', '/v1/packs/au')).status, 200);
    const unknown = await api.call('GET', '/v1/packs/ZZ');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error.code, 'not_found');
  });

  test('the tenant pack view gives the capability matrix decided by the pack alone', async () => {
    const t = await provision({ name: 'Pack View Co' });
    const r = await api.call('GET', `/v1/tenants/${t.body.data.tenant.id}/packs`);
    assert.equal(r.status, 200);
    assert.equal(r.body.data.length, 1);
    const view = r.body.data[0];
    assert.equal(view.binding_id, t.body.data.binding.id);
    assert.equal(view.engine, 'mock');
    assert.equal(view.role, 'hub');
    assert.equal(view.pinned_version, AU.current_version);
    assert.deepEqual(view.pack, { code: 'AU', jurisdiction: 'AU', name: AU.name, current_version: AU.current_version });
    assert.deepEqual(Object.keys(view.capabilities).sort(), [...CAPABILITIES].sort());
    for (const level of Object.values(view.capabilities)) assert.ok(level === 'native' || level === 'unsupported');
    assert.equal(view.capabilities.effective_dating, 'unsupported');
    for (const c of CAPABILITIES) assert.equal(view.capability_basis[c], 'pack_only');
    assert.equal(view.capability_grant_state, null);
  });

  test('an acct_engine tenant has no matrix: every capability unknown and no grant recorded', async () => {
    const t = await provision({ name: 'Ledger View Co', engine: 'acct_engine', connection_id: 'cin_view' });
    const view = (await api.call('GET', `/v1/tenants/${t.body.data.tenant.id}/packs`)).body.data[0];
    assert.equal(view.capabilities, null);
    for (const c of CAPABILITIES) assert.equal(view.capability_basis[c], 'unknown');
    assert.equal(view.capability_grant_state, 'absent');
  });
});

describe('re-pinning a binding', () => {
  let tenantId: string;
  let bindingId: string;
  const older = releasedVersions(AU).find((v) => v !== AU.current_version)!;
  before(async () => {
    const t = await provision({ name: 'Repin Co' });
    tenantId = t.body.data.tenant.id;
    bindingId = t.body.data.binding.id;
  });
  const repin = (body: Record<string, unknown>, reason?: string) =>
    api.call('PATCH', `/v1/partners/tenants/${tenantId}/bindings/${bindingId}`, { body, reason });

  test('a re-pin is governed: without a reason it is 400 governance_reason_required and nothing changes', async () => {
    const r = await repin({ pack_version: older });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'governance_reason_required');
    const t = await api.call('GET', `/v1/partners/tenants/${tenantId}`);
    assert.equal(t.body.data.bindings[0].pack_version, AU.current_version);
  });

  test('a re-pin moves the binding to another released version and records from and to in evidence', async () => {
    const r = await repin({ pack_version: older, governance_reason: 'Back-dated correction for last year' });
    assert.equal(r.status, 200);
    assert.equal(r.body.data.pack_version, older);
    const ev = await api.call('GET', `/v1/tenants/${tenantId}/governance/evidence/${r.body.evidence_id}`);
    assert.equal(ev.body.data.action, 'binding.repinned');
    assert.equal(ev.body.data.resource, bindingId);
    assert.equal(ev.body.data.decision.from, AU.current_version);
    assert.equal(ev.body.data.decision.to, older);
    assert.equal(ev.body.data.governance_reason, 'Back-dated correction for last year');
    const view = await api.call('GET', `/v1/tenants/${tenantId}/packs`);
    assert.equal(view.body.data[0].pinned_version, older);
    const back = await repin({ pack_version: AU.current_version }, REASON);
    assert.equal(back.status, 200);
  });

  test("a version that is not a released version of the binding's pack is 400", async () => {
    for (const v of ['AU-2031.1', 'NZ-2026.1', 'DE-2026.1']) {
      const r = await repin({ pack_version: v }, REASON);
      assert.equal(r.status, 400, v);
      assert.equal(r.body.error.errors[0].path, 'pack_version');
    }
  });

  test('an unknown binding is 404', async () => {
    const r = await api.call('PATCH', `/v1/partners/tenants/${tenantId}/bindings/bnd_nope`, {
      body: { pack_version: older },
      reason: REASON,
    });
    assert.equal(r.status, 404);
  });
});

describe('company bank account', () => {
  test('a patch cannot write the sealed or derived fields; nothing changes', async () => {
    const t = (await provision({ name: 'Forged Bank Co' })).body.data.tenant.id;
    for (const field of ['account_enc', 'iban_enc', 'account_number_last3', 'attested']) {
      const r = await api.call('PATCH', `/v1/tenants/${t}/company/bank`, {
        reason: REASON,
        body: { bank_name: 'Westpac', [field]: 'forged' },
      });
      assert.equal(r.status, 400, field);
      assert.deepEqual(
        r.body.error.errors.map((e: { path: string }) => e.path),
        [field],
      );
    }
    const bank = await api.call('GET', `/v1/tenants/${t}/company/bank`);
    assert.deepEqual(bank.body.data, { attested: false });
  });

  test('a valid patch is evidenced and answers the masked account; extra fields are forwarded', async () => {
    const t = (await provision({ name: 'Real Bank Co' })).body.data.tenant.id;
    const r = await api.call('PATCH', `/v1/tenants/${t}/company/bank`, {
      reason: REASON,
      body: { account_name: 'Real Bank Co', bsb: '032000', account_number: '004455667', lodgement_ref: 'PAY' },
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, {
      account_name: 'Real Bank Co',
      bsb: '032-000',
      account_number_last3: '667',
      lodgement_ref: 'PAY',
      attested: true,
    });
    const ev = await api.call('GET', `/v1/tenants/${t}/governance/evidence/${r.body.evidence_id}`);
    assert.equal(ev.body.data.action, 'company.bank_updated');
    assert.equal((await api.call('GET', `/v1/tenants/${t}/company`)).body.data.bank_attested, true);
  });
});
