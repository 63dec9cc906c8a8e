// DE net pay as a SEPA credit transfer (pain.001.001.09) under pack DE-2026.2: the file parsed as XML and
// checked against the scheme's rules (control sum and count, IBAN/BIC, SALA, unique end-to-end ids, the
// execution date, the character set), amounts as paid out (net plus the private health insurance
// subsidy), 422 naming the employee without writing anything, 501 on earlier DE versions, payments
// recorded and confirmed, idempotent replay, one document per run (asked again, the same bytes and MsgId;
// a re-issue supersedes it with a new MsgId), roles and tenant isolation.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import {
  auditTrail,
  cents,
  createTenant,
  draftRun,
  entriesOf,
  evidenceOf,
  expectStatus,
  fromCents,
  getRun,
  hireDe,
  month,
  runPath,
  runToFinalised,
  userToken,
  type TenantRef,
} from '../../helpers/payroll-fixtures.ts';
import { at, childrenOf, parseXml, textAt, type XmlElement } from '../../helpers/xml.ts';
import { isValidIban } from '../../../api/packs/de/index.ts';
import { sepaText } from '../../../api/services/outputs/sepa-text.ts';
import { ManualClock } from '../../../api/lib/clock.ts';

let api: TestApi;
const clock = new ManualClock(new Date('2026-11-21T09:00:00Z'));
before(async () => {
  api = await startTestApi({ clock });
});
after(() => api.close());

const OCTOBER = month(2026, 10);
const COMPANY = {
  account_name: 'Fixture Software GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
};
const SEPA_SET = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

const paymentFile = (t: TenantRef, runId: string, opts: { key?: string; headers?: Record<string, string> } = {}) =>
  api.call('POST', runPath(t, runId, '/payment-file'), { body: {}, reason: REASON, ...opts });
const reissue = (t: TenantRef, runId: string, opts: { key?: string; reason?: string } = {}) =>
  api.call('POST', runPath(t, runId, '/payment-file/reissue'), { body: {}, reason: REASON, ...opts });
const filesOf = async (t: TenantRef, runId: string) =>
  expectStatus(await api.call('GET', runPath(t, runId, '/payment-files')), 200).data;
const msgIdOf = (xml: string) => textAt(parseXml(xml), 'CstmrCdtTrfInitn/GrpHdr/MsgId');

/** A DE employee privately insured: the employer pays half the premium as a subsidy with the salary. */
async function hirePrivate(t: TenantRef): Promise<string> {
  const body = {
    first_name: 'Priya',
    last_name: 'Privat',
    date_of_birth: '1980-03-04',
    employment: {
      type: 'full_time',
      annual_salary: 90_000,
      hours_per_week: 40,
      pay_frequency: 'monthly',
      start_date: '2020-01-01',
    },
    statutory: {
      de: {
        tax_class: 1,
        church_tax: false,
        state: 'BY',
        health_insurance: { type: 'private', private_premium: 600, employer_subsidy: 300 },
        care_insurance: { childless_surcharge: true },
        tax_id: '65929970489',
        iban: 'DE75512108001245126199',
      },
    },
  };
  return expectStatus(await api.call('POST', `/v1/tenants/${t.id}/employees`, { body, reason: REASON }), 201).data.id;
}

async function finalisedOctober(t: TenantRef): Promise<string> {
  const run = await draftRun(api, t, OCTOBER);
  await runToFinalised(api, t, run.id);
  return run.id;
}

const transfers = (doc: XmlElement) => childrenOf(at(doc, 'CstmrCdtTrfInitn/PmtInf'), 'CdtTrfTxInf');
const subsidyOf = (e: any) =>
  e.employer_costs.find((c: any) => c.type === 'private_insurance_subsidy')?.amount ?? '0.00';

