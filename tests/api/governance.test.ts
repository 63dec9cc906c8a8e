// Governance reasons, the evidence record, the audit trail and chain verification, through the real app.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import { tamperEvidence } from '../helpers/evidence-db.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import { canonicalJson } from '../../api/lib/canonical-json.ts';
import { sha256Hex } from '../../api/lib/ids.ts';
import { GENESIS_HASH, recordHash } from '../../api/services/governance/evidence.ts';
import { redactSensitive } from '../../api/model/sensitive.ts';
import { getPack, releasedVersions } from '../../api/packs/index.ts';
import { createTenant, hireAu } from '../helpers/payroll-fixtures.ts';

const clock = new ManualClock(new Date('2026-11-21T09:00:00.000Z'));
let api: TestApi;
before(async () => {
  api = await startTestApi({ clock });
});
after(async () => {
  await api.close();
});

const AU = getPack('AU')!;
const VERSIONS = releasedVersions(AU);

async function newTenant(name: string) {
  const r = await api.call('POST', '/v1/partners/tenants', { body: { name } });
  assert.equal(r.status, 201);
  return {
    id: r.body.data.tenant.id as string,
    bindingId: r.body.data.binding.id as string,
    evidenceId: r.body.evidence_id as string,
  };
}

const repin = (
  t: { id: string; bindingId: string },
  version: string,
  opts: { reason?: string; body?: Record<string, unknown> } = {},
) =>
  api.call('PATCH', `/v1/partners/tenants/${t.id}/bindings/${t.bindingId}`, {
    body: { pack_version: version, ...opts.body },
    reason: opts.reason,
  });

const evidence = async (tenantId: string, id: string) =>
  (await api.call('GET', `/v1/tenants/${tenantId}/governance/evidence/${id}`)).body.data;

