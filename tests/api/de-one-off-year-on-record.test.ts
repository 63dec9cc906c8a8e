// A one-off payment measured against the year on record (DE-2026.3), through the real app: the SV days leave
// out time without contributions from recurring pay, and the wage tax's expected annual wage starts from the
// employer's opening figures and the finalised runs.
//
// § 23a Abs. 3 Satz 2 SGB IV (gesetze-im-internet.de/sgb_4/__23a.html): periods not covered by contributions
// from recurring pay are left out of the pro-rata annual ceiling's SV days; a part month counts its calendar
// days. § 39b Abs. 3 EStG and the PAP 2026 (Lohnsteuer2026.xml, input JRE4: "voraussichtlicher
// Jahresarbeitslohn ohne sonstige Bezüge ... bereits gezahlte sonstige Bezüge hinzuzurechnen"): the pay so far
// plus the recurring pay expected for the rest of the year. Ceilings 2026 (de.md): KV/PV 5,812.50 a month,
// RV/AV 8,450.00. Employee shares: KV 7.3 % + half of 2.45 % = 8.525 %, PV 1.8 % + 0.6 % childless = 2.4 %.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  hireDe,
  month,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { papCents } from '../../api/packs/de/index.ts';

let api: TestApi;
let t: TenantRef;
let emp: string;
let october: any;

const wt = (e: any, code: string) => e.wage_types.find((w: any) => w.code === code)?.amount;

