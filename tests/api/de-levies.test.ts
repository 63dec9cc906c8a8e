// The employer's levies under DE-2026.3 through the real app: U1 and U2 at the insurer's rates the employer
// set (the seeded employer's settings), the Insolvenzgeldumlage at the pack's rate, the Minijob-Zentrale's
// rates for a minijob; on the entry's employer costs, the run's totals and the Beitragsnachweise (JSON and
// CSV); a missing rate named and the form not ready to file.
//
// Sources: Insolvenzgeldumlage 0.15 % in 2026 (§ 360 SGB III; NWB, "Insolvenzgeldumlage: Keine Änderung im
// Jahr 2026"), on the pension-insurable wage up to the RV ceiling, one-off payments included (§ 358 Abs. 2
// SGB III). U1/U2 on the same wage without one-off payments (§ 7 AAG). Minijob-Zentrale 2026: U1 0.8 %,
// U2 0.22 %, U3 0.15 % (minijobs-aktuell.de, "Minijob-Zentrale senkt U1 Beiträge 2026").
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import {
  DE_INSURERS,
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  getRun,
  hireDe,
  month,
  runToFinalised,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';
import { DE_COMPANY } from '../../api/seed/de-workforce.ts';

let api: TestApi;
let de: TenantRef;
const ids: Record<string, string> = {};
let entries: any[] = [];
let runId: string;

const patchCompany = (t: TenantRef, body: Record<string, unknown>) =>
  api.call('PATCH', `/v1/tenants/${t.id}/company`, { body, reason: REASON });
const out = (t: TenantRef, kind: string, period: string, ext = '') =>
  `/v1/tenants/${t.id}/statutory-outputs/${kind}${ext}?period=${period}`;
const er = (e: any, type: string) => e.employer_costs.find((c: any) => c.type === type)?.amount;
const lineOf = (sheet: any, group: string) => sheet.lines.find((l: any) => l.beitragsgruppe === group);

before(async () => {
  api = await startTestApi();
  de = await createTenant(api, { jurisdiction: 'DE' });
  assert.equal(de.packVersion, 'DE-2026.4');
  // The seeded employer's company record: Betriebsnummer, Steuernummer, U1 participation and the TK's and
  // AOK Bayern's U1/U2 rates (TK 2.6 % / 0.5 %, AOK 2.7 % / 0.62 %).
  expectStatus(await patchCompany(de, DE_COMPANY), 200, 'company');
  // Jonas Weber of the seed: 62,000 a year, TK.
  ids.weber = await hireDe(api, de, { annual_salary: 62_000, first_name: 'Jonas', last_name: 'Weber' });
  // 13.90 an hour for 10 hours a week: 13.90 × 10 × 52 / 12 = 602.33, a minijob (limit 603 in 2026).
  ids.mini = await hireDe(api, de, { hourly_rate: 13.9, hours_per_week: 10 });
  runId = (await draftRun(api, de, month(2026, 5))).id;
  await runToFinalised(api, de, runId);
  entries = await entriesOf(api, de, runId);
});

after(async () => {
  await api?.close();
});

describe('U1, U2 and U3 on the seeded employer', () => {
  test('a regular employee: U1 and U2 at the TK rates, U3 at 0.15 %, as employer costs in the run totals', async () => {
    const weber = entries.find((e) => e.employee_id === ids.weber);
    assert.equal(weber.gross, '5166.67'); // 62,000 / 12
    // U1 5,166.67 × 2.6 % = 134.33342 → 134.33; U2 × 0.5 % = 25.83335 → 25.83; U3 × 0.15 % = 7.750005 → 7.75.
    assert.equal(er(weber, 'u1_levy'), '134.33');
    assert.equal(er(weber, 'u2_levy'), '25.83');
    assert.equal(er(weber, 'insolvency_levy'), '7.75');
    const run = await getRun(api, de, runId);
    const employer = entries
      .flatMap((e) => e.employer_costs)
      .reduce((s, c) => s + Math.round(Number(c.amount) * 100), 0);
    const social = entries.reduce((s, e) => s + Math.round(Number(e.social) * 100), 0);
    assert.equal(
      Math.round(Number(run.totals.total_social) * 100),
      social + employer,
      'levies are in the employer cost',
    );
  });

  test('a minijob: the Minijob-Zentrale’s U1 0.8 %, U2 0.22 %, U3 0.15 %', async () => {
    const mini = entries.find((e) => e.employee_id === ids.mini);
    assert.equal(mini.gross, '602.33');
    // 602.33 × 0.8 % = 4.81864 → 4.82; × 0.22 % = 1.325126 → 1.33; × 0.15 % = 0.903495 → 0.90.
    assert.deepEqual(
      ['u1_levy', 'u2_levy', 'insolvency_levy'].map((t) => er(mini, t)),
      ['4.82', '1.33', '0.90'],
    );
  });

  test('the Beitragsnachweise carry U1, U2 and 0050 and are ready to file; CSV has the same lines', async () => {
    const o = expectStatus(await api.call('GET', out(de, 'beitragsnachweis', '2026-05')), 200).data;
    assert.deepEqual([o.not_included, o.missing_levy_settings, o.ready_to_file], [[], [], true]);
    const [tk] = o.beitragsnachweise;
    assert.deepEqual(tk.insurer, DE_INSURERS.tk);
    assert.deepEqual(
      ['U1', 'U2', '0050'].map((g) => [lineOf(tk, g).employee, lineOf(tk, g).employer]),
      [
        ['0.00', '134.33'],
        ['0.00', '25.83'],
        ['0.00', '7.75'],
      ],
    );
    const m = expectStatus(await api.call('GET', out(de, 'minijob-beitragsnachweis', '2026-05')), 200).data;
    assert.equal(m.ready_to_file, true);
    assert.deepEqual(
      ['U1', 'U2', '0050'].map((g) => lineOf(m.minijob_beitragsnachweis, g).employer),
      ['4.82', '1.33', '0.90'],
    );
    const csv = await api.call('GET', out(de, 'beitragsnachweis', '2026-05', '.csv'));
    assert.equal(csv.status, 200);
    assert.ok(
      csv.text.includes(
        `15027365,Techniker Krankenkasse,U1,Umlage U1 (Entgeltfortzahlung bei Krankheit),0.00,134.33,134.33\r\n`,
      ),
    );
    assert.ok(csv.text.includes(`15027365,Techniker Krankenkasse,0050,Insolvenzgeldumlage,0.00,7.75,7.75\r\n`));
    const mcsv = await api.call('GET', out(de, 'minijob-beitragsnachweis', '2026-05', '.csv'));
    assert.ok(mcsv.text.includes(',U2,Umlage U2 (Mutterschaftsaufwendungen),0.00,1.33,1.33\r\n'));
  });
});

describe('a rate not on file', () => {
  test('an insurer without rates: no U1/U2 figure is invented, the Beitragsnachweis names the setting and is not ready', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    // The seed's settings without the AOK's rates.
    const { insurer_levy_rates, ...company } = DE_COMPANY;
    expectStatus(await patchCompany(t, { ...company, insurer_levy_rates: insurer_levy_rates.slice(0, 1) }), 200);
    const aok = await hireDe(api, t, { annual_salary: 54_000, insurer: DE_INSURERS.aok });
    const run = (await draftRun(api, t, month(2026, 5))).id;
    await runToFinalised(api, t, run);
    const [entry] = (await entriesOf(api, t, run)).filter((e) => e.employee_id === aok);
    assert.equal(er(entry, 'u1_levy'), undefined);
    assert.equal(er(entry, 'u2_levy'), undefined);
    // 4,500.00 × 0.15 % = 6.75: the Insolvenzgeldumlage's rate is the pack's.
    assert.equal(er(entry, 'insolvency_levy'), '6.75');
    const o = expectStatus(await api.call('GET', out(t, 'beitragsnachweis', '2026-05')), 200).data;
    assert.equal(o.ready_to_file, false);
    assert.deepEqual(o.missing_levy_settings, [
      'insurer_levy_rates[87880235].u1_rate (AOK Bayern)',
      'insurer_levy_rates[87880235].u2_rate (AOK Bayern)',
    ]);
    assert.equal(lineOf(o.beitragsnachweise[0], '0050').employer, '6.75');
  });

  test('levy settings are checked: a bad Betriebsnummer or rate is 422 with rule references', async () => {
    const r = await patchCompany(de, {
      insurer_levy_rates: [{ betriebsnummer: '12345678', u1_rate: '12', u2_rate: 'x' }],
    });
    assert.equal(r.status, 422, r.text);
    assert.deepEqual(r.body.error.violations.map((v: any) => [v.rule, v.path]).sort(), [
      ['DE-2026.4/company/levy_insurer', 'insurer_levy_rates[0].betriebsnummer'],
      ['DE-2026.4/company/levy_rate', 'insurer_levy_rates[0].u1_rate'],
      ['DE-2026.4/company/levy_rate', 'insurer_levy_rates[0].u2_rate'],
    ]);
    const c = expectStatus(await api.call('GET', `/v1/tenants/${de.id}/company`), 200).data;
    assert.equal(c.u1_participation, true);
    assert.equal(c.insurer_levy_rates.length, 2, 'a refused patch changes nothing');
  });
});

