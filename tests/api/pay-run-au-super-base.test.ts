// The super guarantee's maximum contribution base, through the API: a limit on the qualifying earnings of a
// quarter (Superannuation Guarantee (Administration) Act 1992 s 15, to 30 June 2026; AU-2024.1 $65,070 a quarter,
// reference/au.md) or, under Payday Super from 1 July 2026, of the financial year (AU-2026.1 $270,830 a year,
// api/packs/au/versions/au-2026.1.ts). A pay uses what is left of it after the employee's finalised pay of the
// quarter or year; a voided run gives its part back.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { REASON, startTestApi, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  hireAu,
  month,
  preview,
  runPath,
  runToFinalised,
  week,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

const bonus = (tenant: string, runId: string, employee: string, amount: string) =>
  api.call('POST', `/v1/tenants/${tenant}/pay-runs/${runId}/entries`, {
    body: { employee_id: employee, items: [{ type: 'bonus', amount }] },
    reason: REASON,
  });
const sgOf = (entry: any) => entry.lines.find((l: any) => l.type === 'super_guarantee').amount;

describe('quarterly base (AU-2024.1: $65,070 a quarter, SG 11.5 %)', () => {
  test('a $30,000 bonus on a $120,000 salary gets 11.5 % of all $40,000; the quarter then runs out; a void gives it back', async () => {
    const t = await createTenant(api, { pack_version: 'AU-2024.1' });
    const id = await hireAu(api, t, { annual_salary: 120_000, pay_frequency: 'monthly' });

    // July 2024 opens the quarter: 10,000 + 30,000 = 40,000 < 65,070 -> 40,000 x 11.5 % = 4,600.00
    // (a per-month slice of the base would have capped it at 65,070 / 3 = 21,690 -> 2,494.35).
    const july = await draftRun(api, t, month(2024, 7));
    expectStatus(await bonus(t.id, july.id, id, '30000.00'), 200, 'bonus');
    let [entry] = await entriesOf(api, t, july.id);
    assert.equal(sgOf(entry), '4600.00');
    await runToFinalised(api, t, july.id);

    // August with another $30,000: 65,070 - 40,000 = 25,070 left of the quarter -> 25,070 x 11.5 % = 2,883.05.
    const august = await draftRun(api, t, month(2024, 8));
    expectStatus(await bonus(t.id, august.id, id, '30000.00'), 200, 'bonus');
    [entry] = await entriesOf(api, t, august.id);
    assert.equal(sgOf(entry), '2883.05');
    assert.match(entry.lines.find((l: any) => l.type === 'super_guarantee').description, /maximum contribution base/);

    // July voided: its earnings no longer count, so August is the quarter's first pay again (4,600.00).
    expectStatus(await api.call('POST', runPath(t, july.id, '/void'), { body: {}, reason: REASON }), 200, 'void');
    expectStatus(await preview(api, t, august.id), 200, 'preview');
    [entry] = await entriesOf(api, t, august.id);
    assert.equal(sgOf(entry), '4600.00');
    await runToFinalised(api, t, august.id);

    // October is a new quarter: the full base again, whatever the year has paid (10,000 x 11.5 % = 1,150.00).
    const october = await draftRun(api, t, month(2024, 10));
    [entry] = await entriesOf(api, t, october.id);
    assert.equal(sgOf(entry), '1150.00');
  });
});

describe('annual base (AU-2026.1, Payday Super: $270,830 a year, SG 12 %)', () => {
  test('a $10,000 bonus on $1,500 a week gets 12 % of all $11,500, and the year then counts down', async () => {
    const t = await createTenant(api, { pack_version: 'AU-2026.1' });
    const id = await hireAu(api, t, { annual_salary: 78_000, pay_frequency: 'weekly' });
    // 11,500 x 12 % = 1,380.00 (a weekly slice of the base would have capped it at 270,830 / 52 = 5,208.27 -> 624.99).
    const first = await draftRun(api, t, week(0, '2026-07-06'));
    expectStatus(await bonus(t.id, first.id, id, '10000.00'), 200, 'bonus');
    const [entry] = await entriesOf(api, t, first.id);
    assert.equal(entry.gross, '11500.00');
    assert.equal(sgOf(entry), '1380.00');
  });
});
