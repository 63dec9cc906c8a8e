// AU net pay split across up to three accounts, through the real app: the body's checks with their
// paths and rules, account numbers sealed and never shown (reads, the payments view, evidence), the ABA
// file's one credit per account with totals that balance, and the single-account body as before.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  auditTrail,
  cents,
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  fortnight,
  hireAu,
  hireDe,
  runPath,
  runToFinalised,
  sumCents,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { parseAbaFile } from '../../api/services/outputs/aba.ts';
import { allocateSplits } from '../../api/lib/net-splits.ts';

let api: TestApi;
let t: TenantRef;
let emp: string;

const RAW = ['11223344', '55667788', '99001122'];
const E = () => `/v1/tenants/${t.id}/employees/${emp}`;
const patch = (body: unknown) => api.call('PATCH', `${E()}/bank-accounts`, { body, reason: REASON });
const validate = (body: unknown) => api.call('POST', `${E()}/bank-accounts/validate`, { body });
const threeWay = {
  splits: [
    { bsb: '062-000', account_number: RAW[0], account_name: 'Priya Savings', amount: '100.00' },
    { bsb: '062-001', account_number: RAW[1], account_name: 'Priya Holiday', percent: '20' },
    { bsb: '063-000', account_number: RAW[2], account_name: 'Priya Everyday' },
  ],
};
const noRawNumber = (text: string, where: string) => {
  for (const n of RAW) assert.equal(text.includes(n), false, `${where} shows ${n}`);
};

before(async () => {
  api = await startTestApi();
  t = await createTenant(api, { name: 'Split Pay Pty Ltd' });
  emp = await hireAu(api, t, {
    first_name: 'Priya',
    last_name: 'Ramanathan',
    pay_frequency: 'fortnightly',
    annual_salary: 91_000,
  });
});
after(async () => {
  await api.close();
});

describe('the split pay rule', () => {
  test('fixed amounts first, then percentages of what is left rounded to the cent, the rest to the last', () => {
    assert.deepEqual(allocateSplits('2500.00', [{ amount: '100.00' }, { percent: '20' }, {}]), [
      '100.00',
      '480.00',
      '1920.00',
    ]);
    assert.deepEqual(allocateSplits('1000.01', [{ percent: '33.33' }, { percent: '33.33' }, {}]), [
      '333.30',
      '333.30',
      '333.41',
    ]);
    // A fixed amount larger than the net pays the net; the others come to 0.00.
    assert.deepEqual(allocateSplits('80.00', [{ amount: '100.00' }, { percent: '20' }, {}]), ['80.00', '0.00', '0.00']);
    assert.deepEqual(allocateSplits('80.00', [{ amount: '30.00' }, { amount: '60.00' }, {}]), [
      '30.00',
      '50.00',
      '0.00',
    ]);
  });
});

describe('checks', () => {
  test('each broken rule is a 422 with its path and a bank rule; validate writes nothing', async () => {
    const trail = (await auditTrail(api, t)).length;
    const cases: [unknown, string[], RegExp][] = [
      [
        {
          splits: [
            { bsb: '06200', account_number: '12AB', account_name: ' ', amount: '10' },
            { bsb: '062-000', account_number: '12345678', account_name: 'B' },
          ],
        },
        ['splits[0].account_name', 'splits[0].account_number', 'splits[0].amount', 'splits[0].bsb'],
        /\/bank\/(bsb_format|account_number_format|account_name_required|split_amount)$/,
      ],
      [
        { splits: [...threeWay.splits, { bsb: '062-000', account_number: '1234567', account_name: 'D' }] },
        ['splits'],
        /\/bank\/splits_max$/,
      ],
      [
        {
          splits: [
            { bsb: '062-000', account_number: '12345678', account_name: 'A', percent: '60' },
            { bsb: '062-000', account_number: '22345678', account_name: 'B', percent: '40' },
            { bsb: '062-000', account_number: '12345678', account_name: 'C' },
          ],
        },
        ['splits', 'splits[2].account_number'],
        /\/bank\/(split_percent_total|split_duplicate)$/,
      ],
      [
        {
          splits: [
            { bsb: '062-000', account_number: '12345678', account_name: 'A', percent: '120' },
            { bsb: '062-000', account_number: '22345678', account_name: 'B', amount: '0.00' },
            { bsb: '062-000', account_number: '32345678', account_name: 'C', amount: '5.00' },
          ],
        },
        ['splits[0].percent', 'splits[1].amount', 'splits[2].amount'],
        /\/bank\/(split_percent|split_amount|split_remainder)$/,
      ],
      [
        {
          splits: [
            { bsb: '062-000', account_number: '12345678', account_name: 'A', amount: '5.00', percent: '5' },
            { bsb: '062-000', account_number: '22345678', account_name: 'B' },
          ],
        },
        ['splits[0].amount'],
        /\/bank\/split_share$/,
      ],
      [{ splits: [], bank_bsb: '062-000' }, ['bank_bsb', 'splits'], /\/bank\/(splits_or_single|splits_format)$/],
    ];
    for (const [body, paths, rule] of cases) {
      const r = await patch(body);
      assert.equal(r.status, 422, r.text);
      assert.equal(r.body.error.code, 'pack_validation_failed');
      const v = r.body.error.violations as { path: string; rule: string }[];
      assert.deepEqual([...new Set(v.map((x) => x.path))].sort(), paths, r.text);
      for (const x of v) assert.match(x.rule, rule);
      const checked = expectStatus(await validate(body), 200, 'validate');
      assert.equal(checked.data.valid, false);
      assert.deepEqual([...new Set(checked.data.violations.map((x: { path: string }) => x.path))].sort(), paths);
    }
    assert.equal((await auditTrail(api, t)).length, trail, 'nothing written');
    const good = expectStatus(await validate(threeWay), 200);
    assert.deepEqual(good.data, { valid: true, violations: [] });
  });

  test('an account number is accepted in splits[].account_number and nowhere else in the body', async () => {
    const r = await patch({ ...threeWay, extra: { account_number: '12345678' } });
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(
      r.body.error.errors.map((d: { path: string }) => d.path),
      ['extra.account_number'],
    );
    const forged = await patch({ splits: [{ ...threeWay.splits[2], account_enc: 'forged' }] });
    assert.equal(forged.status, 400, forged.text);
  });
});

