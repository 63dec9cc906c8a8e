// Intake under attack: every route of the OpenAPI that takes a body refuses an identifier outside its intake
// field (by any spelling of its name, or by its value in free text) and every name Payrail sets itself; the
// leave settings no longer carry a TFN into the evidence chain; records written before are redacted in the
// audit trail's view; a scoped token learns nothing from a body about an employee it does not reach.
// TFN check digits: /work/shared/reference/au.md (`123456782` valid); IBAN mod 97: reference/de.md
// (`DE89370400440532013000` valid).
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi, type Reply } from '../helpers/api.ts';
import { operations, fillPath } from '../helpers/openapi-requests.ts';
import { appendEvidence, newEvidenceId } from '../../api/services/governance/evidence.ts';

const TFN = '123456782';
const IBAN = 'DE89370400440532013000';

let api: TestApi;
let au: string;
let employeeId: string;

const ok = (r: Reply, status = 200) => {
  assert.equal(r.status, status, r.text.slice(0, 600));
  return r.body;
};

/** A 400 in the error envelope naming (at least) these fields. */
function refused(r: Reply, paths: string[]) {
  assert.equal(r.status, 400, r.text.slice(0, 600));
  assert.equal(r.body.error.code, 'bad_request');
  const named = r.body.error.errors.map((e: { path: string }) => e.path);
  for (const p of paths) assert.ok(named.includes(p), `${p} not among ${named.join(', ')}`);
  for (const e of r.body.error.errors) assert.ok(!e.message.includes(TFN) && !e.message.includes(IBAN), e.message);
}

const token = async (path: 'users/token' | 'embed/token', body: Record<string, unknown>) =>
  ok(await api.call('POST', `/v1/tenants/${au}/${path}`, { body }), 201).data.token as string;

const evidenceCount = async () =>
  ok(await api.call('GET', `/v1/tenants/${au}/governance/audit-trail?limit=200`)).data.length as number;

before(async () => {
  api = await startTestApi();
  au = ok(
    await api.call('POST', '/v1/partners/tenants', {
      body: { name: 'Intake AU', jurisdiction: 'AU', engine: 'payroll_engine_au' },
    }),
    201,
  ).data.tenant.id;
  employeeId = ok(
    await api.call('POST', `/v1/tenants/${au}/employees`, {
      reason: REASON,
      body: {
        first_name: 'Ivy',
        last_name: 'Intake',
        employment: { annual_salary: 90000, pay_frequency: 'monthly' },
        statutory: { au: { no_number_reason: 'applied_for' } },
      },
    }),
    201,
  ).data.id;
});
after(async () => {
  await api.close();
});

describe('leave settings take no identifier', () => {
  test('POST leave/configure refuses a TFN, an IBAN, an account number and an attestation, and records nothing', async () => {
    const before = await evidenceCount();
    refused(
      await api.call('POST', `/v1/tenants/${au}/leave/configure`, {
        reason: REASON,
        body: {
          employee_id: employeeId,
          tfn: TFN,
          iban: IBAN,
          bank_account_number: '12345678',
          tfn_attested: true,
        },
      }),
      ['bank_account_number', 'iban', 'tfn', 'tfn_attested'],
    );
    assert.equal(await evidenceCount(), before);
    // Pass-through settings that are not identifiers are still kept, as SPEC.md allows.
    ok(
      await api.call('POST', `/v1/tenants/${au}/leave/configure`, {
        reason: REASON,
        body: { employee_id: employeeId, roster_note: 'four days a week' },
      }),
      201,
    );
  });
});

