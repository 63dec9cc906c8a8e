// Employees on a DE tenant (payroll_engine): the salary rule, the statutory profile (Steuerklasse,
// Steuer-ID, church tax, children, insurance, IBAN, SV-Nummer) kept as attestations, and effective
// dating: future-dated changes, as_of reads, and changes that overlap and fold per field.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';

const TODAY = '2026-11-21';
const TAX_ID = '36574261809';
const IBAN = 'DE89370400440532013000';
const SVNR = '65170839J003';
let api: TestApi;
let t: string;

const ok = (r: Reply, status = 200) => {
  assert.equal(r.status, status, JSON.stringify(r.body));
  return r.body;
};
const E = (id: string) => `/v1/tenants/${t}/employees/${id}`;

async function hire(body: Record<string, unknown> = {}, tenant = t): Promise<any> {
  const r = await api.call('POST', `/v1/tenants/${tenant}/employees`, {
    reason: REASON,
    body: {
      first_name: 'Jana',
      last_name: 'Vogel',
      employment: { annual_salary: 60000, pay_frequency: 'monthly' },
      ...body,
    },
  });
  return ok(r, 201).data;
}

const read = async (id: string, asOf?: string) =>
  ok(await api.call('GET', `${E(id)}${asOf ? `?as_of=${asOf}` : ''}`)).data;
const patch = async (id: string, body: Record<string, unknown>, path = '') =>
  ok(await api.call('PATCH', `${E(id)}${path}`, { reason: REASON, body })).data;

function expect422(r: Reply, rule: string) {
  assert.equal(r.status, 422, JSON.stringify(r.body));
  assert.equal(r.body.error.code, 'pack_validation_failed');
  assert.equal(r.body.error.rule, rule);
  assert.ok(
    r.body.error.violations.some((v: { rule: string }) => v.rule === rule),
    `violations include ${rule}`,
  );
}

before(async () => {
  api = await startTestApi();
  t = ok(
    await api.call('POST', '/v1/partners/tenants', {
      body: { name: 'Nordlicht Test GmbH', jurisdiction: 'DE', engine: 'payroll_engine' },
    }),
    201,
  ).data.tenant.id;
});
after(async () => {
  await api.close();
});

