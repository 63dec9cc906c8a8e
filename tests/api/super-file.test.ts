// The super contribution file through the real app: a finalised run's SAFF v1.0 CSV (ATO, SuperStream
// alternative file format v1.0 workbook) downloads with a file name in words, carries each member's TFN,
// date of birth, home address, fund and member number and the employer's ABN and payment reference, and
// is recorded in evidence with its SHA-256. No TFN is in a JSON answer or an evidence record. A member
// the file cannot carry makes the batch not ready, said per member in words, and the file is refused whole.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { startTestApi, REASON, type TestApi, type CallOpts } from '../helpers/api.ts';
import {
  auditTrail,
  createTenant,
  hireDe,
  month,
  entriesOf,
  evidenceOf,
  expectStatus,
  fortnight,
  runPath,
  userToken,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { readCsv } from '../../api/lib/csv.ts';
import { finalisedRun, hireWithAddress, PAYER, stpTenant } from './lodgement/stp-fixtures.ts';
import { colIndex, ATO_SAFF_COLUMN_NAMES, ATO_SAFF_CONTRIBUTION_RULES } from './outputs/saff-spec.ts';

let api: TestApi;
let t: TenantRef;
let run: string;
let ann: string;
let bob: string;
const TFNS = ['123456782', '876543210'];

const post = (p: string, opts: CallOpts = {}) => api.call('POST', p, { body: {}, reason: REASON, ...opts });
const cell = (row: string[], letters: string) => row[colIndex(letters)] ?? '';

before(async () => {
  api = await startTestApi();
  t = await stpTenant(api);
  ann = await hireWithAddress(api, t, {
    first_name: 'Ann',
    last_name: 'Lee',
    pay_frequency: 'fortnightly',
    annual_salary: 91_000,
    tfn: TFNS[0],
  });
  bob = await hireWithAddress(api, t, {
    first_name: 'Bob',
    last_name: 'Ng',
    pay_frequency: 'fortnightly',
    annual_salary: 65_000,
    tfn: TFNS[1],
  });
  run = await finalisedRun(api, t, fortnight(0));
});
after(async () => {
  await api.close();
});

describe('the SAFF file of a finalised run', () => {
  test('the batch says the file is ready and offers it; no TFN in its JSON or its evidence', async () => {
    const r = await post(runPath(t, run, '/super-batch'));
    const { file, allowed_actions } = expectStatus(r, 200).data;
    assert.equal(file.ready, true);
    assert.equal(file.message, null);
    assert.deepEqual(file.members, []);
    assert.match(file.file_name, /^Super-contributions-Fixture-Roasters-Pty-Ltd-\d{4}-\d{2}-\d{2}\.csv$/);
    assert.deepEqual(allowed_actions, ['download_file']);
    const ev = await evidenceOf(api, t, r.body.evidence_id);
    for (const tfn of TFNS) {
      assert.ok(!r.text.includes(tfn), 'no TFN in the batch JSON');
      assert.ok(!JSON.stringify(ev).includes(tfn), 'no TFN in its evidence');
    }
  });

  test('downloads as text/csv named in words, to the SAFF v1.0 columns, with TFNs, and its SHA-256 in evidence (ATO SAFF v1.0)', async () => {
    const r = await post(runPath(t, run, '/super-file'));
    assert.equal(r.status, 200, r.text);
    assert.match(r.headers.get('content-type')!, /^text\/csv/);
    assert.match(
      r.headers.get('content-disposition')!,
      /^attachment; filename="Super-contributions-Fixture-Roasters-Pty-Ltd-\d{4}-\d{2}-\d{2}\.csv"; filename\*=/,
    );
    const sha = createHash('sha256').update(r.text, 'utf8').digest('hex');
    assert.equal(r.headers.get('x-payrail-sha256'), sha);
    const rows = readCsv(r.text);
    assert.deepEqual(rows[2], ATO_SAFF_COLUMN_NAMES);
    const body = rows.slice(3);
    assert.equal(body.length, 2, 'one row per member');
    const entries = new Map((await entriesOf(api, t, run)).map((e: any) => [e.employee_id, e]));
    for (const row of body) {
      for (const [letters, name, format] of ATO_SAFF_CONTRIBUTION_RULES)
        assert.match(cell(row, letters), format, `${letters} ${name}`);
      const id = cell(row, 'BC');
      assert.ok([ann, bob].includes(id), 'payroll number is the employee');
      assert.equal(cell(row, 'AH'), id === ann ? TFNS[0] : TFNS[1], 'the TFN is in the file');
      assert.equal(cell(row, 'BH'), entries.get(id)!.super, "the SG amount is the entry's super");
      assert.equal(cell(row, 'F'), PAYER.abn);
      assert.equal(cell(row, 'AQ'), '7 Home Lane');
      assert.equal(cell(row, 'S'), 'STA0100AU');
    }
    assert.equal(cell(body[0], 'X'), rows[0][5], 'the payment reference is the file id');

    const ev = await evidenceOf(api, t, r.headers.get('x-payrail-evidence-id')!);
    assert.equal(ev.action, 'pay_run.super_file_generated');
    assert.equal(ev.decision.sha256, sha);
    assert.equal(ev.decision.line_count, 2);
    assert.equal(ev.decision.format, 'saff_1.0');
    for (const tfn of TFNS) assert.ok(!JSON.stringify(ev).includes(tfn), 'no TFN in evidence');
  });

  test('asked again, the same file id and reference; with an idempotency key, the same bytes and no second record', async () => {
    const call = () => post(runPath(t, run, '/super-file'), { headers: { 'idempotency-key': 'super-file-1' } });
    const first = await call();
    assert.equal(first.status, 200, first.text);
    const trail = (await auditTrail(api, t)).length;
    const again = await call();
    assert.equal(again.headers.get('idempotent-replay'), 'true');
    assert.equal(again.text, first.text);
    assert.equal((await auditTrail(api, t)).length, trail);
    const other = await post(runPath(t, run, '/super-file'));
    assert.deepEqual(readCsv(other.text)[0], readCsv(first.text)[0], 'row 1, with the file id, is the same');
  });

  test('the TFNs the file carried are in no byte of the database or its WAL: the replay copy is kept sealed', async (c) => {
    if (!api.dbFile) return c.skip('the store is not a SQLite file');
    const r = await post(runPath(t, run, '/super-file'), { headers: { 'idempotency-key': 'super-file-sealed' } });
    assert.equal(r.status, 200);
    const again = await post(runPath(t, run, '/super-file'), { headers: { 'idempotency-key': 'super-file-sealed' } });
    assert.equal(again.text, r.text, 'the replay unseals the same bytes');
    const bytes = [api.dbFile, `${api.dbFile}-wal`]
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f).toString('latin1'))
      .join('');
    assert.ok(bytes.includes('Ramanathan') || bytes.includes('Lee'), 'the search reads the stored rows');
    for (const tfn of TFNS) assert.ok(!bytes.includes(tfn), `TFN ${tfn.slice(-3)} is not stored in the clear`);
  });

  test('a preparer may not produce the file (403), an approver may', async () => {
    const preparer = await userToken(api, t, 'preparer', 'usr_prep_super');
    const approver = await userToken(api, t, 'approver', 'usr_appr_super');
    assert.equal((await post(runPath(t, run, '/super-file'), { key: preparer })).status, 403);
    assert.equal((await post(runPath(t, run, '/super-file'), { key: approver })).status, 200);
  });
});

