import { test } from 'node:test';
import assert from 'node:assert/strict';
import { money, sum } from '../../../api/lib/money.ts';
import {
  buildSuperBatch,
  SuperBatchInputError,
  type SuperBatchInput,
  type SuperContributionInput,
} from '../../../api/services/outputs/super-batch.ts';

const australianSuper = { name: 'AustralianSuper', usi: 'STA0100AU', abn: '65714394898' };
const hostplus = { name: 'Hostplus', usi: 'HOS0100AU', abn: '68657495890' };
const smsf = { name: 'Kay Family Super Fund', abn: '51 824 753 556', smsf: true };

const member = (over: Partial<SuperContributionInput>): SuperContributionInput => ({
  employee_id: 'emp_1',
  first_name: 'Ann',
  last_name: 'Lee',
  tfn_provided: true,
  date_of_birth: '1990-04-01',
  fund: australianSuper,
  member_number: null,
  super_guarantee: '0.00',
  salary_sacrifice: '0.00',
  personal: '0.00',
  ...over,
});

const batchInput = (contributions: SuperContributionInput[]): SuperBatchInput => ({
  employer: { name: 'Harbour & Co, Cafés Pty Ltd', abn: '51824753556' },
  pay_run_id: 'pr_2025_07_14_au',
  period_start: '2025-07-01',
  period_end: '2025-07-14',
  payment_date: '2025-07-16',
  contributions,
});

const sample = () =>
  batchInput([
    member({
      employee_id: 'emp_1',
      first_name: 'Ann',
      last_name: 'Lee',
      fund: australianSuper,
      member_number: 'M-100',
      super_guarantee: '314.64',
      salary_sacrifice: '100.00',
    }),
    member({
      employee_id: 'emp_2',
      first_name: 'Bob',
      last_name: 'Ng',
      fund: hostplus,
      super_guarantee: '0.10',
      salary_sacrifice: '0.00',
    }),
    member({
      employee_id: 'emp_3',
      first_name: 'Cat',
      last_name: 'Adams',
      fund: australianSuper,
      super_guarantee: '0.20',
      salary_sacrifice: '0.01',
    }),
    member({
      employee_id: 'emp_4',
      first_name: 'Dan',
      last_name: 'Kay',
      fund: smsf,
      date_of_birth: null,
      super_guarantee: '271.33',
      salary_sacrifice: '0.00',
    }),
    member({
      employee_id: 'emp_5',
      first_name: 'Eve',
      last_name: 'Zed',
      fund: hostplus,
      super_guarantee: '0.00',
      salary_sacrifice: '0.00',
    }),
  ]);

test('totals equal the sums of the lines to the cent', () => {
  const batch = buildSuperBatch(sample());
  const { totals, lines } = batch;
  assert.equal(totals.sg_total, money(sum(lines.map((l) => l.super_guarantee))));
  assert.equal(totals.salary_sacrifice_total, money(sum(lines.map((l) => l.salary_sacrifice))));
  assert.equal(totals.total, money(sum(lines.map((l) => l.total))));
  assert.equal(totals.sg_total, '586.27');
  assert.equal(totals.salary_sacrifice_total, '100.01');
  assert.equal(totals.total, '686.28');
  for (const l of lines) assert.equal(l.total, money(sum([l.super_guarantee, l.salary_sacrifice])));
  assert.equal(totals.employee_count, 4, 'the member with nothing to pay is left out');
  assert.equal(totals.line_count, 4);
  assert.equal(totals.fund_count, 3);
});

test('lines are grouped per fund and each group adds up', () => {
  const { funds, lines, totals } = buildSuperBatch(sample());
  assert.deepEqual(
    funds.map((f) => [f.fund_key, f.member_count, f.total]),
    [
      ['usi:STA0100AU', 2, '414.85'],
      ['usi:HOS0100AU', 1, '0.10'],
      ['smsf:51824753556', 1, '271.33'],
    ],
  );
  assert.deepEqual(
    funds.find((f) => f.fund_key === 'usi:STA0100AU')!.lines.map((l) => l.last_name),
    ['Adams', 'Lee'],
  );
  assert.equal(money(sum(funds.map((f) => f.total))), totals.total);
  assert.deepEqual(
    lines.map((l) => l.line_id),
    [1, 2, 3, 4],
  );
  const smsfFund = funds[2].fund;
  assert.equal(smsfFund.usi, null, 'an SMSF has no USI');
  assert.equal(smsfFund.smsf, true);
});

test('several contributions for one member and fund become one line', () => {
  const batch = buildSuperBatch(
    batchInput([
      member({ super_guarantee: '100.10', salary_sacrifice: '0.00' }),
      member({ super_guarantee: '0.20', salary_sacrifice: '50.00', member_number: 'M-1' }),
      member({ fund: hostplus, super_guarantee: '10.00' }),
    ]),
  );
  assert.equal(batch.lines.length, 2);
  const aus = batch.lines.find((l) => l.fund_key === 'usi:STA0100AU')!;
  assert.equal(aus.super_guarantee, '100.30');
  assert.equal(aus.salary_sacrifice, '50.00');
  assert.equal(aus.total, '150.30');
  assert.equal(aus.member_number, 'M-1');
  assert.equal(batch.totals.employee_count, 1);
  assert.equal(batch.totals.fund_count, 2);
});

test('an empty pay run gives no lines and zero totals', () => {
  const batch = buildSuperBatch(batchInput([]));
  assert.equal(batch.lines.length, 0);
  assert.deepEqual(batch.totals, {
    employee_count: 0,
    line_count: 0,
    fund_count: 0,
    sg_total: '0.00',
    salary_sacrifice_total: '0.00',
    personal_total: '0.00',
    total: '0.00',
  });
});

test('invalid amounts, dates and names are rejected with paths', () => {
  assert.throws(
    () =>
      buildSuperBatch({
        ...batchInput([
          member({ super_guarantee: '-1.00' }),
          member({ salary_sacrifice: '1.005', date_of_birth: '1990-13-01' }),
          member({ fund: { name: ' ' } }),
        ]),
        period_end: '14/07/2025',
      }),
    (err: unknown) => {
      assert.ok(err instanceof SuperBatchInputError);
      assert.deepEqual(err.issues.map((i) => i.path).sort(), [
        'contributions[0].super_guarantee',
        'contributions[1].date_of_birth',
        'contributions[1].salary_sacrifice',
        'contributions[2].fund.name',
        'period_end',
      ]);
      return true;
    },
  );
});
