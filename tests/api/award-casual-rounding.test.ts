// A casual's award pay comes to exactly hours x the published casual rate, rounded once (a correction of
// AU-2025.1 and AU-2026.2, whose pay lines could be a cent above or below it, and paid shifts of odd minutes
// on hours cut to 2 decimals). The casual hourly rate is the hourly rate x 1.25, to the cent, and that is the
// rate the award pays (../shared/reference/au-awards.md, the Commission's method): General Retail Level 8 from
// 1 July 2025 is $32.45 an hour, casual $40.56 (the Commission's pay database, MA000004_payrates.csv).
import { after, before, test } from 'node:test';
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
  t = await createTenant(api, { jurisdiction: 'AU', pack_version: 'AU-2025.1' });
});
after(async () => {
  await api.close();
});

test('a Level 8 retail casual: ordinary and loading lines add up to hours x $40.56, to the cent', async () => {
  const emp = await hireAu(api, t, { type: 'casual', hourly_rate: '40.56', pay_frequency: 'weekly' });
  expectStatus(
    await api.call('PUT', `/v1/tenants/${t.id}/employees/${emp}/award`, {
      body: { award: 'MA000004', classification: 'level_8', state: 'NSW' },
      reason: REASON,
    }),
    200,
    'assign',
  );
  const run = await draftRun(api, t, {
    period_start: '2025-11-03',
    period_end: '2025-11-09',
    payment_date: '2025-11-12',
    pay_frequency: 'weekly',
  } as any);
  const rows = [
    // Tuesday 4 November, 4.5 hours.
    { employee_id: emp, date: '2025-11-04', start: '09:00', end: '13:30' },
    // Thursday 6 November, 3 hours 20 minutes.
    { employee_id: emp, date: '2025-11-06', start: '09:00', end: '12:20' },
  ];
  expectStatus(await api.call('POST', runPath(t, run.id, '/timesheets'), { body: { rows }, reason: REASON }), 200);
  const entry = (await entriesOf(api, t, run.id)).find((e: any) => e.employee_id === emp);
  assert.deepEqual(
    entry.lines.filter((l: any) => l.clause).map((l: any) => `${l.hours} x ${l.rate} = ${l.amount} ${l.clause}`),
    [
      // 4.5 x 40.56 = 182.52; the ordinary line 4.5 x 32.45 = 146.025 -> 146.03, so the loading is 36.49.
      // Worked on its own, 4.5 x 8.11 = 36.495 -> 36.50 paid 182.53: a cent above the award.
      '4.50 x 32.45 = 146.03 MA000004 cl. 17.1',
      '4.50 x 8.11 = 36.49 MA000004 cl. 11',
      // 3 h 20 min is 3.3333 hours (not 3.33): 3.3333 x 40.56 = 135.1986 -> 135.20; 3.3333 x 32.45 = 108.1656
      // -> 108.17; the loading 27.03. On 3.33 hours the two lines came to 135.07, 13 cents short.
      '3.3333 x 32.45 = 108.17 MA000004 cl. 17.1',
      '3.3333 x 8.11 = 27.03 MA000004 cl. 11',
    ],
  );
  assert.equal(entry.gross, '317.72', '182.52 + 135.20');
});
