// The German statutory outputs through the real app: a month with two insurers, two church-tax
// denominations and minijobbers, reconciled to the cent against the month's finalised entries; the
// employee and company fields they need (422 with rule references, readiness); who may read them; AU 501.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type CallOpts } from '../helpers/api.ts';
import {
  DE_INSURERS,
  cents,
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  fromCents,
  hireDe,
  month,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
let de: TenantRef;
const ids: Record<string, string> = {};
let entries: any[] = [];
let runId: string;

const get = (p: string, opts: CallOpts = {}) => api.call('GET', p, opts);
const out = (t: TenantRef, kind: string, period: string, ext = '') =>
  `/v1/tenants/${t.id}/statutory-outputs/${kind}${ext}?period=${period}`;
const patchCompany = (t: TenantRef, body: Record<string, unknown>) =>
  api.call('PATCH', `/v1/tenants/${t.id}/company`, { body, reason: REASON });

/** Sum in cents of one figure over the month's entries. */
const total = (pick: (e: any) => string | undefined, of = entries) =>
  of.reduce((s, e) => s + cents(pick(e) ?? '0.00'), 0);
const wt = (code: string) => (e: any) => e.wage_types.find((w: any) => w.code === code)?.amount;
const er = (type: string) => (e: any) => e.employer_costs.find((c: any) => c.type === type)?.amount;
const kz = (o: any, k: string) => o.lohnsteuer_anmeldung.kennzahlen.find((x: any) => x.kennzahl === k).value;
const lineOf = (sheet: any, group: string) => sheet.lines.find((l: any) => l.beitragsgruppe === group);

before(async () => {
  api = await startTestApi();
  de = await createTenant(api, { jurisdiction: 'DE' });
  expectStatus(
    await patchCompany(de, {
      legal_name: 'Fixture Software GmbH',
      betriebsnummer: '12345671',
      steuernummer: '143/815/08156',
      lsta_period: 'monthly',
    }),
    200,
    'company',
  );
  ids.rk = await hireDe(api, de, { annual_salary: 72_000, church_tax: true, church_tax_denomination: 'rk' });
  ids.ev = await hireDe(api, de, {
    annual_salary: 54_000,
    church_tax: true,
    church_tax_denomination: 'ev',
    insurer: DE_INSURERS.aok,
  });
  ids.none = await hireDe(api, de, { annual_salary: 96_000, insurer: DE_INSURERS.aok });
  // 13.90 an hour for 10 hours a week: a minijob (at most 603 a month in 2026), with the pension top-up.
  ids.mini = await hireDe(api, de, { hourly_rate: 13.9, hours_per_week: 10 });
  ids.miniExempt = await hireDe(api, de, { hourly_rate: 13.9, hours_per_week: 8, pension_insurance: false });
  runId = (await draftRun(api, de, month(2026, 3))).id;
  await runToFinalised(api, de, runId);
  entries = await entriesOf(api, de, runId);
});

after(async () => {
  await api?.close();
});

describe('Lohnsteuer-Anmeldung', () => {
  test('Kennzahlen add up to the cent from the month’s finalised entries, church tax split by denomination', async () => {
    const o = expectStatus(await get(out(de, 'lohnsteuer-anmeldung', '2026-03')), 200).data;
    assert.deepEqual(o.pay_run_ids, [runId]);
    assert.equal(o.entry_count, entries.length);
    assert.deepEqual(o.period, { label: '2026-03', start: '2026-03-01', end: '2026-03-31' });
    const byId = new Map(entries.map((e) => [e.employee_id, e]));
    const minis = [byId.get(ids.mini), byId.get(ids.miniExempt)];
    for (const m of minis) assert.ok(er('minijob_flat_tax')(m), 'the minijobs pay the 2 % flat tax');
    // Minijobbers under the flat tax are filed with the Minijob-Zentrale: three employees here.
    assert.equal(kz(o, '86'), '3');
    assert.equal(cents(kz(o, '42')), total(wt('LST')));
    assert.equal(cents(kz(o, '49')), total(wt('SOLZ')));
    assert.equal(cents(kz(o, '61')), cents(wt('KIST')(byId.get(ids.ev)) ?? '0.00'));
    assert.equal(cents(kz(o, '62')), cents(wt('KIST')(byId.get(ids.rk)) ?? '0.00'));
    assert.ok(cents(kz(o, '61')) > 0 && cents(kz(o, '62')) > 0, 'both denominations pay church tax');
    for (const k of ['41', '44', '47']) assert.equal(kz(o, k), '0.00');
    const taxes = total(wt('LST')) + total(wt('SOLZ')) + total(wt('KIST'));
    assert.equal(cents(kz(o, '83')), taxes);
    assert.equal(cents(o.lohnsteuer_anmeldung.total_due), taxes);
    assert.equal(o.employer.steuernummer_last4, '8156');
    assert.equal(o.ready_to_file, true);
    assert.ok(!JSON.stringify(o).includes('143/815/08156'), 'the Steuernummer is masked');
  });

  test('the per-run view holds the run’s own entries; a run not finalised is 409', async () => {
    const r = expectStatus(await get(runPath(de, runId, '/statutory-outputs/lohnsteuer-anmeldung')), 200).data;
    const m = expectStatus(await get(out(de, 'lohnsteuer-anmeldung', '2026-03')), 200).data;
    assert.deepEqual(r.pay_run_ids, [runId]);
    assert.deepEqual(r.lohnsteuer_anmeldung, m.lohnsteuer_anmeldung);
    const draft = (await draftRun(api, de, month(2026, 4))).id;
    assert.equal((await get(runPath(de, draft, '/statutory-outputs/beitragsnachweis'))).status, 409);
    const other = await createTenant(api, { jurisdiction: 'DE' });
    assert.equal((await get(runPath(other, runId, '/statutory-outputs/beitragsnachweis'))).status, 404);
    // The April draft stays: only finalised runs count (the quarterly test reads April's quarter as empty).
  });

  test('CSV carries the same Kennzahlen', async () => {
    const r = await get(out(de, 'lohnsteuer-anmeldung', '2026-03', '.csv'));
    assert.equal(r.status, 200, r.text);
    assert.match(r.headers.get('content-type') ?? '', /text\/csv/);
    const o = expectStatus(await get(out(de, 'lohnsteuer-anmeldung', '2026-03')), 200).data;
    assert.ok(r.text.includes(`42,Summe der einzubehaltenden Lohnsteuer,${kz(o, '42')}\r\n`));
    assert.ok(r.text.includes(`83,Gesamtbetrag,${kz(o, '83')}\r\n`));
  });

  test('a quarterly filer’s Anmeldung covers the quarter holding the month; a month without runs is zero', async () => {
    expectStatus(await patchCompany(de, { lsta_period: 'quarterly' }), 200);
    const q = expectStatus(await get(out(de, 'lohnsteuer-anmeldung', '2026-02')), 200).data;
    assert.equal(q.period.label, '2026-Q1');
    assert.deepEqual(q.pay_run_ids, [runId]);
    const q2 = expectStatus(await get(out(de, 'lohnsteuer-anmeldung', '2026-04')), 200).data;
    assert.deepEqual(q2.pay_run_ids, []);
    assert.equal(kz(q2, '83'), '0.00');
    expectStatus(await patchCompany(de, { lsta_period: 'monthly' }), 200);
  });
});

describe('Beitragsnachweise', () => {
  test('one per insurer: contribution groups reconcile to the entries, employee and employer shares', async () => {
    const o = expectStatus(await get(out(de, 'beitragsnachweis', '2026-03')), 200).data;
    // DE-2026.3 computes the levies; the Insolvenzgeldumlage's rate is the pack's, but U1 participation and
    // each insurer's U2 rate are the employer's settings, not on file here (tests/api/de-levies.test.ts sets them).
    assert.deepEqual(o.not_included, []);
    assert.deepEqual(o.missing_levy_settings, [
      `insurer_levy_rates[${DE_INSURERS.tk.betriebsnummer}].u2_rate (${DE_INSURERS.tk.name})`,
      `insurer_levy_rates[${DE_INSURERS.aok.betriebsnummer}].u2_rate (${DE_INSURERS.aok.name})`,
      'u1_participation',
    ]);
    // The employer fields are all on file, but a Beitragsnachweis without its levies is not one to file.
    assert.deepEqual(o.missing_company_fields, []);
    assert.equal(o.ready_to_file, false);
    // A month without wages owes no levies: nothing is left out of its (empty) form.
    const empty = expectStatus(await get(out(de, 'beitragsnachweis', '2026-04')), 200).data;
    assert.deepEqual([empty.pay_run_ids, empty.not_included, empty.ready_to_file], [[], [], true]);
    assert.deepEqual(
      o.beitragsnachweise.map((b: any) => b.insurer),
      [DE_INSURERS.aok, DE_INSURERS.tk],
    );
    const byId = new Map(entries.map((e) => [e.employee_id, e]));
    const of = { [DE_INSURERS.aok.betriebsnummer]: [ids.ev, ids.none], [DE_INSURERS.tk.betriebsnummer]: [ids.rk] };
    let due = 0;
    for (const sheet of o.beitragsnachweise) {
      const list = of[sheet.insurer.betriebsnummer].map((id) => byId.get(id));
      assert.equal(sheet.employee_count, list.length);
      const groups: [string, string, string][] = [
        ['1000', 'KV-AN', 'health_insurance'],
        ['0100', 'RV-AN', 'pension_insurance'],
        ['0010', 'AV-AN', 'unemployment_insurance'],
        ['0001', 'PV-AN', 'care_insurance'],
      ];
      for (const [group, code, type] of groups) {
        const l = lineOf(sheet, group);
        assert.equal(cents(l.employee), total(wt(code), list), `${group} employee share`);
        assert.equal(cents(l.employer), total(er(type), list), `${group} employer share`);
        assert.equal(cents(l.total), cents(l.employee) + cents(l.employer));
      }
      assert.equal(
        cents(sheet.total_due),
        sheet.lines.reduce((s: number, l: any) => s + cents(l.total), 0),
      );
      due += cents(sheet.total_due);
    }
    const regular = [ids.rk, ids.ev, ids.none].map((id) => byId.get(id));
    const all = ['KV-AN', 'RV-AN', 'AV-AN', 'PV-AN'].reduce((s, c) => s + total(wt(c), regular), 0);
    const employer = [
      'health_insurance',
      'pension_insurance',
      'unemployment_insurance',
      'care_insurance',
      'insolvency_levy',
    ].reduce((s, c) => s + total(er(c), regular), 0);
    assert.equal(due, all + employer);
  });

  test('the Minijob-Beitragsnachweis: flat KV 13 %, RV 15 % with the top-up, exempt 0500, the 2 % flat tax', async () => {
    const o = expectStatus(await get(out(de, 'minijob-beitragsnachweis', '2026-03')), 200).data;
    const m = o.minijob_beitragsnachweis;
    const byId = new Map(entries.map((e) => [e.employee_id, e]));
    const mini = byId.get(ids.mini);
    const exempt = byId.get(ids.miniExempt);
    assert.equal(m.employee_count, 2);
    assert.equal(cents(lineOf(m, '6000').employer), total(er('health_insurance'), [mini, exempt]));
    assert.equal(
      cents(lineOf(m, '6000').employer),
      Math.round(cents(mini.gross) * 0.13) + Math.round(cents(exempt.gross) * 0.13),
    );
    assert.equal(cents(lineOf(m, '0100').employee), cents(wt('RV-AN')(mini)));
    assert.equal(cents(lineOf(m, '0100').employer), cents(er('pension_insurance')(mini)));
    assert.equal(cents(lineOf(m, '0500').employer), cents(er('pension_insurance')(exempt)));
    assert.equal(lineOf(m, '0500').employee, '0.00');
    assert.equal(cents(lineOf(m, 'ST').employer), total(er('minijob_flat_tax'), [mini, exempt]));
    assert.equal(cents(m.flat_tax), total(er('minijob_flat_tax'), [mini, exempt]));
    assert.equal(
      cents(m.total_due),
      m.lines.reduce((s: number, l: any) => s + cents(l.total), 0),
    );
    const csv = await get(out(de, 'minijob-beitragsnachweis', '2026-03', '.csv'));
    assert.equal(csv.status, 200);
    assert.ok(csv.text.includes(`,total,Gesamtbetrag,,,${m.total_due}\r\n`));
    assert.equal(fromCents(cents(m.total_due)), m.total_due);
  });
});

describe('fields the outputs need', () => {
  test('employee intake checks the denomination and the insurer with rule references; reads show them', async () => {
    const bad = await api.call('POST', `/v1/tenants/${de.id}/employees`, {
      reason: REASON,
      body: {
        first_name: 'Ida',
        last_name: 'Falsch',
        date_of_birth: '1990-01-01',
        employment: { type: 'full_time', annual_salary: 50_000, pay_frequency: 'monthly', start_date: '2020-01-01' },
        statutory: {
          de: {
            tax_class: 1,
            church_tax: true,
            church_tax_denomination: 'xx',
            state: 'BY',
            health_insurance: { type: 'statutory', insurer: { name: 'Kasse', betriebsnummer: '12345678' } },
          },
        },
      },
    });
    assert.equal(bad.status, 422, bad.text);
    assert.equal(bad.body.error.code, 'pack_validation_failed');
    const rules = bad.body.error.violations.map((v: any) => v.rule).sort();
    assert.deepEqual(rules, ['DE-2026.4/social/insurer_betriebsnummer', 'DE-2026.4/tax/church_tax_denomination']);
    const emp = expectStatus(await get(`/v1/tenants/${de.id}/employees/${ids.rk}`), 200).data;
    assert.equal(emp.tax_profile.church_tax_denomination, 'rk');
    assert.deepEqual(emp.statutory.de.health_insurance.insurer, DE_INSURERS.tk);
  });

  test('company fields: 422 with rule references per jurisdiction; the Steuernummer is answered masked', async () => {
    const bad = await patchCompany(de, { betriebsnummer: '12345678', steuernummer: '12/34', lsta_period: 'weekly' });
    assert.equal(bad.status, 422, bad.text);
    assert.deepEqual(bad.body.error.violations.map((v: any) => v.rule).sort(), [
      'DE-2026.4/company/betriebsnummer',
      'DE-2026.4/company/lsta_period',
      'DE-2026.4/company/steuernummer',
    ]);
    const c = expectStatus(await get(`/v1/tenants/${de.id}/company`), 200).data;
    assert.equal(c.betriebsnummer, '12345671');
    assert.equal(c.steuernummer_last4, '8156');
    assert.equal(c.lsta_period, 'monthly');
    assert.equal(c.steuernummer, undefined);
    const au = await createTenant(api, { jurisdiction: 'AU' });
    const r = await patchCompany(au, { betriebsnummer: '12345671' });
    assert.equal(r.status, 422);
    assert.equal(r.body.error.rule, `${au.packVersion}/company/field_not_applicable`);
  });

  test('readiness names what each output waits for; pay is not blocked by it', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const emp = await hireDe(api, t, { church_tax: true, church_tax_denomination: '--', insurer: null });
    const r = expectStatus(await get(`/v1/tenants/${t.id}/readiness`), 200).data;
    const item = r.employees.find((e: any) => e.employee_id === emp);
    assert.ok(item.missing.includes('church_tax_denomination') && item.missing.includes('health_insurer'));
    assert.deepEqual(item.needed_for, {
      church_tax_denomination: ['lohnsteuer-anmeldung'],
      health_insurer: ['beitragsnachweis'],
    });
    assert.equal(item.blocks_finalise, false);
    const company = Object.fromEntries(r.company.map((c: any) => [c.kind, c]));
    assert.equal(company.betriebsnummer.status, 'missing');
    assert.deepEqual(company.lsta_period.needed_for, ['lohnsteuer-anmeldung']);
    assert.equal(company.steuernummer.blocking, false);
    // The outputs then refuse what they cannot place, naming the employee.
    const run = (await draftRun(api, t, month(2026, 3))).id;
    await runToFinalised(api, t, run);
    const lsta = await get(out(t, 'lohnsteuer-anmeldung', '2026-03'));
    assert.equal(lsta.status, 422);
    assert.equal(lsta.body.error.rule, 'DE-2026.4/company/lsta_period_required');
    expectStatus(await patchCompany(t, { lsta_period: 'monthly' }), 200);
    const again = await get(out(t, 'lohnsteuer-anmeldung', '2026-03'));
    assert.equal(again.status, 422);
    assert.equal(again.body.error.rule, 'DE-2026.4/lsta/church_tax_denomination_required');
    assert.deepEqual(
      again.body.error.employees.map((e: any) => e.employee_id),
      [emp],
    );
    const bn = await get(out(t, 'beitragsnachweis', '2026-03'));
    assert.equal(bn.status, 422);
    assert.equal(bn.body.error.rule, 'DE-2026.4/beitragsnachweis/insurer_required');
    const mini = expectStatus(await get(out(t, 'minijob-beitragsnachweis', '2026-03')), 200).data;
    assert.deepEqual(mini.missing_company_fields, ['betriebsnummer', 'steuernummer']);
    assert.equal(mini.ready_to_file, false);
  });
});