async function trail(tenantId: string, query = '') {
  const all: any[] = [];
  let cursor: string | null = null;
  do {
    const r: any = await api.call(
      'GET',
      `/v1/tenants/${tenantId}/governance/audit-trail?limit=7${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    assert.equal(r.status, 200);
    all.push(...r.body.data);
    cursor = r.body.next_cursor;
  } while (cursor);
  return all;
}

const verify = async (tenantId: string) => {
  const r = await api.call('POST', `/v1/tenants/${tenantId}/governance/verify`, { body: {} });
  assert.equal(r.status, 200);
  return r.body.data;
};

describe('governance reasons', () => {
  let t: Awaited<ReturnType<typeof newTenant>>;
  before(async () => {
    t = await newTenant('Reason Rules Co');
  });

  test('a governed write without a reason is 400 governance_reason_required', async () => {
    const r = await repin(t, VERSIONS[0]);
    assert.equal(r.status, 400);
    assert.deepEqual(Object.keys(r.body.error).sort(), ['code', 'message', 'status']);
    assert.equal(r.body.error.code, 'governance_reason_required');
    assert.equal(r.body.error.status, 400);
  });

  test('a blank reason counts as missing', async () => {
    for (const reason of ['', '    ']) {
      const r = await repin(t, VERSIONS[0], { body: { governance_reason: reason } });
      assert.equal(r.body.error.code, 'governance_reason_required', JSON.stringify(reason));
    }
  });

  test('the reason may come in the body or in the x-governance-reason header', async () => {
    const viaBody = await repin(t, VERSIONS[0], { body: { governance_reason: 'Reason sent in the body' } });
    assert.equal(viaBody.status, 200);
    assert.equal((await evidence(t.id, viaBody.body.evidence_id)).governance_reason, 'Reason sent in the body');
    const viaHeader = await repin(t, VERSIONS[1], { reason: 'Reason sent in the header' });
    assert.equal(viaHeader.status, 200);
    assert.equal((await evidence(t.id, viaHeader.body.evidence_id)).governance_reason, 'Reason sent in the header');
  });

  test('a reason is 3 to 500 characters after trimming; outside that it is 400 bad_request', async () => {
    for (const reason of ['ab', '  ab  ', 'x'.repeat(501)]) {
      const r = await repin(t, VERSIONS[0], { body: { governance_reason: reason } });
      assert.equal(r.status, 400, `${reason.length} chars`);
      assert.equal(r.body.error.code, 'bad_request');
      assert.equal(r.body.error.errors[0].path, 'governance_reason');
    }
    const shortest = await repin(t, VERSIONS[0], { body: { governance_reason: '  abc  ' } });
    assert.equal(shortest.status, 200);
    assert.equal((await evidence(t.id, shortest.body.evidence_id)).governance_reason, 'abc');
    assert.equal((await repin(t, VERSIONS[1], { body: { governance_reason: 'y'.repeat(500) } })).status, 200);
  });
});

describe('the evidence record', () => {
  let t: Awaited<ReturnType<typeof newTenant>>;
  let keyId: string;
  before(async () => {
    t = await newTenant('Evidence Record Co');
    keyId = (await api.call('GET', '/v1/partners/keys')).body.data[0].id;
  });

  test("provisioning opens the tenant's chain at sequence 1 from the genesis hash", async () => {
    const first = await evidence(t.id, t.evidenceId);
    assert.equal(first.sequence, 1);
    assert.equal(first.action, 'tenant.provisioned');
    assert.equal(first.resource, t.id);
    assert.equal(first.governance_reason, null);
    assert.equal(first.chain.prev_hash, GENESIS_HASH);
    assert.equal(first.decision.engine, 'mock');
  });

  test('a record binds actor, reason, request and response hashes, decision and the link to its predecessor', async () => {
    const before = await evidence(t.id, t.evidenceId);
    const r = await repin(t, VERSIONS[0], { reason: REASON });
    const ev = await evidence(t.id, r.body.evidence_id);
    assert.deepEqual(Object.keys(ev).sort(), [
      'action',
      'actor',
      'chain',
      'created_at',
      'decision',
      'governance_reason',
      'id',
      'request_hash',
      'resource',
      'response_hash',
      'sequence',
    ]);
    assert.equal(ev.id, r.body.evidence_id);
    assert.equal(ev.sequence, 2);
    assert.equal(ev.created_at, clock.now().toISOString());
    assert.deepEqual(ev.actor, { kind: 'partner_key', key_id: keyId, user_id: null, role: null, session_id: null });
    assert.equal(ev.governance_reason, REASON);
    assert.deepEqual(ev.decision, { governance_reason: REASON, from: AU.current_version, to: VERSIONS[0] });
    const path = `/v1/partners/tenants/${t.id}/bindings/${t.bindingId}`;
    assert.equal(
      ev.request_hash,
      sha256Hex(canonicalJson({ method: 'PATCH', path, body: { pack_version: VERSIONS[0] } })),
    );
    assert.equal(ev.response_hash, sha256Hex(r.text), 'the response hash is over the exact bytes the client received');
    assert.equal(ev.chain.prev_hash, before.chain.hash);
    assert.equal(
      ev.chain.hash,
      recordHash({
        id: ev.id,
        tenant_id: t.id,
        seq: ev.sequence,
        created_at: ev.created_at,
        action: ev.action,
        resource: ev.resource,
        actor_json: canonicalJson(ev.actor),
        governance_reason: ev.governance_reason,
        request_hash: ev.request_hash,
        response_hash: ev.response_hash,
        decision_json: canonicalJson(ev.decision),
        prev_hash: ev.chain.prev_hash,
      }),
    );
  });

  test("an unknown evidence id, or one from another tenant's chain, is 404", async () => {
    const other = await newTenant('Other Chain Co');
    assert.equal(
      (await api.call('GET', `/v1/tenants/${t.id}/governance/evidence/cev_000000000000000000000000`)).status,
      404,
    );
    assert.equal((await api.call('GET', `/v1/tenants/${t.id}/governance/evidence/${other.evidenceId}`)).status, 404);
  });

  test('raw tax file numbers and account numbers are redacted before anything is hashed', () => {
    const body = {
      first_name: 'Ada',
      tfn: '123456782',
      tax_id: '12345678901',
      jurisdiction_data: {
        au: { bank_account_number: '000123456', tfn: null },
        accounts: [{ iban: 'DE89370400440532013000' }],
      },
    };
    const redacted = redactSensitive(body);
    assert.deepEqual(redacted, {
      first_name: 'Ada',
      tfn: '[attested]',
      tax_id: '[attested]',
      jurisdiction_data: { au: { bank_account_number: '[attested]', tfn: null }, accounts: [{ iban: '[attested]' }] },
    });
    const hashed = canonicalJson(redacted);
    for (const secret of ['123456782', '12345678901', '000123456', 'DE89370400440532013000'])
      assert.ok(!hashed.includes(secret), secret);
    assert.equal(body.tfn, '123456782', 'the request itself is left intact for the engine');
  });
  test("an employee's read names the record of their last change, never a read receipt", async () => {
    const t = await createTenant(api, { jurisdiction: 'AU', name: 'Employee evidence link' });
    const id = await hireAu(api, t, { pay_frequency: 'fortnightly', bank: false });
    const read = async () => (await api.call('GET', `/v1/tenants/${t.id}/employees/${id}`)).body.data.evidence_id;
    // The hire writes the employee and then their super fund: the last change is the fund's.
    const last = await evidence(t.id, await read());
    assert.equal(last.action, 'employee.pension_updated');
    assert.equal(last.resource, id);
    assert.equal(await read(), last.id, 'a second read still names the change, not the first read');
    const patched = await api.call('PATCH', `/v1/tenants/${t.id}/employees/${id}`, {
      body: { position: 'Store manager' },
      reason: REASON,
    });
    assert.equal(patched.status, 200);
    assert.equal(await read(), patched.body.evidence_id);
  });
});

describe('the audit trail', () => {
  let t: Awaited<ReturnType<typeof newTenant>>;
  let keyId: string;
  let other: { id: string; key: string; keyId: string };
  const start = '2026-11-21T09:00:00.000Z';
  before(async () => {
    clock.set(start);
    t = await newTenant('Audit Trail Co');
    keyId = (await api.call('GET', '/v1/partners/keys')).body.data[0].id;
    const second = await api.call('POST', '/v1/partners/keys', { body: {} });
    other = { id: second.body.data.id, key: second.body.data.key, keyId: second.body.data.id };
    for (let day = 1; day <= 12; day++) {
      clock.set(new Date(Date.parse(start) + day * 86_400_000));
      const r = await api.call('PATCH', `/v1/partners/tenants/${t.id}/bindings/${t.bindingId}`, {
        body: { pack_version: VERSIONS[day % VERSIONS.length] },
        reason: `Re-pin number ${day}`,
        key: day % 3 === 0 ? other.key : undefined,
      });
      assert.equal(r.status, 200);
    }
    clock.set(start);
  });

  test('the trail pages newest first through every record exactly once', async () => {
    const all = await trail(t.id);
    assert.equal(all.length, 13);
    assert.deepEqual(
      all.map((e) => e.sequence),
      Array.from({ length: 13 }, (_, i) => 13 - i),
    );
    const first = await api.call('GET', `/v1/tenants/${t.id}/governance/audit-trail?limit=5`);
    assert.equal(first.body.has_more, true);
    assert.equal(first.body.data.length, 5);
    const last = await api.call('GET', `/v1/tenants/${t.id}/governance/audit-trail?limit=13`);
    assert.equal(last.body.has_more, false);
    assert.equal(last.body.next_cursor, null);
  });

  test('the trail filters by action and by resource', async () => {
    const repins = await trail(t.id, '&action=binding.repinned');
    assert.equal(repins.length, 12);
    assert.ok(repins.every((e) => e.action === 'binding.repinned'));
    const provisioned = await trail(t.id, `&resource=${t.id}`);
    assert.deepEqual(
      provisioned.map((e) => e.action),
      ['tenant.provisioned'],
    );
    assert.equal((await trail(t.id, '&action=nothing.happened')).length, 0);
  });

  test('reads=exclude leaves out the read receipts, so the trail lists the changes people made', async () => {
    const t2 = await newTenant('Reads Co');
    for (let i = 0; i < 3; i++) assert.equal((await api.call('GET', `/v1/tenants/${t2.id}/employees`)).status, 200);
    const every = await trail(t2.id);
    assert.deepEqual(
      every.map((e) => e.action),
      ['employees.listed', 'employees.listed', 'employees.listed', 'tenant.provisioned'],
    );
    assert.deepEqual(
      (await trail(t2.id, '&reads=exclude')).map((e) => e.action),
      ['tenant.provisioned'],
    );
    assert.equal((await trail(t2.id, '&reads=include')).length, 4);
    const bad = await api.call('GET', `/v1/tenants/${t2.id}/governance/audit-trail?reads=some`);
    assert.equal(bad.status, 400);
  });

  test('the trail filters by the acting key', async () => {
    const byOther = await trail(t.id, `&actor=${other.keyId}`);
    assert.equal(byOther.length, 4);
    assert.ok(byOther.every((e) => e.actor.key_id === other.keyId));
    const byFirst = await trail(t.id, `&actor=${keyId}`);
    assert.equal(byFirst.length, 9);
  });

  test('a date range is inclusive of both days; timestamps bound to the instant', async () => {
    const days = await trail(t.id, '&from=2026-11-23&to=2026-11-25');
    assert.deepEqual(
      days.map((e) => e.created_at.slice(0, 10)),
      ['2026-11-25', '2026-11-24', '2026-11-23'],
    );
    const instants = await trail(t.id, '&from=2026-11-23T09:00:00Z&to=2026-11-24T09:00:00Z');
    assert.deepEqual(
      instants.map((e) => e.sequence),
      [4, 3],
    );
    assert.equal((await trail(t.id, '&from=2026-12-24')).length, 0);
    const bad = await api.call('GET', `/v1/tenants/${t.id}/governance/audit-trail?from=yesterday`);
    assert.equal(bad.status, 400);
  });

  test('a tampered cursor is 400', async () => {
    const r = await api.call(
      'GET',
      `/v1/tenants/${t.id}/governance/audit-trail?cursor=${encodeURIComponent('OTk.AAAAAAAAAAAAAAAAAAAAAA')}`,
    );
    assert.equal(r.status, 400);
  });
});

describe('chain verification', () => {
  test('an untouched chain verifies, naming its head hash', async () => {
    const t = await newTenant('Verify Clean Co');
    for (let i = 0; i < 4; i++) await repin(t, VERSIONS[i % VERSIONS.length], { reason: REASON });
    const all = await trail(t.id);
    const result = await verify(t.id);
    assert.deepEqual(result, { valid: true, records_checked: 5, head_hash: all[0].chain.hash });
  });

  test('records with non-ASCII text and with no reason verify like any other', async () => {
    const t = await newTenant('Lohnbüro Müller & Söhne — 東京');
    assert.equal(
      (await repin(t, VERSIONS[0], { body: { governance_reason: 'Rückwirkende Änderung für 2025 — 確認済み' } }))
        .status,
      200,
    );
    const result = await verify(t.id);
    assert.equal(result.valid, true);
    assert.equal(result.records_checked, 2);
  });

  test('an edited field in the database is caught as a hash mismatch at that record', async () => {
    const t = await newTenant('Verify Edit Co');
    for (let i = 0; i < 4; i++) await repin(t, VERSIONS[i % VERSIONS.length], { reason: REASON });
    const third = (await trail(t.id)).find((e) => e.sequence === 3);
    await tamperEvidence(api.deps.store.db, third.id, 'governance_reason', 'Nobody asked for this');
    const result = await verify(t.id);
    assert.equal(result.valid, false);
    assert.deepEqual(result.first_invalid, { id: third.id, seq: 3, reason: 'hash_mismatch' });
    assert.equal(result.records_checked, 3);
  });

  test('a rewritten link or a renumbered record is caught at the first broken record', async () => {
    const t = await newTenant('Verify Link Co');
    for (let i = 0; i < 4; i++) await repin(t, VERSIONS[i % VERSIONS.length], { reason: REASON });
    const bySeq = new Map((await trail(t.id)).map((e) => [e.sequence, e]));
    await tamperEvidence(api.deps.store.db, bySeq.get(2).id, 'prev_hash', 'f'.repeat(64));
    await tamperEvidence(api.deps.store.db, bySeq.get(4).id, 'action', 'tenant.deleted');
    assert.deepEqual((await verify(t.id)).first_invalid, { id: bySeq.get(2).id, seq: 2, reason: 'broken_link' });

    const u = await newTenant('Verify Gap Co');
    for (let i = 0; i < 3; i++) await repin(u, VERSIONS[i % VERSIONS.length], { reason: REASON });
    const head = (await trail(u.id))[0];
    await tamperEvidence(api.deps.store.db, head.id, 'seq', 7);
    assert.deepEqual((await verify(u.id)).first_invalid, { id: head.id, seq: 7, reason: 'sequence_gap' });
  });

  test('verification is for partner keys: an embed token is refused with 403', async () => {
    const t = await newTenant('Verify Token Co');
    const minted = await api.call('POST', `/v1/tenants/${t.id}/embed/token`, { body: { components: ['*'] } });
    const r = await api.call('POST', `/v1/tenants/${t.id}/governance/verify`, {
      key: minted.body.data.token,
      body: {},
    });
    assert.equal(r.status, 403);
  });

  test('50 concurrent governed writes to one tenant leave one valid chain with consecutive sequence numbers', async () => {
    const t = await newTenant('Burst Co');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => repin(t, VERSIONS[i % VERSIONS.length], { reason: `Burst write ${i}` })),
    );
    assert.deepEqual(
      results.map((r) => r.status),
      Array(50).fill(200),
    );
    assert.equal(new Set(results.map((r) => r.body.evidence_id)).size, 50);
    const all = await trail(t.id);
    assert.deepEqual(
      all.map((e) => e.sequence).sort((a, b) => a - b),
      Array.from({ length: 51 }, (_, i) => i + 1),
    );
    const result = await verify(t.id);
    assert.equal(result.valid, true);
    assert.equal(result.records_checked, 51);
  });
});