describe('the SEPA file of a finalised DE-2026.2 run', () => {
  let t: TenantRef;
  let runId: string;
  let ids: { plain: string; umlaut: string; priv: string };
  let doc: XmlElement;
  let reply: Awaited<ReturnType<typeof paymentFile>>;
  let entries: any[];

  before(async () => {
    t = await createTenant(api, { jurisdiction: 'DE' });
    expectStatus(await api.call('PATCH', `/v1/tenants/${t.id}/company/bank`, { body: COMPANY, reason: REASON }), 200);
    ids = {
      plain: await hireDe(api, t, { annual_salary: 60_000 }),
      umlaut: await hireDe(api, t, { first_name: 'Jürgen', last_name: 'Größe-Müller & Söhne', annual_salary: 48_000 }),
      priv: await hirePrivate(t),
    };
    // The umlaut employee's bank knows a BIC; the others pay by IBAN only.
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${ids.umlaut}/bank-accounts`, {
        body: { bic: 'DEUTDEFF500', effective_from: '2020-01-01' },
        reason: REASON,
      }),
      200,
    );
    runId = await finalisedOctober(t);
    reply = await paymentFile(t, runId);
    entries = await entriesOf(api, t, runId);
    doc = parseXml(reply.text);
  });

  test('new DE tenants are pinned to the current DE-2026.4, whose matrix has payment_file native', async () => {
    assert.equal(t.packVersion, 'DE-2026.4');
    const packs = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/packs`), 200).data;
    assert.equal(packs[0].pinned_version, 'DE-2026.4');
    assert.equal(packs[0].capabilities.payment_file, 'native');
  });

  test('pain.001.001.09 XML with its hash in the headers and the evidence', async () => {
    assert.equal(reply.status, 200, reply.text);
    assert.match(reply.headers.get('content-type')!, /^application\/xml/);
    // Named after the employer and the day, in words: no internal id in a file name.
    assert.match(
      reply.headers.get('content-disposition')!,
      /^attachment; filename="Nettoentgelte-DE-Fixture-Employer-\d+-2026-10-31\.xml"; filename\*=/,
    );
    assert.equal(doc.name, 'Document');
    assert.equal(doc.attrs.xmlns, 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    const sha = reply.headers.get('x-payrail-sha256')!;
    const ev = await evidenceOf(api, t, reply.headers.get('x-payrail-evidence-id')!);
    assert.equal(ev.action, 'pay_run.payment_file_generated');
    assert.equal(ev.decision.sha256, sha);
    assert.equal(ev.decision.format, 'pain.001.001.09');
    assert.equal(ev.decision.record_count, 3);
  });

  test('control sum and number of transactions agree in both headers, with the amounts and the run', async () => {
    const txs = transfers(doc);
    const amounts = txs.map((x) => at(x, 'Amt/InstdAmt'));
    for (const a of amounts) {
      assert.equal(a.attrs.Ccy, 'EUR');
      assert.match(a.text, /^\d+\.\d{2}$/);
      assert.ok(cents(a.text) > 0);
    }
    const total = amounts.reduce((s, a) => s + cents(a.text), 0);
    for (const path of ['CstmrCdtTrfInitn/GrpHdr', 'CstmrCdtTrfInitn/PmtInf']) {
      assert.equal(textAt(doc, `${path}/NbOfTxs`), '3');
      assert.equal(textAt(doc, `${path}/CtrlSum`), fromCents(total));
    }
    // Paid out: the run's total net, plus the subsidy paid with the privately insured employee's salary.
    const run = await getRun(api, t, runId);
    const subsidies = entries.reduce((s, e) => s + cents(subsidyOf(e)), 0);
    assert.ok(subsidies > 0, 'the DE pack computed a subsidy');
    assert.equal(total, cents(run.totals.net) + subsidies);
    assert.equal(
      total - subsidies,
      entries.reduce((s, e) => s + cents(e.net), 0),
    );
  });

  test('each transfer: the employee’s IBAN (and BIC when known), SALA, a unique end-to-end id per payslip, the amount paid out', async () => {
    const slips = expectStatus(await api.call('GET', runPath(t, runId, '/payslips')), 200).data;
    const txs = transfers(doc);
    const e2e = txs.map((x) => textAt(x, 'PmtId/EndToEndId')!);
    assert.equal(new Set(e2e).size, 3, 'end-to-end ids are unique');
    for (const x of txs) {
      const id = textAt(x, 'PmtId/EndToEndId')!;
      assert.ok(id.length <= 35 && SEPA_SET.test(id));
      const slip = slips.find((s: any) => s.id.replace(/_/g, '-') === id);
      assert.ok(slip, `${id} names a payslip`);
      const entry = entries.find((e) => e.employee_id === slip.employee_id);
      assert.equal(textAt(x, 'Amt/InstdAmt'), fromCents(cents(entry.net) + cents(subsidyOf(entry))));
      assert.ok(isValidIban(textAt(x, 'CdtrAcct/Id/IBAN')!));
      assert.equal(textAt(x, 'Purp/Cd'), 'SALA');
      assert.match(textAt(x, 'RmtInf/Ustrd')!, /^Lohn\/Gehalt 2026-10-01 - 2026-10-31$/);
      if (slip.employee_id === ids.umlaut) assert.equal(textAt(x, 'CdtrAgt/FinInstnId/BICFI'), 'DEUTDEFF500');
      else assert.equal(textAt(x, 'CdtrAgt'), null, 'no creditor agent without a BIC');
    }
  });

  test('the debtor is the company account, paid on the payment date with category purpose SALA', () => {
    const p = at(doc, 'CstmrCdtTrfInitn/PmtInf');
    assert.equal(textAt(p, 'PmtMtd'), 'TRF');
    assert.equal(textAt(p, 'PmtTpInf/SvcLvl/Cd'), 'SEPA');
    assert.equal(textAt(p, 'PmtTpInf/CtgyPurp/Cd'), 'SALA');
    assert.equal(textAt(p, 'ReqdExctnDt/Dt'), OCTOBER.payment_date);
    assert.equal(textAt(p, 'Dbtr/Nm'), 'Fixture Software GmbH');
    assert.equal(textAt(p, 'DbtrAcct/Id/IBAN'), 'DE89370400440532013000');
    assert.equal(textAt(p, 'DbtrAgt/FinInstnId/BICFI'), 'COBADEFFXXX');
    assert.equal(textAt(p, 'ChrgBr'), 'SLEV');
    for (const id of ['CstmrCdtTrfInitn/GrpHdr/MsgId', 'CstmrCdtTrfInitn/PmtInf/PmtInfId'])
      assert.ok(SEPA_SET.test(textAt(doc, id)!) && textAt(doc, id)!.length <= 35, id);
  });

  test('names are written in the SEPA character set: umlauts transliterated, & as +', () => {
    const names = transfers(doc).map((x) => textAt(x, 'Cdtr/Nm')!);
    for (const n of names) assert.ok(SEPA_SET.test(n) && n.length <= 70, n);
    assert.ok(names.includes('Juergen Groesse-Mueller + Soehne'), names.join(', '));
    assert.equal(sepaText('Zoë Ångström-Łukasz'), 'Zoe Angstroem-Lukasz');
    assert.equal(sepaText('李小龍'), null, 'a name SEPA cannot carry');
  });

  test('payments are recorded per employee with the amount paid and the IBAN’s last 4; confirm marks them paid', async () => {
    const list = expectStatus(await api.call('GET', runPath(t, runId, '/payments')), 200).data;
    assert.equal(list.length, 3);
    for (const p of list) {
      const e = entries.find((x) => x.employee_id === p.employee_id);
      assert.equal(p.method, 'sepa');
      assert.equal(p.currency, 'EUR');
      assert.equal(p.amount, fromCents(cents(e.net) + cents(subsidyOf(e))));
      assert.match(p.account_last4, /^\d{4}$/);
      assert.equal(p.status, 'file_generated');
      assert.equal(p.file_evidence_id, reply.headers.get('x-payrail-evidence-id'));
    }
    assert.equal(list.find((p: any) => p.employee_id === ids.priv).account_last4, '6199');
    const confirmed = expectStatus(
      await api.call('POST', runPath(t, runId, '/payments/confirm'), { body: {}, reason: REASON }),
      200,
    ).data;
    assert.deepEqual(
      confirmed.map((p: any) => p.status),
      ['confirmed', 'confirmed', 'confirmed'],
    );
  });
});

