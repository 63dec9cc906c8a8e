// Payroll reports over real pay runs, AU and DE: each report as JSON and CSV, the reconciliations (the
// register's totals are the runs' totals, the journal balances to the cent, year to date is the sum of
// the year's runs), drafts only on request and voided runs never, data scope, pinned tokens, another
// partner's tenant and reports a jurisdiction does not offer.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  expectStatus,
  fortnight,
  getRun,
  hireAu,
  hireDe,
  month,
  runPath,
  runToFinalised,
  sumCents,
  cents,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { readCsv } from '../../api/lib/csv.ts';

let api: TestApi;
const SLUGS_AU = ['payroll-register', 'ytd', 'cost-centres', 'gl-journal', 'super-liability', 'payg-summary'];
const SLUGS_DE = ['payroll-register', 'ytd', 'cost-centres', 'gl-journal', 'de-monthly-summary'];

const reportPath = (t: TenantRef, slug: string, query = '') =>
  `/v1/tenants/${t.id}/reports/${slug}${query ? `?${query}` : ''}`;
const report = async (t: TenantRef, slug: string, query = '', key?: string) =>
  expectStatus(await api.call('GET', reportPath(t, slug, query), { key }), 200, `${slug} report`).data;
const total = (rows: any[], key: string) => sumCents(rows.map((r) => r[key]));

