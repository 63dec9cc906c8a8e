// Corrections after a void, and full file replacement (ATO, STP Phase 2 business implementation guide,
// "Correcting payroll information"): voiding a lodged run queues the update event that corrects its
// payees' year to date, pending until it is sent with its declaration, after which the ATO holds the sum of
// the remaining finalised runs; a wrong pay event can be replaced in full (`AmendmentI` true, the same event
// id) only if it is the most recent pay event, accepted, of a run still lodged, within its financial year.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import { ManualClock } from '../../../api/lib/clock.ts';
import {
  entriesOf,
  expectStatus,
  fortnight,
  fromCents,
  runPath,
  sumCents,
  type TenantRef,
} from '../../helpers/payroll-fixtures.ts';
import {
  DECLARATION,
  finalisedRun,
  hireWithAddress,
  payloadOf,
  stpTenant,
  submit,
  waitForRail,
} from './stp-fixtures.ts';

const clock = new ManualClock(new Date('2026-12-20T09:00:00Z'));
let api: TestApi;
let t: TenantRef;
let alex: string;
let blair: string;
const runs: string[] = [];
const events: string[] = [];
let updateEvent: string;

/** Moves the clock on a minute: each step of the story happens after the one before. */
const tick = () => clock.advance(60_000);
const payee = (payload: any, id: string) =>
  payload.PAYEVNTEMP.find((p: any) => p.Payee.PayeeIdentifiers.EmploymentPayrollNumberId === id).Payee;
const periodOf = (payload: any, id: string) =>
  payee(payload, id).RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod;
const corrections = async () => expectStatus(await api.call('GET', `/v1/tenants/${t.id}/stp/corrections`), 200).data;
const replace = (id: string, body: Record<string, unknown> = { declaration: DECLARATION }) =>
  api.call('POST', `/v1/tenants/${t.id}/lodgements/${id}/replace`, { body, reason: REASON });

before(async () => {
  api = await startTestApi({ clock });
  t = await stpTenant(api);
  alex = await hireWithAddress(api, t, { pay_frequency: 'fortnightly', first_name: 'Alex', annual_salary: 78_000 });
  blair = await hireWithAddress(api, t, { pay_frequency: 'fortnightly', first_name: 'Blair', annual_salary: 65_000 });
  for (const n of [0, 1, 2]) {
    tick();
    const run = await finalisedRun(api, t, fortnight(n));
    runs.push(run);
    const l = expectStatus(await submit(api, t, run), 202).data;
    assert.equal((await waitForRail(api, t, l.id)).status, 'accepted');
    events.push(l.id);
  }
});
after(() => api.close());

describe('a void of a lodged run queues its correction', () => {
  test('no correction is pending while every lodged run stands', async () => {
    assert.deepEqual(await corrections(), []);
  });

  test('voiding the lodged middle run leaves a correction pending for its payees', async () => {
    tick();
    expectStatus(await api.call('POST', runPath(t, runs[1], '/void'), { body: {}, reason: REASON }), 200);
    const list = await corrections();
    assert.equal(list.length, 1);
    assert.deepEqual(
      { ...list[0], voided_at: undefined },
      {
        pay_run_id: runs[1],
        payment_date: fortnight(1).payment_date,
        voided_at: undefined,
        financial_year: 2026,
        financial_year_label: '2026-27',
        employee_ids: [alex, blair].sort(),
      },
    );
  });

  test('sending the queued update event clears it, and the ATO’s year to date is the remaining runs’ sum', async () => {
    const [c] = await corrections();
    tick();
    const l = expectStatus(
      await api.call('POST', `/v1/tenants/${t.id}/stp/update-events`, {
        body: { financial_year: c.financial_year, employee_ids: c.employee_ids, declaration: DECLARATION },
        reason: REASON,
      }),
      202,
    ).data;
    updateEvent = l.id;
    assert.deepEqual(await corrections(), [], 'nothing pending once sent');
    assert.equal((await waitForRail(api, t, l.id)).status, 'accepted');
    const payload = (await payloadOf(api, t, l.id)).json;
    assert.equal(payload.PAYEVNT.Rp.Declaration.SignatoryIdentifierT, DECLARATION.name);
    const remaining = [...(await entriesOf(api, t, runs[0])), ...(await entriesOf(api, t, runs[2]))];
    for (const id of [alex, blair]) {
      const mine = remaining.filter((e) => e.employee_id === id);
      assert.equal(mine.length, 2);
      const p = periodOf(payload, id);
      const s = p.RemunerationCollection[0];
      assert.equal(s.GrossA, fromCents(sumCents(mine.map((e) => e.gross))), `${id} gross`);
      assert.equal(s.IncomeTaxPayAsYouGoWithholdingTaxWithheldA, fromCents(sumCents(mine.map((e) => e.tax))));
      const sg = mine.map((e) => e.employer_costs.find((x: any) => x.type === 'super_guarantee').amount);
      const liability = p.SuperannuationContributionCollection.find((x: any) => x.EntitlementTypeC === 'L');
      assert.equal(liability.EmployerContributionsYearToDateA, fromCents(sumCents(sg)));
    }
  });
  test('a payee whose only pay of the year was voided is corrected to nil', async () => {
    const other = await stpTenant(api);
    const id = await hireWithAddress(api, other, { pay_frequency: 'fortnightly', annual_salary: 78_000 });
    tick();
    const run = await finalisedRun(api, other, fortnight(0));
    await waitForRail(api, other, expectStatus(await submit(api, other, run), 202).data.id);
    tick();
    expectStatus(await api.call('POST', runPath(other, run, '/void'), { body: {}, reason: REASON }), 200);
    const pending = expectStatus(await api.call('GET', `/v1/tenants/${other.id}/stp/corrections`), 200).data;
    assert.deepEqual(pending[0].employee_ids, [id]);
    tick();
    const l = expectStatus(
      await api.call('POST', `/v1/tenants/${other.id}/stp/update-events`, {
        body: { financial_year: 2026, employee_ids: [id], declaration: DECLARATION },
        reason: REASON,
      }),
      202,
    ).data;
    const p = periodOf((await payloadOf(api, other, l.id)).json, id);
    assert.equal(p.RemunerationCollection[0].GrossA, '0.00');
    assert.equal(p.RemunerationCollection[0].IncomeTaxPayAsYouGoWithholdingTaxWithheldA, '0.00');
    assert.equal(payee((await payloadOf(api, other, l.id)).json, id).EmployerConditions.TaxTreatmentC, 'RTXXXX');
    assert.equal((await waitForRail(api, other, l.id)).status, 'accepted');
    assert.deepEqual(expectStatus(await api.call('GET', `/v1/tenants/${other.id}/stp/corrections`), 200).data, []);
  });
});

