// Server-owned fields and identifiers under other names, on every path a client writes through: employee
// create and patch, the tax, bank and pension settings and the company bank, at the top level and inside
// nested pass-through objects, in snake, camel and Pascal case. Attestations (`*_attested`), sealed values
// (`*_enc`), hashes (`*_hash`), masked digits (`*_last3`, `*_last4`) and fields Payrail derives are 400;
// an identifier sent anywhere but its own intake field is 400 naming the field to use. Nothing changes.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';

let api: TestApi;
let au: string;
let de: string;

const ok = (r: Reply, status = 200) => {
  assert.equal(r.status, status, r.text.slice(0, 600));
  return r.body;
};

async function tenant(jurisdiction: 'AU' | 'DE'): Promise<string> {
  const engine = jurisdiction === 'AU' ? 'payroll_engine_au' : 'payroll_engine';
  return ok(
    await api.call('POST', '/v1/partners/tenants', {
      body: { name: `Fields ${jurisdiction}`, jurisdiction, engine },
    }),
    201,
  ).data.tenant.id;
}

async function hire(t: string, body: Record<string, unknown> = {}) {
  return ok(
    await api.call('POST', `/v1/tenants/${t}/employees`, {
      reason: REASON,
      body: {
        first_name: 'Sam',
        last_name: 'Field',
        employment: { annual_salary: 200000, pay_frequency: 'monthly' },
        // An AU hire without a TFN declaration yet: the no-TFN rate applies until it arrives.
        ...body,
      },
    }),
    201,
  ).data;
}

/** A 400 listing exactly these paths, each message naming what to send instead (when given). */
function refused(r: Reply, paths: string[], instead?: string) {
  assert.equal(r.status, 400, r.text.slice(0, 600));
  assert.equal(r.body.error.code, 'bad_request');
  assert.deepEqual(
    r.body.error.errors.map((e: { path: string }) => e.path),
    paths,
  );
  if (instead) for (const e of r.body.error.errors) assert.ok(e.message.includes(instead), `${e.path}: ${e.message}`);
}

before(async () => {
  api = await startTestApi();
  au = await tenant('AU');
  de = await tenant('DE');
});
after(async () => {
  await api.close();
});