describe('creating German employees', () => {
  test('without annual_salary or hourly_rate the create is 422 with the salary-required rule and nobody is created', async () => {
    const before = ok(await api.call('GET', `/v1/tenants/${t}/employees`)).data.length;
    for (const employment of [undefined, {}, { annual_salary: null }, { annual_salary: null, hourly_rate: null }]) {
      const r = await api.call('POST', `/v1/tenants/${t}/employees`, {
        reason: REASON,
        body: { first_name: 'No', last_name: 'Salary', ...(employment ? { employment } : {}) },
      });
      expect422(r, 'DE-2026.4/employee/salary_required');
      assert.equal(r.body.error.violations[0].path, 'employment.annual_salary');
    }
    assert.equal(ok(await api.call('GET', `/v1/tenants/${t}/employees`)).data.length, before);
  });

  test('an hourly rate alone satisfies the salary rule', async () => {
    const e = await hire({ employment: { hourly_rate: '13.90', hours_per_week: 10 } });
    assert.equal(e.employment.hourly_rate, '13.90');
    assert.equal(e.employment.annual_salary, null);
  });

  test('a patch that removes the only pay rate is 422 and leaves the salary in place', async () => {
    const e = await hire();
    expect422(
      await api.call('PATCH', E(e.id), { reason: REASON, body: { employment: { annual_salary: null } } }),
      'DE-2026.4/employee/salary_required',
    );
    assert.equal((await read(e.id)).employment.annual_salary, '60000.00');
  });

  test('the statutory profile under statutory.de is kept: tax class, church tax and Land, children, insurance', async () => {
    const de = {
      tax_class: 2,
      church_tax: true,
      church_tax_denomination: 'ev',
      state: 'BW',
      children: 1.5,
      health_insurance: {
        type: 'statutory',
        additional_rate: 2.45,
        insurer: { name: 'Techniker Krankenkasse', betriebsnummer: '15027365' },
      },
      care_insurance: { children_under_25: 2 },
      pension_insurance: true,
      unemployment_insurance: false,
    };
    const e = await hire({ statutory: { de } });
    assert.equal(e.statutory.au, null);
    for (const [k, v] of Object.entries(de)) assert.deepEqual(e.statutory.de[k], v, k);
    assert.deepEqual(e.tax_profile, {
      tax_class: 2,
      church_tax: true,
      church_tax_denomination: 'ev',
      state: 'BW',
      child_allowances: 1.5,
      tax_id_attested: false,
    });
    assert.deepEqual(e.retirement, { pension_insurance: true });
    assert.deepEqual(await read(e.id).then((x) => x.statutory.de), e.statutory.de);
  });

  test('the same profile can be sent as tax_profile, with child_allowances as the long name of children', async () => {
    const e = await hire({ tax_profile: { tax_class: 1, church_tax: false, child_allowances: 1 } });
    assert.equal(e.tax_profile.tax_class, 1);
    assert.equal(e.tax_profile.child_allowances, 1);
    assert.equal(e.statutory.de.children, 1);
  });

  test('the Steuer-ID, IBAN and SV-Nummer are attested and never returned', async () => {
    const e = await hire({
      statutory: { de: { tax_class: 1, tax_id: TAX_ID, iban: 'DE89 3704 0044 0532 0130 00', svnr: SVNR } },
    });
    assert.equal(e.statutory.de.tax_id_attested, true);
    assert.equal(e.statutory.de.iban_attested, true);
    assert.equal(e.statutory.de.svnr_attested, true);
    assert.equal(e.tax_profile.tax_id_attested, true);
    const bank = ok(await api.call('GET', `${E(e.id)}/bank-accounts`)).data;
    assert.equal(bank.iban_attested, true);
    assert.equal(bank.iban_last4, '3000');
    const bodies = [
      e,
      await read(e.id),
      ok(await api.call('GET', `${E(e.id)}/tax-settings`)),
      bank,
      ok(await api.call('GET', `/v1/tenants/${t}/employees`)),
    ];
    for (const raw of [TAX_ID, IBAN, SVNR, 'tax_id_hash', 'iban_enc', 'svnr_hash'])
      assert.ok(!JSON.stringify(bodies).includes(raw), raw);
  });

  test('social_security_number is accepted as the long name of svnr and kept only as an attestation', async () => {
    const e = await hire({ statutory: { de: { social_security_number: SVNR } } });
    assert.equal(e.statutory.de.svnr_attested, true);
    assert.equal(e.statutory.de.social_security_number, undefined);
    const settings = ok(await api.call('GET', `${E(e.id)}/tax-settings`));
    assert.ok(!JSON.stringify([e, settings]).includes(SVNR), 'no raw SV-Nummer');
    expect422(
      await api.call('POST', `/v1/tenants/${t}/employees`, {
        reason: REASON,
        body: {
          first_name: 'A',
          last_name: 'B',
          employment: { annual_salary: 1 },
          statutory: { de: { social_security_number: '65170839J004' } },
        },
      }),
      'DE-2026.4/social/svnr_checksum',
    );
  });

  test('identifiers sent as forwarded top-level fields are refused, not stored', async () => {
    const r = await api.call('POST', `/v1/tenants/${t}/employees`, {
      reason: REASON,
      body: { first_name: 'A', last_name: 'B', employment: { annual_salary: 1 }, tax_id: TAX_ID },
    });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.errors[0].path, 'tax_id');
    const nested = await api.call('POST', `/v1/tenants/${t}/employees`, {
      reason: REASON,
      body: {
        first_name: 'A',
        last_name: 'B',
        employment: { annual_salary: 1 },
        jurisdiction_data: { bank: { iban: IBAN } },
      },
    });
    assert.equal(nested.status, 400);
    assert.equal(nested.body.error.errors[0].path, 'jurisdiction_data.bank.iban');
  });

  test('each statutory rule failure is 422 with its rule reference', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ tax_id: '36574261808' }, 'DE-2026.4/tax/tax_id_checksum'],
      [{ tax_id: '12345678901' }, 'DE-2026.4/tax/tax_id_checksum'],
      [{ iban: 'DE89370400440532013001' }, 'DE-2026.4/bank/iban_checksum'],
      [{ svnr: '65170839J004' }, 'DE-2026.4/social/svnr_checksum'],
      [{ tax_class: 7 }, 'DE-2026.4/tax/tax_class'],
      [{ church_tax: true }, 'DE-2026.4/tax/church_tax_state'],
      [{ church_tax: true, state: 'XX' }, 'DE-2026.4/tax/church_tax_state'],
      [{ children: 0.3 }, 'DE-2026.4/tax/child_allowance'],
      [{ tax_class: 5, children: 1 }, 'DE-2026.4/tax/child_allowance'],
      [{ tax_class: 1, factor: '0.9' }, 'DE-2026.4/tax/factor'],
      [{ health_insurance: { type: 'statutory', additional_rate: 6 } }, 'DE-2026.4/social/additional_rate'],
    ];
    for (const [de, rule] of cases) {
      const r = await api.call('POST', `/v1/tenants/${t}/employees`, {
        reason: REASON,
        body: { first_name: 'Bad', last_name: 'Field', employment: { annual_salary: 50000 }, statutory: { de } },
      });
      expect422(r, rule);
      assert.ok(
        !r.text.includes(String(de.tax_id ?? de.iban ?? de.svnr ?? '\u0000')),
        'the rejected identifier is not echoed',
      );
    }
  });

  test('a class-IV factor is accepted with class IV', async () => {
    const e = await hire({ statutory: { de: { tax_class: 4, factor: '0.912' } } });
    assert.equal(e.statutory.de.factor, '0.912');
  });

  test('numeric strings are kept as the numbers the calculation reads; a factor as a decimal string', async () => {
    const e = await hire({ statutory: { de: { tax_class: '4', children: '1.5', factor: 0.9 } } });
    assert.equal(e.statutory.de.tax_class, 4);
    assert.equal(e.statutory.de.children, 1.5);
    assert.equal(e.statutory.de.factor, '0.9');
    assert.deepEqual([e.tax_profile.tax_class, e.tax_profile.child_allowances], [4, 1.5]);
  });

  test('a profile field of the wrong type is 400 naming it, and nobody is created', async () => {
    const before = ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=200`)).data.length;
    for (const [de, path] of [
      [{ church_tax: 'yes' }, 'statutory.de.church_tax'],
      [{ health_insurance: { type: 'gesetzlich' } }, 'statutory.de.health_insurance.type'],
      [{ care_insurance: { childless_surcharge: 1 } }, 'statutory.de.care_insurance.childless_surcharge'],
      [{ tax_id_attested: true }, 'statutory.de.tax_id_attested'],
    ] as const) {
      const r = await api.call('POST', `/v1/tenants/${t}/employees`, {
        reason: REASON,
        body: { first_name: 'Bad', last_name: 'Type', employment: { annual_salary: 50000 }, statutory: { de } },
      });
      assert.equal(r.status, 400, JSON.stringify(de));
      assert.equal(r.body.error.errors[0].path, path);
    }
    assert.equal(ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=200`)).data.length, before);
  });
});

