// Raw identifiers never leave as sent: TFNs, account numbers, Steuer-IDs, IBANs and SV-Nummern given to
// the API appear in no response body, no log line and no byte of the database file or its WAL. Only
// attested flags and masked last digits are kept where a person can see them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startTestApi, REASON, type TestApi, type CallOpts, type Reply } from '../helpers/api.ts';

let api: TestApi;
const responses: string[] = [];

const SECRETS = {
  tfnOnCreate: '123456782',
  tfnOnSettings: '876543210',
  tfnRejected: '123456789',
  account: '604518273',
  smsfAccount: '553917046',
  memberNumber: '880412977',
  companyAccount: '004455667',
  taxIdOnCreate: '36574261809',
  taxIdOnSettings: '54826591758',
  iban: 'DE89370400440532013000',
  ibanOnSettings: 'DE02370400441819545424',
  companyIban: 'DE17500105178313233472',
  svnr: '65170839J003',
  svnrLongName: '12010190M015',
  // Identifiers under names of their own choosing: refused (400) wherever they are sent, never kept.
  tfnNumberField: '731942650',
  taxFileNumberPascal: '648201937',
  bankAccountField: '90817263',
  jurisdictionDataTfnValue: '552093184',
  statutoryTfnNumber: '483920175',
  nestedBsbAccount: '71829364',
  settingsTfnUpper: '925718364',
  pensionMemberCamel: '660183527',
  smsfNestedAccount: '30571946',
  companyTfn: '369027418',
  companySteuerId: '71935286040',
  companyBankAccount: '88046213',
  companyIbanOnAu: 'DE75512108001245126199',
  deSteuerIdCamel: '47205918364',
  deSvNummer: '23150985K142',
  deBankAccount: 'DE44500105175407324931',
  deTaxProfileSsn: '53270184B217',
  deCompanyAccount: '0648213907',
} as const;
/** The same values as people type them: spaced groups. */
const SPACED = {
  tfnOnSettings: '876 543 210',
  iban: 'DE89 3704 0044 0532 0130 00',
  ibanOnSettings: 'DE02 3704 0044 1819 5454 24',
} as const;
// Values that are not secret, sent alongside: the searches below must find these, or they prove nothing.
const VISIBLE = ['Papadopoulos', 'Schwarzenegger', 'Harbour Coffee Payroll'];

async function call(method: string, path: string, opts: CallOpts = {}): Promise<Reply> {
  const r = await api.call(method, path, { reason: REASON, ...opts });
  responses.push(`${method} ${path} ${r.status} ${r.text}`);
  return r;
}
const ok = (r: Reply, status = 200) => {
  assert.equal(r.status, status, r.text.slice(0, 500));
  return r.body;
};

