// Bonuses, commissions and back pay for more than one pay period, through the API: withheld by the ATO's
// "Schedule 5 – Tax table for back payments, commissions, bonuses and similar payments" (NAT 7905), Method A,
// on the Schedule 1 (NAT 1004) coefficients of the pack version. The figures are worked step by step below.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { REASON, startTestApi, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  hireAu,
  runPath,
  runToFinalised,
  week,
  month,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

const postItems = async (tenant: string, runId: string, employee: string, items: unknown[]) =>
  api.call('POST', `/v1/tenants/${tenant}/pay-runs/${runId}/entries`, {
    body: { employee_id: employee, items, replace_entry_items: true },
    reason: REASON,
  });

const paygOf = (entry: any) => entry.lines.find((l: any) => l.type === 'payg_withholding');
const bonusOf = (entry: any) => entry.lines.find((l: any) => l.type === 'bonus');

// $1,500 a week (scale 2, tax-free threshold claimed) with a $10,000 bonus in one weekly pay.
// Schedule 5 Method A, periods = 52 (weekly pays in a financial year):
//   step 1  normal earnings 1,500                     step 3  10,000 / 52 = 192.30 -> 192
//   step 4  1,500 + 192 = 1,692
// 2026 table (AU-2026.1), scale 2, row x < 2,596: y = 0.32x - 181.7319
//   step 2  x = 1,500.99: 480.3168 - 181.7319 = 298.58 -> 299
//   step 5  x = 1,692.99: 541.7568 - 181.7319 = 360.02 -> 360
//   steps 6-7  (360 - 299) x 52 = 3,172; step 8 cap 10,000 x 47 % = 4,700; step 9 3,172
//   step 10  299 + 3,172 = 3,471 (withheld today as one week of $11,500: 0.47 x 11,500.99 - 655.7704 -> 4,750)
// 2024 table (AU-2024.1), scale 2, row x < 2,596: y = 0.32x - 176.5769
//   step 2  303.74 -> 304; step 5 365.18 -> 365; (365 - 304) x 52 = 3,172; total 304 + 3,172 = 3,476
describe('Schedule 5 Method A on a weekly bonus', () => {
  for (const c of [
    { version: 'AU-2026.1', from: '2026-11-02', spread: '3471.00', single: '4750.00', four: '4003.00' },
    { version: 'AU-2024.1', from: '2024-11-04', spread: '3476.00', single: '4755.00', four: '4008.00' },
  ]) {
    test(`${c.version}: a $10,000 bonus on $1,500 a week is withheld ${c.spread}, the line says how`, async () => {
      const t = await createTenant(api, { pack_version: c.version });
      const id = await hireAu(api, t, { annual_salary: 78_000, pay_frequency: 'weekly', tax_free_threshold: true });
      const run = await draftRun(api, t, week(0, c.from));

      expectStatus(await postItems(t.id, run.id, id, [{ type: 'bonus', amount: '10000.00' }]), 200, 'bonus');
      let [entry] = await entriesOf(api, t, run.id);
      assert.equal(entry.gross, '11500.00');
      assert.equal(paygOf(entry).amount, `-${c.spread}`);
      assert.match(paygOf(entry).description, /Schedule 5/);
      assert.deepEqual(bonusOf(entry).withholding, {
        method: 'schedule_5_method_a',
        periods: 52,
        source: 'ATO Schedule 5 (NAT 7905), Method A',
      });

      // Earned in this one week: withheld with the week's pay by Schedule 1, top row (2026: 0.47 x 11,500.99 -
      // 655.7704 = 4,749.69 -> 4,750; 2024: 0.47 x 11,500.99 - 650.6154 = 4,754.85 -> 4,755).
      expectStatus(
        await postItems(t.id, run.id, id, [{ type: 'bonus', amount: '10000.00', earned_over_periods: 1 }]),
        200,
        'single period',
      );
      [entry] = await entriesOf(api, t, run.id);
      assert.equal(paygOf(entry).amount, `-${c.single}`);
      assert.equal(bonusOf(entry).withholding, undefined);

      // A commission for four weeks (Schedule 5: "a defined period of less than 12 months" divides by the pays it
      // relates to): 10,000 / 4 = 2,500; x = 4,000.99 on the top row: 2026 1,880.47 - 655.7704 -> 1,225, so
      // (1,225 - 299) x 4 = 3,704 and 299 + 3,704 = 4,003; 2024 1,880.47 - 650.6154 -> 1,230, (1,230 - 304) x 4 =
      // 3,704 and 304 + 3,704 = 4,008.
      expectStatus(
        await postItems(t.id, run.id, id, [
          { type: 'bonus', code: 'COMMISSION', amount: '10000.00', earned_over_periods: 4 },
        ]),
        200,
        'four weeks',
      );
      [entry] = await entriesOf(api, t, run.id);
      assert.equal(paygOf(entry).amount, `-${c.four}`);
      assert.equal(bonusOf(entry).withholding.periods, 4);

      // Back on the default, the payslip line says the bonus was taxed as if spread over the year's pays.
      expectStatus(await postItems(t.id, run.id, id, [{ type: 'bonus', amount: '10000.00' }]), 200, 'bonus');
      await runToFinalised(api, t, run.id);
      const slips = expectStatus(await api.call('GET', runPath(t, run.id, '/payslips')), 200, 'payslips').data;
      const line = slips[0].earnings.find((l: any) => /Bonus/.test(l.label));
      assert.equal(line.label, 'Bonus (tax worked out as if paid over 52 pays)');
      assert.equal(slips[0].tax, c.spread);
    });
  }

  test('a count of periods beyond the year is refused with the rule; a quarterly spread answers 501', async () => {
    const t = await createTenant(api, { pack_version: 'AU-2026.1' });
    const id = await hireAu(api, t, { annual_salary: 78_000, pay_frequency: 'weekly' });
    const run = await draftRun(api, t, week(0, '2026-11-02'));
    const r = await postItems(t.id, run.id, id, [{ type: 'bonus', amount: '100.00', earned_over_periods: 53 }]);
    assert.equal(r.status, 400);

    const monthly = await createTenant(api, { pack_version: 'AU-2026.1' });
    const m = await hireAu(api, monthly, { annual_salary: 120_000, pay_frequency: 'monthly' });
    const mrun = await draftRun(api, monthly, month(2026, 10));
    const bad = await postItems(monthly.id, mrun.id, m, [{ type: 'bonus', amount: '100.00', earned_over_periods: 13 }]);
    expectStatus(bad, 422, 'thirteen months');
    assert.equal(bad.body.error.code, 'pack_validation_failed');
    assert.equal(bad.body.error.violations[0].path, 'items[0].earned_over_periods');
    assert.equal(bad.body.error.violations[0].rule, 'AU-2026.1/pay/items_0_earned_over_periods');

    const quarterly = await createTenant(api, { pack_version: 'AU-2026.1' });
    const q = await hireAu(api, quarterly, { annual_salary: 120_000, pay_frequency: 'quarterly' });
    const qrun = await draftRun(api, quarterly, {
      period_start: '2026-07-01',
      period_end: '2026-09-30',
      payment_date: '2026-09-30',
      pay_frequency: 'quarterly',
    });
    const spread = await postItems(quarterly.id, qrun.id, q, [
      { type: 'bonus', amount: '100.00', earned_over_periods: 2 },
    ]);
    expectStatus(spread, 501, 'quarterly spread');
  });
});
