// Validation without a write and the tenant's readiness summary, through the real app: a draft employee
// (before any id exists) and a change of tax, bank or pension settings are checked against the same intake
// and pack rules their writes run, with every violation at once, nothing stored and no evidence; the
// readiness summary lists the company's items and each active employee that misses something, verdicts only.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';

const TFN = '123456782';
const TAX_ID = '36574261809';
const SVNR = '65170839J003';
const IBAN = 'DE89370400440532013000';

let api: TestApi;
let au: string;
let de: string;

const ok = (r: Reply, status = 200) => {
  assert.equal(r.status, status, JSON.stringify(r.body));
  return r.body;
};

async function newTenant(jurisdiction: 'AU' | 'DE', pack_version?: string): Promise<string> {
  const engine = jurisdiction === 'AU' ? 'payroll_engine_au' : 'payroll_engine';
  const body = { name: `Ready ${jurisdiction}`, jurisdiction, engine, ...(pack_version ? { pack_version } : {}) };
  return ok(await api.call('POST', '/v1/partners/tenants', { body }), 201).data.tenant.id;
}

const auEmployee = (extra: Record<string, unknown> = {}) => ({
  first_name: 'Ann',
  last_name: 'Lee',
  date_of_birth: '1990-04-02',
  address: { line1: '14 Wharf Road', locality: 'Pyrmont', state: 'NSW', postcode: '2009', country: 'AU' },
  employment: { type: 'full_time', annual_salary: '85000', pay_frequency: 'fortnightly', start_date: '2026-11-02' },
  statutory: { au: { tfn: TFN, residency: 'resident', tax_free_threshold: true } },
  ...extra,
});
const auBank = { bank_bsb: '062-000', bank_account_number: '12345678', bank_account_name: 'Ann Lee' };
const auSuper = { super_fund_name: 'AustralianSuper', super_usi: 'STA0100AU', super_member_number: '880012345' };

async function hire(t: string, body: Record<string, unknown>) {
  return ok(await api.call('POST', `/v1/tenants/${t}/employees`, { reason: REASON, body }), 201).data;
}
const validate = async (t: string, body: unknown, key?: string) =>
  api.call('POST', `/v1/tenants/${t}/employees/validate`, { body, key });
const trailSize = async (t: string) =>
  ok(await api.call('GET', `/v1/tenants/${t}/governance/audit-trail?limit=200`)).data.length;
const paths = (body: any) => body.data.violations.map((v: { path: string }) => v.path).sort();

before(async () => {
  api = await startTestApi();
  au = await newTenant('AU');
  de = await newTenant('DE');
});
after(async () => {
  await api.close();
});