before(async () => {
  api = await startTestApi();

  // AU: TFN on create and in tax settings, bank account, super member number, SMSF account, company account.
  const au = ok(
    await call('POST', '/v1/partners/tenants', {
      body: { name: 'Sensitive AU', jurisdiction: 'AU', engine: 'payroll_engine_au' },
    }),
    201,
  ).data.tenant.id;
  const A = (p = '') => `/v1/tenants/${au}${p}`;
  const noah = ok(
    await call('POST', A('/employees'), {
      headers: { 'idempotency-key': 'create-noah' },
      body: {
        first_name: 'Noah',
        last_name: 'Papadopoulos',
        employment: { annual_salary: 72800 },
        statutory: { au: { tfn: SECRETS.tfnOnCreate } },
      },
    }),
    201,
  ).data;
  const mia = ok(
    await call('POST', A('/employees'), {
      body: {
        first_name: 'Mia',
        last_name: 'Papadopoulos',
        employment: { hourly_rate: 32.5 },
        statutory: { au: { no_number_reason: 'applied_for' } },
      },
    }),
    201,
  ).data;
  const rejected = await call('PATCH', A(`/employees/${mia.id}/tax-settings`), { body: { tfn: SECRETS.tfnRejected } });
  assert.equal(rejected.status, 422);
  const rejectedCreate = await call('POST', A('/employees'), {
    headers: { 'idempotency-key': 'create-rejected' },
    body: { first_name: 'Bad', last_name: 'Tfn', statutory: { au: { tfn: SECRETS.tfnRejected } } },
  });
  assert.equal(rejectedCreate.status, 422);
  ok(
    await call('PATCH', A(`/employees/${mia.id}/tax-settings`), {
      body: { tfn: SPACED.tfnOnSettings, tax_free_threshold: true },
    }),
  );
  for (const id of [noah.id, mia.id]) {
    ok(
      await call('PATCH', A(`/employees/${id}/bank-accounts`), {
        body: { bank_bsb: '062-000', bank_account_number: SECRETS.account, bank_account_name: 'Papadopoulos' },
      }),
    );
  }
  ok(
    await call('PATCH', A(`/employees/${noah.id}/pension`), {
      body: { super_fund_name: 'Hostplus', super_usi: 'HOS0100AU', super_member_number: SECRETS.memberNumber },
    }),
  );
  ok(
    await call('PATCH', A(`/employees/${mia.id}/pension`), {
      body: { smsf_account_name: 'Papadopoulos SMSF', smsf_bsb: '083004', smsf_account_number: SECRETS.smsfAccount },
    }),
  );
  ok(
    await call('PATCH', A('/company/bank'), {
      body: {
        account_name: 'Harbour Coffee Payroll',
        bsb: '032000',
        account_number: SECRETS.companyAccount,
        fi_code: 'WBC',
        apca_user_id: '301500',
      },
    }),
  );

  // DE: Steuer-ID, IBAN and SV-Nummer on create, in tax settings and bank accounts, and the company IBAN.
  const de = ok(
    await call('POST', '/v1/partners/tenants', {
      body: { name: 'Sensitive DE', jurisdiction: 'DE', engine: 'payroll_engine' },
    }),
    201,
  ).data.tenant.id;
  const D = (p = '') => `/v1/tenants/${de}${p}`;
  const lea = ok(
    await call('POST', D('/employees'), {
      headers: { 'idempotency-key': 'create-lea' },
      body: {
        first_name: 'Lea',
        last_name: 'Schwarzenegger',
        employment: { annual_salary: 64000 },
        statutory: { de: { tax_class: 1, tax_id: SECRETS.taxIdOnCreate, iban: SPACED.iban, svnr: SECRETS.svnr } },
      },
    }),
    201,
  ).data;
  const tim = ok(
    await call('POST', D('/employees'), {
      body: {
        first_name: 'Tim',
        last_name: 'Schwarzenegger',
        employment: { annual_salary: 51000 },
        tax_profile: { tax_class: 3, social_security_number: SECRETS.svnrLongName },
      },
    }),
    201,
  ).data;
  ok(
    await call('PATCH', D(`/employees/${tim.id}/tax-settings`), {
      body: { tax_id: SECRETS.taxIdOnSettings, effective_from: '2027-01-01' },
    }),
  );
  ok(
    await call('PATCH', D(`/employees/${tim.id}/bank-accounts`), {
      body: { iban: SPACED.ibanOnSettings, account_name: 'Tim Schwarzenegger' },
    }),
  );
  ok(await call('PATCH', D('/company/bank'), { body: { account_name: 'Nordlicht', iban: SECRETS.companyIban } }));
  const deRefused = async (method: string, path: string, body: Record<string, unknown>) => {
    const r = await call(method, path, { body });
    assert.equal(r.status, 400, `${method} ${path}: ${r.text.slice(0, 300)}`);
  };
  await deRefused('PATCH', D(`/employees/${lea.id}`), { statutory: { de: { steuerId: SECRETS.deSteuerIdCamel } } });
  await deRefused('PATCH', D(`/employees/${lea.id}`), { jurisdiction_data: { sv_nummer: SECRETS.deSvNummer } });
  await deRefused('PATCH', D(`/employees/${tim.id}`), {
    tax_profile: { socialSecurityNumber: SECRETS.deTaxProfileSsn },
  });
  await deRefused('PATCH', D(`/employees/${tim.id}/bank-accounts`), { bank_account: SECRETS.deBankAccount });
  await deRefused('PATCH', D('/company/bank'), { account_number: SECRETS.deCompanyAccount });

  // Identifiers under other names, anywhere in a body: each refused before anything is kept.
  const refused = async (method: string, path: string, body: Record<string, unknown>) => {
    const r = await call(method, path, { body });
    assert.equal(r.status, 400, `${method} ${path} ${JSON.stringify(Object.keys(body))}: ${r.text.slice(0, 300)}`);
  };
  const hireBody = { first_name: 'Zoe', last_name: 'Papadopoulos' };
  await refused('POST', A('/employees'), { ...hireBody, tfn_number: SECRETS.tfnNumberField });
  await refused('POST', A('/employees'), { ...hireBody, TaxFileNumber: SECRETS.taxFileNumberPascal });
  await refused('POST', A('/employees'), { ...hireBody, bank_account: SECRETS.bankAccountField });
  await refused('POST', A('/employees'), {
    ...hireBody,
    jurisdiction_data: { tfnValue: SECRETS.jurisdictionDataTfnValue },
  });
  await refused('PATCH', A(`/employees/${noah.id}`), { statutory: { au: { tfn_number: SECRETS.statutoryTfnNumber } } });
  await refused('PATCH', A(`/employees/${noah.id}`), { payroll: { bsbAccount: `062000 ${SECRETS.nestedBsbAccount}` } });
  await refused('PATCH', A(`/employees/${mia.id}/tax-settings`), { TFN: SECRETS.settingsTfnUpper });
  await refused('PATCH', A(`/employees/${mia.id}/pension`), { memberNumber: SECRETS.pensionMemberCamel });
  await refused('PATCH', A(`/employees/${mia.id}/pension`), { smsf: { account_number: SECRETS.smsfNestedAccount } });
  await refused('PATCH', A('/company/bank'), { tfn: SECRETS.companyTfn });
  await refused('PATCH', A('/company/bank'), { steuer_id: SECRETS.companySteuerId });
  await refused('PATCH', A('/company/bank'), { bank_account: SECRETS.companyBankAccount });
  await refused('PATCH', A('/company/bank'), { iban: SECRETS.companyIbanOnAu });

  // Read everything back, the way an integrator would.
  for (const [t, ids] of [
    [au, [noah.id, mia.id]],
    [de, [lea.id, tim.id]],
  ] as const) {
    ok(await call('GET', `/v1/tenants/${t}/employees`));
    ok(await call('GET', `/v1/tenants/${t}/company`));
    ok(await call('GET', `/v1/tenants/${t}/company/bank`));
    // What an embed token (any browser) is shown of the company bank.
    const embed = ok(
      await call('POST', `/v1/tenants/${t}/embed/token`, { body: { components: ['employees-list'] } }),
      201,
    ).data.token;
    ok(await call('GET', `/v1/tenants/${t}/company/bank`, { key: embed }));
    ok(await call('GET', `/v1/tenants/${t}/employees`, { key: embed }));
    for (const id of ids) {
      for (const p of ['', '?as_of=2026-11-21', '/tax-settings', '/bank-accounts', '/pension', '/readiness'])
        ok(await call('GET', `/v1/tenants/${t}/employees/${id}${p}`));
    }
    const trail = ok(await call('GET', `/v1/tenants/${t}/governance/audit-trail?limit=200`));
    assert.ok(trail.data.length > 5, 'the writes were evidenced');
    ok(await call('POST', `/v1/tenants/${t}/governance/verify`, { body: {} }));
  }
  ok(await call('GET', D(`/employees/${tim.id}?as_of=2027-01-01`)));
  // An idempotent replay answers from the stored copy.
  const replay = await call('POST', A('/employees'), {
    headers: { 'idempotency-key': 'create-noah' },
    body: {
      first_name: 'Noah',
      last_name: 'Papadopoulos',
      employment: { annual_salary: 72800 },
      statutory: { au: { tfn: SECRETS.tfnOnCreate } },
    },
  });
  assert.equal(replay.headers.get('idempotent-replay'), 'true');
});
after(async () => {
  await api.close();
});

