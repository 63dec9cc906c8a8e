// One-off payments under § 23a SGB IV (DE-2026.3) through the real app, with the year to date from the
// employer's opening figures (PUT …/employees/{id}/year-to-date-openings) and from finalised runs.
//
// The rule (SGB IV § 23a, gesetze-im-internet.de/sgb_4/__23a.html): a one-off payment is liable as far as
// the wage charged in the year so far, with this period's recurring pay, stays below the pro-rata annual
// ceiling: the ceiling's share for the SV days of the employment in the year up to the end of the period
// (Abs. 3; a whole month 30 days). Paid from January to March and not fitting, it belongs to December of
// the previous year and is charged at that year's ceilings and rates (Abs. 4, the March clause); for an
// employee in the statutory health insurance the KV ceiling decides (Abs. 5). 2026 ceilings (de.md): KV/PV
// 5,812.50 a month, RV/AV 8,450; 2025: 5,512.50 and 8,050. Rates: KV 7.3 % + half the insurer's 2.45 %
// Zusatzbeitrag = 8.525 %, PV 1.8 % + 0.6 % childless = 2.4 %, RV 9.3 %, AV 1.3 % (employee shares).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  expectStatus,
  hireDe,
  month,
  runPath,
  runToFinalised,
  userToken,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
let de: TenantRef;

const openingsPath = (t: TenantRef, id: string) => `/v1/tenants/${t.id}/employees/${id}/year-to-date-openings`;
const putOpening = (t: TenantRef, id: string, body: Record<string, unknown>, key?: string) =>
  api.call('PUT', openingsPath(t, id), { body, reason: REASON, ...(key ? { key } : {}) });
const wt = (e: any, code: string) => e.wage_types.find((w: any) => w.code === code)?.amount;
const bonus = (t: TenantRef, runId: string, employee: string, amount: string) =>
  api.call('POST', runPath(t, runId, '/entries'), {
    body: { employee_id: employee, items: [{ type: 'bonus', amount }] },
    reason: REASON,
  });

before(async () => {
  api = await startTestApi();
  de = await createTenant(api, { jurisdiction: 'DE' });
});

after(async () => {
  await api?.close();
});