describe('server-owned fields are refused wherever a client sends them', () => {
  test('employee create: attestations, hashes, sealed values and derived fields, at any depth and in any case', async () => {
    const before = ok(await api.call('GET', `/v1/tenants/${au}/employees?limit=200`)).data.length;
    const cases: [Record<string, unknown>, string[]][] = [
      [{ statutory: { au: { tfn_attested: true } } }, ['statutory.au.tfn_attested']],
      [{ tax_profile: { tfn_attested: true } }, ['tax_profile.tfn_attested']],
      [{ tax_profile: { tfnAttested: true } }, ['tax_profile.tfnAttested']],
      [{ statutory: { au: { TfnAttested: true } } }, ['statutory.au.TfnAttested']],
      [{ tfn_attested: true }, ['tfn_attested']],
      [{ statutory: { au: { declaration: { tfn_attested: true } } } }, ['statutory.au.declaration.tfn_attested']],
      [{ jurisdiction_data: { au: { tax: { tfn_attested: true } } } }, ['jurisdiction_data.au.tax.tfn_attested']],
      [
        { uniform: { bank: { account_enc: 'forged', attested: true } } },
        ['uniform.bank.account_enc', 'uniform.bank.attested'],
      ],
      [{ statutory: { au: { tfn_hash: 'forged' } } }, ['statutory.au.tfn_hash']],
      [{ bank_attested: true, super_fund_attested: true }, ['bank_attested', 'super_fund_attested']],
      [{ member_number_last3: '123', iban_last4: '3000' }, ['iban_last4', 'member_number_last3']],
      [{ jurisdiction_data: { list: [{ smsf_attested: true }] } }, ['jurisdiction_data.list[0].smsf_attested']],
      [{ id: 'emp_forged' }, ['id']],
      [{ created_at: '2020-01-01', updated_at: '2020-01-01' }, ['created_at', 'updated_at']],
      [{ termination: { effective_date: '2020-01-01', final: true } }, ['termination']],
      [{ retirement: { smsf: true } }, ['retirement']],
      [{ as_of: '2030-01-01' }, ['as_of']],
    ];
    for (const [body, paths] of cases)
      refused(
        await api.call('POST', `/v1/tenants/${au}/employees`, {
          reason: REASON,
          body: { first_name: 'Forged', last_name: 'Fields', employment: { annual_salary: 200000 }, ...body },
        }),
        paths,
      );
    assert.equal(
      ok(await api.call('GET', `/v1/tenants/${au}/employees?limit=200`)).data.length,
      before,
      'nobody hired',
    );
  });

  test('a $200k salary with a forged TFN attestation keeps the no-TFN withholding', async () => {
    const e = await hire(au);
    refused(
      await api.call('PATCH', `/v1/tenants/${au}/employees/${e.id}`, {
        reason: REASON,
        body: { tax_profile: { tfn_attested: true }, statutory: { au: { tfnAttested: true } } },
      }),
      ['statutory.au.tfnAttested', 'tax_profile.tfn_attested'],
    );
    const calc = await api.call('POST', `/v1/tenants/${au}/pay-runs`, {
      reason: REASON,
      body: {
        period_start: '2026-11-01',
        period_end: '2026-11-30',
        payment_date: '2026-11-28',
        pay_frequency: 'monthly',
      },
    });
    const run = ok(calc, 201).data;
    const entries = ok(await api.call('GET', `/v1/tenants/${au}/pay-runs/${run.pay_run?.id ?? run.id}/entries`)).data;
    const mine = entries.find((x: { employee_id: string }) => x.employee_id === e.id);
    assert.equal(mine.tax, '7833.00', 'the no-TFN rate applies');
  });

  test('employee patch: the same, and the cost centre is assigned through its own route', async () => {
    const e = await hire(au);
    for (const [body, paths] of [
      [{ statutory: { au: { tfn_attested: true } } }, ['statutory.au.tfn_attested']],
      [{ extra: { nested: { tfn_hash: 'x' } } }, ['extra.nested.tfn_hash']],
      [{ cost_centre_code: 'OPS' }, ['cost_centre_code']],
      [{ id: 'emp_other' }, ['id']],
    ] as const) {
      refused(await api.call('PATCH', `/v1/tenants/${au}/employees/${e.id}`, { reason: REASON, body }), [...paths]);
    }
    const after = ok(await api.call('GET', `/v1/tenants/${au}/employees/${e.id}`)).data;
    assert.deepEqual([after.statutory.au.tfn_attested, after.cost_centre_code, after.id], [false, null, e.id]);
  });

  test('AU settings: attestations, sealed values and the fields intake derives', async () => {
    const e = await hire(au);
    const E = `/v1/tenants/${au}/employees/${e.id}`;
    const cases: [string, Record<string, unknown>, string[], string?][] = [
      ['/tax-settings', { tfnAttested: true }, ['tfnAttested']],
      ['/tax-settings', { TFN_ATTESTED: true }, ['TFN_ATTESTED']],
      ['/tax-settings', { declaration: { tfn_attested: true } }, ['declaration.tfn_attested']],
      ['/bank-accounts', { bank_bsb: '062000', account_enc: 'forged', bank_account_name: 'Sam' }, ['account_enc']],
      ['/bank-accounts', { accountEnc: 'forged' }, ['accountEnc']],
      ['/bank-accounts', { account_last3: '123' }, ['account_last3']],
      ['/bank-accounts', { bsb: '000000', account_name: 'Sam' }, ['account_name', 'bsb'], 'send bank_'],
      ['/pension', { smsf_account_name: 'Sam SMSF', smsf_attested: true }, ['smsf_attested']],
      ['/pension', { super_fund_name: 'X', member_number_enc: 'x' }, ['member_number_enc']],
      ['/pension', { fund: { smsfAttested: true } }, ['fund.smsfAttested']],
    ];
    for (const [path, body, paths, instead] of cases)
      refused(await api.call('PATCH', `${E}${path}`, { reason: REASON, body }), paths, instead);
    const after = ok(await api.call('GET', E)).data.statutory.au;
    assert.deepEqual([after.tfn_attested, after.bank_attested, after.super_fund_attested], [false, false, false]);
    const readiness = ok(await api.call('GET', `${E}/readiness`)).data;
    assert.equal(readiness.blocks_finalise, true, 'a forged account cannot make readiness complete');
  });

  test('DE settings and profile: attestations and sealed values', async () => {
    const e = await hire(de);
    const E = `/v1/tenants/${de}/employees/${e.id}`;
    for (const [path, body, paths] of [
      ['/tax-settings', { tax_id_attested: true }, ['tax_id_attested']],
      ['/tax-settings', { svnrAttested: true, tax_class: 1 }, ['svnrAttested']],
      ['/bank-accounts', { iban_attested: true }, ['iban_attested']],
      ['/bank-accounts', { iban_enc: 'forged', iban_last4: '3000' }, ['iban_enc', 'iban_last4']],
      ['/bank-accounts', { attested: true }, ['attested']],
      ['/pension', { pension_insurance: true, tax_id_hash: 'x' }, ['tax_id_hash']],
      [
        '',
        { statutory: { de: { health_insurance: { svnr_attested: true } } } },
        ['statutory.de.health_insurance.svnr_attested'],
      ],
    ] as const)
      refused(await api.call('PATCH', `${E}${path}`, { reason: REASON, body }), [...paths]);
    const after = ok(await api.call('GET', E)).data.statutory.de;
    assert.deepEqual([after.tax_id_attested, after.iban_attested], [false, false]);
  });

  test('company bank: sealed, masked and attested fields in any case', async () => {
    for (const [body, paths] of [
      [{ account_enc: 'forged' }, ['account_enc']],
      [{ accountEnc: 'forged' }, ['accountEnc']],
      [{ account_number_last3: '667', attested: true }, ['account_number_last3', 'attested']],
      [{ Attested: true }, ['Attested']],
    ] as const)
      refused(
        await api.call('PATCH', `/v1/tenants/${au}/company/bank`, {
          reason: REASON,
          body: { bank_name: 'Westpac', ...body },
        }),
        [...paths],
      );
    refused(await api.call('PATCH', `/v1/tenants/${de}/company/bank`, { reason: REASON, body: { iban_enc: 'x' } }), [
      'iban_enc',
    ]);
    assert.deepEqual(ok(await api.call('GET', `/v1/tenants/${au}/company/bank`)).data, { attested: false });
  });
});

