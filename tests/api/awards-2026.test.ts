// Award rates from 1 July 2026 (pack AU-2026.2, current) through the API: a tenant created now carries both
// awards at the 2026 rates; a weekly pay period that straddles 1 July 2026 is paid at the 2025 rates and the
// first full period after it at the 2026 ones (the new rates apply from the first full pay period starting on
// or after 1 July); a casual's 2-hour retail shift is topped up to 3 hours as its own line and listed as an
// exception; a hospitality casual's Friday 6 pm-1 am shift gets the evening amount and the Saturday rate
// after midnight; and hospitality Saturday overtime answers 501. Rates: ../shared/reference/au-awards.md
// (General Retail Level 1 $26.55 / $27.81, casual $33.19 / $34.76; Hospitality Level 1 from 1 July 2026
// $26.44, casual $33.05, evening $2.95 an hour or part hour).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  hireAu,
  runPath,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
let t: TenantRef;
before(async () => {
  api = await startTestApi();
  t = await createTenant(api, { jurisdiction: 'AU' });
});
after(async () => {
  await api.close();
});

const assign = (employeeId: string, award: string, classification: string) =>
  api.call('PUT', `/v1/tenants/${t.id}/employees/${employeeId}/award`, {
    body: { award, classification, state: 'NSW' },
    reason: REASON,
  });
const importShifts = (runId: string, rows: unknown[]) =>
  api.call('POST', runPath(t, runId, '/timesheets'), { body: { rows }, reason: REASON });
const awardLines = (entry: any) =>
  entry.lines.filter((l: any) => l.clause).map((l: any) => `${l.hours} x ${l.rate} = ${l.amount} ${l.clause}`);
const entryOf = async (runId: string, employeeId: string) =>
  (await entriesOf(api, t, runId)).find((e: any) => e.employee_id === employeeId);

