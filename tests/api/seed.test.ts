// The sandbox seed on a fresh database: an AU and a DE demo employer, built through the API, with
// workforces that exercise the packs, one finalised and one draft pay run each, verifiable evidence
// chains, and no second seeding on a database that already has a partner.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Server } from 'node:http';
import pino from 'pino';
import { newTestDb, type TestDb } from '../helpers/test-db.ts';
import { createApp, createDeps, closeDeps } from '../../api/app.ts';
import { listenApi } from '../../api/http/http-server.ts';
import type { AppDeps } from '../../api/http/context.ts';
import { ManualClock } from '../../api/lib/clock.ts';
import { seedSandbox, type DemoCredentials } from '../../api/seed/index.ts';
import { decodeJson } from '../../api/lib/json-column.ts';
import { entryResultSchema } from '../../api/schemas/pay-runs.ts';

let testDb: TestDb;
let deps: AppDeps;
let server: Server;
let base: string;
let creds: DemoCredentials;

async function get(p: string): Promise<any> {
  const res = await fetch(base + p, { headers: { authorization: `Bearer ${creds.key}` } });
  const body = (await res.json()) as any;
  assert.equal(res.status, 200, `${p}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}
async function post(p: string, body: unknown): Promise<any> {
  const res = await fetch(base + p, {
    method: 'POST',
    headers: { authorization: `Bearer ${creds.key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200, p);
  return res.json();
}
const tenant = (j: 'AU' | 'DE') => creds.tenants.find((t) => t.jurisdiction === j)!;
const employees = async (j: 'AU' | 'DE') =>
  (await get(`/v1/tenants/${tenant(j).id}/employees?limit=200`)).data as any[];

before(async () => {
  testDb = await newTestDb('payrail-seed-');
  deps = await createDeps({
    ...testDb.deps,
    clock: new ManualClock(new Date('2026-11-21T09:00:00Z')),
    logger: pino({ level: 'silent' }),
    config: { rateLimitPerSecond: 0 },
  });
  const seeded = await seedSandbox(deps);
  assert.ok(seeded, 'the first call seeds');
  creds = seeded;
  const { app } = createApp(deps);
  server = await listenApi(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
after(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await closeDeps(deps);
  await testDb.drop();
});

describe('the demo partner', () => {
  test('a sandbox key and two tenants, written to a credentials file only the owner can read', async () => {
    assert.match(creds.key, /^prk_sandbox_/);
    assert.match(creds.partner_id, /^par_/);
    assert.deepEqual(
      creds.tenants.map((t) => t.jurisdiction),
      ['AU', 'DE'],
    );
    assert.ok(creds.file && fs.existsSync(creds.file), 'credentials file written');
    assert.equal(fs.statSync(creds.file!).mode & 0o777, 0o600);
    assert.equal(JSON.parse(fs.readFileSync(creds.file!, 'utf8')).key, creds.key);
    const listed = (await get('/v1/partners/tenants')).data;
    assert.deepEqual(listed.map((t: { id: string }) => t.id).sort(), creds.tenants.map((t) => t.id).sort());
  });
});

describe('the AU demo employer', () => {
  test('is an AU tenant on the AU payroll engine with the company bank account attested', async () => {
    const au = tenant('AU');
    assert.equal(au.slug, 'harbour-coffee');
    const detail = (await get(`/v1/partners/tenants/${au.id}`)).data;
    assert.equal(detail.tenant.jurisdiction, 'AU');
    assert.equal(detail.bindings[0].engine, 'payroll_engine_au');
    assert.equal((await get(`/v1/tenants/${au.id}/company/bank`)).data.attested, true);
  });

  test('has at least 25 employees across weekly, fortnightly and monthly pay, every tax scale and several cost centres', async () => {
    const staff = await employees('AU');
    assert.ok(staff.length >= 25, `${staff.length} employees`);
    assert.deepEqual([...new Set(staff.map((e) => e.employment.pay_frequency))].sort(), [
      'fortnightly',
      'monthly',
      'weekly',
    ]);
    assert.deepEqual([...new Set(staff.map((e) => e.employment.type))].sort(), ['casual', 'full_time', 'part_time']);
    // The withholding scale follows from the declaration (Schedule 1): no TFN 4, foreign resident 3,
    // no tax-free threshold 1, full Medicare exemption 5, half 6, otherwise 2.
    const scale = (a: any) =>
      !a.tfn_attested
        ? 4
        : a.residency === 'foreign_resident'
          ? 3
          : !a.tax_free_threshold
            ? 1
            : a.medicare_levy_exemption === 'full'
              ? 5
              : a.medicare_levy_exemption === 'half'
                ? 6
                : 2;
    assert.deepEqual([...new Set(staff.map((e) => scale(e.statutory.au)))].sort(), [1, 2, 3, 4, 5, 6]);
    assert.ok(
      staff.some((e) => e.statutory.au.study_loan),
      'someone repays a study loan',
    );
    const centres = new Set(staff.map((e) => e.cost_centre_code));
    assert.ok(!centres.has(null), 'everyone has a cost centre');
    assert.ok(centres.size >= 4, `${centres.size} cost centres in use`);
  });

  test('every employee has an attested bank account and super fund, and nobody blocks finalise', async () => {
    const au = tenant('AU');
    for (const e of await employees('AU')) {
      assert.equal(e.statutory.au.bank_attested, true, `${e.first_name} ${e.last_name} bank`);
      assert.equal(e.statutory.au.super_fund_attested, true, `${e.first_name} ${e.last_name} super`);
      assert.equal(
        (await get(`/v1/tenants/${au.id}/employees/${e.id}/readiness`)).data.blocks_finalise,
        false,
        `${e.first_name} readiness`,
      );
    }
  });
});

describe('the DE demo employer', () => {
  test('is a DE tenant on the German engine with at least 15 employees', async () => {
    const de = tenant('DE');
    assert.equal(de.slug, 'nordlicht-software');
    assert.equal((await get(`/v1/partners/tenants/${de.id}`)).data.bindings[0].engine, 'payroll_engine');
    assert.ok((await employees('DE')).length >= 15);
  });

  test('covers tax classes I to VI, children, church tax and private health insurance, identifiers attested', async () => {
    const staff = await employees('DE');
    assert.deepEqual([...new Set(staff.map((e) => e.tax_profile.tax_class))].sort(), [1, 2, 3, 4, 5, 6]);
    assert.ok(
      staff.some((e) => e.tax_profile.child_allowances > 0),
      'someone has child allowances',
    );
    assert.ok(
      staff.some((e) => e.tax_profile.church_tax === true),
      'someone pays church tax',
    );
    assert.ok(
      staff.some((e) => e.tax_profile.church_tax !== true),
      'someone does not',
    );
    assert.ok(
      staff.some((e) => e.statutory.de.health_insurance?.type === 'private'),
      'someone is privately insured',
    );
    for (const e of staff) {
      assert.equal(e.statutory.de.tax_id_attested, true, `${e.first_name} tax id`);
      assert.equal(e.statutory.de.iban_attested, true, `${e.first_name} IBAN`);
    }
  });

  test('its finalised run holds a Minijob (employer flat tax, no wage tax) and a Midijob (gross 603.01 to 2,000.00)', async () => {
    const de = tenant('DE');
    const entries = (await get(`/v1/tenants/${de.id}/pay-runs/${de.finalised_pay_run}/entries`)).data as any[];
    const mini = entries.filter((e) => e.employer_costs.some((c: { type: string }) => c.type === 'minijob_flat_tax'));
    assert.ok(mini.length >= 1, 'a Minijob');
    for (const m of mini) {
      assert.ok(Number(m.gross) <= 603, `${m.employee_name} earns within the Minijob limit`);
      assert.ok(
        !m.lines.some((l: { type: string }) => l.type === 'income_tax'),
        `${m.employee_name} has no wage tax withheld`,
      );
    }
    const midi = entries.filter((e) => Number(e.gross) > 603 && Number(e.gross) <= 2000);
    assert.ok(midi.length >= 1, 'a Midijob');
    const check = (
      await post(`/v1/tenants/${de.id}/calculate`, {
        employee: {},
        earnings: [{ type: 'salary', amount: midi[0].gross }],
      })
    ).data;
    assert.equal(check.employment_category, 'midijob');
  });
});

describe('pay runs and evidence', () => {
  for (const j of ['AU', 'DE'] as const) {
    test(`the ${j} tenant has one finalised and one draft pay run, as reported in the credentials`, async () => {
      const t = tenant(j);
      const runs = (await get(`/v1/tenants/${t.id}/pay-runs`)).data as { id: string; status: string }[];
      assert.deepEqual(runs.map((r) => r.status).sort(), ['draft', 'finalised']);
      assert.equal(runs.find((r) => r.status === 'finalised')!.id, t.finalised_pay_run);
      assert.equal(runs.find((r) => r.status === 'draft')!.id, t.draft_pay_run);
      const fin = (await get(`/v1/tenants/${t.id}/pay-runs/${t.finalised_pay_run}`)).data;
      assert.ok(fin.totals.employee_count > 0, 'the finalised run paid people');
      assert.ok(Number(fin.totals.net) > 0, 'with a positive net total');
    });

    test(`the ${j} employer has a default pay schedule whose pay dates are the seeded runs'`, async () => {
      const t = tenant(j);
      const id = (await get(`/v1/tenants/${t.id}/company`)).data.default_pay_schedule;
      assert.match(id, /^psch_/);
      const schedule = (await get(`/v1/tenants/${t.id}/pay-schedules/${id}`)).data;
      assert.equal(schedule.status, 'active');
      assert.equal(schedule.frequency, j === 'AU' ? 'fortnightly' : 'monthly');
      const cal = (await get(`/v1/tenants/${t.id}/calendar?from=2026-10-01&to=2026-11-30`)).data;
      const paid = new Set(
        cal.events
          .filter((e: any) => e.type === 'pay_date' && e.schedule_id === id)
          .map((e: any) => `${e.period_start}/${e.period_end}/${e.payment_date}`),
      );
      for (const run of (await get(`/v1/tenants/${t.id}/pay-runs`)).data as any[])
        assert.ok(paid.has(`${run.period_start}/${run.period_end}/${run.payment_date}`), `${run.status} run`);
    });

    test(`the ${j} evidence chain verifies`, async () => {
      const t = tenant(j);
      const v = (await post(`/v1/tenants/${t.id}/governance/verify`, {})).data;
      assert.equal(v.valid, true);
      assert.ok(v.records_checked > 50, `${v.records_checked} records`);
      const trail = (await get(`/v1/tenants/${t.id}/governance/audit-trail?limit=200`)).data as {
        governance_reason: string | null;
        action: string;
      }[];
      assert.ok(
        trail.some((e) => e.action === 'employee.created'),
        'employees were created through the API',
      );
      assert.ok(
        trail.some((e) => e.governance_reason === 'Sandbox demo data set up at first start'),
        "with the seed's reason",
      );
    });
  }
});

describe('stored results', () => {
  // A result just calculated is shared with the readers of its stored text (ReadCache.results.seed) instead of
  // being decoded again: that is sound only while decoding keeps every field the engines write, as is.
  test('every entry of both employers decodes to exactly the JSON the engine wrote', async () => {
    const rows = await deps.store.db.selectFrom('pay_run_entries').select(['result_json']).execute();
    assert.ok(rows.length > 40, `${rows.length} entries`);
    for (const { result_json } of rows)
      assert.deepEqual(decodeJson(entryResultSchema, result_json, 'result'), JSON.parse(result_json));
  });
});

describe('seeding again', () => {
  test('a second call does not seed: same partner and key, no new tenants, employees or pay runs', async () => {
    const counts = async () =>
      Promise.all(
        creds.tenants.map(async (t) => [
          (await get(`/v1/tenants/${t.id}/employees?limit=200`)).data.length,
          (await get(`/v1/tenants/${t.id}/pay-runs`)).data.length,
        ]),
      );
    const before = await counts();
    const again = await seedSandbox(deps);
    assert.ok(again, 'the credentials are returned again');
    assert.equal(again!.partner_id, creds.partner_id);
    assert.equal(again!.key, creds.key);
    assert.equal((await deps.store.repos.listPartners()).length, 1);
    assert.equal((await get('/v1/partners/tenants')).data.length, 2);
    assert.deepEqual(await counts(), before);
  });
});

describe('the DE demo employer files', () => {
  test('its finalised month draws up the Lohnsteuer-Anmeldung and both Beitragsnachweise, all ready to file with the levies', async () => {
    const de = tenant('DE');
    const month = (await get(`/v1/tenants/${de.id}/pay-runs/${de.finalised_pay_run}`)).data.payment_date.slice(0, 7);
    for (const kind of ['lohnsteuer-anmeldung', 'beitragsnachweis', 'minijob-beitragsnachweis']) {
      const o = (await get(`/v1/tenants/${de.id}/statutory-outputs/${kind}?period=${month}`)).data;
      assert.deepEqual(o.pay_run_ids, [de.finalised_pay_run], kind);
      assert.deepEqual(o.missing_company_fields, [], kind);
      // DE-2026.3 computes U1, U2 and the Insolvenzgeldumlage with the seeded insurer rates.
      assert.equal(o.ready_to_file, true, kind);
      assert.deepEqual(o.not_included ?? [], [], kind);
      assert.deepEqual(o.missing_levy_settings ?? [], [], kind);
    }
    // Jonas Weber's October bonus is charged against his year to date before Payrail (§ 23a SGB IV): all of it.
    const entries = (await get(`/v1/tenants/${de.id}/pay-runs/${de.finalised_pay_run}/entries`)).data;
    const weber = entries.find((e: any) => e.employee_name === 'Jonas Weber');
    assert.equal(weber.gross, '6666.67');
    assert.deepEqual([weber.one_off_ceiling.kv_pv.liable, weber.one_off_ceiling.rv_av.liable], ['1500.00', '1500.00']);
  });
});
