// Employees on an AU tenant, through the real app, on the AU payroll engine and on the mock engine:
// every employee route, the leaver lifecycle, readiness, the AU tax, bank and super settings, the
// company bank account, the 501 for effective dating the AU pack does not have, and the typed AU
// statutory sections (decoded when read, refused when a caller sends a wrong type or an attestation).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import { CorruptColumnError } from '../../api/lib/json-column.ts';
import { foldPatches } from '../../api/model/employee.ts';
import { auOf } from '../../api/jurisdictions/index.ts';

const NOW = '2026-11-21T09:00:00.000Z';
const TODAY = '2026-11-21';
const clock = new ManualClock(new Date(NOW));
/** A home address a single-touch payroll pay event accepts (state and 4-digit postcode). */
const HOME = { line1: '14 Wharf Road', locality: 'Pyrmont', state: 'NSW', postcode: '2009', country: 'AU' };
let api: TestApi;

before(async () => {
  api = await startTestApi({ clock });
});
after(async () => {
  await api.close();
});

const ok = (r: Reply, status = 200) => {
  assert.equal(r.status, status, JSON.stringify(r.body));
  return r.body;
};

async function newTenant(engine: string, name = `AU ${engine}`): Promise<string> {
  return ok(await api.call('POST', '/v1/partners/tenants', { body: { name, jurisdiction: 'AU', engine } }), 201).data
    .tenant.id;
}

async function hire(t: string, body: Record<string, unknown> = {}): Promise<any> {
  const r = await api.call('POST', `/v1/tenants/${t}/employees`, {
    reason: REASON,
    body: {
      first_name: 'Ann',
      last_name: 'Lee',
      employment: { annual_salary: 85000, pay_frequency: 'fortnightly' },
      // No TFN declaration yet: an AU hire may come before it (SPEC.md, Employees).
      ...body,
    },
  });
  return ok(r, 201).data;
}

async function listAll(t: string, query = ''): Promise<any[]> {
  const out: any[] = [];
  let cursor: string | null = null;
  do {
    const q = [query, 'limit=2', cursor ? `cursor=${encodeURIComponent(cursor)}` : ''].filter(Boolean).join('&');
    const body = ok(await api.call('GET', `/v1/tenants/${t}/employees?${q}`));
    out.push(...body.data);
    cursor = body.next_cursor;
  } while (cursor);
  return out;
}

async function evidence(t: string, id: string) {
  return ok(await api.call('GET', `/v1/tenants/${t}/governance/evidence/${id}`)).data;
}

const sortNames = (rows: any[]) => rows.map((e) => `${e.first_name} ${e.last_name}`).sort();