describe('one payment file per run: generated twice, re-issued once', () => {
  let t: TenantRef;
  let runId: string;
  let first: Awaited<ReturnType<typeof paymentFile>>;
  let again: Awaited<ReturnType<typeof paymentFile>>;
  let trailAfterFirst: number;

  before(async () => {
    t = await createTenant(api, { jurisdiction: 'DE' });
    await hireDe(api, t, { annual_salary: 60_000 });
    await hireDe(api, t, { last_name: 'Zweite', annual_salary: 45_000 });
    runId = await finalisedOctober(t);
    first = await paymentFile(t, runId);
    assert.equal(first.status, 200, first.text);
    trailAfterFirst = (await auditTrail(api, t)).length;
    // Later in the day, without an Idempotency-Key: the same document is asked for again.
    clock.advance(3_600_000);
    again = await paymentFile(t, runId);
  });

  test('asked again, the same bytes: the same MsgId, hash and evidence record, and nothing recorded', async () => {
    assert.equal(again.status, 200, again.text);
    assert.equal(again.text, first.text);
    assert.equal(msgIdOf(again.text), msgIdOf(first.text));
    assert.equal(again.headers.get('x-payrail-sha256'), first.headers.get('x-payrail-sha256'));
    assert.equal(again.headers.get('x-payrail-evidence-id'), first.headers.get('x-payrail-evidence-id'));
    assert.equal(again.headers.get('content-disposition'), first.headers.get('content-disposition'));
    // balancing_debit is ABA's alone: on a SEPA run it changes nothing.
    const withOption = await api.call('POST', runPath(t, runId, '/payment-file'), {
      body: { balancing_debit: true },
      reason: REASON,
    });
    assert.equal(withOption.status, 200, withOption.text);
    assert.equal(withOption.text, first.text);
    assert.equal((await auditTrail(api, t)).length, trailAfterFirst, 'no second evidence record');
    // The MsgId is the file's evidence record, written as a SEPA identifier.
    assert.equal(msgIdOf(first.text), first.headers.get('x-payrail-evidence-id')!.replace(/_/g, '-'));
    const [file] = await filesOf(t, runId);
    assert.deepEqual(
      [file.status, file.message_id, file.sha256, file.evidence_id],
      [
        'current',
        msgIdOf(first.text),
        first.headers.get('x-payrail-sha256'),
        first.headers.get('x-payrail-evidence-id'),
      ],
    );
  });

  test('a re-issue without a governance reason is 400 and writes nothing', async () => {
    const r = await api.call('POST', runPath(t, runId, '/payment-file/reissue'), { body: {} });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.error.code, 'governance_reason_required');
    assert.equal((await filesOf(t, runId)).length, 1);
  });

  test('the re-issue: the same transfers under a new MsgId, the earlier file superseded, payments recorded afresh', async () => {
    const trail = (await auditTrail(api, t)).length;
    const re = await reissue(t, runId, { reason: 'Bank rejected the upload: wrong account mandate' });
    assert.equal(re.status, 200, re.text);
    const [before, after] = [parseXml(first.text), parseXml(re.text)];
    assert.notEqual(msgIdOf(re.text), msgIdOf(first.text), 'a new MsgId');
    assert.notEqual(re.headers.get('x-payrail-sha256'), first.headers.get('x-payrail-sha256'));
    const reId = re.headers.get('x-payrail-evidence-id')!;
    assert.equal(msgIdOf(re.text), reId.replace(/_/g, '-'));
    const same = (doc: XmlElement) =>
      transfers(doc).map((x) => [
        textAt(x, 'PmtId/EndToEndId'),
        textAt(x, 'Amt/InstdAmt'),
        textAt(x, 'CdtrAcct/Id/IBAN'),
      ]);
    assert.deepEqual(same(after), same(before), 'the same transfers');
    for (const path of ['GrpHdr/CtrlSum', 'GrpHdr/NbOfTxs', 'PmtInf/PmtInfId', 'PmtInf/ReqdExctnDt/Dt'])
      assert.equal(textAt(after, `CstmrCdtTrfInitn/${path}`), textAt(before, `CstmrCdtTrfInitn/${path}`), path);

    assert.equal((await auditTrail(api, t)).length, trail + 1, 'one evidence record');
    const ev = await evidenceOf(api, t, reId);
    assert.equal(ev.action, 'pay_run.payment_file_reissued');
    assert.equal(ev.governance_reason, 'Bank rejected the upload: wrong account mandate');
    assert.equal(ev.decision.sha256, re.headers.get('x-payrail-sha256'));
    assert.equal(ev.decision.message_id, msgIdOf(re.text));
    assert.equal(ev.decision.supersedes, first.headers.get('x-payrail-evidence-id'));
    assert.equal(ev.decision.superseded_message_id, msgIdOf(first.text));

    const files = await filesOf(t, runId);
    assert.deepEqual(
      files.map((f: any) => [f.status, f.message_id, f.superseded_by]),
      [
        ['superseded', msgIdOf(first.text), reId],
        ['current', msgIdOf(re.text), null],
      ],
    );
    assert.equal(files[0].superseded_at, clock.now().toISOString());
    const payments = expectStatus(await api.call('GET', runPath(t, runId, '/payments')), 200).data;
    assert.deepEqual(
      payments.map((p: any) => [p.file_evidence_id, p.status]),
      payments.map(() => [reId, 'file_generated']),
    );
    // Asked again now, the re-issued file is the run's file.
    const now = await paymentFile(t, runId);
    assert.equal(now.text, re.text);
    assert.equal(now.headers.get('x-payrail-evidence-id'), reId);
  });

  test('once the bank confirmed a payment, a re-issue is 409 and writes nothing', async () => {
    const [p] = expectStatus(await api.call('GET', runPath(t, runId, '/payments')), 200).data;
    expectStatus(
      await api.call('POST', runPath(t, runId, '/payments/confirm'), {
        body: { employee_ids: [p.employee_id] },
        reason: REASON,
      }),
      200,
    );
    const trail = (await auditTrail(api, t)).length;
    const r = await reissue(t, runId);
    assert.equal(r.status, 409, r.text);
    assert.equal(r.body.error.code, 'state_conflict');
    assert.deepEqual(r.body.error.employee_ids, [p.employee_id]);
    assert.equal((await auditTrail(api, t)).length, trail);
    assert.equal((await filesOf(t, runId)).length, 2);
  });

  test('a re-issue before any file is 409; viewers may not re-issue; another partner sees neither route', async () => {
    const fresh = await createTenant(api, { jurisdiction: 'DE' });
    await hireDe(api, fresh);
    const run = await finalisedOctober(fresh);
    const none = await reissue(fresh, run);
    assert.equal(none.status, 409, none.text);
    assert.deepEqual(await filesOf(fresh, run), []);
    const viewer = await userToken(api, fresh, 'viewer', 'u-viewer');
    assert.equal((await reissue(fresh, run, { key: viewer })).status, 403);
    const other = await api.newPartner('Another Partner');
    assert.equal((await reissue(t, runId, { key: other.key })).status, 404);
    const list = await api.call('GET', runPath(t, runId, '/payment-files'), { key: other.key });
    assert.equal(list.status, 404, list.text);
  });
});