describe('POST employees/validate: a draft employee checked before it exists', () => {
  test('a complete AU draft (employee, bank, super) is valid, and nothing is written', async () => {
    const before = await trailSize(au);
    const body = ok(await validate(au, { employee: auEmployee(), bank: auBank, pension: auSuper }));
    assert.deepEqual(body.data, { valid: true, violations: [] });
    assert.equal(body.evidence_id, undefined, 'no evidence for a check');
    assert.equal(await trailSize(au), before, 'no evidence record');
    assert.equal(ok(await api.call('GET', `/v1/tenants/${au}/employees`)).total, 0, 'no employee was created');
  });

  test('every broken rule at once, each against its field, with the pack rule reference', async () => {
    const r = ok(
      await validate(au, {
        employee: auEmployee({
          last_name: undefined,
          statutory: { au: { tfn: '123456789', residency: 'martian' } },
        }),
        bank: { bank_bsb: '06200', bank_account_number: '12AB', bank_account_name: 'Ann Lee' },
        pension: { super_usi: 'nope' },
      }),
    );
    assert.equal(r.data.valid, false);
    // The request schema refuses the missing name (no rule); intake stops at the first failing group, as the write does.
    assert.deepEqual(paths(r), [
      'bank.bank_account_number',
      'bank.bank_bsb',
      'employee.last_name',
      'pension.super_usi',
    ]);
    const byPath = Object.fromEntries(r.data.violations.map((v: any) => [v.path, v]));
    assert.equal(byPath['employee.last_name'].rule, null);
    assert.match(byPath['bank.bank_bsb'].rule, /^AU-\d{4}\.\d\/bank\/bsb_format$/);
    assert.match(byPath['pension.super_usi'].rule, /\/super\/usi_format$/);
    // With the name given, the statutory rules answer too: residency first (the declaration), then the TFN.
    const s = ok(
      await validate(au, { employee: auEmployee({ statutory: { au: { tfn: '123456789', residency: 'martian' } } }) }),
    );
    assert.deepEqual(paths(s), ['employee.statutory.au.residency']);
    const tfn = ok(await validate(au, { employee: auEmployee({ statutory: { au: { tfn: '123456789' } } }) }));
    assert.deepEqual(tfn.data.violations, [
      {
        path: 'employee.statutory.au.tfn',
        rule: tfn.data.violations[0].rule,
        message: tfn.data.violations[0].message,
      },
    ]);
    assert.match(tfn.data.violations[0].rule, /\/tax\/tfn_checksum$/);
    assert.ok(!JSON.stringify(tfn).includes('123456789'), 'the number is never echoed');
  });

  test('a draft without identifiers (as the SDK sends it) is checked on everything else', async () => {
    const r = ok(
      await validate(au, {
        employee: auEmployee({ statutory: { au: { residency: 'resident', tax_free_threshold: true } } }),
        bank: { bank_bsb: '062-000', bank_account_name: 'Ann Lee' },
        pension: { super_fund_name: 'AustralianSuper', super_usi: 'STA0100AU' },
      }),
    );
    // A hire may come before the TFN declaration (SPEC.md, Employees): its absence is no violation, and
    // neither is a draft with the reason instead.
    assert.deepEqual(r.data, { valid: true, violations: [] });
    const reason = ok(
      await validate(au, {
        employee: auEmployee({ statutory: { au: { no_number_reason: 'applied_for', residency: 'resident' } } }),
      }),
    );
    assert.deepEqual(reason.data, { valid: true, violations: [] });
  });

  test('every choice of fund as the wizard sends it (identifiers withheld): what each still needs, by field', async () => {
    const check = async (pension: Record<string, unknown>) =>
      paths(ok(await validate(au, { employee: auEmployee(), pension })));
    assert.deepEqual(
      await check({ fund_choice: 'apra', super_fund_name: 'AustralianSuper', super_usi: 'STA0100AU' }),
      [],
    );
    assert.deepEqual(await check({ fund_choice: 'employer_default', super_fund_name: 'Hostplus' }), [
      'pension.super_usi',
    ]);
    assert.deepEqual(await check({ fund_choice: 'stapled_requested' }), []);
    const smsf = { fund_choice: 'smsf', smsf_account_name: 'Lee Family Super Fund', smsf_abn: '51824753556' };
    // Without the account number (withheld by the SDK, which checks it itself) only that one is named.
    assert.deepEqual(await check({ ...smsf, smsf_esa: 'ESAS', smsf_bsb: '062-000' }), ['pension.smsf_account_number']);
    assert.deepEqual(
      await check({ ...smsf, smsf_esa: 'ESAS', smsf_bsb: '062-000', smsf_account_number: '98765432' }),
      [],
    );
    assert.deepEqual(
      await check({
        ...smsf,
        smsf_abn: '51824753557',
        smsf_esa: '!',
        smsf_bsb: '062-000',
        smsf_account_number: '98765432',
      }),
      ['pension.smsf_abn', 'pension.smsf_esa'],
    );
    assert.deepEqual(await check({ fund_choice: 'self' }), ['pension.fund_choice']);
  });

  test('an identifier outside its intake field or an attestation is a violation naming the field to use', async () => {
    const r = ok(
      await validate(au, {
        employee: auEmployee({ bank_account_number: '12345678' }),
        bank: { ...auBank, account_enc: 'x' },
      }),
    );
    assert.deepEqual(paths(r), ['bank.account_enc', 'employee.bank_account_number']);
    assert.ok(r.data.violations.every((v: any) => v.rule === null));
  });

  test('an inactive cost centre is a violation; a wrong type is one against its field', async () => {
    const r = ok(
      await validate(au, { employee: auEmployee({ cost_centre_code: 'NOPE', employment: { hours_per_week: 'x' } }) }),
    );
    assert.deepEqual(paths(r), ['employee.employment.hours_per_week']);
    const c = ok(await validate(au, { employee: auEmployee({ cost_centre_code: 'NOPE' }) }));
    assert.deepEqual(paths(c), ['employee.cost_centre_code']);
  });

  test('DE: the salary rule, the Steuer-ID and the tax class against their fields; the IBAN in the bank part', async () => {
    const r = ok(
      await validate(de, {
        employee: {
          first_name: 'Jonas',
          last_name: 'Becker',
          employment: { pay_frequency: 'monthly' },
          statutory: { de: { tax_class: 1, tax_id: '36574261808' } },
        },
        bank: { iban: 'DE89370400440532013001', bic: 'COBADEFFXXX' },
      }),
    );
    assert.deepEqual(paths(r), ['bank.iban', 'employee.statutory.de.tax_id']);
    const salary = ok(
      await validate(de, {
        employee: { first_name: 'Jonas', last_name: 'Becker', statutory: { de: { tax_class: 1 } } },
      }),
    );
    assert.deepEqual(
      salary.data.violations.map((v: any) => [v.path, v.rule.replace(/^DE-\d{4}\.\d\//, '')]),
      [['employee.employment.annual_salary', 'employee/salary_required']],
    );
    const klass = ok(
      await validate(de, {
        employee: {
          first_name: 'Jonas',
          last_name: 'Becker',
          employment: { annual_salary: '60000' },
          statutory: { de: { tax_class: 9 } },
        },
      }),
    );
    assert.deepEqual(paths(klass), ['employee.statutory.de.tax_class']);
    const good = ok(
      await validate(de, {
        employee: {
          first_name: 'Jonas',
          last_name: 'Becker',
          employment: { annual_salary: '60000', pay_frequency: 'monthly' },
          statutory: { de: { tax_class: 1, tax_id: TAX_ID, svnr: SVNR, church_tax: false } },
        },
        bank: { iban: IBAN, bic: 'COBADEFFXXX' },
      }),
    );
    assert.deepEqual(good.data, { valid: true, violations: [] });
  });

  test('the body must name its parts: anything else is a 400', async () => {
    const r = await validate(au, { first_name: 'Ann' });
    assert.equal(r.status, 400);
    assert.equal(r.body.error.code, 'bad_request');
  });
});

describe('POST …/{settings}/validate: a change checked, not written', () => {
  let id: string;
  before(async () => {
    id = (await hire(au, auEmployee())).id;
  });
  const E = () => `/v1/tenants/${au}/employees/${id}`;

  test('bank: violations by field; a good change is valid and the employee is unchanged', async () => {
    const before = await trailSize(au);
    const bad = ok(
      await api.call('POST', `${E()}/bank-accounts/validate`, {
        body: { bank_bsb: '06200', bank_account_number: '12AB', bank_account_name: ' ' },
      }),
    );
    assert.deepEqual(paths(bad), ['bank_account_name', 'bank_account_number', 'bank_bsb']);
    const good = ok(await api.call('POST', `${E()}/bank-accounts/validate`, { body: auBank }));
    assert.deepEqual(good.data, { valid: true, violations: [] });
    const bank = ok(await api.call('GET', `${E()}/bank-accounts`)).data;
    assert.equal(bank.attested, false, 'nothing was written');
    assert.equal(await trailSize(au), before);
  });

  test('tax and pension: the rule references of their writes', async () => {
    const tax = ok(await api.call('POST', `${E()}/tax-settings/validate`, { body: { tfn: '123456789' } }));
    assert.deepEqual(paths(tax), ['tfn']);
    assert.match(tax.data.violations[0].rule, /\/tax\/tfn_checksum$/);
    const pension = ok(
      await api.call('POST', `${E()}/pension/validate`, { body: { super_usi: 'nope', smsf_bsb: '1' } }),
    );
    assert.deepEqual(paths(pension), ['smsf_bsb', 'super_usi']);
    const settled = ok(await api.call('POST', `${E()}/pension/validate`, { body: auSuper }));
    assert.equal(settled.data.valid, true);
  });

  test('DE: a tax class out of range and a bad IBAN name the fields the body sent', async () => {
    const j = await hire(de, {
      first_name: 'Mia',
      last_name: 'Wolf',
      employment: { annual_salary: '52000', pay_frequency: 'monthly' },
      statutory: { de: { tax_class: 1 } },
    });
    const D = `/v1/tenants/${de}/employees/${j.id}`;
    const tax = ok(await api.call('POST', `${D}/tax-settings/validate`, { body: { tax_class: 7 } }));
    assert.deepEqual(paths(tax), ['tax_class']);
    const bank = ok(await api.call('POST', `${D}/bank-accounts/validate`, { body: { iban: 'DE00' } }));
    assert.deepEqual(paths(bank), ['iban']);
    const good = ok(await api.call('POST', `${D}/bank-accounts/validate`, { body: { iban: IBAN } }));
    assert.equal(good.data.valid, true);
  });

  test('an unknown employee is 404; a future effective_from on a pack without effective dating is 501', async () => {
    const r = await api.call('POST', `/v1/tenants/${au}/employees/emp_0000000000000000/bank-accounts/validate`, {
      body: auBank,
    });
    assert.equal(r.status, 404);
    const dated = await api.call('POST', `${E()}/bank-accounts/validate`, {
      body: { ...auBank, effective_from: '2027-01-01' },
    });
    assert.equal(dated.status, 501);
    assert.equal(dated.body.error.code, 'CAPABILITY_NOT_SUPPORTED');
  });

  test('an embed token without the form in its allowlist may check (the host writes), a viewer may not', async () => {
    const embed = ok(
      await api.call('POST', `/v1/tenants/${au}/embed/token`, { body: { components: ['payslip-viewer'] } }),
      201,
    ).data.token;
    ok(await api.call('POST', `${E()}/bank-accounts/validate`, { body: auBank, key: embed }));
    const viewer = ok(
      await api.call('POST', `/v1/tenants/${au}/users/token`, { body: { role: 'viewer', user_id: 'v1' } }),
      201,
    ).data.token;
    assert.equal((await api.call('POST', `${E()}/bank-accounts/validate`, { body: auBank, key: viewer })).status, 403);
    assert.equal((await validate(au, { employee: auEmployee() }, viewer)).status, 403);
  });
});

describe('GET readiness: what the employer must complete before the next pay run', () => {
  let t: string;
  before(async () => {
    t = await newTenant('AU');
  });
  const R = () => `/v1/tenants/${t}/readiness`;

  test('an empty AU tenant: the company bank blocks, the ABN is missing, nobody to check', async () => {
    const r = ok(await api.call('GET', R())).data;
    assert.deepEqual(r.company, [
      { kind: 'company_bank', status: 'missing', blocking: true },
      { kind: 'abn', status: 'missing', blocking: false },
    ]);
    assert.equal(r.ready, false);
    assert.deepEqual(r.counts, { employees: 0, employees_blocked: 0, employees_incomplete: 0, company_missing: 2 });
  });

  test('employees missing blocking items come first; completing them makes the tenant ready; no values shown', async () => {
    const done = await hire(t, auEmployee({ first_name: 'Zoe' }));
    const E = `/v1/tenants/${t}/employees/${done.id}`;
    ok(await api.call('PATCH', `${E}/bank-accounts`, { reason: REASON, body: auBank }));
    ok(await api.call('PATCH', `${E}/pension`, { reason: REASON, body: auSuper }));
    const noTfn = await hire(
      t,
      auEmployee({
        first_name: 'Bea',
        statutory: { au: { residency: 'resident', no_number_reason: 'applied_for', tax_free_threshold: true } },
      }),
    );
    const blocked = await hire(t, auEmployee({ first_name: 'Cam' }));
    const left = await hire(t, auEmployee({ first_name: 'Dan' }));
    ok(
      await api.call('POST', `/v1/tenants/${t}/employees/${left.id}/end-employment`, {
        reason: REASON,
        body: { effective_date: '2026-11-01' },
      }),
    );
    ok(
      await api.call('PATCH', `/v1/tenants/${t}/company/bank`, {
        reason: REASON,
        body: { bsb: '062-000', account_number: '10457891', account_name: 'Ready AU', abn: '51824753556' },
      }),
    );
    const r = ok(await api.call('GET', R())).data;
    assert.deepEqual(
      r.company.map((c: any) => c.status),
      ['complete', 'complete'],
    );
    assert.deepEqual(
      r.employees.map((e: any) => [e.name, e.blocks_finalise, e.blocking]),
      [
        ['Cam Lee', true, ['bank_account', 'super_fund']],
        ['Bea Lee', true, ['bank_account', 'super_fund']],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    assert.deepEqual(r.employees.find((e: any) => e.employee_id === noTfn.id).missing, [
      'tfn_applied_for',
      'bank_account',
      'super_fund',
    ]);
    assert.deepEqual(r.counts, { employees: 3, employees_blocked: 2, employees_incomplete: 2, company_missing: 0 });
    assert.equal(r.ready, false);
    for (const e of [blocked, noTfn]) {
      const P = `/v1/tenants/${t}/employees/${e.id}`;
      ok(await api.call('PATCH', `${P}/bank-accounts`, { reason: REASON, body: auBank }));
      ok(await api.call('PATCH', `${P}/pension`, { reason: REASON, body: auSuper }));
    }
    const reply = await api.call('GET', R());
    const after = ok(reply);
    assert.equal(after.data.ready, true);
    assert.deepEqual(
      after.data.employees.map((e: any) => [e.name, e.blocks_finalise, e.missing]),
      [['Bea Lee', false, ['tfn_applied_for']]],
    );
    for (const raw of [TFN, '12345678', '10457891', '880012345']) assert.ok(!reply.text.includes(raw));
  });

  test('a data-scoped user sees only the employees in its scope; a pinned token may not read it', async () => {
    ok(
      await api.call('POST', `/v1/tenants/${t}/cost-centres`, { reason: REASON, body: { code: 'OPS', name: 'Ops' } }),
      201,
    );
    await hire(t, auEmployee({ first_name: 'Ola', cost_centre_code: 'OPS' }));
    const scoped = ok(
      await api.call('POST', `/v1/tenants/${t}/users/token`, {
        body: { role: 'viewer', user_id: 'scoped', scope: { cost_centres: ['OPS'] } },
      }),
      201,
    ).data.token;
    const r = ok(await api.call('GET', R(), { key: scoped })).data;
    assert.deepEqual(
      r.employees.map((e: any) => e.name),
      ['Ola Lee'],
    );
    assert.equal(r.counts.employees, 1);
    const someone = ok(await api.call('GET', `/v1/tenants/${t}/employees?limit=1`)).data[0].id;
    const pinned = ok(
      await api.call('POST', `/v1/tenants/${t}/embed/token`, { body: { components: ['*'], employee_id: someone } }),
      201,
    ).data.token;
    assert.equal((await api.call('GET', R(), { key: pinned })).status, 403);
  });

  test('DE-2026.1: no payment file, so the company bank does not block; the Betriebsnummer is listed', async () => {
    const d = await newTenant('DE', 'DE-2026.1');
    await hire(d, {
      first_name: 'Lena',
      last_name: 'Koch',
      employment: { annual_salary: '60000', pay_frequency: 'monthly', start_date: '2026-01-01' },
      statutory: { de: { tax_class: 1, tax_id: TAX_ID, iban: IBAN } },
    });
    const r = ok(await api.call('GET', `/v1/tenants/${d}/readiness`)).data;
    // The employer fields the statutory outputs are drawn up with are listed with the outputs they hold up.
    assert.deepEqual(r.company, [
      { kind: 'company_bank', status: 'missing', blocking: false },
      {
        kind: 'betriebsnummer',
        status: 'missing',
        blocking: false,
        needed_for: ['beitragsnachweis', 'minijob-beitragsnachweis'],
      },
      {
        kind: 'steuernummer',
        status: 'missing',
        blocking: false,
        needed_for: ['lohnsteuer-anmeldung', 'minijob-beitragsnachweis'],
      },
      { kind: 'lsta_period', status: 'missing', blocking: false, needed_for: ['lohnsteuer-anmeldung'] },
    ]);
    assert.equal(r.ready, true);
    assert.deepEqual(
      r.employees.map((e: any) => [e.blocks_finalise, e.missing]),
      [[false, ['date_of_birth', 'address', 'health_insurance', 'social_security_number']]],
    );
  });

  test('DE-2026.2 pays by SEPA file, so a missing company bank blocks', async () => {
    const d = await newTenant('DE');
    const r = ok(await api.call('GET', `/v1/tenants/${d}/readiness`)).data;
    assert.deepEqual(r.company[0], { kind: 'company_bank', status: 'missing', blocking: true });
    assert.equal(r.ready, false);
  });

  test("an employee's own readiness names its blocking items", async () => {
    const e = await hire(au, auEmployee({ first_name: 'Ivy' }));
    const r = ok(await api.call('GET', `/v1/tenants/${au}/employees/${e.id}/readiness`)).data;
    assert.deepEqual(r.blocking, ['bank_account', 'super_fund']);
    assert.equal(r.blocks_finalise, true);
  });
});