describe('identifier names by pattern, values by their check digits', () => {
  const SPELLINGS = [
    'taxfilenumber',
    'employeetfn',
    'mytfn',
    't_f_n',
    'ｔｆｎ',
    'тfn',
    'accountiban',
    'acc_no',
    'accnum',
  ];

  test('every spelling is refused at the top level, in jurisdiction_data, employment and pass-through objects', async () => {
    for (const name of SPELLINGS) {
      const value = name.includes('iban') ? IBAN : name.startsWith('acc') ? '12345678' : TFN;
      const r = await api.call('PATCH', `/v1/tenants/${au}/employees/${employeeId}`, {
        reason: REASON,
        body: {
          [name]: value,
          jurisdiction_data: { au: { [name]: value } },
          employment: { [name]: value },
          uniform: { notes: { [name]: value } },
        },
      });
      refused(r, [name, `jurisdiction_data.au.${name}`, `employment.${name}`, `uniform.notes.${name}`]);
    }
  });

  test('every spelling is refused in bank splits and the company bank', async () => {
    for (const name of SPELLINGS) {
      refused(
        await api.call('PATCH', `/v1/tenants/${au}/employees/${employeeId}/bank-accounts`, {
          reason: REASON,
          body: { splits: [{ bsb: '062-000', account_number: '12345678', [name]: TFN }] },
        }),
        [`splits[0].${name}`],
      );
      refused(await api.call('PATCH', `/v1/tenants/${au}/company/bank`, { reason: REASON, body: { [name]: TFN } }), [
        name,
      ]);
    }
  });

  test('a TFN, an IBAN or a BSB and account number in free text is refused, and nothing is echoed', async () => {
    for (const note of [`TFN ${TFN.replace(/(\d{3})(?=\d)/g, '$1 ')}`, `pay to ${IBAN}`, 'BSB 062-000 12345678']) {
      refused(
        await api.call('PATCH', `/v1/tenants/${au}/employees/${employeeId}`, {
          reason: REASON,
          body: { position: 'Barista', handover: { note } },
        }),
        ['handover.note'],
      );
      refused(
        await api.call('POST', `/v1/tenants/${au}/leave/configure`, {
          reason: REASON,
          body: { employee_id: employeeId, remarks: [note] },
        }),
        ['remarks[0]'],
      );
    }
    refused(
      await api.call('PATCH', `/v1/tenants/${au}/employees/${employeeId}`, {
        reason: `Quote ${TFN} for the update`,
        body: { position: 'Barista' },
      }),
      ['governance_reason'],
    );
    const view = ok(await api.call('GET', `/v1/tenants/${au}/employees/${employeeId}`)).data;
    assert.ok(!JSON.stringify(view).includes(TFN));
    assert.equal(view.position ?? null, null, 'no refused patch was applied');
    // Dates, amounts and ABNs are not identifiers.
    ok(
      await api.call('PATCH', `/v1/tenants/${au}/employees/${employeeId}`, {
        reason: REASON,
        body: { handover: { note: 'Started 2026-07-01 on 12345678.00 a year', abn: '51824753556' } },
      }),
    );
  });

  test('other spellings of server-owned names are refused like the canonical ones', async () => {
    refused(
      await api.call('PATCH', `/v1/tenants/${au}/employees/${employeeId}`, {
        reason: REASON,
        body: { ID: 'emp_forged', Id: 'emp_forged', Termination: { date: '2026-07-01' }, employment: { id: 'x' } },
      }),
      ['ID', 'Id', 'Termination', 'employment.id'],
    );
  });
});

describe('scope decides before the body is checked', () => {
  test('a scoped token sending a refused field for an employee it does not reach gets 404', async () => {
    const scoped = await token('users/token', {
      role: 'admin',
      user_id: 'intake-scoped',
      scope: { cost_centres: ['OPS'] },
    });
    const r = await api.call('PATCH', `/v1/tenants/${au}/employees/${employeeId}`, {
      key: scoped,
      reason: REASON,
      body: { tfn: TFN, first_name: 42 },
    });
    assert.equal(r.status, 404, r.text);
    assert.equal(r.body.error.code, 'not_found');
  });
});