describe('§ 23a SGB IV: one-off payments against the pro-rata annual ceiling', () => {
  test('the issue’s example fits: a 1,500 bonus in October on 5,166.67 a month is liable in full', async () => {
    const emp = await hireDe(api, de, { annual_salary: 62_000 });
    // January to September before Payrail: 9 × 5,166.67 = 46,500.03 charged in each branch.
    expectStatus(
      await putOpening(de, emp, {
        as_at: '2026-09-30',
        figures: {
          sv_wage_kv_pv: '46500.03',
          sv_wage_rv_av: '46500.03',
          taxable_wage: '46500.03',
          income_tax: '7803.00',
        },
        source: 'Lohnkonto of the previous payroll provider, September 2026',
      }),
      200,
    );
    const run = await draftRun(api, de, month(2026, 10));
    const e = expectStatus(await bonus(de, run.id, emp, '1500.00'), 200).data.entry;
    assert.equal(e.gross, '6666.67');
    const c = e.one_off_ceiling;
    // KV/PV: 5,812.50 × 300/30 = 58,125.00; room 58,125.00 − 46,500.03 − 5,166.67 = 6,458.30 ≥ 1,500.
    // RV/AV: 8,450 × 10 = 84,500.00; room 84,500.00 − 51,666.70 = 32,833.30.
    assert.equal(c.attributed_to, 'current_year');
    assert.deepEqual(
      [c.kv_pv.sv_days, c.kv_pv.pro_rata_ceiling, c.kv_pv.charged_before, c.kv_pv.room, c.kv_pv.liable],
      [300, '58125.00', '46500.03', '6458.30', '1500.00'],
    );
    assert.deepEqual([c.rv_av.pro_rata_ceiling, c.rv_av.room, c.rv_av.liable], ['84500.00', '32833.30', '1500.00']);
    assert.ok(c.explanation.length === 2 && c.explanation[0].startsWith('KV/PV'));
    // KV on 6,666.67 (above the monthly 5,812.50): × 8.525 % = 568.3336 → 568.33 (the monthly cap gave
    // 495.52); PV × 2.4 % = 160.00008 → 160.00. Both sides together 854.17 × 21.25 % ≈ 181.51 more than before.
    assert.equal(wt(e, 'KV-AN'), '568.33');
    assert.equal(wt(e, 'PV-AN'), '160.00');
    assert.equal(wt(e, 'RV-AN'), '620.00'); // 6,666.67 × 9.3 % = 620.00031
  });

  test('capped (the issue’s pay, employed from 1 October): KV/PV only up to the pro-rata ceiling, RV/AV in full', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const emp = await hireDe(api, t, { annual_salary: 62_000, start_date: '2026-10-01' });
    const run = await draftRun(api, t, month(2026, 10));
    const e = expectStatus(await bonus(t, run.id, emp, '1500.00'), 200).data.entry;
    const c = e.one_off_ceiling;
    // KV/PV: 5,812.50 × 30/30 = 5,812.50; room 5,812.50 − 5,166.67 = 645.83: 645.83 liable, 854.17 not.
    assert.deepEqual(
      [c.kv_pv.sv_days, c.kv_pv.pro_rata_ceiling, c.kv_pv.room, c.kv_pv.liable, c.kv_pv.not_liable],
      [30, '5812.50', '645.83', '645.83', '854.17'],
    );
    // RV/AV: 8,450.00 − 5,166.67 = 3,283.33 of room: the whole 1,500 is liable.
    assert.deepEqual([c.rv_av.room, c.rv_av.liable, c.rv_av.not_liable], ['3283.33', '1500.00', '0.00']);
    // KV on 5,812.50 × 8.525 % = 495.515625 → 495.52; RV on 6,666.67 × 9.3 % = 620.00031 → 620.00;
    // AV × 1.3 % = 86.66671 → 86.67; the Insolvenzgeldumlage on 6,666.67 × 0.15 % = 10.000005 → 10.00.
    assert.deepEqual(
      ['KV-AN', 'PV-AN', 'RV-AN', 'AV-AN'].map((code) => wt(e, code)),
      ['495.52', '139.50', '620.00', '86.67'],
    );
    assert.equal(e.employer_costs.find((x: any) => x.type === 'insolvency_levy').amount, '10.00');
  });

  test('the March clause: a bonus in March that does not fit 2026 is charged in December 2025', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const emp = await hireDe(api, t, { annual_salary: 62_000 });
    // 2025 before Payrail (12 × 5,000.00) and January–February 2026 (2 × 5,166.67 = 10,333.34).
    const figures = (w: string) => ({ sv_wage_kv_pv: w, sv_wage_rv_av: w, taxable_wage: w, income_tax: '0.00' });
    expectStatus(await putOpening(t, emp, { as_at: '2025-12-31', figures: figures('60000.00') }), 200);
    expectStatus(await putOpening(t, emp, { as_at: '2026-02-28', figures: figures('10333.34') }), 200);
    const run = await draftRun(api, t, month(2026, 3));
    const e = expectStatus(await bonus(t, run.id, emp, '10000.00'), 200).data.entry;
    const c = e.one_off_ceiling;
    // 2026 KV/PV room: 5,812.50 × 90/30 = 17,437.50 − 10,333.34 − 5,166.67 = 1,937.49 < 10,000 (the KV
    // ceiling decides, § 23a Abs. 5): the bonus belongs to December 2025 (Abs. 4).
    assert.equal(c.attributed_to, 'previous_year');
    assert.equal(c.year, 2025);
    assert.match(c.explanation[0], /1937\.49/);
    // 2025: KV/PV 5,512.50 × 360/30 = 66,150.00 − 60,000.00 = 6,150.00 liable; RV/AV 96,600.00 − 60,000.00
    // = 36,600.00 of room, so all 10,000.00.
    assert.deepEqual([c.kv_pv.pro_rata_ceiling, c.kv_pv.liable], ['66150.00', '6150.00']);
    assert.deepEqual([c.rv_av.pro_rata_ceiling, c.rv_av.liable], ['96600.00', '10000.00']);
    // March's salary at 2026 rates plus the bonus at 2025's, each rounded: KV 5,166.67 × 8.525 % = 440.46
    // + 6,150.00 × 8.525 % = 524.29 → 964.75; PV 124.00 + 147.60 = 271.60; RV 480.50 + 930.00 = 1,410.50;
    // AV 67.17 + 130.00 = 197.17.
    assert.deepEqual(
      ['KV-AN', 'PV-AN', 'RV-AN', 'AV-AN'].map((code) => wt(e, code)),
      ['964.75', '271.60', '1410.50', '197.17'],
    );
  });

  test('the year to date comes from finalised runs; a voided run no longer counts', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const emp = await hireDe(api, t, { annual_salary: 62_000, start_date: '2026-09-01' });
    const sept = (await draftRun(api, t, month(2026, 9))).id;
    await runToFinalised(api, t, sept);
    const oct = (await draftRun(api, t, month(2026, 10))).id;
    const e = expectStatus(await bonus(t, oct, emp, '1500.00'), 200).data.entry;
    // September's finalised 5,166.67 is charged before; SV days September–October 60: KV/PV 11,625.00.
    assert.deepEqual(
      [e.one_off_ceiling.kv_pv.sv_days, e.one_off_ceiling.kv_pv.charged_before, e.one_off_ceiling.kv_pv.room],
      [60, '5166.67', '1291.66'],
    );
    expectStatus(await api.call('POST', runPath(t, sept, '/void'), { body: {}, reason: REASON }), 200);
    const again = expectStatus(await bonus(t, oct, emp, '1500.00'), 200).data;
    assert.equal(again.entry, null);
    assert.equal(again.held.rule, 'DE-2026.4/social/year_to_date_required');
  });

  test('without the year on record a one-off payment is kept and the employee held with the rule, never charged on a guess', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const emp = await hireDe(api, t, { annual_salary: 62_000 });
    const run = await draftRun(api, t, month(2026, 10));
    // Worked out before saving, it is the rule that answers: nothing is saved.
    const quote = await api.call('POST', runPath(t, run.id, '/entries/calculate'), {
      body: { employee_id: emp, items: [{ type: 'bonus', amount: '1500.00' }] },
    });
    assert.equal(quote.status, 422, quote.text);
    assert.equal(quote.body.error.rule, 'DE-2026.4/social/year_to_date_required');
    // Saved, the bonus is kept: the employee is held out of the run with the rule until the year is on record.
    const r = expectStatus(await bonus(t, run.id, emp, '1500.00'), 200);
    assert.equal(r.data.entry, null);
    assert.equal(r.data.held.rule, 'DE-2026.4/social/year_to_date_required');
    assert.match(r.data.held.message, /opening figures for 2026/);
    assert.match(r.evidence_id, /^cev_/);
    const entries = expectStatus(await api.call('GET', runPath(t, run.id, '/entries')), 200).data;
    assert.ok(!entries.some((e: any) => e.employee_id === emp), 'no entry is calculated on a guess');
    const preview = expectStatus(await api.call('POST', runPath(t, run.id, '/preview'), { body: {} }), 200).data;
    const finding = preview.validation.warnings.find((f: any) => f.employee_id === emp);
    assert.equal(finding.severity, 'error');
    assert.equal(finding.code, 'cannot_calculate');
    assert.equal(finding.rule, 'DE-2026.4/social/year_to_date_required');

    // Once January to September are on record, the next preview calculates the bonus that was kept.
    expectStatus(
      await putOpening(t, emp, {
        as_at: '2026-09-30',
        figures: {
          sv_wage_kv_pv: '46500.03',
          sv_wage_rv_av: '46500.03',
          taxable_wage: '46500.03',
          income_tax: '7803.00',
        },
      }),
      200,
    );
    expectStatus(await api.call('POST', runPath(t, run.id, '/preview'), { body: {} }), 200);
    const after = expectStatus(await api.call('GET', runPath(t, run.id, '/entries')), 200).data;
    const entry = after.find((e: any) => e.employee_id === emp);
    assert.equal(entry.gross, '6666.67', 'October salary 5,166.67 and the 1,500.00 bonus');
  });
});