describe('German settings routes', () => {
  test('tax-settings PATCH validates and updates the profile; GET shows it without identifiers', async () => {
    const e = await hire();
    expect422(
      await api.call('PATCH', `${E(e.id)}/tax-settings`, { reason: REASON, body: { tax_id: '12345678901' } }),
      'DE-2026.4/tax/tax_id_checksum',
    );
    const r = await patch(
      e.id,
      { tax_class: 3, tax_id: TAX_ID, church_tax: true, church_tax_denomination: 'RK', state: 'BY', children: 2 },
      '/tax-settings',
    );
    assert.deepEqual(r.tax_profile, {
      tax_class: 3,
      church_tax: true,
      church_tax_denomination: 'rk',
      state: 'BY',
      child_allowances: 2,
      tax_id_attested: true,
    });
    const view = ok(await api.call('GET', `${E(e.id)}/tax-settings`)).data;
    assert.equal(view.tax_class, 3);
    assert.equal(view.tax_id_attested, true);
    assert.ok(!JSON.stringify(view).includes(TAX_ID), 'no raw Steuer-ID');
  });

  test('bank-accounts takes an IBAN, BIC and account holder; a bad IBAN is 422', async () => {
    const e = await hire();
    expect422(
      await api.call('PATCH', `${E(e.id)}/bank-accounts`, { reason: REASON, body: { iban: 'DE00370400440532013000' } }),
      'DE-2026.4/bank/iban_checksum',
    );
    const r = await patch(e.id, { iban: IBAN, bic: 'COBADEFFXXX', account_name: 'Jana Vogel' }, '/bank-accounts');
    assert.equal(r.statutory.de.iban_attested, true);
    assert.deepEqual(ok(await api.call('GET', `${E(e.id)}/bank-accounts`)).data, {
      iban_attested: true,
      attested: true,
      iban_last4: '3000',
      country: 'DE',
      bic: 'COBADEFFXXX',
      account_name: 'Jana Vogel',
    });
  });

  test('pension shows statutory pension insurance, which can be switched off', async () => {
    const e = await hire();
    assert.deepEqual(ok(await api.call('GET', `${E(e.id)}/pension`)).data, { pension_insurance: true });
    const r = await patch(e.id, { pension_insurance: false }, '/pension');
    assert.deepEqual(r.retirement, { pension_insurance: false });
    assert.deepEqual(ok(await api.call('GET', `${E(e.id)}/pension`)).data, { pension_insurance: false });
  });

  test('readiness: social and bank tabs; no IBAN blocks finalise, a missing SV-Nummer does not', async () => {
    const e = await hire({
      date_of_birth: '1988-03-14',
      employment: { annual_salary: 60000, start_date: '2024-01-01' },
      statutory: { de: { tax_class: 1, tax_id: TAX_ID, health_insurance: { type: 'statutory' } } },
    });
    const r = ok(await api.call('GET', `${E(e.id)}/readiness`)).data;
    assert.equal(r.jurisdiction, 'DE');
    assert.deepEqual(Object.keys(r.tabs).sort(), ['bank', 'employment', 'personal', 'social', 'tax']);
    assert.equal(r.blocks_finalise, true);
    // The health insurer is needed for the Beitragsnachweis only: it is listed, and does not block pay.
    assert.deepEqual(r.unverified_requirements.sort(), ['address', 'health_insurer', 'iban', 'social_security_number']);
    assert.deepEqual(r.needed_for, { health_insurer: ['beitragsnachweis'] });
    await patch(e.id, { iban: IBAN }, '/bank-accounts');
    const after = ok(await api.call('GET', `${E(e.id)}/completeness`)).data;
    assert.equal(after.blocks_finalise, false);
    assert.deepEqual(after.unverified_requirements, ['address', 'health_insurer', 'social_security_number']);
  });

  test('readiness: the home address is outstanding until given; someone with no SV-Nummer yet owes none', async () => {
    const e = await hire({
      date_of_birth: '2004-09-01',
      employment: { annual_salary: 60000, start_date: '2024-01-01' },
      statutory: {
        de: {
          tax_class: 1,
          tax_id: TAX_ID,
          iban: IBAN,
          health_insurance: { type: 'statutory', insurer: { name: 'AOK Bayern', betriebsnummer: '87880235' } },
        },
      },
    });
    const missing = async () => ok(await api.call('GET', `${E(e.id)}/readiness`)).data.unverified_requirements;
    assert.deepEqual((await missing()).sort(), ['address', 'social_security_number']);
    const home = { line1: 'Leopoldstraße 3', locality: 'München', postcode: '80802', country: 'DE' };
    ok(await api.call('PATCH', E(e.id), { reason: REASON, body: { address: home } }));
    assert.deepEqual(await missing(), ['social_security_number']);
    await patch(e.id, { no_insurance_number_yet: true }, '/pension');
    assert.deepEqual(await missing(), []);
    // The onboarding wizard's hire: a Minijob with no number yet, taken as it comes.
    const mini = await hire({
      date_of_birth: '2005-03-17',
      address: home,
      employment: { type: 'part_time', hourly_rate: 13.9, hours_per_week: 10, start_date: '2026-11-01' },
      statutory: {
        de: {
          tax_class: 1,
          tax_id: TAX_ID,
          iban: IBAN,
          employment_kind: 'minijob',
          minijob_taxation: 'flat',
          no_insurance_number_yet: true,
          health_insurance: { type: 'statutory', insurer: { name: 'AOK Bayern', betriebsnummer: '87880235' } },
        },
      },
    });
    assert.deepEqual(ok(await api.call('GET', `${E(mini.id)}/readiness`)).data.unverified_requirements, []);
  });
});