describe('every route that takes a body', () => {
  test('refuses an identifier by name and by value and a server-owned name, and writes nothing', async () => {
    const admin = await token('users/token', { role: 'admin', user_id: 'intake-admin' });
    const fields = { taxfilenumber: TFN, tfn_attested: true, memo: `TFN ${TFN}` };
    const paths = ['memo', 'taxfilenumber', 'tfn_attested'];
    const before = await evidenceCount();
    const ops = operations().filter((op) => op.body);
    assert.ok(ops.length >= 40, `${ops.length} routes take a body`);
    const failures: string[] = [];
    for (const op of ops) {
      const url = fillPath(op.path, {
        tenantId: au,
        employeeId,
        payRunId: 'pr_unknown',
        lodgementId: 'ldg_unknown',
        keyId: 'key_unknown',
        sessionId: 'ses_unknown',
        bindingId: 'bnd_unknown',
        ...Object.fromEntries(
          op.pathParams.map((p) => [p, `${p}_unknown`]).filter(([p]) => !/tenantId|employeeId/.test(p)),
        ),
      });
      // A draft check reports what intake refuses instead of refusing the request.
      const draft = /\/employees\/validate$/.test(op.path);
      // A bulk hire answers each row on its own: the row's refusal names the fields.
      const bulk = /\/employees\/bulk$/.test(op.path);
      const row = {
        first_name: 'Dee',
        last_name: 'Raft',
        employment: { annual_salary: 1, pay_frequency: 'monthly' },
        ...fields,
      };
      const body = draft ? { employee: row } : bulk ? { employees: [row] } : fields;
      let r = await api.call(op.method, url, { reason: REASON, body });
      if (r.status === 403) r = await api.call(op.method, url, { key: admin, reason: REASON, body });
      const named: string[] =
        r.status === 400
          ? r.body.error.errors.map((e: { path: string }) => e.path)
          : r.status === 200 && r.body?.data?.violations
            ? r.body.data.violations.map((v: { path: string }) => v.path.replace(/^employee\./, ''))
            : bulk && r.status === 200
              ? (r.body.data.results?.[0]?.error?.errors ?? []).map((e: { path: string }) =>
                  e.path.replace(/^employees\.0\./, ''),
                )
              : [];
      const missing = paths.filter((p) => !named.includes(p));
      if (missing.length)
        failures.push(`${op.key} → ${r.status}: ${missing.join(', ')} not refused (${r.text.slice(0, 160)})`);
    }
    assert.deepEqual(failures, []);
    // The bulk hire was answered (its one row refused), so it keeps its own record of the request, and no more.
    assert.equal(await evidenceCount(), before + 1, 'no refused body left a record');
    const [latest] = ok(await api.call('GET', `/v1/tenants/${au}/governance/audit-trail?limit=1`)).data;
    assert.equal(latest.action, 'employee.bulk_hired');
  });
});

describe('records written before intake refused identifiers', () => {
  test('the audit trail redacts identifier-shaped values in decisions, and the chain still verifies', async () => {
    const id = newEvidenceId(false);
    await api.deps.store.transaction((r) =>
      appendEvidence(
        r,
        {
          chain: au,
          mock: false,
          action: 'leave.configured',
          resource: employeeId,
          actor: { kind: 'partner_key' },
          reason: REASON,
          request: null,
          response: null,
          decision: {
            settings: {
              accrual_method: 'ordinary_hours',
              extra: { tfn: TFN, mytfn: TFN, iban: IBAN, note: `TFN ${TFN}` },
            },
            openings: { annual: '38.0000' },
          },
          at: api.deps.clock.now(),
        },
        id,
      ),
    );
    const viewer = await token('embed/token', { components: ['payslip-viewer'] });
    const trail = ok(await api.call('GET', `/v1/tenants/${au}/governance/audit-trail?limit=5`, { key: viewer })).data;
    const record = trail.find((e: { id: string }) => e.id === id);
    assert.ok(record, 'the record is in the trail');
    assert.deepEqual(record.decision.settings.extra, {
      tfn: '[redacted]',
      mytfn: '[redacted]',
      iban: '[redacted]',
      note: '[redacted]',
    });
    assert.equal(record.decision.openings.annual, '38.0000');
    const one = ok(await api.call('GET', `/v1/tenants/${au}/governance/evidence/${id}`)).data;
    assert.ok(!JSON.stringify(one).includes(TFN) && !JSON.stringify(one).includes(IBAN));
    assert.equal(ok(await api.call('POST', `/v1/tenants/${au}/governance/verify`, { body: {} })).data.valid, true);
  });
});
