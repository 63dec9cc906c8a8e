// A Teillohnzahlungszeitraum through the API: an employee who starts or leaves within the month is paid the
// month's salary by calendar days (api/packs/de/gross.ts: "kalendertägliche Berechnung", NWB Praxis-Leitfaden Lohn
// und Gehalt), the wage tax comes from the daily table times the calendar days (R 39b.5 Abs. 2 LStR; PAP 2026,
// Lohnsteuer2026.xml, LZZ 4; NWB: the daily wage to the cent) and the contribution ceilings are pro-rated to the
// SV-Tage (§ 223 SGB V, § 1 Abs. 1 Beitragsverfahrensverordnung: a part month counts its calendar days).
//
// Figures, DE-2026.3 (rates of reference de.md: KV 14.6 % + Zusatzbeitrag 2.45 % of the fixture's insurer, PV 3.6 %
// + 0.6 % childless, RV 18.6 %, AV 2.6 %; ceilings 5,812.50 and 8,450 a month), tax class I, no church tax.
//
// Starter on Thu 15 October 2026, 48,000 a year (4,000.00 a month): 17 of 31 calendar days.
//   gross 4,000.00 x 17 / 31 = 2,193.548 -> 2,193.55
//   SV-Tage 17: ceilings 5,812.50 x 17/30 = 3,293.75 and 8,450 x 17/30 = 4,788.33, not reached
//   KV 7.3 % + 1.225 % = 8.525 % -> 187.00; PV 1.8 % + 0.6 % -> 52.65; RV 9.3 % -> 204.00; AV 1.3 % -> 28.52
//   Lohnsteuer: daily wage 2,193.55 / 17 = 129.03 (RE4 12903, LZZ 4) -> PAP LSTLZZ 16.52 a day x 17 = 280.84;
//   no solidarity surcharge (below the Freigrenze); net 2,193.55 - 280.84 - 472.17 = 1,440.54.
//   (The monthly table on the same pay would withhold 127.00: the part month is taxed as the days it covers.)
//
// Leaver whose last day is Tue 20 October 2026, 120,000 a year (10,000.00 a month): 20 of 31 calendar days.
//   gross 10,000.00 x 20 / 31 = 6,451.61
//   SV-Tage 20: KV/PV ceiling 5,812.50 x 20/30 = 3,875.00, RV/AV 8,450 x 20/30 = 5,633.33, both reached:
//   KV 8.525 % of 3,875.00 = 330.34; PV 2.4 % = 93.00; RV 9.3 % of 5,633.33 = 523.90; AV 1.3 % = 73.23
//   Lohnsteuer: 6,451.61 / 20 = 322.58 (RE4 32258) -> PAP LSTLZZ 83.42, SOLZLZZ 3.20 a day x 20 = 1,668.40 and 64.00
//
// Weekly payroll, starter on Wed 4 November 2026, 52,000 a year (1,000.00 a week): 5 of 7 calendar days.
//   gross 1,000.00 x 5 / 7 = 714.29; Lohnsteuer 714.29 / 5 = 142.86 (RE4 14286) -> 19.95 a day x 5 = 99.75
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { REASON, startTestApi, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  hireDe,
  month,
  runPath,
  week,
  runToFinalised,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { papCents } from '../../api/packs/de/index.ts';

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

const OCTOBER = month(2026, 10);
const entryOf = async (t: TenantRef, runId: string, emp: string) =>
  (await entriesOf(api, t, runId)).find((e: any) => e.employee_id === emp);
const amounts = (entry: any) => Object.fromEntries(entry.lines.map((l: any) => [l.type, l.amount]));

describe('a starter on 15 October on a monthly salary', () => {
  let t: TenantRef;
  let emp: string;
  let run: any;
  before(async () => {
    t = await createTenant(api, { jurisdiction: 'DE' });
    emp = await hireDe(api, t, { annual_salary: 48_000, start_date: '2026-10-15' });
    run = await draftRun(api, t, OCTOBER);
  });

  test('is paid 17 of 31 calendar days on a salary line that names them', async () => {
    const entry = await entryOf(t, run.id, emp);
    assert.deepEqual(entry.lines[0], {
      type: 'salary',
      amount: '2193.55',
      description: 'Gehalt für 17 von 31 Kalendertagen (ab 15.10.)',
      part_period: { basis: 'calendar_days', days: 17, of: 31, from: '2026-10-15', to: '2026-10-31' },
    });
    assert.equal(entry.gross, '2193.55');
  });

  test('wage tax is the daily table’s 16.52 for a daily wage of 129.03, times 17 days', async () => {
    assert.equal(papCents(2026, { LZZ: 4, RE4: 12903, STKL: 1, KVZ: '2.45', PVZ: 1 }).LSTLZZ, 1652);
    const entry = await entryOf(t, run.id, emp);
    assert.deepEqual(amounts(entry), {
      salary: '2193.55',
      income_tax: '-280.84',
      health_insurance: '-187.00',
      care_insurance: '-52.65',
      pension_insurance: '-204.00',
      unemployment_insurance: '-28.52',
    });
    assert.equal(entry.net, '1440.54');
  });

  test('the minimum wage is measured on the hours of the 17 days paid: 23.08 an hour, no finding', async () => {
    const list = expectStatus(await api.call('GET', runPath(t, run.id, '/exceptions')), 200).data;
    const kinds = list.filter((x: any) => x.employee_id === emp).map((x: any) => x.kind);
    assert.ok(kinds.includes('new_starter'));
    assert.ok(!kinds.includes('below_minimum_wage'), kinds.join(', '));
  });

  test('after finalise the payslip shows the days on the salary line', async () => {
    await runToFinalised(api, t, run.id);
    const slips = expectStatus(await api.call('GET', runPath(t, run.id, '/payslips')), 200).data;
    const slip = slips.find((s: any) => s.employee_id === emp);
    assert.deepEqual(
      slip.earnings.map((l: any) => [l.label, l.amount]),
      [['Gehalt für 17 von 31 Kalendertagen (ab 15.10.)', '2193.55']],
    );
    assert.equal(slip.net, '1440.54');
  });
});

describe('a leaver whose last day is 20 October', () => {
  test('is paid 20 of 31 days; the ceilings are pro-rated to 20 SV-Tage and the tax taken by the day', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const emp = await hireDe(api, t, { annual_salary: 120_000 });
    expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/employees/${emp}/end-employment`, {
        body: { effective_date: '2026-10-20' },
        reason: REASON,
      }),
      200,
      'end employment',
    );
    const run = await draftRun(api, t, OCTOBER);
    const entry = await entryOf(t, run.id, emp);
    assert.equal(entry.lines[0].description, 'Gehalt für 20 von 31 Kalendertagen (bis 20.10.)');
    assert.deepEqual(amounts(entry), {
      salary: '6451.61',
      income_tax: '-1668.40',
      solidarity_surcharge: '-64.00',
      health_insurance: '-330.34',
      care_insurance: '-93.00',
      pension_insurance: '-523.90',
      unemployment_insurance: '-73.23',
    });
  });
});

describe('a starter on Wednesday of a weekly payroll', () => {
  test('is paid 5 of 7 calendar days, taxed by the daily table times 5', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const emp = await hireDe(api, t, { annual_salary: 52_000, pay_frequency: 'weekly', start_date: '2026-11-04' });
    const run = await draftRun(api, t, week(0));
    const entry = await entryOf(t, run.id, emp);
    assert.equal(entry.lines[0].description, 'Gehalt für 5 von 7 Kalendertagen (ab 04.11.)');
    assert.deepEqual([amounts(entry).salary, amounts(entry).income_tax], ['714.29', '-99.75']);
  });
});

describe('what the pack does not calculate for a part month answers 501', () => {
  test('a bonus in the starter’s first month: 501 partial_month_one_off_payment, and nothing is written', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const emp = await hireDe(api, t, { annual_salary: 48_000, start_date: '2026-10-15' });
    const run = await draftRun(api, t, OCTOBER);
    const r = await api.call('POST', runPath(t, run.id, '/entries'), {
      body: { employee_id: emp, items: [{ type: 'bonus', amount: '500.00' }] },
      reason: REASON,
    });
    expectStatus(r, 501, 'bonus in a part month');
    assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
    assert.equal(r.body.error.capability, 'partial_month_one_off_payment');
    assert.ok(r.body.error.alternatives.some((a: string) => /first full month/.test(a)));
    assert.equal((await entryOf(t, run.id, emp)).gross, '2193.55', 'the entry keeps its figures');
  });

  test('a Minijob that starts within the month: 501 partial_month_minijob; the draft holds the employee', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const emp = await hireDe(api, t, { annual_salary: 6_000, hours_per_week: 8, start_date: '2026-10-15' });
    const run = await draftRun(api, t, OCTOBER);
    assert.equal(await entryOf(t, run.id, emp), undefined, 'no entry with a guessed figure');
    const [held] = run.validation.warnings.filter((w: any) => w.employee_id === emp);
    assert.equal(held.code, 'cannot_calculate');
    assert.match(held.message, /A Minijob that starts or ends within the month is not calculated/);
  });

  test('an employee employed the whole month is paid the full salary, taxed by the monthly table', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const emp = await hireDe(api, t, { annual_salary: 48_000, start_date: '2026-10-01' });
    const run = await draftRun(api, t, OCTOBER);
    const entry = await entryOf(t, run.id, emp);
    assert.deepEqual(entry.lines[0], { type: 'salary', amount: '4000.00' });
  });
});