/** Everything the database holds: the SQLite file and its WAL byte for byte, or every row of every PostgreSQL table. */
async function database(): Promise<Buffer> {
  if (api.db.databaseUrl) {
    const tables = await api.db.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public'",
    );
    assert.ok(tables.length > 10, 'the tables exist');
    const rows = await Promise.all(
      tables.map(({ tablename }) => api.db.query<{ t: string }>(`select t::text as t from "${tablename}" t`)),
    );
    return Buffer.from(
      rows
        .flat()
        .map((r) => r.t)
        .join('\n'),
    );
  }
  const files = [api.dbFile, `${api.dbFile}-wal`].filter((f) => fs.existsSync(f));
  assert.ok(files.length >= 1, 'the database file exists');
  return Buffer.concat(files.map((f) => fs.readFileSync(f)));
}

const everyForm = () => [
  ...Object.entries(SECRETS),
  ...Object.entries(SPACED).map(([k, v]) => [`${k} (spaced)`, v] as const),
];

test('the searched places really hold what was sent: names and account holders are found in responses, logs and the database', async () => {
  const bodies = responses.join('\n');
  const db = await database();
  for (const v of VISIBLE) {
    assert.ok(bodies.includes(v), `${v} in responses`);
    assert.ok(db.includes(Buffer.from(v)), `${v} in the database`);
  }
  assert.ok(api.logs.length > 40, 'requests were logged');
  assert.ok(api.logs.join('').includes('/employees'), 'log lines name the paths');
});