describe('who may read them', () => {
  const token = async (body: Record<string, unknown>, t = de) =>
    expectStatus(await api.call('POST', `/v1/tenants/${t.id}/users/token`, { body }), 201).data.token;

  test('every unscoped role reads; a scoped or pinned token does not; another partner sees 404', async () => {
    const p = out(de, 'beitragsnachweis', '2026-03');
    for (const role of ['viewer', 'preparer', 'approver', 'admin'])
      expectStatus(await get(p, { key: await token({ role }) }), 200, role);
    const scoped = await token({ role: 'admin', scope: { cost_centres: ['ENG'] } });
    const r = await get(p, { key: scoped });
    assert.equal(r.status, 403);
    assert.match(r.body.error.message, /sees all employees/);
    assert.equal((await get(p, { key: await token({ role: 'admin', employee_id: ids.rk }) })).status, 403);
    const embed = expectStatus(
      await api.call('POST', `/v1/tenants/${de.id}/embed/token`, { body: { components: ['payments'] } }),
      201,
    ).data.token;
    expectStatus(await get(p, { key: embed }), 200, 'an unscoped embed token');
    const pinnedEmbed = expectStatus(
      await api.call('POST', `/v1/tenants/${de.id}/embed/token`, {
        body: { components: ['payslip-viewer'], employee_id: ids.mini },
      }),
      201,
    ).data.token;
    assert.equal((await get(p, { key: pinnedEmbed })).status, 403);
    const other = await api.newPartner('Other partner');
    assert.equal((await get(p, { key: other.key })).status, 404);
    assert.equal((await get(out(de, 'beitragsnachweis', '2026-13'))).status, 400);
    assert.equal((await get(`/v1/tenants/${de.id}/statutory-outputs/lohnsteuer?period=2026-03`)).status, 400);
  });

  test('AU answers 501 with the capability; DE lodgement answers 501 naming the outputs', async () => {
    const au = await createTenant(api, { jurisdiction: 'AU' });
    const r = await get(out(au, 'lohnsteuer-anmeldung', '2026-03'));
    assert.equal(r.status, 501);
    assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
    assert.equal(r.body.error.capability, 'statutory_outputs');
    const s = await api.call('POST', runPath(de, runId, '/submit'), {
      body: { declaration: { name: 'Petra Lohn', accepted: true } },
      reason: REASON,
    });
    assert.equal(s.status, 501, s.text);
    assert.equal(s.body.error.capability, 'statutory_lodgement');
    assert.ok(
      s.body.error.alternatives.includes(
        'GET /v1/tenants/{tenantId}/statutory-outputs/beitragsnachweis?period=YYYY-MM',
      ),
    );
  });
});