describe('refusals', () => {
  test('an IBAN missing or failing its checksum, or a malformed BIC: 422 naming each employee with the rule, nothing written', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const ok = await hireDe(api, t);
    const noIban = await hireDe(api, t, { last_name: 'Ohnekonto' });
    const badIban = await hireDe(api, t, { last_name: 'Pruefziffer' });
    const badBic = await hireDe(api, t, { last_name: 'Falschbic' });
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${badBic}/bank-accounts`, {
        body: { bic: 'NOT-A-BIC', effective_from: '2020-01-01' },
        reason: REASON,
      }),
      200,
    );
    const runId = await finalisedOctober(t);
    // Bank details recorded before IBANs were checked at intake: one removed, one with wrong check digits.
    const version = (employee_id: string, bank: Record<string, unknown>) =>
      api.deps.store.db
        .insertInto('employee_versions')
        .values({
          employee_id,
          tenant_id: t.id,
          effective_from: '2020-01-01',
          seq: 99,
          data_json: JSON.stringify({ bank }),
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
    await version(noIban, { iban_enc: '' });
    await version(badIban, { iban_enc: api.deps.secrets.encrypt('DE00370400440532013000') });
    const trail = (await auditTrail(api, t)).length;
    const r = await paymentFile(t, runId);
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.error.code, 'pack_validation_failed');
    const v = r.body.error.violations as any[];
    const of = (id: string) => v.filter((x) => x.employee_id === id).map((x) => x.rule);
    assert.deepEqual(of(noIban), ['DE-2026.4/payment_file/iban_required']);
    assert.deepEqual(of(badIban), ['DE-2026.4/payment_file/iban_checksum']);
    assert.deepEqual(of(badBic), ['DE-2026.4/payment_file/bic_format']);
    assert.deepEqual(of(ok), []);
    for (const x of v) assert.ok(x.employee_name && x.path.startsWith('payments['), JSON.stringify(x));
    assert.ok(!r.text.includes('DE00370400440532013000'), 'no IBAN in the answer');
    assert.equal((await auditTrail(api, t)).length, trail, 'no evidence');
    assert.deepEqual(expectStatus(await api.call('GET', runPath(t, runId, '/payments')), 200).data, []);
  });

  test('a company without an IBAN: 422 company/bank_required', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE', companyBank: false });
    await hireDe(api, t);
    const r = await paymentFile(t, await finalisedOctober(t));
    assert.equal(r.status, 422);
    assert.equal(r.body.error.rule, 'DE-2026.4/company/bank_required');
  });

  test('tenants pinned to DE-2026.1 or DE-2025.1 keep the 501 with alternatives; pay is the same as DE-2026.2', async () => {
    const older = await createTenant(api, { jurisdiction: 'DE', pack_version: 'DE-2026.1' });
    const newer = await createTenant(api, { jurisdiction: 'DE' });
    await hireDe(api, older, { annual_salary: 72_000 });
    await hireDe(api, newer, { annual_salary: 72_000 });
    const [a, b] = [await finalisedOctober(older), await finalisedOctober(newer)];
    const r = await paymentFile(older, a);
    assert.equal(r.status, 501, r.text);
    assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
    assert.equal(r.body.error.capability, 'payment_file');
    assert.equal(r.body.error.pack, 'DE-2026.1');
    assert.ok(Array.isArray(r.body.error.alternatives));
    const [ea] = await entriesOf(api, older, a);
    const [eb] = await entriesOf(api, newer, b);
    for (const k of ['gross', 'tax', 'social', 'net']) assert.equal(eb[k], ea[k], k);
    assert.deepEqual(eb.lines, ea.lines);

    const y2025 = await createTenant(api, { jurisdiction: 'DE', pack_version: 'DE-2025.1' });
    const packs = expectStatus(await api.call('GET', `/v1/tenants/${y2025.id}/packs`), 200).data;
    assert.equal(packs[0].capabilities.payment_file, 'unsupported');
  });
});

describe('replay, roles and isolation', () => {
  let t: TenantRef;
  let runId: string;
  before(async () => {
    t = await createTenant(api, { jurisdiction: 'DE' });
    await hireDe(api, t);
    await hireDe(api, t);
    runId = await finalisedOctober(t);
  });

  test('the same Idempotency-Key replays the same file and records nothing twice', async () => {
    const headers = { 'idempotency-key': 'sepa-october-1' };
    const first = await paymentFile(t, runId, { headers });
    assert.equal(first.status, 200, first.text);
    const trail = (await auditTrail(api, t)).length;
    const again = await paymentFile(t, runId, { headers });
    assert.equal(again.status, 200);
    assert.equal(again.text, first.text);
    assert.equal(again.headers.get('x-payrail-sha256'), first.headers.get('x-payrail-sha256'));
    assert.equal((await auditTrail(api, t)).length, trail, 'the replay wrote no evidence');
  });

  test('viewer and preparer are 403; an approver produces the file', async () => {
    for (const role of ['viewer', 'preparer'] as const) {
      const key = await userToken(api, t, role, `u-${role}`);
      const r = await paymentFile(t, runId, { key });
      assert.equal(r.status, 403, `${role}: ${r.text}`);
    }
    const key = await userToken(api, t, 'approver', 'u-approver');
    assert.equal((await paymentFile(t, runId, { key })).status, 200);
  });

  test("another partner's tenant is 404, and so is another tenant's run", async () => {
    const other = await api.newPartner('Other Partner');
    const r = await paymentFile(t, runId, { key: other.key });
    assert.equal(r.status, 404, r.text);
    const sibling = await createTenant(api, { jurisdiction: 'DE' });
    assert.equal((await paymentFile(sibling, runId)).status, 404);
  });
});