for (const engine of ['payroll_engine_au', 'mock'] as const) {
  const evidencePrefix = engine === 'mock' ? /^cev_mock_/ : /^cev_(?!mock_)/;

  describe(`AU employees on the ${engine} engine`, () => {
    let t: string;
    before(async () => {
      t = await newTenant(engine);
    });
    const E = (id: string) => `/v1/tenants/${t}/employees/${id}`;

    describe('create', () => {
      test('first and last name are required: 400 bad_request listing both paths', async () => {
        const r = await api.call('POST', `/v1/tenants/${t}/employees`, {
          reason: REASON,
          body: { employment: { annual_salary: 1000 } },
        });
        assert.equal(r.status, 400);
        assert.equal(r.body.error.code, 'bad_request');
        assert.deepEqual(r.body.error.errors.map((e: { path: string }) => e.path).sort(), ['first_name', 'last_name']);
        const blank = await api.call('POST', `/v1/tenants/${t}/employees`, {
          reason: REASON,
          body: { first_name: '  ', last_name: 'Lee' },
        });
        assert.equal(blank.status, 400);
        assert.deepEqual(
          blank.body.error.errors.map((e: { path: string }) => e.path),
          ['first_name'],
        );
      });

      test('a create without a governance reason is 400 governance_reason_required and creates nobody', async () => {
        const before = (await listAll(t)).length;
        const r = await api.call('POST', `/v1/tenants/${t}/employees`, {
          body: { first_name: 'No', last_name: 'Reason' },
        });
        assert.equal(r.status, 400);
        assert.equal(r.body.error.code, 'governance_reason_required');
        const short = await api.call('POST', `/v1/tenants/${t}/employees`, {
          body: { first_name: 'No', last_name: 'Reason', governance_reason: 'ok' },
        });
        assert.equal(short.status, 400);
        assert.equal((await listAll(t)).length, before);
      });

      test('the reason may come in the body instead of the header, and is bound into the evidence record', async () => {
        const r = await api.call('POST', `/v1/tenants/${t}/employees`, {
          body: {
            first_name: 'Body',
            last_name: 'Reason',
            governance_reason: 'New starter in roastery',
            statutory: { au: { tfn: '123456782' } },
          },
        });
        const body = ok(r, 201);
        assert.match(body.evidence_id, evidencePrefix);
        const ev = await evidence(t, body.evidence_id);
        assert.equal(ev.action, 'employee.created');
        assert.equal(ev.resource, body.data.id);
        assert.equal(ev.governance_reason, 'New starter in roastery');
      });

      test('the id is emp_ with 16 hex digits, distinct per employee and stable across list, read and update', async () => {
        const a = await hire(t, { first_name: 'Stable', last_name: 'Id' });
        const b = await hire(t, { first_name: 'Stable', last_name: 'Id' });
        assert.match(a.id, /^emp_[0-9a-f]{16}$/);
        assert.notEqual(a.id, b.id);
        assert.equal(ok(await api.call('GET', E(a.id))).data.id, a.id);
        assert.equal(
          ok(await api.call('PATCH', E(a.id), { reason: REASON, body: { position: 'Roaster' } })).data.id,
          a.id,
        );
        assert.ok(
          (await listAll(t)).some((e) => e.id === a.id),
          'the list shows the same id',
        );
      });

      test('annual_salary as a number or a string comes back as a 2-decimal string, as does hourly_rate', async () => {
        const n = await hire(t, { employment: { annual_salary: 85000 } });
        assert.equal(n.employment.annual_salary, '85000.00');
        const s = await hire(t, { employment: { annual_salary: '85000.5' } });
        assert.equal(s.employment.annual_salary, '85000.50');
        const h = await hire(t, {
          employment: {
            type: 'casual',
            hourly_rate: 32.5,
            hours_per_week: 20,
            pay_frequency: 'weekly',
            start_date: '2025-02-03',
          },
        });
        assert.deepEqual(
          { ...h.employment },
          {
            type: 'casual',
            annual_salary: null,
            hourly_rate: '32.50',
            pay_frequency: 'weekly',
            hours_per_week: '20',
            start_date: '2025-02-03',
            end_date: null,
          },
        );
        assert.equal(ok(await api.call('GET', E(s.id))).data.employment.annual_salary, '85000.50');
      });

      test('malformed employment terms are 400 with the field path', async () => {
        for (const [employment, path] of [
          [{ annual_salary: -1 }, 'employment.annual_salary'],
          [{ annual_salary: '85000.123' }, 'employment.annual_salary'],
          [{ pay_frequency: 'daily' }, 'employment.pay_frequency'],
          [{ start_date: '2026-02-30' }, 'employment.start_date'],
          [{ salary: 1 }, 'employment.salary'],
        ] as const) {
          const r = await api.call('POST', `/v1/tenants/${t}/employees`, {
            reason: REASON,
            body: { first_name: 'Bad', last_name: 'Terms', employment },
          });
          assert.equal(r.status, 400, JSON.stringify(employment));
          assert.equal(r.body.error.errors[0].path, path);
        }
      });

      test('extra fields are forwarded to the pack and returned on create, read and list', async () => {
        const e = await hire(t, {
          first_name: 'Extra',
          last_name: 'Fields',
          badge: 'R-17',
          locker: 12,
          keyholder: true,
          uniform: { size: 'M', aprons: 2 },
        });
        for (const view of [
          e,
          ok(await api.call('GET', E(e.id))).data,
          (await listAll(t)).find((x) => x.id === e.id),
        ]) {
          assert.equal(view.badge, 'R-17');
          assert.equal(view.locker, 12);
          assert.equal(view.keyholder, true);
          assert.deepEqual(view.uniform, { size: 'M', aprons: 2 });
        }
        const patched = ok(
          await api.call('PATCH', E(e.id), { reason: REASON, body: { locker: 14, uniform: { size: 'L' } } }),
        ).data;
        assert.equal(patched.locker, 14);
        assert.equal(patched.badge, 'R-17');
        assert.deepEqual(patched.uniform, { size: 'L', aprons: 2 });
      });

      test('status is active by default, or the status given', async () => {
        assert.equal((await hire(t)).status, 'active');
        const gone = await hire(t, { first_name: 'Former', last_name: 'Staff', status: 'terminated' });
        assert.equal(gone.status, 'terminated');
        const bad = await api.call('POST', `/v1/tenants/${t}/employees`, {
          reason: REASON,
          body: { first_name: 'A', last_name: 'B', status: 'on_leave' },
        });
        assert.equal(bad.status, 400);
        assert.equal(bad.body.error.errors[0].path, 'status');
      });

      test('the AU view shows attestations only: statutory.au, tax_profile and retirement with the pack super rate', async () => {
        const e = await hire(t);
        assert.equal(e.statutory.de, null);
        assert.deepEqual(e.statutory.au, {
          tfn_attested: false,
          tfn_declaration: 'not_received',
          tax_free_threshold: false,
          tax_free_threshold_answered: false,
          residency: 'resident',
          medicare_levy_exemption: 'none',
          study_loan: false,
          bank_attested: false,
          super_fund_attested: false,
        });
        assert.equal(e.tax_profile.tfn_attested, false);
        assert.equal(e.retirement.super_guarantee_rate, '0.12');
      });

      test('tax settings sent with the create (statutory.au or tax_profile) are validated and attested', async () => {
        const a = await hire(t, { statutory: { au: { tfn: '123456782', tax_free_threshold: false } } });
        assert.equal(a.statutory.au.tfn_attested, true);
        assert.equal(a.statutory.au.tax_free_threshold, false);
        const b = await hire(t, { tax_profile: { residency: 'foreign_resident' } });
        assert.equal(b.tax_profile.residency, 'foreign_resident');
        const bad = await api.call('POST', `/v1/tenants/${t}/employees`, {
          reason: REASON,
          body: { first_name: 'A', last_name: 'B', statutory: { au: { tfn: '999999999' } } },
        });
        assert.equal(bad.status, 422);
        assert.equal(bad.body.error.rule, 'AU-2026.2/tax/tfn_checksum');
      });
    });

    describe('read and update', () => {
      test('a read is receipted: an employee.read evidence record names the employee', async () => {
        const e = await hire(t);
        const r = ok(await api.call('GET', E(e.id)));
        assert.match(r.evidence_id, evidencePrefix);
        const ev = await evidence(t, r.evidence_id);
        assert.equal(ev.action, 'employee.read');
        assert.equal(ev.resource, e.id);
        assert.equal(ev.decision.as_of, TODAY);
      });

      test('an unknown employee is 404 and a malformed id is 400', async () => {
        const missing = await api.call('GET', E('emp_0000000000000000'));
        assert.equal(missing.status, 404);
        assert.equal(missing.body.error.code, 'not_found');
        assert.equal(
          (await api.call('PATCH', E('emp_0000000000000000'), { reason: REASON, body: { position: 'x' } })).status,
          404,
        );
        const bad = await api.call('GET', E('ann-lee'));
        assert.equal(bad.status, 400);
        assert.equal(bad.body.error.errors[0].path, 'params.employeeId');
      });

      test('a patch changes the fields sent, keeps the rest, and is evidenced', async () => {
        const e = await hire(t, {
          email: 'ann@example.com',
          employment: { annual_salary: 85000, pay_frequency: 'fortnightly', hours_per_week: 38 },
        });
        const r = ok(
          await api.call('PATCH', E(e.id), {
            reason: REASON,
            body: { last_name: 'Lee-Smith', employment: { annual_salary: '90000' } },
          }),
        );
        assert.equal(r.data.last_name, 'Lee-Smith');
        assert.equal(r.data.first_name, 'Ann');
        assert.equal(r.data.email, 'ann@example.com');
        assert.equal(r.data.employment.annual_salary, '90000.00');
        assert.equal(r.data.employment.hours_per_week, '38');
        assert.equal(r.data.employment.pay_frequency, 'fortnightly');
        assert.equal((await evidence(t, r.evidence_id)).action, 'employee.updated');
        assert.equal(ok(await api.call('GET', E(e.id))).data.last_name, 'Lee-Smith');
      });

      test('a patch without a reason is 400 and changes nothing', async () => {
        const e = await hire(t);
        const r = await api.call('PATCH', E(e.id), { body: { last_name: 'Changed' } });
        assert.equal(r.status, 400);
        assert.equal(r.body.error.code, 'governance_reason_required');
        assert.equal(ok(await api.call('GET', E(e.id))).data.last_name, 'Lee');
      });
    });

    describe('leaving and coming back', () => {
      test('DELETE terminates with evidence and cannot be undone: reactivate, a second delete and end-employment are 409', async () => {
        const e = await hire(t);
        const r = ok(await api.call('DELETE', E(e.id), { reason: REASON }));
        assert.equal(r.data.status, 'terminated');
        assert.equal(r.data.termination.effective_date, TODAY);
        assert.equal((await evidence(t, r.evidence_id)).action, 'employee.terminated');
        for (const [method, path] of [
          ['POST', `${E(e.id)}/reactivate`],
          ['DELETE', E(e.id)],
          ['POST', `${E(e.id)}/end-employment`],
        ] as const) {
          const again = await api.call(method, path, { reason: REASON, body: method === 'POST' ? {} : undefined });
          assert.equal(again.status, 409, `${method} ${path}`);
          assert.equal(again.body.error.code, 'state_conflict');
        }
        assert.equal(ok(await api.call('GET', E(e.id))).data.status, 'terminated');
      });

      test('DELETE without a reason is 400 and the employee stays active; the reason may come in the body', async () => {
        const e = await hire(t);
        assert.equal((await api.call('DELETE', E(e.id))).status, 400);
        assert.equal(ok(await api.call('GET', E(e.id))).data.status, 'active');
        const r = ok(await api.call('DELETE', E(e.id), { body: { governance_reason: 'Left the business' } }));
        assert.equal(r.data.status, 'terminated');
        assert.equal((await evidence(t, r.evidence_id)).governance_reason, 'Left the business');
      });

      test('end-employment defaults to today, records the cessation code, and reactivate brings the employee back', async () => {
        const e = await hire(t);
        const ended = ok(
          await api.call('POST', `${E(e.id)}/end-employment`, { reason: REASON, body: { reason_code: 'V' } }),
        );
        assert.equal(ended.data.status, 'terminated');
        assert.deepEqual(ended.data.termination, { effective_date: TODAY, reason_code: 'V', final: false });
        const ev = await evidence(t, ended.evidence_id);
        assert.equal(ev.action, 'employee.employment_ended');
        assert.deepEqual([ev.decision.effective_date, ev.decision.reason_code], [TODAY, 'V']);
        const back = ok(await api.call('POST', `${E(e.id)}/reactivate`, { reason: REASON, body: {} }));
        assert.equal(back.data.status, 'active');
        assert.equal(back.data.termination, null);
        assert.equal((await evidence(t, back.evidence_id)).action, 'employee.reactivated');
      });

      test('every cessation code V, I, D, R, F, C and T is accepted; anything else is 400', async () => {
        for (const code of ['V', 'I', 'D', 'R', 'F', 'C', 'T']) {
          const e = await hire(t);
          const r = ok(
            await api.call('POST', `${E(e.id)}/end-employment`, {
              reason: REASON,
              body: { reason_code: code, effective_date: '2026-11-20' },
            }),
          );
          assert.equal(r.data.termination.reason_code, code);
        }
        const e = await hire(t);
        for (const body of [
          { reason_code: 'X' },
          { reason_code: 'v' },
          { effective_date: '2026-13-01' },
          { note: 'x' },
        ]) {
          const r = await api.call('POST', `${E(e.id)}/end-employment`, { reason: REASON, body });
          assert.equal(r.status, 400, JSON.stringify(body));
        }
        assert.equal(ok(await api.call('GET', E(e.id))).data.status, 'active');
      });

      test('end-employment and reactivate need a governance reason', async () => {
        const e = await hire(t);
        assert.equal(
          (await api.call('POST', `${E(e.id)}/end-employment`, { body: {} })).body.error.code,
          'governance_reason_required',
        );
        assert.equal(ok(await api.call('GET', E(e.id))).data.status, 'active');
      });

      test('a future date schedules a leaver: active until the date, terminated from it, and reactivate cancels it', async () => {
        const e = await hire(t);
        try {
          const scheduled = ok(
            await api.call('POST', `${E(e.id)}/end-employment`, {
              reason: REASON,
              body: { effective_date: '2026-12-04', reason_code: 'R' },
            }),
          );
          assert.equal(scheduled.data.status, 'active');
          assert.equal(scheduled.data.termination.effective_date, '2026-12-04');
          assert.equal(ok(await api.call('GET', E(e.id))).data.status, 'active');

          clock.set('2026-12-04T09:00:00Z');
          assert.equal(ok(await api.call('GET', E(e.id))).data.status, 'terminated');
          clock.set(NOW);

          const back = ok(await api.call('POST', `${E(e.id)}/reactivate`, { reason: REASON }));
          assert.equal(back.data.termination, null);
          clock.set('2026-12-05T09:00:00Z');
          assert.equal(ok(await api.call('GET', E(e.id))).data.status, 'active');
        } finally {
          clock.set(NOW);
        }
      });

      test('reactivating an employee who was never end-dated is 409', async () => {
        const e = await hire(t);
        const r = await api.call('POST', `${E(e.id)}/reactivate`, { reason: REASON });
        assert.equal(r.status, 409);
        assert.equal(r.body.error.code, 'state_conflict');
      });
    });

    describe('readiness', () => {
      test('a new hire is blocked from finalise: no bank account, no super fund; the tabs say what is missing', async () => {
        const e = await hire(t);
        const r = ok(await api.call('GET', `${E(e.id)}/readiness`)).data;
        assert.equal(r.jurisdiction, 'AU');
        assert.deepEqual(Object.keys(r.tabs).sort(), ['bank', 'employment', 'personal', 'super', 'tax']);
        assert.equal(r.blocks_finalise, true);
        assert.deepEqual(r.tabs.bank, { status: 'incomplete', missing: ['bank_account'] });
        assert.deepEqual(r.tabs.super, { status: 'incomplete', missing: ['super_fund'] });
        assert.deepEqual(r.tabs.tax, { status: 'incomplete', missing: ['tfn_declaration'] });
        assert.equal(r.tabs.employment.status, 'incomplete');
        assert.deepEqual(r.unverified_requirements.sort(), [
          'address',
          'bank_account',
          'date_of_birth',
          'start_date',
          'super_fund',
          'tfn_declaration',
        ]);
      });

      test('no pay rate blocks finalise on its own; a complete employee does not block, and completeness answers the same', async () => {
        const e = await hire(t, {
          date_of_birth: '1990-04-02',
          address: HOME,
          employment: { annual_salary: null, start_date: '2024-01-08' },
        });
        const declaration = { tfn: '123456782', tax_free_threshold: true };
        await api.call('PATCH', `${E(e.id)}/tax-settings`, { reason: REASON, body: declaration });
        await api.call('PATCH', `${E(e.id)}/bank-accounts`, {
          reason: REASON,
          body: { bank_bsb: '062-000', bank_account_number: '12345678', bank_account_name: 'Ann Lee' },
        });
        await api.call('PATCH', `${E(e.id)}/pension`, {
          reason: REASON,
          body: { super_fund_name: 'AustralianSuper', super_usi: 'STA0100AU' },
        });
        const noRate = ok(await api.call('GET', `${E(e.id)}/readiness`)).data;
        assert.equal(noRate.blocks_finalise, true);
        assert.deepEqual(noRate.unverified_requirements, ['pay_rate']);
        assert.deepEqual(noRate.tabs.employment, { status: 'incomplete', missing: ['pay_rate'] });

        ok(await api.call('PATCH', E(e.id), { reason: REASON, body: { employment: { hourly_rate: 34 } } }));
        const ready = ok(await api.call('GET', `${E(e.id)}/readiness`)).data;
        assert.equal(ready.blocks_finalise, false);
        assert.deepEqual(ready.unverified_requirements, []);
        for (const tab of Object.values(ready.tabs) as { status: string }[]) assert.equal(tab.status, 'complete');
        assert.deepEqual(ok(await api.call('GET', `${E(e.id)}/completeness`)).data, ready);
      });

      test('a missing bank account or super fund each blocks finalise on its own', async () => {
        const complete = {
          date_of_birth: '1990-04-02',
          address: HOME,
          employment: { annual_salary: 70000, start_date: '2024-01-08' },
        };
        const bank = { bank_bsb: '062000', bank_account_number: '12345678', bank_account_name: 'Ann Lee' };
        const noBank = await hire(t, complete);
        await api.call('PATCH', `${E(noBank.id)}/pension`, { reason: REASON, body: { super_usi: 'STA0100AU' } });
        const noSuper = await hire(t, complete);
        await api.call('PATCH', `${E(noSuper.id)}/bank-accounts`, { reason: REASON, body: bank });
        for (const [e, missing] of [
          [noBank, 'bank_account'],
          [noSuper, 'super_fund'],
        ] as const) {
          const declaration = { tfn: '123456782', tax_free_threshold: false };
          await api.call('PATCH', `${E(e.id)}/tax-settings`, { reason: REASON, body: declaration });
          const r = ok(await api.call('GET', `${E(e.id)}/readiness`)).data;
          assert.equal(r.blocks_finalise, true, missing);
          assert.deepEqual(r.unverified_requirements, [missing]);
        }
      });

      test('a missing TFN or birth date alone does not block finalise but stays unverified', async () => {
        const e = await hire(t, { address: HOME, employment: { annual_salary: 70000, start_date: '2024-01-08' } });
        await api.call('PATCH', `${E(e.id)}/bank-accounts`, {
          reason: REASON,
          body: { bank_bsb: '062000', bank_account_number: '12345678', bank_account_name: 'Ann Lee' },
        });
        await api.call('PATCH', `${E(e.id)}/pension`, { reason: REASON, body: { super_usi: 'STA0100AU' } });
        const r = ok(await api.call('GET', `${E(e.id)}/readiness`)).data;
        assert.equal(r.blocks_finalise, false);
        assert.deepEqual(r.unverified_requirements.sort(), ['date_of_birth', 'tfn_declaration']);
        // The pay event that reports the pay names the birth date and the declaration: readiness says so.
        assert.deepEqual(r.needed_for, { date_of_birth: ['stp_pay_event'], tfn_declaration: ['stp_pay_event'] });
      });

      test('a home address the pay event cannot carry is outstanding until it has a state and a 4-digit postcode', async () => {
        const e = await hire(t, { date_of_birth: '1990-04-02' });
        const missing = async () => ok(await api.call('GET', `${E(e.id)}/readiness`)).data.tabs.personal.missing;
        assert.deepEqual(await missing(), ['address']);
        const noState = { line1: '14 Wharf Road', locality: 'Pyrmont', postcode: '2009', country: 'AU' };
        ok(await api.call('PATCH', E(e.id), { reason: REASON, body: { address: noState } }));
        assert.deepEqual(await missing(), ['address']);
        ok(await api.call('PATCH', E(e.id), { reason: REASON, body: { address: HOME } }));
        assert.deepEqual(await missing(), []);
        const r = ok(await api.call('GET', `${E(e.id)}/readiness`)).data;
        assert.equal(r.tabs.personal.status, 'complete');
        assert.equal(r.needed_for?.address, undefined);
      });
    });

    describe('tax settings', () => {
      test('a TFN failing its checksum is 422 pack_validation_failed with the rule reference; a valid one is attested, never stored', async () => {
        const e = await hire(t);
        const bad = await api.call('PATCH', `${E(e.id)}/tax-settings`, { reason: REASON, body: { tfn: '999999999' } });
        assert.equal(bad.status, 422);
        assert.equal(bad.body.error.code, 'pack_validation_failed');
        assert.equal(bad.body.error.rule, 'AU-2026.2/tax/tfn_checksum');
        assert.equal(bad.body.error.violations[0].path, 'tfn');
        assert.ok(!bad.text.includes('999999999'), 'the rejected TFN is not echoed');

        const good = ok(
          await api.call('PATCH', `${E(e.id)}/tax-settings`, { reason: REASON, body: { tfn: '123 456 782' } }),
        );
        assert.equal(good.data.statutory.au.tfn_attested, true);
        assert.equal(good.data.tax_profile.tfn_attested, true);
        assert.equal((await evidence(t, good.evidence_id)).action, 'employee.tax_updated');
        const view = ok(await api.call('GET', `${E(e.id)}/tax-settings`));
        assert.equal(view.data.tfn_attested, true);
        for (const r of [good, view]) {
          assert.ok(!JSON.stringify(r).includes('123456782'), 'no raw TFN');
          assert.ok(!JSON.stringify(r).includes('tfn_hash'), 'no TFN hash');
        }
      });

      test('sending tfn null withdraws the declaration, with the reason none is given', async () => {
        const e = await hire(t);
        ok(await api.call('PATCH', `${E(e.id)}/tax-settings`, { reason: REASON, body: { tfn: '123456782' } }));
        const r = ok(
          await api.call('PATCH', `${E(e.id)}/tax-settings`, {
            reason: REASON,
            body: { tfn: null, no_number_reason: 'applied_for' },
          }),
        );
        assert.equal(r.data.statutory.au.tfn_attested, false);
      });

      test('the tax-free threshold, residency, Medicare levy exemption and study loan show on the employee', async () => {
        const e = await hire(t);
        const r = ok(
          await api.call('PATCH', `${E(e.id)}/tax-settings`, {
            reason: REASON,
            body: {
              tax_free_threshold: false,
              residency: 'foreign_resident',
              medicare_levy_exemption: 'half',
              study_loan: true,
            },
          }),
        ).data;
        assert.deepEqual(
          [
            r.statutory.au.tax_free_threshold,
            r.statutory.au.residency,
            r.statutory.au.medicare_levy_exemption,
            r.statutory.au.study_loan,
          ],
          [false, 'foreign_resident', 'half', true],
        );
        assert.deepEqual(
          [r.tax_profile.tax_free_threshold, r.tax_profile.residency, r.tax_profile.study_loan],
          [false, 'foreign_resident', true],
        );
        const settings = ok(await api.call('GET', `${E(e.id)}/tax-settings`)).data;
        assert.equal(settings.medicare_levy_exemption, 'half');
        assert.equal(settings.tax_free_threshold, false);
      });

      test('declaration values the withholding cannot read are 422 with a rule reference, not silently defaulted', async () => {
        const e = await hire(t);
        for (const [body, rule] of [
          [{ residency: 'martian' }, 'AU-2026.2/tax/residency'],
          [{ medicare_levy_exemption: 'quarter' }, 'AU-2026.2/tax/medicare_levy_exemption'],
          [{ tax_free_threshold: 'no' }, 'AU-2026.2/tax/tax_free_threshold'],
          [{ study_loan: 'yes' }, 'AU-2026.2/tax/study_loan'],
          [{ medicare_adjustment_children: 1.5 }, 'AU-2026.2/tax/medicare_adjustment_children'],
        ] as const) {
          const r = await api.call('PATCH', `${E(e.id)}/tax-settings`, { reason: REASON, body });
          assert.equal(r.status, 422, JSON.stringify(body));
          assert.equal(r.body.error.code, 'pack_validation_failed');
          assert.equal(r.body.error.rule, rule);
        }
        const r = ok(await api.call('GET', E(e.id))).data;
        assert.equal(r.statutory.au.residency, 'resident');
        assert.equal(r.statutory.au.tax_free_threshold_answered, false, 'question 9 still open');
      });

      test('a working holiday maker is 501: the pack has no schedule for it and never guesses', async () => {
        const e = await hire(t);
        const r = await api.call('PATCH', `${E(e.id)}/tax-settings`, {
          reason: REASON,
          body: { residency: 'working_holiday_maker' },
        });
        assert.equal(r.status, 501);
        assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
        assert.equal(r.body.error.pack, 'AU-2026.2');
        assert.ok(r.body.error.capability, 'a capability is named');
        assert.ok(Array.isArray(r.body.error.alternatives), 'alternatives is a list');
        assert.equal(ok(await api.call('GET', E(e.id))).data.statutory.au.residency, 'resident');
      });

      test('country is lowercased and defaults to au; employee_type defaults to Employee and keeps a given value', async () => {
        const e = await hire(t);
        ok(await api.call('PATCH', `${E(e.id)}/tax-settings`, { reason: REASON, body: { tax_free_threshold: true } }));
        const d = ok(await api.call('GET', `${E(e.id)}/tax-settings`)).data;
        assert.deepEqual([d.country, d.employee_type], ['au', 'Employee']);
        ok(
          await api.call('PATCH', `${E(e.id)}/tax-settings`, {
            reason: REASON,
            body: { country: 'AU', employee_type: 'Director' },
          }),
        );
        const d2 = ok(await api.call('GET', `${E(e.id)}/tax-settings`)).data;
        assert.deepEqual([d2.country, d2.employee_type], ['au', 'Director']);
      });

      test('tax settings need a governance reason', async () => {
        const e = await hire(t);
        const r = await api.call('PATCH', `${E(e.id)}/tax-settings`, { body: { tfn: '123456782' } });
        assert.equal(r.body.error.code, 'governance_reason_required');
        assert.equal(ok(await api.call('GET', E(e.id))).data.statutory.au.tfn_attested, false);
      });
    });

    describe('bank account', () => {
      test('BSB, account number and name attest the account; only the BSB and the last digits are shown', async () => {
        const e = await hire(t);
        const partial = ok(
          await api.call('PATCH', `${E(e.id)}/bank-accounts`, {
            reason: REASON,
            body: { bank_bsb: '062000', bank_account_number: '10457891' },
          }),
        );
        assert.equal(partial.data.statutory.au.bank_attested, false);
        const r = ok(
          await api.call('PATCH', `${E(e.id)}/bank-accounts`, {
            reason: REASON,
            body: { bank_account_name: 'Ann Lee' },
          }),
        );
        assert.equal(r.data.statutory.au.bank_attested, true);
        assert.equal((await evidence(t, r.evidence_id)).action, 'employee.bank_updated');
        const view = ok(await api.call('GET', `${E(e.id)}/bank-accounts`));
        assert.deepEqual(view.data, {
          attested: true,
          country: 'au',
          bsb: '062-000',
          account_last3: '891',
          account_name: 'Ann Lee',
        });
        for (const body of [partial, r, view])
          assert.ok(!JSON.stringify(body).includes('10457891'), 'no full account number');
      });

      test('a malformed BSB, account number or empty name is 422 naming every failed rule', async () => {
        const e = await hire(t);
        const r = await api.call('PATCH', `${E(e.id)}/bank-accounts`, {
          reason: REASON,
          body: { bank_bsb: '06200', bank_account_number: '12AB', bank_account_name: ' ' },
        });
        assert.equal(r.status, 422);
        assert.equal(r.body.error.code, 'pack_validation_failed');
        assert.deepEqual(
          r.body.error.violations.map((v: { rule: string }) => v.rule),
          ['AU-2026.2/bank/bsb_format', 'AU-2026.2/bank/account_number_format', 'AU-2026.2/bank/account_name_required'],
        );
        const long = await api.call('PATCH', `${E(e.id)}/bank-accounts`, {
          reason: REASON,
          body: { bank_account_number: '1234567890' },
        });
        assert.equal(long.body.error.rule, 'AU-2026.2/bank/account_number_format');
        assert.equal(ok(await api.call('GET', `${E(e.id)}/bank-accounts`)).data.attested, false);
      });

      test('an account number sent under a name the intake does not seal is refused, not stored raw', async () => {
        const e = await hire(t);
        const r = await api.call('PATCH', `${E(e.id)}/bank-accounts`, {
          reason: REASON,
          body: { bank_bsb: '062000', account_number: '10457891' },
        });
        assert.equal(r.status, 400);
        assert.equal(r.body.error.errors[0].path, 'account_number');
        assert.ok(
          !JSON.stringify(ok(await api.call('GET', `${E(e.id)}/bank-accounts`))).includes('10457891'),
          'the account number was not stored',
        );
      });
    });

    describe('super fund', () => {
      test('a USI and member number attest the fund; the member number shows as its last digits only', async () => {
        const e = await hire(t);
        const r = ok(
          await api.call('PATCH', `${E(e.id)}/pension`, {
            reason: REASON,
            body: { super_fund_name: 'Hostplus', super_usi: 'HOS0100AU', super_member_number: '880012345' },
          }),
        );
        assert.equal(r.data.statutory.au.super_fund_attested, true);
        assert.deepEqual(
          {
            fund: r.data.retirement.fund_name,
            usi: r.data.retirement.usi,
            member: r.data.retirement.member_number_attested,
            smsf: r.data.retirement.smsf,
          },
          { fund: 'Hostplus', usi: 'HOS0100AU', member: true, smsf: false },
        );
        assert.equal((await evidence(t, r.evidence_id)).action, 'employee.pension_updated');
        const view = ok(await api.call('GET', `${E(e.id)}/pension`));
        assert.equal(view.data.super_fund_attested, true);
        assert.equal(view.data.member_number_last3, '345');
        for (const body of [r, view]) assert.ok(!JSON.stringify(body).includes('880012345'), 'no full member number');
      });

      test('an ABN-based USI is accepted; a malformed USI is 422 with the rule reference', async () => {
        const e = await hire(t);
        ok(await api.call('PATCH', `${E(e.id)}/pension`, { reason: REASON, body: { super_usi: '51824753556001' } }));
        const r = await api.call('PATCH', `${E(e.id)}/pension`, { reason: REASON, body: { super_usi: 'NOTAUSI' } });
        assert.equal(r.status, 422);
        assert.equal(r.body.error.rule, 'AU-2026.2/super/usi_format');
      });

      test('a self-managed fund is attested by its account name, BSB and account number, shown masked', async () => {
        const e = await hire(t);
        const r = ok(
          await api.call('PATCH', `${E(e.id)}/pension`, {
            reason: REASON,
            body: { smsf_account_name: 'Lee Family SMSF', smsf_bsb: '083-004', smsf_account_number: '55501234' },
          }),
        );
        assert.equal(r.data.retirement.smsf, true);
        assert.equal(r.data.statutory.au.super_fund_attested, true);
        const view = ok(await api.call('GET', `${E(e.id)}/pension`)).data;
        assert.equal(view.smsf_account_last3, '234');
        assert.ok(!JSON.stringify(view).includes('55501234'), 'no full SMSF account number');
        const bad = await api.call('PATCH', `${E(e.id)}/pension`, { reason: REASON, body: { smsf_bsb: '83-004' } });
        assert.equal(bad.status, 422);
        assert.equal(bad.body.error.rule, 'AU-2026.2/bank/bsb_format');
      });
    });

    describe('company bank account', () => {
      test('PATCH stores the account sealed and GET shows it masked; company details show it attested', async () => {
        const t2 = await newTenant(engine, `Company bank ${engine}`);
        assert.deepEqual(ok(await api.call('GET', `/v1/tenants/${t2}/company/bank`)).data, { attested: false });
        const r = ok(
          await api.call('PATCH', `/v1/tenants/${t2}/company/bank`, {
            reason: REASON,
            body: {
              account_name: 'Harbour Coffee Pty Ltd',
              bsb: '032000',
              account_number: '004455667',
              bank_name: 'Westpac',
              fi_code: 'WBC',
              apca_user_id: '301500',
              lodgement_ref: 'PAYROLL',
            },
          }),
        );
        assert.match(r.evidence_id, evidencePrefix);
        const view = ok(await api.call('GET', `/v1/tenants/${t2}/company/bank`));
        for (const d of [r.data, view.data]) {
          assert.equal(d.bsb, '032-000');
          assert.equal(d.account_number_last3, '667');
          assert.equal(d.attested, true);
          assert.equal(d.fi_code, 'WBC');
          assert.equal(d.lodgement_ref, 'PAYROLL');
        }
        assert.ok(!JSON.stringify([r, view]).includes('004455667'), 'no full company account number');
        const company = ok(await api.call('GET', `/v1/tenants/${t2}/company`)).data;
        assert.equal(company.bank_attested, true);
        assert.equal(company.jurisdiction, 'AU');
        assert.equal(company.currency, 'AUD');
      });

      test('a malformed BSB or account number is 422, a bad fi_code is 400, and a missing reason is 400', async () => {
        const t2 = await newTenant(engine, `Company bank errors ${engine}`);
        const r = await api.call('PATCH', `/v1/tenants/${t2}/company/bank`, {
          reason: REASON,
          body: { bsb: '03200', account_number: '12' },
        });
        assert.equal(r.status, 422);
        assert.deepEqual(
          r.body.error.violations.map((v: { rule: string }) => v.rule),
          ['AU-2026.2/bank/bsb_format', 'AU-2026.2/bank/account_number_format'],
        );
        assert.equal(
          (await api.call('PATCH', `/v1/tenants/${t2}/company/bank`, { reason: REASON, body: { fi_code: 'wbc' } }))
            .status,
          400,
        );
        assert.equal(
          (await api.call('PATCH', `/v1/tenants/${t2}/company/bank`, { body: { bank_name: 'Westpac' } })).body.error
            .code,
          'governance_reason_required',
        );
        assert.deepEqual(ok(await api.call('GET', `/v1/tenants/${t2}/company/bank`)).data, { attested: false });
      });
    });

    describe('effective dating is not in the AU pack', () => {
      const expect501 = (r: Reply, param: string) => {
        assert.equal(r.status, 501, `${param}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
        assert.equal(r.body.error.capability, 'effective_dating');
        assert.equal(r.body.error.pack, 'AU-2026.2');
        assert.ok(
          Array.isArray(r.body.error.alternatives) && r.body.error.alternatives.length > 0,
          'alternatives are offered',
        );
        assert.match(r.body.error.message, new RegExp(param));
      };

      test('as_of other than today on a read or a list is 501, never ignored', async () => {
        const e = await hire(t);
        expect501(await api.call('GET', `${E(e.id)}?as_of=2027-01-01`), 'as_of');
        expect501(await api.call('GET', `${E(e.id)}?as_of=2026-01-01`), 'as_of');
        expect501(await api.call('GET', `/v1/tenants/${t}/employees?as_of=2026-12-01`), 'as_of');
      });

      test('as_of other than today is 501 on every employee sub-resource, read or write, and changes nothing', async () => {
        const e = await hire(t);
        const code = 'DATED';
        ok(
          await api.call('POST', `/v1/tenants/${t}/cost-centres`, { reason: REASON, body: { code, name: 'Dated' } }),
          201,
        );
        const calls: [string, string, unknown][] = [
          ['GET', '/tax-settings', undefined],
          ['GET', '/bank-accounts', undefined],
          ['GET', '/pension', undefined],
          ['GET', '/readiness', undefined],
          ['GET', '/completeness', undefined],
          ['PATCH', '', { position: 'Dated' }],
          ['PATCH', '/tax-settings', { tax_free_threshold: false }],
          ['PATCH', '/bank-accounts', { bank_account_name: 'Dated' }],
          ['PATCH', '/pension', { super_fund_name: 'Dated' }],
          ['POST', '/end-employment', {}],
          ['POST', '/reactivate', undefined],
          ['PUT', '/cost-centre', { cost_centre_code: code }],
          ['DELETE', '/cost-centre', undefined],
          ['DELETE', '', undefined],
        ];
        for (const asOf of ['2027-01-01', '2026-11-20']) {
          for (const [method, path, body] of calls) {
            expect501(await api.call(method, `${E(e.id)}${path}?as_of=${asOf}`, { reason: REASON, body }), 'as_of');
          }
        }
        const after = ok(await api.call('GET', E(e.id))).data;
        assert.deepEqual(
          [after.status, after.position, after.cost_centre_code, after.statutory.au.tax_free_threshold_answered],
          ['active', null, null, false],
        );
        // Today's date is today: accepted everywhere.
        for (const path of ['/tax-settings', '/bank-accounts', '/pension', '/readiness'])
          ok(await api.call('GET', `${E(e.id)}${path}?as_of=${TODAY}`));
      });

      test('effective_from other than today on a write is 501 and changes nothing', async () => {
        const e = await hire(t);
        expect501(
          await api.call('PATCH', E(e.id), {
            reason: REASON,
            body: { employment: { annual_salary: 99000 }, effective_from: '2027-01-01' },
          }),
          'effective_from',
        );
        expect501(
          await api.call('PATCH', `${E(e.id)}/tax-settings`, {
            reason: REASON,
            body: { tfn: '123456782', effective_from: '2026-07-01' },
          }),
          'effective_from',
        );
        expect501(
          await api.call('PATCH', `${E(e.id)}/bank-accounts`, {
            reason: REASON,
            body: { bank_bsb: '062000', effective_from: '2027-01-01' },
          }),
          'effective_from',
        );
        expect501(
          await api.call('PATCH', `${E(e.id)}/pension`, {
            reason: REASON,
            body: { super_usi: 'STA0100AU', effective_from: '2027-01-01' },
          }),
          'effective_from',
        );
        expect501(
          await api.call('POST', `/v1/tenants/${t}/employees`, {
            reason: REASON,
            body: { first_name: 'Dated', last_name: 'Hire', effective_from: '2026-12-01' },
          }),
          'effective_from',
        );
        const after = ok(await api.call('GET', E(e.id))).data;
        assert.equal(after.employment.annual_salary, '85000.00');
        assert.equal(after.statutory.au.tfn_attested, false);
        assert.equal(after.statutory.au.bank_attested, false);
        assert.equal(after.statutory.au.super_fund_attested, false);
      });

      test("today's date is accepted for as_of and effective_from", async () => {
        const e = await hire(t);
        assert.equal(ok(await api.call('GET', `${E(e.id)}?as_of=${TODAY}`)).data.as_of, TODAY);
        assert.equal(ok(await api.call('GET', `/v1/tenants/${t}/employees?as_of=${TODAY}&limit=1`)).data.length, 1);
        const r = ok(
          await api.call('PATCH', E(e.id), {
            reason: REASON,
            body: { employment: { annual_salary: 91000 }, effective_from: TODAY },
          }),
        );
        assert.equal(r.data.employment.annual_salary, '91000.00');
      });
    });
  });

  describe(`AU employee list on the ${engine} engine`, () => {
    let t: string;
    const names = [
      'Zoe Martin',
      'Liam Nguyen',
      'Olivia Bennett',
      'Mia Fitzgerald',
      'Jack Walsh',
      'Isla Rossi',
      'Noah Tran',
    ];
    before(async () => {
      t = await newTenant(engine, `AU list ${engine}`);
      for (const cc of [
        { code: 'OPS', name: 'Operations' },
        { code: 'OPS-SYD', name: 'Sydney cafes', parent_code: 'OPS', site: 'Sydney' },
        { code: 'OPS-MEL', name: 'Melbourne cafes', parent_code: 'OPS', site: 'Melbourne' },
        { code: 'OPSX', name: 'Not below OPS', site: 'Sydney' },
        { code: 'ROAST', name: 'Roastery', site: 'Sydney' },
      ])
        ok(await api.call('POST', `/v1/tenants/${t}/cost-centres`, { reason: REASON, body: cc }), 201);
      const centres = ['OPS', 'OPS-SYD', 'OPS-MEL', 'OPSX', 'ROAST', null, 'OPS-SYD'];
      for (const [i, n] of names.entries()) {
        const [first_name, last_name] = n.split(' ');
        const e = await hire(t, { first_name, last_name, ...(i === 5 ? { site: 'Brisbane' } : {}) });
        if (centres[i])
          ok(
            await api.call('PUT', `/v1/tenants/${t}/employees/${e.id}/cost-centre`, {
              reason: REASON,
              body: { cost_centre_code: centres[i] },
            }),
          );
      }
    });

    test('limit and the opaque cursor walk every employee once, ordered by last then first name', async () => {
      const seen = await listAll(t);
      assert.equal(seen.length, names.length);
      assert.equal(new Set(seen.map((e) => e.id)).size, names.length);
      assert.deepEqual(
        seen.map((e) => e.last_name),
        ['Bennett', 'Fitzgerald', 'Martin', 'Nguyen', 'Rossi', 'Tran', 'Walsh'],
      );
      const first = ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=3`));
      assert.equal(first.has_more, true);
      assert.equal(typeof first.next_cursor, 'string');
      const last = ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=7`));
      assert.equal(last.has_more, false);
      assert.equal(last.next_cursor, null);
    });

    test('every page counts the whole list: total and total_active, so a headcount needs one row', async () => {
      const one = ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=1`));
      assert.equal(one.data.length, 1);
      assert.equal(one.total, names.length);
      const all = await listAll(t);
      assert.equal(one.total_active, all.filter((e) => e.status === 'active').length);
    });

    test('q searches names in the API, any case, every word, with the counts over the matches', async () => {
      const hit = ok(await api.call('GET', `/v1/tenants/${t}/employees?q=${encodeURIComponent('liam NGUY')}`));
      assert.deepEqual(
        hit.data.map((e: { first_name: string; last_name: string }) => `${e.first_name} ${e.last_name}`),
        ['Liam Nguyen'],
      );
      assert.equal(hit.total, 1);
      const none = ok(await api.call('GET', `/v1/tenants/${t}/employees?q=zzz-nobody`));
      assert.deepEqual([none.data.length, none.total, none.has_more], [0, 0, false]);
    });

    test('the default page holds up to 50; limit accepts digit strings and stays within 1..200', async () => {
      assert.equal(ok(await api.call('GET', `/v1/tenants/${t}/employees`)).data.length, names.length);
      assert.equal(ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=002`)).data.length, 2);
      for (const bad of ['0', '201', 'x']) {
        const r = await api.call('GET', `/v1/tenants/${t}/employees?limit=${bad}`);
        assert.equal(r.status, 400, bad);
        assert.equal(r.body.error.errors[0].path, 'query.limit');
      }
    });

    test('the legacy page parameter is ignored: the cursor decides the page', async () => {
      const plain = ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=2`));
      const paged = ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=2&page=3`));
      assert.deepEqual(
        paged.data.map((e: any) => e.id),
        plain.data.map((e: any) => e.id),
      );
      const next = ok(
        await api.call(
          'GET',
          `/v1/tenants/${t}/employees?limit=2&page=1&cursor=${encodeURIComponent(plain.next_cursor)}`,
        ),
      );
      assert.deepEqual(
        next.data.map((e: any) => e.last_name),
        ['Martin', 'Nguyen'],
      );
    });

    test('a tampered cursor is 400', async () => {
      const c: string = ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=1`)).next_cursor;
      const forged = `${Buffer.from(JSON.stringify(['A', 'A', 'emp_0'])).toString('base64url')}.${c.split('.')[1]}`;
      assert.equal(
        (await api.call('GET', `/v1/tenants/${t}/employees?cursor=${encodeURIComponent(forged)}`)).status,
        400,
      );
    });

    test('cost_centre filters on the exact code, and code-* on the code and everything below it', async () => {
      assert.deepEqual(sortNames(await listAll(t, 'cost_centre=OPS')), ['Zoe Martin']);
      assert.deepEqual(sortNames(await listAll(t, 'cost_centre=OPS-SYD')), ['Liam Nguyen', 'Noah Tran']);
      // OPSX shares the prefix but is not below OPS.
      assert.deepEqual(sortNames(await listAll(t, 'cost_centre=OPS-*')), [
        'Liam Nguyen',
        'Noah Tran',
        'Olivia Bennett',
        'Zoe Martin',
      ]);
      assert.deepEqual(sortNames(await listAll(t, 'cost_centre=OPSX')), ['Mia Fitzgerald']);
      assert.deepEqual(sortNames(await listAll(t, 'cost_centre=NOPE')), []);
    });

    test("site filters on the employee's own site or the site of its cost centre", async () => {
      assert.deepEqual(sortNames(await listAll(t, 'site=Sydney')), [
        'Jack Walsh',
        'Liam Nguyen',
        'Mia Fitzgerald',
        'Noah Tran',
      ]);
      assert.deepEqual(sortNames(await listAll(t, 'site=Melbourne')), ['Olivia Bennett']);
      assert.deepEqual(sortNames(await listAll(t, 'site=Brisbane')), ['Isla Rossi']);
      assert.deepEqual(sortNames(await listAll(t, 'site=Sydney&cost_centre=OPS-*')), ['Liam Nguyen', 'Noah Tran']);
    });

    test('every list is receipted with an evidence id and, for an unscoped caller, scope_not_enforceable false', async () => {
      const r = ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=2`));
      assert.match(r.evidence_id, evidencePrefix);
      assert.equal(r.scope_not_enforceable, false);
      const ev = await evidence(t, r.evidence_id);
      assert.equal(ev.action, 'employees.listed');
      assert.equal(ev.decision.count, 2);
    });
  });
}

describe('typed AU statutory sections', () => {
  let t: string;
  before(async () => {
    t = await newTenant('payroll_engine_au', 'AU typed sections');
  });
  const E = (id: string) => `/v1/tenants/${t}/employees/${id}`;

  test('a flag, hash or sealed value sent by a caller is 400 and changes nothing: attesting is Payrail’s', async () => {
    const e = await hire(t);
    for (const [path, body, field] of [
      ['/tax-settings', { tfn_attested: true }, 'tfn_attested'],
      ['/bank-accounts', { bank_bsb: '062000', attested: true }, 'attested'],
      ['/pension', { super_usi: 'STA0100AU', member_number_enc: 'x' }, 'member_number_enc'],
    ] as const) {
      const r = await api.call('PATCH', `${E(e.id)}${path}`, { reason: REASON, body });
      assert.equal(r.status, 400, path);
      assert.equal(r.body.error.errors[0].path, field);
    }
    const created = await api.call('POST', `/v1/tenants/${t}/employees`, {
      reason: REASON,
      body: { first_name: 'A', last_name: 'B', statutory: { au: { tfn_hash: 'forged' } } },
    });
    assert.equal(created.status, 400);
    assert.equal(created.body.error.errors[0].path, 'statutory.au.tfn_hash');
    const after = ok(await api.call('GET', E(e.id))).data;
    assert.deepEqual(
      [after.statutory.au.tfn_attested, after.statutory.au.bank_attested, after.statutory.au.super_fund_attested],
      [false, false, false],
    );
  });

  test('a typed setting of the wrong type is 400 naming it; forwarded settings ride along', async () => {
    const e = await hire(t);
    for (const [path, body, field] of [
      ['/pension', { super_fund_name: 12 }, 'super_fund_name'],
      ['/tax-settings', { treatment_code: 5 }, 'treatment_code'],
    ] as const) {
      const r = await api.call('PATCH', `${E(e.id)}${path}`, { reason: REASON, body });
      assert.equal(r.status, 400, path);
      assert.equal(r.body.error.code, 'bad_request');
      assert.equal(r.body.error.errors[0].path, field);
    }
    ok(
      await api.call('PATCH', `${E(e.id)}/tax-settings`, {
        reason: REASON,
        body: { payroll_note: { approved_by: 'HR' }, treatment_code: 'RTX' },
      }),
    );
    const settings = ok(await api.call('GET', `${E(e.id)}/tax-settings`)).data;
    assert.deepEqual(settings.payroll_note, { approved_by: 'HR' });
    assert.equal(ok(await api.call('GET', E(e.id))).data.tax_profile.treatment_code, 'RTX');
    assert.equal(ok(await api.call('GET', `${E(e.id)}/pension`)).data.super_fund_name, undefined);
  });

  test('stored case values are decoded with the country’s schema: a wrongly shaped row fails loudly', () => {
    const folded = foldPatches(
      [
        JSON.stringify({ first_name: 'Ann', last_name: 'Lee' }),
        JSON.stringify({ tax: { residency: 'foreign_resident' } }),
      ],
      'AU',
    );
    assert.equal(folded.jurisdiction, 'AU');
    assert.equal(auOf(folded).tax.residency, 'foreign_resident');
    assert.deepEqual(auOf(folded).bank, {});
    assert.throws(() => foldPatches([JSON.stringify({ tax: { tfn_attested: 'yes' } })], 'AU'), CorruptColumnError);
    assert.throws(() => foldPatches(['{"first_name":'], 'AU'), CorruptColumnError);
    for (const notAnObject of ['[]', '"Ann"', 'null'])
      assert.throws(() => foldPatches([notAnObject], 'AU'), CorruptColumnError, notAnObject);
    assert.throws(
      () => foldPatches([JSON.stringify({ employment: { annual_salary: 85000 } })], 'AU'),
      CorruptColumnError,
    );
  });

  test('a draft-pack (NZ) employee keeps its canonical fields; tax, bank and pension settings are 501', async () => {
    const nz = ok(
      await api.call('POST', '/v1/partners/tenants', { body: { name: 'Kiwi Ltd', jurisdiction: 'NZ' } }),
      201,
    ).data.tenant.id;
    const e = ok(
      await api.call('POST', `/v1/tenants/${nz}/employees`, {
        reason: REASON,
        body: { first_name: 'Aroha', last_name: 'Ngata' },
      }),
      201,
    ).data;
    assert.deepEqual([e.statutory, e.tax_profile, e.retirement], [{ au: null, de: null }, {}, {}]);
    for (const segment of ['tax-settings', 'bank-accounts', 'pension']) {
      const r = await api.call('GET', `/v1/tenants/${nz}/employees/${e.id}/${segment}`);
      assert.equal(r.status, 501, segment);
      assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
      assert.equal(r.body.error.pack, 'NZ-2026.1');
    }
  });
});