describe('a member the file cannot carry', () => {
  test('makes the batch not ready, naming each member and what they lack; the file is 422 and nothing is recorded', async () => {
    const other = await stpTenant(api);
    await hireWithAddress(api, other, { first_name: 'Cat', last_name: 'Adams', pay_frequency: 'fortnightly' });
    const dan = await hireWithAddress(api, other, {
      first_name: 'Dan',
      last_name: 'Kay',
      pay_frequency: 'fortnightly',
      address: null,
    });
    const id = await finalisedRun(api, other, fortnight(0));
    const batch = expectStatus(await post(runPath(other, id, '/super-batch')), 200).data;
    assert.equal(batch.file.ready, false);
    assert.deepEqual(batch.allowed_actions, []);
    assert.deepEqual(batch.file.members, [
      { employee_id: dan, employee_name: 'Dan Kay', missing: ['their home address'] },
    ]);
    assert.equal(batch.file.message, 'Dan Kay needs their home address.');

    const trail = (await auditTrail(api, other)).length;
    const r = await post(runPath(other, id, '/super-file'));
    assert.equal(r.status, 422, r.text);
    assert.equal(r.body.error.code, 'pack_validation_failed');
    assert.match(r.body.error.rule, /\/super\/file_details_required$/);
    assert.equal(r.body.error.message, 'Dan Kay needs their home address.');
    assert.deepEqual(r.body.error.employees, batch.file.members);
    assert.equal((await auditTrail(api, other)).length, trail, 'nothing recorded');
  });
});

describe('where there is no super file', () => {
  test("another tenant's run is 404, and a DE employer's is 501 naming the capability", async () => {
    const stranger = await stpTenant(api);
    const r = await post(runPath(stranger, run, '/super-file'));
    assert.equal(r.status, 404, r.text);
    const de = await createTenant(api, { jurisdiction: 'DE' });
    await hireDe(api, de, { annual_salary: 60_000 });
    const deRun = await finalisedRun(api, de, month(2026, 10));
    const d = await post(runPath(de, deRun, '/super-file'));
    assert.equal(d.status, 501, d.text);
    assert.equal(d.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
    assert.equal(d.body.error.capability, 'retirement_batch');
  });
});