describe('effective dating', () => {
  test("a future effective_from leaves today's value alone; as_of before the date reads the old value, on or after it the new", async () => {
    const e = await hire();
    const r = ok(
      await api.call('PATCH', E(e.id), {
        reason: REASON,
        body: { employment: { annual_salary: 72000 }, effective_from: '2027-01-01' },
      }),
    );
    assert.equal(r.data.employment.annual_salary, '60000.00');
    assert.equal(r.data.as_of, TODAY);
    assert.equal((await read(e.id)).employment.annual_salary, '60000.00');
    assert.equal((await read(e.id, '2026-12-31')).employment.annual_salary, '60000.00');
    assert.equal((await read(e.id, '2027-01-01')).employment.annual_salary, '72000.00');
    assert.equal((await read(e.id, '2027-06-30')).employment.annual_salary, '72000.00');
    assert.equal((await read(e.id, '2027-06-30')).as_of, '2027-06-30');
  });

  test('the response reads as of the as_of query when one is given', async () => {
    const e = await hire();
    const r = ok(
      await api.call('PATCH', `${E(e.id)}?as_of=2027-02-01`, {
        reason: REASON,
        body: { employment: { annual_salary: 65000 }, effective_from: '2027-01-01' },
      }),
    );
    assert.equal(r.data.employment.annual_salary, '65000.00');
  });

  test('the list reads as of a date too', async () => {
    const e = await hire({ last_name: 'Listed' });
    await patch(e.id, { employment: { annual_salary: 81000 }, effective_from: '2027-04-01' });
    const row = async (asOf: string) =>
      ok(await api.call('GET', `/v1/tenants/${t}/employees?as_of=${asOf}&limit=200`)).data.find(
        (x: any) => x.id === e.id,
      );
    assert.equal((await row(TODAY)).employment.annual_salary, '60000.00');
    assert.equal((await row('2027-04-01')).employment.annual_salary, '81000.00');
  });

  test('a dated list pages in name order as of its date, each employee once', async () => {
    const own = ok(
      await api.call('POST', '/v1/partners/tenants', {
        body: { name: 'Renamed GmbH', jurisdiction: 'DE', engine: 'payroll_engine' },
      }),
      201,
    ).data.tenant.id;
    const made: Record<string, string> = {};
    for (const last of ['Adler', 'Berg', 'Christ', 'Dorn']) made[last] = (await hire({ last_name: last }, own)).id;
    ok(
      await api.call('PATCH', `/v1/tenants/${own}/employees/${made.Adler}`, {
        reason: REASON,
        body: { last_name: 'Zimmer', effective_from: '2027-01-01' },
      }),
    );
    const walk = async (asOf: string) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 10; i++) {
        const body: any = ok(
          await api.call(
            'GET',
            `/v1/tenants/${own}/employees?as_of=${asOf}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          ),
        );
        seen.push(...body.data.map((e: { last_name: string }) => e.last_name));
        cursor = body.next_cursor;
        if (!cursor) break;
      }
      return seen;
    };
    assert.deepEqual(await walk(TODAY), ['Adler', 'Berg', 'Christ', 'Dorn']);
    assert.deepEqual(await walk('2027-01-01'), ['Berg', 'Christ', 'Dorn', 'Zimmer']);
  });

  test('overlapping changes fold per field: a salary change from 2027 and a tax-class change from today both show in 2027', async () => {
    const e = await hire({ statutory: { de: { tax_class: 1, church_tax: false } } });
    await patch(e.id, { employment: { annual_salary: 70000 }, effective_from: '2027-01-01' });
    await patch(e.id, { statutory: { de: { tax_class: 3 } } });
    const now = await read(e.id);
    assert.deepEqual([now.employment.annual_salary, now.tax_profile.tax_class], ['60000.00', 3]);
    const y2027 = await read(e.id, '2027-01-01');
    assert.deepEqual([y2027.employment.annual_salary, y2027.tax_profile.tax_class], ['70000.00', 3]);
    const before = await read(e.id, '2026-11-20');
    assert.deepEqual([before.employment.annual_salary, before.tax_profile.tax_class], ['60000.00', 1]);
  });

  test('changes written out of date order apply in effective order, each field from its own latest change', async () => {
    const e = await hire({
      employment: { annual_salary: 60000, hours_per_week: 40 },
      statutory: { de: { tax_class: 1 } },
    });
    await patch(e.id, { employment: { annual_salary: 66000 }, effective_from: '2027-03-01' });
    await patch(e.id, {
      employment: { hours_per_week: 32 },
      statutory: { de: { tax_class: 4 } },
      effective_from: '2027-02-01',
    });
    await patch(e.id, { employment: { annual_salary: 63000 }, effective_from: '2027-01-01' });
    const at = async (d: string) => {
      const x = await read(e.id, d);
      return [x.employment.annual_salary, x.employment.hours_per_week, x.tax_profile.tax_class];
    };
    assert.deepEqual(await at(TODAY), ['60000.00', '40', 1]);
    assert.deepEqual(await at('2027-01-15'), ['63000.00', '40', 1]);
    assert.deepEqual(await at('2027-02-15'), ['63000.00', '32', 4]);
    assert.deepEqual(await at('2027-03-15'), ['66000.00', '32', 4]);
  });

  test('settings writes are effective-dated as well', async () => {
    const e = await hire({ statutory: { de: { tax_class: 1 } } });
    await patch(e.id, { tax_class: 2, children: 1, effective_from: '2027-01-01' }, '/tax-settings');
    assert.equal((await read(e.id)).tax_profile.tax_class, 1);
    assert.deepEqual(
      [
        (await read(e.id, '2027-01-01')).tax_profile.tax_class,
        (await read(e.id, '2027-01-01')).tax_profile.child_allowances,
      ],
      [2, 1],
    );
  });

  test('a past effective_from changes the past and today, not the time before it', async () => {
    const e = await hire();
    await patch(e.id, { employment: { annual_salary: 61000 }, effective_from: '2026-10-01' });
    assert.equal((await read(e.id)).employment.annual_salary, '61000.00');
    assert.equal((await read(e.id, '2026-09-30')).employment.annual_salary, '60000.00');
  });

  test('a malformed as_of or effective_from is 400', async () => {
    const e = await hire();
    assert.equal((await api.call('GET', `${E(e.id)}?as_of=2027-02-30`)).status, 400);
    assert.equal(
      (await api.call('PATCH', E(e.id), { reason: REASON, body: { effective_from: '01.01.2027' } })).status,
      400,
    );
  });

  test('reactivating keeps future-dated terms in the future', async () => {
    const e = await hire();
    await patch(e.id, { employment: { annual_salary: 90000 }, effective_from: '2027-01-01' });
    ok(
      await api.call('POST', `${E(e.id)}/end-employment`, {
        reason: REASON,
        body: { effective_date: '2026-12-15', reason_code: 'V' },
      }),
    );
    const back = ok(await api.call('POST', `${E(e.id)}/reactivate`, { reason: REASON })).data;
    assert.equal(back.employment.annual_salary, '60000.00');
    assert.equal((await read(e.id)).employment.annual_salary, '60000.00');
    assert.equal((await read(e.id, '2027-01-01')).employment.annual_salary, '90000.00');
  });

  test('a leaver reads active before the leaving date and terminated from it', async () => {
    const e = await hire();
    ok(await api.call('POST', `${E(e.id)}/end-employment`, { reason: REASON, body: { reason_code: 'I' } }));
    assert.equal((await read(e.id)).status, 'terminated');
    assert.equal((await read(e.id, '2026-11-20')).status, 'active');
    const f = await hire();
    ok(await api.call('POST', `${E(f.id)}/end-employment`, { reason: REASON, body: { effective_date: '2027-01-31' } }));
    assert.equal((await read(f.id)).status, 'active');
    assert.equal((await read(f.id, '2027-01-30')).status, 'active');
    assert.equal((await read(f.id, '2027-01-31')).status, 'terminated');
  });

  test('the same dated requests on an AU tenant are 501 effective_dating', async () => {
    const au = ok(
      await api.call('POST', '/v1/partners/tenants', {
        body: { name: 'AU Side', jurisdiction: 'AU', engine: 'payroll_engine_au' },
      }),
      201,
    ).data.tenant.id;
    const e = await hire({ statutory: { au: { no_number_reason: 'applied_for' } } }, au);
    const threshold = ok(await api.call('GET', `/v1/tenants/${au}/employees/${e.id}`)).data.statutory.au
      .tax_free_threshold;
    const calls: [string, string, unknown][] = [
      [
        'PATCH',
        `/v1/tenants/${au}/employees/${e.id}`,
        { employment: { annual_salary: 72000 }, effective_from: '2027-01-01' },
      ],
      ['GET', `/v1/tenants/${au}/employees/${e.id}?as_of=2027-01-01`, undefined],
      ['GET', `/v1/tenants/${au}/employees/${e.id}?as_of=2026-11-20`, undefined],
      ['GET', `/v1/tenants/${au}/employees?as_of=2027-01-01`, undefined],
      [
        'PATCH',
        `/v1/tenants/${au}/employees/${e.id}/tax-settings`,
        { tax_free_threshold: false, effective_from: '2027-01-01' },
      ],
    ];
    for (const [method, path, body] of calls) {
      const r = await api.call(method, path, { reason: REASON, body });
      assert.equal(r.status, 501, `${method} ${path}`);
      assert.equal(r.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
      assert.equal(r.body.error.capability, 'effective_dating');
      assert.equal(r.body.error.pack, 'AU-2026.2');
      assert.ok(Array.isArray(r.body.error.alternatives), 'alternatives is a list');
    }
    const now = ok(await api.call('GET', `/v1/tenants/${au}/employees/${e.id}`)).data;
    assert.equal(now.employment.annual_salary, '60000.00');
    assert.equal(now.statutory.au.tax_free_threshold, threshold);
  });
});

describe('as_of on every employee sub-resource', () => {
  test('tax settings, bank account, pension and readiness read as of the date asked for, not today', async () => {
    const e = await hire({ statutory: { de: { tax_class: 1, pension_insurance: true } } });
    await patch(e.id, { tax_class: 3, effective_from: '2027-01-01' }, '/tax-settings');
    await patch(e.id, { iban: IBAN, effective_from: '2027-01-01' }, '/bank-accounts');
    await patch(e.id, { pension_insurance: false, effective_from: '2027-01-01' }, '/pension');
    const get = async (path: string, asOf?: string) =>
      ok(await api.call('GET', `${E(e.id)}${path}${asOf ? `?as_of=${asOf}` : ''}`)).data;

    assert.equal((await get('/tax-settings')).tax_class, 1);
    assert.equal((await get('/tax-settings', '2026-12-31')).tax_class, 1);
    assert.equal((await get('/tax-settings', '2027-01-01')).tax_class, 3);

    assert.equal((await get('/bank-accounts')).iban_attested, false);
    const bank2027 = await get('/bank-accounts', '2027-01-01');
    assert.deepEqual([bank2027.iban_attested, bank2027.iban_last4], [true, '3000']);

    assert.equal((await get('/pension')).pension_insurance, true);
    assert.equal((await get('/pension', '2027-01-01')).pension_insurance, false);

    for (const path of ['/readiness', '/completeness']) {
      assert.ok((await get(path)).unverified_requirements.includes('iban'), `${path} today`);
      assert.ok(!(await get(path, '2027-01-01')).unverified_requirements.includes('iban'), `${path} in 2027`);
    }
  });

  test('the leaver writes answer as of as_of too', async () => {
    const e = await hire();
    const ended = ok(
      await api.call('POST', `${E(e.id)}/end-employment?as_of=2027-02-01`, {
        reason: REASON,
        body: { effective_date: '2027-01-31' },
      }),
    ).data;
    assert.deepEqual([ended.status, ended.as_of], ['terminated', '2027-02-01']);
    const back = ok(await api.call('POST', `${E(e.id)}/reactivate?as_of=2027-02-01`, { reason: REASON })).data;
    assert.deepEqual([back.status, back.as_of], ['active', '2027-02-01']);
    const gone = ok(await api.call('DELETE', `${E(e.id)}?as_of=2026-11-20`, { reason: REASON })).data;
    assert.deepEqual([gone.status, gone.as_of], ['active', '2026-11-20'], 'terminated from today, not before');
    assert.equal((await read(e.id)).status, 'terminated');
  });

  test('a cost-centre assignment holds on every date, so a dated assignment is answered', async () => {
    const e = await hire();
    ok(
      await api.call('POST', `/v1/tenants/${t}/cost-centres`, { reason: REASON, body: { code: 'DATED', name: 'D' } }),
      201,
    );
    const r = ok(
      await api.call('PUT', `${E(e.id)}/cost-centre?as_of=2027-01-01`, {
        reason: REASON,
        body: { cost_centre_code: 'DATED' },
      }),
    ).data;
    assert.equal(r.cost_centre_code, 'DATED');
    assert.equal((await read(e.id, '2027-01-01')).cost_centre_code, 'DATED');
    ok(await api.call('DELETE', `${E(e.id)}/cost-centre?as_of=2026-01-01`, { reason: REASON }));
  });
});