describe('year-to-date opening figures', () => {
  let t: TenantRef;
  let emp: string;
  const body = {
    as_at: '2026-06-30',
    figures: { sv_wage_kv_pv: '31000.02', sv_wage_rv_av: '31000.02', taxable_wage: '31000.02', income_tax: '4200.00' },
  };
  before(async () => {
    t = await createTenant(api, { jurisdiction: 'DE' });
    emp = await hireDe(api, t, { annual_salary: 62_000 });
  });

  test('recorded once with its evidence; a second time is 409', async () => {
    const r = expectStatus(await putOpening(t, emp, { ...body, source: 'Lohnjournal Juni 2026' }), 200);
    assert.deepEqual(
      [r.data.tax_year_start, r.data.as_at, r.data.figures.income_tax],
      ['2026-01-01', '2026-06-30', '4200.00'],
    );
    assert.match(r.evidence_id, /^cev_/);
    assert.equal(r.data.evidence_id, r.evidence_id);
    const ev = expectStatus(
      await api.call('GET', `/v1/tenants/${t.id}/governance/evidence/${r.evidence_id}`),
      200,
    ).data;
    assert.equal(ev.action, 'employee.year_to_date_openings_recorded');
    assert.equal(ev.decision.source, 'Lohnjournal Juni 2026');
    const again = await putOpening(t, emp, { ...body, as_at: '2026-07-31' });
    assert.equal(again.status, 409, again.text);
    assert.equal(again.body.error.code, 'year_to_date_openings_recorded');
    const onFile = expectStatus(await api.call('GET', openingsPath(t, emp)), 200).data;
    assert.equal(onFile.as_at, '2026-06-30');
  });

  test('the payslip’s year to date adds the opening figures', async () => {
    const paidInJuly = await hireDe(api, t, { annual_salary: 50_000 });
    const run = (await draftRun(api, t, month(2026, 7))).id;
    await runToFinalised(api, t, run);
    const slips = expectStatus(await api.call('GET', runPath(t, run, '/payslips')), 200).data;
    const slip = slips.find((p: any) => p.employee_id === emp);
    // 31,000.02 before Payrail + July's 5,166.67; tax 4,200.00 + July's.
    assert.equal(slip.ytd.gross, '36166.69');
    assert.equal(Math.round(Number(slip.ytd.tax) * 100), 420_000 + Math.round(Number(slip.tax) * 100));
    // July is finalised for this employee: an opening as at the end of July would count it twice.
    const late = await putOpening(t, paidInJuly, { ...body, as_at: '2026-07-31' });
    assert.equal(late.status, 409, late.text);
    assert.equal(late.body.error.code, 'year_to_date_openings_overlap');
  });

  test('figures are checked by the DE rules: 422 with a path per figure, nothing written', async () => {
    const other = await hireDe(api, t, { annual_salary: 50_000 });
    const r = await putOpening(t, other, {
      as_at: '2026-06-30',
      figures: { sv_wage_kv_pv: '80000.00', sv_wage_rv_av: '-1', income_tax: '1.234', super: '5' },
    });
    assert.equal(r.status, 422, r.text);
    assert.deepEqual(r.body.error.violations.map((v: any) => [v.rule, v.path]).sort(), [
      ['DE-2026.4/year_to_date/above_annual_ceiling', 'figures.sv_wage_kv_pv'],
      ['DE-2026.4/year_to_date/amount_format', 'figures.income_tax'],
      ['DE-2026.4/year_to_date/amount_format', 'figures.sv_wage_rv_av'],
      ['DE-2026.4/year_to_date/figure_required', 'figures.taxable_wage'],
      ['DE-2026.4/year_to_date/unknown_figure', 'figures.super'],
    ]);
    assert.equal(expectStatus(await api.call('GET', openingsPath(t, other)), 200).data, null);
  });

  test('another partner’s tenant is 404; a preparer or viewer may not record them (403)', async () => {
    const stranger = (await api.newPartner('Other Partner')).key;
    const r = await api.call('PUT', openingsPath(t, emp), { body, reason: REASON, key: stranger });
    assert.equal(r.status, 404, r.text);
    const other = await hireDe(api, t, { annual_salary: 50_000 });
    for (const role of ['preparer', 'viewer'] as const) {
      const token = await userToken(api, t, role, `usr_${role}`);
      const x = await putOpening(t, other, body, token);
      assert.equal(x.status, 403, `${role}: ${x.text}`);
    }
    const admin = await userToken(api, t, 'admin', 'usr_admin');
    expectStatus(await putOpening(t, other, body, admin), 200);
  });
});