describe('identifiers under other names are refused, naming the field to use', () => {
  test('AU employee bodies: a TFN, account or member number anywhere but statutory.au.tfn and the settings', async () => {
    const e = await hire(au);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tfn_number: '123456782' }, 'tfn_number', 'statutory.au.tfn'],
      [{ TaxFileNumber: '123456782' }, 'TaxFileNumber', 'statutory.au.tfn'],
      [{ jurisdiction_data: { tfnValue: '123456782' } }, 'jurisdiction_data.tfnValue', 'statutory.au.tfn'],
      [{ statutory: { au: { tfn_number: '123456782' } } }, 'statutory.au.tfn_number', 'statutory.au.tfn'],
      [{ tax_profile: { taxFileNumber: '123456782' } }, 'tax_profile.taxFileNumber', 'statutory.au.tfn'],
      [{ tax_id: '123456782' }, 'tax_id', 'statutory.au.tfn'],
      [{ bank_account: '10457891' }, 'bank_account', 'bank_account_number in PATCH …/employees/{id}/bank-accounts'],
      [{ payroll: { bsbAccount: '062000 10457891' } }, 'payroll.bsbAccount', 'bank_account_number'],
      [{ superMemberNumber: '880412977' }, 'superMemberNumber', 'super_member_number'],
      [{ statutory: { de: { tax_id: '36574261809' } } }, 'statutory.de.tax_id', 'statutory.au.tfn'],
    ];
    for (const [body, path, instead] of cases) {
      for (const [method, url] of [
        ['POST', `/v1/tenants/${au}/employees`],
        ['PATCH', `/v1/tenants/${au}/employees/${e.id}`],
      ])
        refused(
          await api.call(method, url, { reason: REASON, body: { first_name: 'Id', last_name: 'Names', ...body } }),
          [path],
          instead,
        );
    }
  });

  test('AU settings: only their own identifier fields', async () => {
    const e = await hire(au);
    const E = `/v1/tenants/${au}/employees/${e.id}`;
    for (const [path, body, field, instead] of [
      ['/tax-settings', { TFN: '123456782' }, 'TFN', 'tfn'],
      ['/tax-settings', { tax_file_number: '123456782' }, 'tax_file_number', 'tfn'],
      ['/bank-accounts', { bank_bsb: '062000', account_number: '10457891' }, 'account_number', 'bank_account_number'],
      ['/bank-accounts', { BankAccount: '10457891' }, 'BankAccount', 'bank_account_number'],
      ['/bank-accounts', { tfn: '123456782' }, 'tfn', 'tfn in PATCH …/employees/{id}/tax-settings'],
      ['/pension', { memberNumber: '880412977' }, 'memberNumber', 'super_member_number'],
      ['/pension', { smsf: { account_number: '553917046' } }, 'smsf.account_number', 'smsf_account_number'],
    ] as const)
      refused(await api.call('PATCH', `${E}${path}`, { reason: REASON, body }), [field], instead);
  });

  test('DE bodies: Steuer-ID, IBAN and SV-Nummer only under their own names', async () => {
    const e = await hire(de);
    const E = `/v1/tenants/${de}/employees/${e.id}`;
    for (const [path, body, field, instead] of [
      ['', { statutory: { de: { steuerId: '36574261809' } } }, 'statutory.de.steuerId', 'statutory.de.tax_id'],
      ['', { statutory: { de: { SteuerIdNr: '36574261809' } } }, 'statutory.de.SteuerIdNr', 'statutory.de.tax_id'],
      ['', { tax_profile: { socialSecurityNumber: '65170839J003' } }, 'tax_profile.socialSecurityNumber', 'svnr'],
      ['', { statutory: { de: { IBAN: 'DE89370400440532013000' } } }, 'statutory.de.IBAN', 'statutory.de.iban'],
      ['', { jurisdiction_data: { sv_nummer: '65170839J003' } }, 'jurisdiction_data.sv_nummer', 'svnr'],
      ['/tax-settings', { steuer_id: '36574261809' }, 'steuer_id', 'tax_id'],
      ['/bank-accounts', { bank_account: 'DE89370400440532013000' }, 'bank_account', 'iban'],
      ['/bank-accounts', { account_number: '0532013000' }, 'account_number', 'iban'],
    ] as const)
      refused(await api.call('PATCH', `${E}${path}`, { reason: REASON, body }), [field], instead);
  });

  test('company bank: its account field only, and no person’s identifier under any name', async () => {
    for (const [t, body, field, instead] of [
      [au, { tfn: '123456782' }, 'tfn', undefined],
      [au, { TaxFileNumber: '123456782' }, 'TaxFileNumber', undefined],
      [au, { steuer_id: '36574261809' }, 'steuer_id', undefined],
      [au, { bank_account: '004455667' }, 'bank_account', 'account_number'],
      [au, { iban: 'DE89370400440532013000' }, 'iban', 'account_number'],
      [de, { account_number: '0532013000' }, 'account_number', 'iban'],
      [de, { steuerId: '36574261809' }, 'steuerId', undefined],
    ] as const)
      refused(await api.call('PATCH', `/v1/tenants/${t}/company/bank`, { reason: REASON, body }), [field], instead);
  });

  test('the intake fields themselves still work', async () => {
    const e = await hire(au, { statutory: { au: { tfn: '123456782' } } });
    assert.equal(e.statutory.au.tfn_attested, true);
    ok(
      await api.call('PATCH', `/v1/tenants/${au}/employees/${e.id}/bank-accounts`, {
        reason: REASON,
        body: { bank_bsb: '062000', bank_account_number: '10457891', bank_account_name: 'Sam Field' },
      }),
    );
    const bank = ok(
      await api.call('PATCH', `/v1/tenants/${au}/company/bank`, {
        reason: REASON,
        body: { account_name: 'Fields Co', bsb: '032000', account_number: '004455667' },
      }),
    ).data;
    assert.deepEqual([bank.attested, bank.account_number_last3], [true, '667']);
  });
});