describe('full file replacement', () => {
  test('only the most recent pay event: an earlier one is 409 naming the rule', async () => {
    const r = await replace(events[0]);
    assert.equal(expectStatus(r, 409).error.code, 'state_conflict');
    assert.match(r.body.error.rule ?? r.body.error.detail?.rule ?? JSON.stringify(r.body), /most_recent_only/);
  });

  test('not a voided run’s pay event', async () => {
    const voided = await replace(events[1]);
    assert.match(JSON.stringify(expectStatus(voided, 409)), /run_voided/);
  });

  test('a declaration is required', async () => {
    assert.equal((await replace(events[2], {})).status, 400);
  });

  test('the latest pay event is replaced in full: AmendmentI true, the same event id, the corrected details', async () => {
    expectStatus(
      await api.call('PATCH', `/v1/tenants/${t.id}/employees/${alex}`, {
        body: {
          address: { line1: '9 Fixed Street', locality: 'Newtown', state: 'NSW', postcode: '2042', country: 'AU' },
        },
        reason: REASON,
      }),
      200,
    );
    tick();
    const l = expectStatus(await replace(events[2]), 202).data;
    assert.notEqual(l.id, events[2]);
    assert.equal(l.pay_run_id, runs[2]);
    assert.equal(l.attempt, 2);
    assert.equal(l.full_file_replacement, true);
    assert.equal((await waitForRail(api, t, l.id)).status, 'accepted');
    const p = (await payloadOf(api, t, l.id)).json;
    assert.equal(p.PAYEVNT.Rp.Payroll.AmendmentI, true);
    assert.equal(p.PAYEVNT.Rp.Payroll.InteractionTransactionId, events[2], 'the replaced event’s id');
    assert.equal(p.PAYEVNT.Rp.Declaration.StatementAcceptedI, true);
    assert.equal(payee(p, alex).AddressDetails.Line1T, '9 Fixed Street');
    const original = (await payloadOf(api, t, events[2])).json;
    assert.equal(original.PAYEVNT.Rp.Payroll.AmendmentI, false);
    assert.equal(
      p.PAYEVNT.Rp.Payroll.IncomeTaxAndRemuneration.TotalGrossPaymentsWithholdingA,
      original.PAYEVNT.Rp.Payroll.IncomeTaxAndRemuneration.TotalGrossPaymentsWithholdingA,
      'the figures are the finalised run’s',
    );
    const run = expectStatus(await api.call('GET', runPath(t, runs[2])), 200).data;
    assert.equal((run.pay_run ?? run).status, 'lodged');
    // The replaced event is superseded: a further replacement replaces the replacement, with the same id.
    assert.match(JSON.stringify(expectStatus(await replace(events[2]), 409)), /superseded/);
    tick();
    const again = expectStatus(await replace(l.id), 202).data;
    await waitForRail(api, t, again.id);
    assert.equal((await payloadOf(api, t, again.id)).json.PAYEVNT.Rp.Payroll.InteractionTransactionId, events[2]);
  });

  test('an update event is not replaced; after the financial year ends nothing is', async () => {
    assert.match(JSON.stringify(expectStatus(await replace(updateEvent), 409)), /pay_event_only/);
    const lodgements = expectStatus(await api.call('GET', runPath(t, runs[2], '/lodgements')), 200).data;
    const latest = lodgements[lodgements.length - 1];
    const now = clock.now();
    clock.set(new Date('2027-07-01T09:00:00Z'));
    try {
      assert.match(JSON.stringify(expectStatus(await replace(latest.id), 409)), /same_year_only/);
    } finally {
      clock.set(now);
    }
  });
});