describe('an employer exempt from the Insolvenzgeldumlage', () => {
  test('a public body (§ 358 Abs. 1 Satz 2 SGB III): the exemption is evidenced with its basis; U1 and U2 stay, 0050 goes', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const exemption = {
      reason: 'public_body',
      basis: 'Anstalt des öffentlichen Rechts, Landesgesetz über die Stadtwerke',
    };
    const set = expectStatus(await patchCompany(t, { ...DE_COMPANY, insolvency_levy_exemption: exemption }), 200);
    assert.deepEqual(set.data.insolvency_levy_exemption, exemption);
    const ev = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/governance/evidence/${set.evidence_id}`), 200);
    assert.deepEqual(ev.data.decision.insolvency_levy_exemption, exemption, 'recorded by its value');
    const emp = await hireDe(api, t, { annual_salary: 62_000 });
    const run = (await draftRun(api, t, month(2026, 5))).id;
    await runToFinalised(api, t, run);
    const [entry] = (await entriesOf(api, t, run)).filter((e) => e.employee_id === emp);
    // U1 and U2 as for the seeded employer (5,166.67 × 2.6 % = 134.33, × 0.5 % = 25.83); no Insolvenzgeldumlage.
    assert.deepEqual(
      ['u1_levy', 'u2_levy', 'insolvency_levy'].map((x) => er(entry, x)),
      ['134.33', '25.83', undefined],
    );
    const o = expectStatus(await api.call('GET', out(t, 'beitragsnachweis', '2026-05')), 200).data;
    assert.equal(o.ready_to_file, true);
    assert.equal(lineOf(o.beitragsnachweise[0], '0050'), undefined);
    assert.ok(o.notes.some((n: string) => n.includes('exempt as a public body (§ 358 Abs. 1 Satz 2 SGB III')));
    const csv = await api.call('GET', out(t, 'beitragsnachweis', '2026-05', '.csv'));
    assert.ok(!csv.text.includes(',0050,'), 'no 0050 line in the CSV either');
  });

  test('an unknown reason or a missing basis is 400 by field; an Australian company may not take it', async () => {
    const t = await createTenant(api, { jurisdiction: 'DE' });
    const r = await patchCompany(t, { insolvency_levy_exemption: { reason: 'charity' } });
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(r.body.error.errors.map((e: any) => e.path).sort(), [
      'insolvency_levy_exemption.basis',
      'insolvency_levy_exemption.reason',
    ]);
    const au = await createTenant(api, { jurisdiction: 'AU' });
    const x = await patchCompany(au, { insolvency_levy_exemption: { reason: 'private_household', basis: 'Haushalt' } });
    assert.equal(x.status, 422, x.text);
    assert.equal(x.body.error.violations[0].rule.endsWith('/company/field_not_applicable'), true);
  });
});