async function costCentre(t: TenantRef, body: Record<string, unknown>) {
  expectStatus(await api.call('POST', `/v1/tenants/${t.id}/cost-centres`, { body, reason: REASON }), 201);
}
async function assign(t: TenantRef, employee: string, code: string) {
  expectStatus(
    await api.call('PUT', `/v1/tenants/${t.id}/employees/${employee}/cost-centre`, {
      body: { cost_centre_code: code },
      reason: REASON,
    }),
    200,
  );
}
async function items(t: TenantRef, runId: string, employee: string, list: Record<string, unknown>[]) {
  expectStatus(
    await api.call('POST', runPath(t, runId, '/entries'), {
      body: { employee_id: employee, items: list },
      reason: REASON,
    }),
    200,
    'entry items',
  );
}
async function scopedToken(t: TenantRef, body: Record<string, unknown>) {
  return expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/users/token`, {
      body: { role: 'viewer', user_id: 'u_report', ...body },
    }),
    201,
  ).data.token as string;
}

before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

describe('AU reports', () => {
  let t: TenantRef;
  const who: Record<string, string> = {};
  const finalised: any[] = [];
  let draftId: string;
  let voidedId: string;

  before(async () => {
    t = await createTenant(api, { jurisdiction: 'AU' });
    await costCentre(t, { code: 'OPS', name: 'Operations', gl_account: '6200' });
    await costCentre(t, { code: 'ROAST', name: 'Roastery' });
    // Travel allowances are booked to the roastery whoever earns them.
    expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/cost-centre-mappings`, {
        body: { source: 'pay_item', attribute: 'code', match_value: 'TD', cost_centre_code: 'ROAST' },
        reason: REASON,
      }),
      201,
    );
    who.amy = await hireAu(api, t, { first_name: 'Amy', last_name: 'Archer', pay_frequency: 'fortnightly' });
    who.ben = await hireAu(api, t, {
      // A name a spreadsheet would run as a formula.
      first_name: '=HYPERLINK("http://x")',
      last_name: 'Baker',
      pay_frequency: 'fortnightly',
      annual_salary: 82_000,
    });
    who.cal = await hireAu(api, t, { first_name: 'Cal', last_name: 'Cole', pay_frequency: 'fortnightly' });
    await assign(t, who.amy, 'OPS');
    await assign(t, who.ben, 'ROAST');
    await assign(t, who.cal, 'OPS');
    for (const n of [0, 1]) {
      const run = await draftRun(api, t, fortnight(n));
      await items(t, run.id, who.amy, [{ type: 'allowance', amount: '50.00', code: 'TD', description: 'Travel' }]);
      await items(t, run.id, who.cal, [
        { type: 'salary_sacrifice', amount: '200.00' },
        { type: 'bonus', amount: '100.00' },
        { type: 'deduction', amount: '15.00', code: 'UNION_FEES', description: 'Union fees' },
      ]);
      finalised.push(await runToFinalised(api, t, run.id));
    }
    const voided = await draftRun(api, t, fortnight(2));
    await runToFinalised(api, t, voided.id);
    expectStatus(await api.call('POST', runPath(t, voided.id, '/void'), { body: {}, reason: REASON }), 200, 'void');
    voidedId = voided.id;
    draftId = (await draftRun(api, t, fortnight(3))).id;
    expectStatus(await api.call('POST', runPath(t, draftId, '/preview'), { body: {} }), 200, 'preview draft');
  });

  test("the register's totals are the finalised runs' totals; drafts only on request, voided runs never", async () => {
    const reg = await report(t, 'payroll-register');
    assert.equal(reg.period.from, '2026-07-01');
    assert.equal(reg.period.to, '2027-06-30');
    assert.deepEqual(
      reg.pay_run_ids,
      finalised.map((r) => r.id),
    );
    assert.equal(reg.rows.length, 6);
    for (const key of ['gross', 'tax', 'net', 'super'] as const) {
      const runs = sumCents(finalised.map((r) => r.totals[key]));
      assert.equal(cents(reg.totals[key]), runs, `${key}: register vs runs`);
      assert.equal(total(reg.rows, key), runs, `${key}: rows vs runs`);
    }
    assert.ok(reg.lines.some((l: any) => l.employee_id === who.amy && l.line === 'allowance'));
    assert.equal(reg.scope_limited, false);

    const withDrafts = await report(t, 'payroll-register', 'include_drafts=true');
    assert.ok(withDrafts.pay_run_ids.includes(draftId));
    assert.ok(!withDrafts.pay_run_ids.includes(voidedId));
    const draft = await getRun(api, t, draftId);
    assert.equal(cents(withDrafts.totals.gross), cents(reg.totals.gross) + cents(draft.totals.gross));

    const one = await report(t, 'payroll-register', `pay_run_id=${finalised[0].id}`);
    assert.deepEqual(one.pay_run_ids, [finalised[0].id]);
    assert.equal(one.totals.gross, finalised[0].totals.gross);
    const none = await report(t, 'payroll-register', 'from=2026-07-01&to=2026-11-01');
    assert.deepEqual([none.rows.length, none.totals.gross], [0, '0.00']);
  });

  test('the journal balances to the cent and debits the cost centre’s own GL account', async () => {
    const j = await report(t, 'gl-journal');
    assert.deepEqual(j.lines, j.rows);
    const debit = total(j.lines, 'debit');
    assert.equal(debit, total(j.lines, 'credit'), 'debits equal credits');
    assert.equal(j.totals.debit, j.totals.credit);
    const reg = await report(t, 'payroll-register');
    const wages = j.lines.filter((l: any) => l.description === 'Wages and salaries');
    assert.equal(total(wages, 'debit'), cents(reg.totals.gross), 'wages expense is the gross');
    assert.ok(wages.some((l: any) => l.gl_account === '6200' && l.cost_centre === 'OPS'));
    assert.ok(wages.some((l: any) => l.gl_account === '6100' && l.cost_centre === 'ROAST'));
    const credit = (desc: string) =>
      total(
        j.lines.filter((l: any) => l.description === desc),
        'credit',
      );
    assert.equal(credit('PAYG withholding payable'), cents(reg.totals.tax));
    assert.equal(credit('Net wages payable'), cents(reg.totals.net));
    assert.equal(credit('Superannuation payable'), cents(reg.totals.super));
    assert.equal(credit('Payroll deductions payable'), 2 * 1500);
    for (const l of j.lines)
      assert.deepEqual(Object.keys(l).sort(), ['cost_centre', 'credit', 'debit', 'description', 'gl_account']);
  });

  test("year to date per employee is the sum of the year's runs, by income-statement category", async () => {
    const ytd = await report(t, 'ytd');
    const reg = await report(t, 'payroll-register');
    assert.equal(ytd.rows.length, 3);
    assert.equal(total(ytd.rows, 'total_gross'), cents(reg.totals.gross));
    assert.equal(total(ytd.rows, 'paygw'), cents(reg.totals.tax));
    for (const row of ytd.rows) {
      const mine = reg.rows.filter((r: any) => r.employee_id === row.employee_id);
      assert.equal(cents(row.total_gross), total(mine, 'gross'));
      assert.equal(row.pay_count, 2);
      const parts = [
        'gross',
        'overtime',
        'bonuses_and_commissions',
        'directors_fees',
        'allowances',
        'lump_sums',
        'paid_leave',
        'salary_sacrifice',
      ];
      assert.equal(
        sumCents(parts.map((p) => row[p])),
        cents(row.total_gross),
        `${row.employee_name}: categories add up`,
      );
    }
    const cal = ytd.rows.find((r: any) => r.employee_id === who.cal);
    assert.deepEqual(
      [cal.salary_sacrifice, cal.bonuses_and_commissions, cal.deductions],
      ['400.00', '200.00', '30.00'],
    );
    assert.equal(ytd.rows.find((r: any) => r.employee_id === who.amy).allowances, '100.00');
    // As of the first run's payday, only that run counts.
    const asOf = await report(t, 'ytd', `pay_run_id=${finalised[0].id}`);
    assert.equal(total(asOf.rows, 'total_gross'), cents(finalised[0].totals.gross));
  });

  test('cost centres split the cost with pay-item mapping rules applied', async () => {
    const cc = await report(t, 'cost-centres');
    const reg = await report(t, 'payroll-register');
    assert.deepEqual(
      cc.rows.map((r: any) => r.cost_centre),
      ['OPS', 'ROAST'],
    );
    assert.equal(cents(cc.totals.gross), cents(reg.totals.gross));
    const ops = reg.rows.filter((r: any) => r.cost_centre === 'OPS');
    const roast = cc.rows.find((r: any) => r.cost_centre === 'ROAST');
    // Amy's travel allowance (2 × 50.00) moved from Operations to the roastery.
    assert.equal(cents(cc.rows[0].gross), total(ops, 'gross') - 10_000);
    assert.equal(roast.cost_centre_name, 'Roastery');
    assert.equal(roast.employee_count, 2);
    assert.equal(cc.totals.employee_count, 3);
    assert.equal(cents(cc.totals.total_cost), cents(cc.totals.gross) + cents(cc.totals.employer_costs));
  });

  test('super liability by fund and due date, and the PAYG summary for the quarter', async () => {
    const sl = await report(t, 'super-liability');
    const reg = await report(t, 'payroll-register');
    assert.equal(cents(sl.totals.total), cents(reg.totals.super));
    assert.ok(sl.rows.every((r: any) => r.fund_name === 'AustralianSuper' && /^\d{4}-\d{2}-\d{2}$/.test(r.due_date)));
    assert.equal(sl.rows[0].due_rule, 'payday_7_business_days');

    const payg = await report(t, 'payg-summary', 'period=2026-Q4');
    assert.deepEqual(payg.period, { from: '2026-10-01', to: '2026-12-31' });
    assert.equal(payg.totals.w1_gross, reg.totals.gross);
    assert.equal(payg.totals.w2_withheld, reg.totals.tax);
    assert.deepEqual(
      payg.rows.map((r: any) => r.month),
      ['2026-11', '2026-12'],
    );
    const oct = await report(t, 'payg-summary', 'period=2026-10');
    assert.deepEqual([oct.rows.length, oct.totals.w1_gross], [0, '0.00']);
  });

  test('every report answers CSV (Accept or format=csv) with a header, its rows, totals and no live formulas', async () => {
    for (const slug of SLUGS_AU) {
      const json = await report(t, slug);
      const variants: { q: string; h: Record<string, string> }[] = [
        { q: 'format=csv', h: {} },
        { q: '', h: { accept: 'text/csv' } },
      ];
      for (const opts of variants) {
        const r = await api.call('GET', reportPath(t, slug, opts.q), { headers: opts.h });
        assert.equal(r.status, 200, `${slug} csv: ${r.text.slice(0, 300)}`);
        assert.match(r.headers.get('content-type') ?? '', /^text\/csv/);
        assert.match(r.headers.get('content-disposition') ?? '', new RegExp(`attachment; filename="${slug}_`));
        const rows = readCsv(r.text);
        assert.deepEqual(
          rows[0],
          json.columns.map((c: any) => c.key),
        );
        assert.equal(rows.length, json.rows.length + 2, `${slug}: header, rows and totals`);
        const moneyCols = json.columns.map((c: any, i: number) => [c, i]).filter(([c]: any) => c.kind === 'money');
        for (const row of rows.slice(1)) for (const [, i] of moneyCols) assert.match(row[i], /^-?\d+\.\d{2}$/);
        for (const row of rows.slice(1))
          for (const cell of row) assert.doesNotMatch(cell, /^[=+@]/, `${slug}: ${cell}`);
      }
    }
    const reg = readCsv((await api.call('GET', reportPath(t, 'payroll-register', 'format=csv'))).text);
    const name = reg[0].indexOf('employee_name');
    const ben = reg.filter((row) => row[name].includes('HYPERLINK'));
    assert.equal(ben.length, 2);
    for (const row of ben) assert.ok(row[name].startsWith(`'=HYPERLINK`), row[name]);
    assert.deepEqual(reg[reg.length - 1].slice(0, 1), ['Total']);
  });

  test('a scoped caller sees their cost centre only, with totals over it; the journal still balances', async () => {
    const key = await scopedToken(t, { scope: { cost_centres: ['OPS'] } });
    const reg = await report(t, 'payroll-register', '', key);
    assert.equal(reg.scope_limited, true);
    assert.deepEqual([...new Set(reg.rows.map((r: any) => r.employee_id))].sort(), [who.amy, who.cal].sort());
    const all = await report(t, 'payroll-register');
    const visible = all.rows.filter((r: any) => r.cost_centre === 'OPS');
    for (const k of ['gross', 'tax', 'net', 'super']) assert.equal(cents(reg.totals[k]), total(visible, k));
    const j = await report(t, 'gl-journal', '', key);
    assert.equal(total(j.lines, 'debit'), total(j.lines, 'credit'));
    const ytd = await report(t, 'ytd', '', key);
    assert.equal(ytd.rows.length, 2);
    const sl = await report(t, 'super-liability', '', key);
    assert.equal(cents(sl.totals.total), cents(reg.totals.super));
    const csv = await api.call('GET', reportPath(t, 'payroll-register', 'format=csv'), { key });
    assert.equal(readCsv(csv.text).length, reg.rows.length + 2);
    const none = await scopedToken(t, { scope: { cost_centres: ['NOPE'] } });
    const empty = await report(t, 'payroll-register', '', none);
    assert.deepEqual([empty.rows.length, empty.totals.gross], [0, '0.00']);
  });

  test('pinned tokens, other partners, unknown reports and reports the jurisdiction lacks', async () => {
    const pinned = await scopedToken(t, { employee_id: who.amy });
    assert.equal((await api.call('GET', reportPath(t, 'payroll-register'), { key: pinned })).status, 403);
    const embed = expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/embed/token`, { body: { components: ['reports-dashboard'] } }),
      201,
    ).data.token;
    assert.equal((await api.call('GET', reportPath(t, 'payroll-register'), { key: embed })).status, 200);
    const stranger = await api.newPartner('Report Stranger');
    assert.equal((await api.call('GET', reportPath(t, 'payroll-register'), { key: stranger.key })).status, 404);
    assert.equal((await api.call('GET', reportPath(t, 'payslips'))).status, 400);
    const bad = await api.call('GET', reportPath(t, 'payg-summary', 'period=2026-13'));
    assert.equal(bad.status, 400);
    assert.ok(bad.body.error.errors.some((e: any) => e.path.includes('period')));
    assert.equal(
      (await api.call('GET', reportPath(t, 'payroll-register', 'from=2027-01-01&to=2026-01-01'))).status,
      400,
    );
    const de = await api.call('GET', reportPath(t, 'de-monthly-summary'));
    assert.equal(de.status, 501);
    assert.equal(de.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
    assert.equal(
      de.body.error.capability ?? de.body.error.detail?.capability ?? 'report_de_monthly_summary',
      'report_de_monthly_summary',
    );
    assert.match(JSON.stringify(de.body), /payg-summary/);
  });
});

describe('DE reports', () => {
  let t: TenantRef;
  const runs: any[] = [];
  let ida: string;

  before(async () => {
    t = await createTenant(api, { jurisdiction: 'DE' });
    await costCentre(t, { code: 'DEV', name: 'Entwicklung', gl_account: '4120' });
    ida = await hireDe(api, t, { first_name: 'Ida', last_name: 'Vogel', church_tax: true, annual_salary: 72_000 });
    const jan = await hireDe(api, t, { first_name: 'Jan', last_name: 'Weber', annual_salary: 48_000 });
    await assign(t, ida, 'DEV');
    void jan;
    for (const m of [10, 11]) runs.push(await runToFinalised(api, t, (await draftRun(api, t, month(2026, m))).id));
  });

  test('register, Lohnkonto and monthly summary reconcile with the runs; the journal balances', async () => {
    const reg = await report(t, 'payroll-register');
    assert.equal(reg.currency, 'EUR');
    assert.deepEqual(reg.period, { from: '2026-01-01', to: '2026-12-31' });
    for (const key of ['gross', 'net']) assert.equal(cents(reg.totals[key]), sumCents(runs.map((r) => r.totals[key])));
    assert.equal(
      cents(reg.totals.wage_tax) + cents(reg.totals.soli) + cents(reg.totals.church_tax),
      sumCents(runs.map((r) => r.totals.tax)),
    );
    assert.equal(cents(reg.totals.social), sumCents(runs.map((r) => r.totals.social)));
    const idaRow = reg.rows.find((r: any) => r.employee_id === ida);
    assert.ok(cents(idaRow.church_tax) > 0, 'church tax for a church member');

    const ytd = await report(t, 'ytd');
    assert.equal(ytd.rows.length, 2);
    for (const k of ['gross', 'wage_tax', 'soli', 'church_tax', 'net'])
      assert.equal(cents(ytd.totals[k]), cents(reg.totals[k]));
    const branches = ['pension_insurance', 'health_insurance', 'care_insurance', 'unemployment_insurance'];
    assert.equal(sumCents(branches.map((b) => ytd.totals[b])), cents(reg.totals.social));

    const monthly = await report(t, 'de-monthly-summary');
    assert.deepEqual(
      monthly.rows.map((r: any) => r.month),
      ['2026-10', '2026-11'],
    );
    for (const [i, row] of monthly.rows.entries()) {
      assert.equal(row.gross, runs[i].totals.gross);
      assert.equal(cents(row.social_employee), cents(runs[i].totals.social));
      assert.equal(
        cents(row.total),
        cents(row.wage_tax) +
          cents(row.soli) +
          cents(row.church_tax) +
          cents(row.social_employee) +
          cents(row.social_employer),
      );
    }
    assert.equal(cents(monthly.totals.social_employer), cents(reg.totals.employer_social));

    const j = await report(t, 'gl-journal');
    assert.equal(total(j.lines, 'debit'), total(j.lines, 'credit'));
    assert.ok(j.lines.some((l: any) => l.gl_account === '4120' && l.cost_centre === 'DEV'));
    const social = j.lines.find((l: any) => l.description === 'Social insurance payable');
    assert.equal(cents(social.credit), cents(reg.totals.social) + cents(reg.totals.employer_social));

    const cc = await report(t, 'cost-centres');
    assert.deepEqual(
      cc.rows.map((r: any) => r.cost_centre_name),
      ['Entwicklung', 'No cost centre'],
    );
    assert.equal(cc.totals.gross, reg.totals.gross);
  });

  test('CSV for each DE report; AU-only reports answer 501 with the alternatives', async () => {
    for (const slug of SLUGS_DE) {
      const json = await report(t, slug);
      const r = await api.call('GET', reportPath(t, slug, 'format=csv'));
      assert.equal(r.status, 200, slug);
      const rows = readCsv(r.text);
      assert.deepEqual(
        rows[0],
        json.columns.map((c: any) => c.key),
      );
      assert.equal(rows.length, json.rows.length + 2);
    }
    for (const slug of ['super-liability', 'payg-summary']) {
      const r = await api.call('GET', reportPath(t, slug));
      assert.equal(r.status, 501, slug);
      assert.match(JSON.stringify(r.body), /de-monthly-summary/);
    }
    const key = await scopedToken(t, { scope: { cost_centres: ['DEV'] } });
    const scoped = await report(t, 'payroll-register', '', key);
    assert.deepEqual([...new Set(scoped.rows.map((r: any) => r.employee_id))], [ida]);
    const monthly = await report(t, 'de-monthly-summary', '', key);
    assert.equal(monthly.totals.gross, scoped.totals.gross);
  });
});