describe('DE', () => {
  test('a split is 501 with the capability: a SEPA payment pays one IBAN', async () => {
    const de = await createTenant(api, { name: 'Geteilt GmbH', jurisdiction: 'DE' });
    const id = await hireDe(api, de);
    const r = await api.call('PATCH', `/v1/tenants/${de.id}/employees/${id}/bank-accounts`, {
      body: { splits: [{ bsb: '062-000', account_name: 'A' }] },
      reason: REASON,
    });
    assert.equal(r.status, 501, r.text);
    assert.equal(r.body.error.capability, 'split_bank_accounts');
  });
});

describe('a split account', () => {
  test('is saved sealed and read masked: the last 4 of each account, never the number', async () => {
    const w = await patch(threeWay);
    assert.equal(w.status, 200, w.text);
    noRawNumber(w.text, 'the write reply');
    const bank = expectStatus(await api.call('GET', `${E()}/bank-accounts`), 200).data;
    assert.equal(bank.attested, true);
    assert.deepEqual(
      bank.splits.map((s: any) => [s.bsb, s.account_last4, s.account_name, s.amount, s.percent]),
      [
        ['062-000', '3344', 'Priya Savings', '100.00', null],
        ['062-001', '7788', 'Priya Holiday', null, '20'],
        ['063-000', '1122', 'Priya Everyday', null, null],
      ],
    );
    // The remainder account is the employee's account for everything that shows one.
    assert.equal(bank.bsb, '063-000');
    assert.equal(bank.account_last3, '122');
    for (const path of ['/bank-accounts', '', '/readiness'])
      noRawNumber((await api.call('GET', `${E()}${path}`)).text, path);
    const trail = await auditTrail(api, t);
    noRawNumber(JSON.stringify(trail), 'the governance trail');
  });

  test('the ABA file pays one credit per account, in the split, and the totals balance', async () => {
    const id = (await draftRun(api, t, fortnight(0))).id;
    await runToFinalised(api, t, id);
    const entries = await entriesOf(api, t, id);
    const net = entries.find((e) => e.employee_id === emp)!.net as string;
    const r = await api.call('POST', runPath(t, id, '/payment-file'), {
      body: { balancing_debit: true },
      reason: REASON,
    });
    assert.equal(r.status, 200, r.text);
    const aba = parseAbaFile(r.text);
    const credits = aba.details.filter((d) => d.transaction_code === '53');
    assert.equal(credits.length, 3);
    assert.deepEqual(
      credits.map((d) => [d.bsb, d.account_number.trim(), d.amount_cents]),
      allocateSplits(net, threeWay.splits).map((a, i) => [threeWay.splits[i].bsb, RAW[i], cents(a)]),
    );
    assert.equal(aba.total.credit_total_cents, sumCents(entries.map((e) => e.net)));
    assert.equal(aba.total.net_total_cents, 0, 'balanced by the debit');
    assert.equal(aba.total.record_count, credits.length + 1);
    // The payments view keeps one row per employee: the net, with every account's last 4.
    const payments = expectStatus(await api.call('GET', runPath(t, id, '/payments')), 200).data;
    const mine = payments.filter((p: any) => p.employee_id === emp);
    assert.equal(mine.length, 1);
    assert.equal(mine[0].amount, net);
    assert.equal(mine[0].account_last4, '3344, 7788, 1122');
    noRawNumber(JSON.stringify(payments), 'the payments view');
    noRawNumber(JSON.stringify(await auditTrail(api, t)), 'the governance trail');
  });

  test('the single-account body works as before and ends the split', async () => {
    const w = await patch({ bank_bsb: '062-000', bank_account_number: '10457891', bank_account_name: 'Priya R' });
    assert.equal(w.status, 200, w.text);
    const bank = expectStatus(await api.call('GET', `${E()}/bank-accounts`), 200).data;
    assert.equal(bank.splits, undefined, 'a single account reads as before');
    assert.deepEqual(
      [bank.bsb, bank.account_last3, bank.account_name, bank.attested],
      ['062-000', '891', 'Priya R', true],
    );
    const id = (await draftRun(api, t, fortnight(1))).id;
    await runToFinalised(api, t, id);
    const aba = parseAbaFile(
      (await api.call('POST', runPath(t, id, '/payment-file'), { body: {}, reason: REASON })).text,
    );
    const entries = await entriesOf(api, t, id);
    assert.equal(aba.details.length, entries.length, 'one credit per employee');
  });
});