describe('AU-2026.2: award rates from 1 July 2026', () => {
  test('a tenant created now is on AU-2026.2; GET /awards lists both awards at the 2026 rate date', async () => {
    assert.equal(t.packVersion, 'AU-2026.2');
    const list = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/awards`), 200).data;
    assert.deepEqual(
      list.map((a: any) => `${a.code} ${a.rates_from} ${a.classifications}`),
      ['MA000004 2026-07-01 8', 'MA000009 2026-07-01 7'],
    );
    const retail = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/awards/MA000004`), 200).data;
    assert.equal(retail.pack_version, 'AU-2026.2');
    assert.deepEqual(
      retail.classifications.map((c: any) => `${c.hourly_rate} ${c.rates.casual.ordinary}`),
      [
        '27.81 34.76',
        '28.45 35.56',
        '28.89 36.11',
        '29.45 36.81',
        '30.66 38.33',
        '31.11 38.89',
        '32.67 40.84',
        '33.99 42.49',
      ],
    );
    assert.equal(retail.classifications[0].note, null, 'Level 1 is stated by two sources');
    assert.match(retail.classifications[1].note, /One source/);
    const hosp = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/awards/MA000009`), 200).data;
    assert.deepEqual(
      hosp.flat_amounts.map((f: any) => f.amount),
      ['2.95', '4.42'],
    );
  });

  test('a period across 1 July 2026 pays the 2025 rates; the next one the 2026 rates, with a 3-hour minimum', async () => {
    const emp = await hireAu(api, t, { type: 'casual', hourly_rate: '34.76', pay_frequency: 'weekly' });
    expectStatus(await assign(emp, 'MA000004', 'level_1'), 200, 'assign');
    const shift = (date: string, start = '09:00', end = '17:00', break_minutes = 30) => ({
      employee_id: emp,
      date,
      start,
      end,
      break_minutes,
    });

    // Monday 29 June to Sunday 5 July 2026: started before 1 July, so the rates from 1 July 2025.
    const straddle = await draftRun(api, t, {
      period_start: '2026-06-29',
      period_end: '2026-07-05',
      payment_date: '2026-07-08',
      pay_frequency: 'weekly',
    } as any);
    expectStatus(await importShifts(straddle.id, [shift('2026-06-30'), shift('2026-07-02')]), 200, 'import');
    const before = await entryOf(straddle.id, emp);
    assert.deepEqual(awardLines(before), [
      '7.50 x 26.55 = 199.13 MA000004 cl. 17.1',
      '7.50 x 6.64 = 49.80 MA000004 cl. 11',
      '7.50 x 26.55 = 199.13 MA000004 cl. 17.1',
      '7.50 x 6.64 = 49.80 MA000004 cl. 11',
    ]);
    assert.equal(before.gross, '497.86');

    // Monday 6 to Sunday 12 July 2026: the first full period from 1 July, so the new rates; the 2-hour
    // Wednesday shift is paid up to the 3-hour minimum engagement.
    const first = await draftRun(api, t, {
      period_start: '2026-07-06',
      period_end: '2026-07-12',
      payment_date: '2026-07-15',
      pay_frequency: 'weekly',
    } as any);
    expectStatus(
      await importShifts(first.id, [shift('2026-07-07'), shift('2026-07-08', '10:00', '12:00', 0)]),
      200,
      'import',
    );
    const after = await entryOf(first.id, emp);
    // The two lines of a 7.5-hour shift come to exactly 7.5 x the casual rate $34.76 = 260.70, rounded once:
    // the loading is 260.70 - 208.58 (7.5 x $27.81 = 208.575) = 52.12. Its own 7.5 x 6.95 = 52.125 -> 52.13
    // would pay a cent above the award.
    assert.deepEqual(awardLines(after), [
      '7.50 x 27.81 = 208.58 MA000004 cl. 17.1',
      '7.50 x 6.95 = 52.12 MA000004 cl. 11',
      '2.00 x 27.81 = 55.62 MA000004 cl. 17.1',
      '2.00 x 6.95 = 13.90 MA000004 cl. 11',
      '1.00 x 34.76 = 34.76 MA000004 cl. 11',
    ]);
    assert.ok(after.lines.some((l: any) => /Minimum engagement \(paid up to 3 hours\) 125 %/.test(l.description)));
    // 260.70 + 2 x 34.76 = 69.52 for the 2-hour shift + 34.76 for the top-up.
    assert.equal(after.gross, '364.98');

    const exceptions = expectStatus(await api.call('GET', runPath(t, first.id, '/exceptions')), 200).data;
    const topUp = exceptions.find((e: any) => e.employee_id === emp && e.kind === 'minimum_engagement');
    assert.equal(topUp?.severity, 'info');
    assert.equal(topUp.detail.hours, '1.00');
    assert.equal(topUp.detail.dates, '2026-07-08');
    assert.match(topUp.message, /minimum engagement/);
    assert.equal(exceptions.filter((e: any) => e.employee_id === emp && e.severity === 'error').length, 0);
  });

  test('hospitality: a casual Friday 6 pm-1 am gets the evening amount, and the Saturday rate after midnight', async () => {
    const emp = await hireAu(api, t, { type: 'casual', hourly_rate: '33.05', pay_frequency: 'weekly' });
    expectStatus(await assign(emp, 'MA000009', 'level_1'), 200, 'assign');
    const run = await draftRun(api, t, {
      period_start: '2026-11-02',
      period_end: '2026-11-08',
      payment_date: '2026-11-11',
      pay_frequency: 'weekly',
    } as any);
    expectStatus(
      await importShifts(run.id, [{ employee_id: emp, date: '2026-11-06', start: '18:00', end: '01:00' }]),
      200,
      'import',
    );
    const entry = await entryOf(run.id, emp);
    assert.deepEqual(awardLines(entry), [
      '6.00 x 26.44 = 158.64 MA000009 cl. 18.1',
      '6.00 x 6.61 = 39.66 MA000009 cl. 11',
      '5.00 x 2.95 = 14.75 MA000009 cl. 29.2',
      '1.00 x 39.66 = 39.66 MA000009 cl. 29.2',
    ]);
    assert.ok(entry.lines.some((l: any) => /Evening work \(7 pm to midnight/.test(l.description)));
    assert.equal(entry.gross, '252.71');
  });

  test('hospitality Saturday overtime answers 501 with the capability and imports nothing', async () => {
    const emp = await hireAu(api, t, { type: 'full_time', hourly_rate: '26.44', pay_frequency: 'weekly' });
    expectStatus(await assign(emp, 'MA000009', 'level_1'), 200, 'assign');
    const run = await draftRun(api, t, {
      period_start: '2026-11-09',
      period_end: '2026-11-15',
      payment_date: '2026-11-18',
      pay_frequency: 'weekly',
    } as any);
    const out = await importShifts(run.id, [{ employee_id: emp, date: '2026-11-14', start: '07:00', end: '19:00' }]);
    assert.equal(out.status, 501);
    assert.equal(out.body.error.capability, 'award_interpretation');
    assert.match(JSON.stringify(out.body.error), /Saturday/);
    assert.ok(out.body.error.alternatives.some((a: string) => /multipliers/.test(a)));
    const entry = await entryOf(run.id, emp);
    assert.ok(!entry || entry.lines.every((l: any) => !l.clause), 'nothing was imported');
  });
});
