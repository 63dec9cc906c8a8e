// A German run's checklist through the real app: the country's steps (SEPA bank file, Lohnsteuer-Anmeldung,
// Beitragsnachweise) and none of Australia's (super batch, STP); a filing step is done once the run's share of
// the form can be drawn up ready to file, and until then says what is missing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../helpers/api.ts';
import { DE_COMPANY } from '../../api/seed/de-workforce.ts';
import {
  createTenant,
  draftRun,
  expectStatus,
  finalise,
  hireDe,
  month,
  preview,
  approve,
  runPath,
  waitForFinalised,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

let api: TestApi;
let de: TenantRef;
let runId: string;

const checklist = async () => expectStatus(await api.call('GET', runPath(de, runId, '/checklist')), 200).data;
const byKey = (list: any) => Object.fromEntries(list.items.map((i: any) => [i.key, i]));

before(async () => {
  api = await startTestApi();
  de = await createTenant(api, { jurisdiction: 'DE' });
  // The levy settings the run is calculated with; the employer's numbers come later (test 2).
  const { u1_participation, insurer_levy_rates } = DE_COMPANY;
  expectStatus(
    await api.call('PATCH', `/v1/tenants/${de.id}/company`, {
      body: { u1_participation, insurer_levy_rates },
      reason: REASON,
    }),
    200,
    'levy settings',
  );
  await hireDe(api, de, { annual_salary: 54_000, church_tax: true, church_tax_denomination: 'ev' });
  runId = (await draftRun(api, de, month(2026, 10))).id;
});

after(async () => {
  await api?.close();
});

describe('the DE run checklist', () => {
  test("lists the German steps in order and none of Australia's; the filings wait for the final figures", async () => {
    const list = await checklist();
    assert.deepEqual(
      list.items.map((i: any) => i.key),
      [
        'readiness',
        'exceptions',
        'approval',
        'finalise',
        'bank_file',
        'payments_confirmed',
        'lohnsteuer_anmeldung',
        'beitragsnachweis',
      ],
    );
    const items = byKey(list);
    assert.equal(items.lohnsteuer_anmeldung.status, 'not_available');
    assert.equal(items.beitragsnachweis.status, 'not_available');
    assert.equal(items.bank_file.status, 'pending', 'DE-2026.4 writes the SEPA file');
  });

  test('finalised without the employer numbers: pending with what is missing; with them: done', async () => {
    expectStatus(await preview(api, de, runId), 200, 'preview');
    expectStatus(await approve(api, de, runId), 200, 'approve');
    expectStatus(await finalise(api, de, runId), 200, 'finalise');
    await waitForFinalised(api, de, runId);
    let items = byKey(await checklist());
    assert.equal(items.lohnsteuer_anmeldung.status, 'pending');
    assert.match(items.lohnsteuer_anmeldung.detail, /steuernummer/);
    assert.equal(items.beitragsnachweis.status, 'pending');
    assert.match(items.beitragsnachweis.detail, /betriebsnummer/);
    assert.equal(items.lohnsteuer_anmeldung.evidence_id, null);

    expectStatus(
      await api.call('PATCH', `/v1/tenants/${de.id}/company`, {
        body: { betriebsnummer: DE_COMPANY.betriebsnummer, steuernummer: DE_COMPANY.steuernummer },
        reason: REASON,
      }),
      200,
      'company numbers',
    );
    items = byKey(await checklist());
    assert.equal(items.lohnsteuer_anmeldung.status, 'done', JSON.stringify(items.lohnsteuer_anmeldung));
    assert.equal(items.beitragsnachweis.status, 'done', JSON.stringify(items.beitragsnachweis));
  });
});