test('no response body carries a raw TFN, account number, Steuer-ID, IBAN or SV-Nummer', () => {
  const bodies = responses.join('\n');
  for (const [name, value] of everyForm()) assert.ok(!bodies.includes(value), `${name} appeared in a response`);
});

test('no log line carries one', () => {
  const logs = api.logs.join('\n');
  for (const [name, value] of everyForm()) assert.ok(!logs.includes(value), `${name} appeared in the logs`);
});

test('no byte of the database (the SQLite file and its WAL, or every PostgreSQL row) carries one', async () => {
  const db = await database();
  for (const [name, value] of everyForm()) assert.ok(!db.includes(Buffer.from(value)), `${name} found in the database`);
});

test('what is shown instead: attested flags and masked last digits', () => {
  const bodies = responses.join('\n');
  for (const fragment of [
    '"tfn_attested":true',
    '"bank_attested":true',
    '"account_last3":"273"',
    '"member_number_last3":"977"',
    '"smsf_account_last3":"046"',
    '"account_number_last3":"667"',
    '"tax_id_attested":true',
    '"iban_attested":true',
    '"iban_last4":"3000"',
    '"svnr_attested":true',
  ]) {
    assert.ok(bodies.includes(fragment), fragment);
  }
});

test('evidence redacts identifiers by the same pattern, whatever their names and depth', async () => {
  const { redactSensitive } = await import('../../api/model/sensitive.ts');
  const body = {
    first_name: 'Ada',
    TaxFileNumber: SECRETS.taxFileNumberPascal,
    jurisdiction_data: { tfnValue: SECRETS.jurisdictionDataTfnValue, list: [{ bsbAccount: SECRETS.nestedBsbAccount }] },
    statutory: { de: { steuerId: SECRETS.deSteuerIdCamel, sv_nummer: SECRETS.deSvNummer, tax_class: 1 } },
    bank_account_name: 'Ada Lovelace',
  };
  const text = JSON.stringify(redactSensitive(body));
  for (const v of [
    SECRETS.taxFileNumberPascal,
    SECRETS.jurisdictionDataTfnValue,
    SECRETS.nestedBsbAccount,
    SECRETS.deSteuerIdCamel,
    SECRETS.deSvNummer,
  ])
    assert.ok(!text.includes(v), v);
  assert.ok(text.includes('Ada Lovelace') && text.includes('"tax_class":1'), 'other fields are left alone');
});
