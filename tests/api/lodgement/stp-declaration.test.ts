// Every single-touch payroll submission carries the payer's declaration (ATO, Single Touch Payroll business
// implementation guide, section 5 "Authorisations and declarations"; PAYEVNT.0004 elements
// `Rp.Declaration.SignatoryIdentifierT`, `SignatureD`, `StatementAcceptedI`), and its receipt keeps the SHA-256
// of the exact payload sent, TFNs included, beside the hash of the masked download.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import {
  evidenceOf,
  expectStatus,
  fortnight,
  getRun,
  runPath,
  validTfn,
  type TenantRef,
} from '../../helpers/payroll-fixtures.ts';
import { canonicalJson } from '../../../api/lib/canonical-json.ts';
import { sha256Hex } from '../../../api/lib/ids.ts';
import {
  DECLARATION,
  finalisedRun,
  hireWithAddress,
  payloadOf,
  stpTenant,
  submit,
  waitForRail,
} from './stp-fixtures.ts';

const STATEMENT =
  'I declare the information transmitted in this payroll report is true and correct and I am authorised to make this declaration.';

let api: TestApi;
let t: TenantRef;
before(async () => {
  // The test server's clock stands at 2026-11-21 09:00 UTC: the declaration is dated the day it is received.
  api = await startTestApi();
  t = await stpTenant(api);
  await hireWithAddress(api, t, { pay_frequency: 'fortnightly', tfn: validTfn(5150) });
});
after(() => api.close());

const year = (path: string, body: Record<string, unknown>) =>
  api.call('POST', `/v1/tenants/${t.id}/stp/${path}`, { body: { financial_year: 2026, ...body }, reason: REASON });

describe('the payer’s declaration', () => {
  test('submit, update events and finalisation without a declaration, or not accepted, are 400 naming the field; nothing is lodged', async () => {
    const runId = await finalisedRun(api, t, fortnight(0));
    const cases = [
      [() => api.call('POST', runPath(t, runId, '/submit'), { body: {}, reason: REASON }), 'declaration'],
      [() => api.call('POST', runPath(t, runId, '/lodge'), { body: {}, reason: REASON }), 'declaration'],
      [
        () => submit(api, t, runId, { body: { declaration: { name: 'Pat', accepted: false } } }),
        'declaration.accepted',
      ],
      [() => submit(api, t, runId, { body: { declaration: { name: ' ', accepted: true } } }), 'declaration.name'],
      [() => year('update-events', {}), 'declaration'],
      [() => year('finalise-year', { declaration: { name: 'Pat' } }), 'declaration.accepted'],
    ] as const;
    for (const [send, path] of cases) {
      const body = expectStatus(await send(), 400, path);
      assert.equal(body.error.code, 'bad_request');
      assert.ok(
        body.error.errors.some((e: { path: string }) => e.path === path),
        `${path}: ${JSON.stringify(body.error.errors)}`,
      );
    }
    assert.equal((await getRun(api, t, runId)).status, 'finalised');
    assert.deepEqual(expectStatus(await api.call('GET', runPath(t, runId, '/lodgements')), 200).data, []);
  });

  test('a pay event carries the declarer, the date received and the statement accepted, in the payload and the evidence', async () => {
    const runId = await finalisedRun(api, t, fortnight(1));
    const out = expectStatus(await submit(api, t, runId), 202);
    const l = out.data;
    const p = (await payloadOf(api, t, l.id)).json;
    assert.deepEqual(p.PAYEVNT.Rp.Declaration, {
      SignatoryIdentifierT: DECLARATION.name,
      SignatureD: '2026-11-21',
      StatementAcceptedI: true,
    });
    const receipt = await evidenceOf(api, t, l.receipt_evidence_id);
    assert.deepEqual(receipt.decision.declaration, {
      name: DECLARATION.name,
      date: '2026-11-21',
      accepted: true,
      statement: STATEMENT,
    });
    assert.equal((await evidenceOf(api, t, out.evidence_id)).decision.declared_by, DECLARATION.name);
    await waitForRail(api, t, l.id);
  });

  test('update events and the finalisation declaration carry it too', async () => {
    for (const path of ['update-events', 'finalise-year']) {
      const declaration = { name: `Jo Approver (${path})`, accepted: true };
      const l = expectStatus(await year(path, { declaration }), 202).data;
      const p = (await payloadOf(api, t, l.id)).json;
      assert.equal(p.PAYEVNT.Rp.Declaration.SignatoryIdentifierT, declaration.name, path);
      assert.equal(p.PAYEVNT.Rp.Declaration.StatementAcceptedI, true, path);
      assert.equal((await evidenceOf(api, t, l.receipt_evidence_id)).decision.declaration.name, declaration.name);
      assert.equal((await waitForRail(api, t, l.id)).status, 'accepted');
    }
  });
});

describe('what was sent', () => {
  test('the receipt keeps the SHA-256 of the payload as transmitted, TFNs and all, which the stored record reproduces', async () => {
    const tfn = validTfn(5150);
    const runId = await finalisedRun(api, t, fortnight(2));
    const l = expectStatus(await submit(api, t, runId), 202).data;
    const receipt = await evidenceOf(api, t, l.receipt_evidence_id);
    const download = await payloadOf(api, t, l.id);
    assert.ok(!download.text.includes(tfn), 'the download masks the TFN');
    assert.equal(receipt.decision.payload_sha256, sha256Hex(download.text), 'the download’s own hash, as before');
    assert.match(receipt.decision.transmitted_sha256, /^[0-9a-f]{64}$/);
    assert.notEqual(receipt.decision.transmitted_sha256, receipt.decision.payload_sha256);

    // An auditor's check: the stored payload with its sealed TFNs opened, in canonical JSON, hashes to the receipt.
    const row = await api.deps.store.repos.getLodgement(t.id, l.id);
    const stored = JSON.parse(row!.payload_json);
    for (const rec of stored.PAYEVNTEMP) {
      const ids = rec.Payee.PayeeIdentifiers;
      if (ids.TaxFileNumberId.startsWith('sealed:'))
        ids.TaxFileNumberId = api.deps.secrets.decrypt(ids.TaxFileNumberId.slice('sealed:'.length));
    }
    assert.equal(stored.PAYEVNTEMP[0].Payee.PayeeIdentifiers.TaxFileNumberId, tfn, 'what went to the ATO');
    assert.equal(sha256Hex(canonicalJson(stored)), receipt.decision.transmitted_sha256);
    // A payload with any other TFN does not match: the hash pins the number sent.
    stored.PAYEVNTEMP[0].Payee.PayeeIdentifiers.TaxFileNumberId = validTfn(9000);
    assert.notEqual(sha256Hex(canonicalJson(stored)), receipt.decision.transmitted_sha256);
    await waitForRail(api, t, l.id);
  });
});