before(async () => {
  api = await startTestApi();
  t = await createTenant(api, { jurisdiction: 'DE' });
  emp = await hireDe(api, t, { annual_salary: 62_000 });
  // January to August before Payrail: 8 × 5,166.67 = 41,333.36, taxed 6,936.00.
  const w = '41333.36';
  expectStatus(
    await api.call('PUT', `/v1/tenants/${t.id}/employees/${emp}/year-to-date-openings`, {
      body: {
        as_at: '2026-08-31',
        figures: { sv_wage_kv_pv: w, sv_wage_rv_av: w, taxable_wage: w, income_tax: '6936.00' },
      },
      reason: REASON,
    }),
    200,
  );
  // Unpaid leave from Monday 14 to Wednesday 30 September: 17 calendar days, 13 of the month's 22 working days.
  expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/leave/book`, {
      body: { employee_id: emp, leave_type: 'unpaid', start_date: '2026-09-14', end_date: '2026-09-30' },
      reason: REASON,
    }),
    201,
  );
  const sept = (await draftRun(api, t, month(2026, 9))).id;
  // The unpaid days are hours not worked: 2,113.64 for 9 of 22 working days' hours is above the minimum wage
  // (§ 1 MiLoG), so the month raises no minimum-wage exception.
  expectStatus(await api.call('POST', runPath(t, sept, '/preview'), { body: {} }), 200);
  const open = expectStatus(await api.call('GET', runPath(t, sept, '/exceptions')), 200).data as any[];
  assert.deepEqual(
    open.filter((x) => x.kind === 'below_minimum_wage').map((x) => x.message),
    [],
  );
  const [salary] = (await entriesOf(api, t, sept))
    .filter((e) => e.employee_id === emp)
    .flatMap((e) => e.lines.filter((l: any) => l.type === 'salary'));
  assert.deepEqual(salary.unpaid_absence, { days: '13', of: 22 });
  await runToFinalised(api, t, sept);
  const [s] = (await entriesOf(api, t, sept)).filter((e) => e.employee_id === emp);
  // The month's salary 62,000 / 12 for 9 of its 22 working days: 2,113.636… → 2,113.64.
  assert.equal(s.gross, '2113.64');
  const run = (await draftRun(api, t, month(2026, 10))).id;
  october = expectStatus(
    await api.call('POST', runPath(t, run, '/entries'), {
      body: { employee_id: emp, items: [{ type: 'bonus', amount: '8000.00' }] },
      reason: REASON,
    }),
    200,
  ).data.entry;
});

after(async () => {
  await api?.close();
});

describe('§ 23a Abs. 3 Satz 2 SGB IV: time without contributions is left out of the SV days', () => {
  test('17 days of unpaid leave in September: 283 SV days, and the 8,000 bonus no longer fits the KV ceiling', () => {
    const c = october.one_off_ceiling;
    assert.equal(c.attributed_to, 'current_year');
    // SV days January–October 300, less 17: 283. KV/PV 5,812.50 × 283 / 30 = 54,831.25; charged before
    // 41,333.36 + 2,113.64 = 43,447.00; room 54,831.25 − 43,447.00 − 5,166.67 = 6,217.58 (without the rule:
    // 58,125.00 − … = 9,511.33, and all 8,000 would be liable).
    assert.deepEqual(
      [c.kv_pv.sv_days, c.kv_pv.sv_days_left_out, c.kv_pv.pro_rata_ceiling, c.kv_pv.charged_before],
      [283, 17, '54831.25', '43447.00'],
    );
    assert.deepEqual([c.kv_pv.room, c.kv_pv.liable, c.kv_pv.not_liable], ['6217.58', '6217.58', '1782.42']);
    // RV/AV 8,450.00 × 283 / 30 = 79,711.67; room 79,711.67 − 48,613.67 = 31,098.00: all 8,000 liable.
    assert.deepEqual([c.rv_av.pro_rata_ceiling, c.rv_av.room, c.rv_av.liable], ['79711.67', '31098.00', '8000.00']);
    assert.match(c.explanation[0], /283 SV days \(17 days without contributions from recurring pay left out\)/);
    // KV on 5,166.67 + 6,217.58 = 11,384.25 × 8.525 % = 970.50731 → 970.51; PV × 2.4 % = 273.222 → 273.22.
    assert.equal(wt(october, 'KV-AN'), '970.51');
    assert.equal(wt(october, 'PV-AN'), '273.22');
  });
});

describe('§ 39b Abs. 3 EStG: the expected annual wage of a one-off payment is built from the year on record', () => {
  test('JRE4 = paid so far (opening 41,333.36 + September 2,113.64) + October’s 5,166.67 for 3 months', () => {
    const a = october.annual_wage;
    // 41,333.36 + 2,113.64 = 43,447.00 on record; 5,166.67 × 3 (October to December) = 15,500.01;
    // JRE4 58,947.01 (annualising October alone would say 62,000.04).
    assert.deepEqual(
      [a.rule, a.on_record, a.regular_this_period, a.periods_projected, a.projected, a.expected_annual_wage],
      ['EStG § 39b Abs. 3', '43447.00', '5166.67', '3', '15500.01', '58947.01'],
    );
    assert.match(a.explanation, /58947\.01/);
  });

  test('the wage tax is the PAP 2026’s with that JRE4: LSTLZZ on October’s pay plus STS on the bonus', () => {
    // The PAP inputs the entry was calculated with: class I, KVZ 2.45, PVZ 1 (childless), monthly.
    const inputs = { LZZ: 2, RE4: 516_667, STKL: 1, KVZ: 2.45, PVZ: 1, SONSTB: 800_000 };
    const withRecord = papCents(2026, { ...inputs, JRE4: 5_894_701 });
    const annualised = papCents(2026, { ...inputs, JRE4: 6_200_004 });
    const tax = (o: { LSTLZZ: number; STS: number }) => ((o.LSTLZZ + o.STS) / 100).toFixed(2);
    assert.equal(wt(october, 'LST'), tax(withRecord));
    assert.notEqual(tax(withRecord), tax(annualised), 'the year on record changes the tax on the bonus');
    // The PAP 2026 (Lohnsteuer2026.xml, checked against the BMF's published vectors in tests/packs/de) for
    // these inputs: LSTLZZ 831.91 on the salary, STS 2,230.00 on the bonus (the annualised JRE4 gives more).
    assert.deepEqual([withRecord.LSTLZZ, withRecord.STS], [83_191, 223_000]);
    assert.ok(annualised.STS > withRecord.STS);
  });
});
