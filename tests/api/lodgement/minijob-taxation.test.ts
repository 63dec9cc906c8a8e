// The minijob flat tax is the employer's choice, not an inference: `minijob_taxation: flat` (the default,
// the 2 % Pauschsteuer as employer cost) or `individual` (the PAP on the tax class, like any other job).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import { pap, SOCIAL_RATES } from '../../../api/packs/de/index.ts';
import { createTenant, expectStatus, type TenantRef } from '../../helpers/payroll-fixtures.ts';

let api: TestApi;
let t: TenantRef;
before(async () => {
  api = await startTestApi();
  t = await createTenant(api, { jurisdiction: 'DE' });
});
after(() => api.close());

const calc = async (employee: Record<string, unknown>) =>
  expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/calculate`, {
      body: { frequency: 'monthly', employee, earnings: [{ type: 'salary', amount: '500.00' }] },
    }),
    200,
  ).data;
const amount = (list: { type: string; amount: string }[], type: string) => list.find((l) => l.type === type)?.amount;

describe('minijob taxation', () => {
  test('flat (the default): no wage tax withheld, the 2 % flat tax is the employer’s', async () => {
    for (const employee of [{ tax_class: 5 }, { tax_class: 5, minijob_taxation: 'flat' }]) {
      const r = await calc(employee);
      assert.equal(r.employment_category, 'minijob');
      assert.equal(r.tax, '0.00');
      assert.equal(amount(r.employer_costs, 'minijob_flat_tax'), '10.00');
    }
  });

  for (const taxClass of [5, 6] as const)
    test(`individual in class ${taxClass === 5 ? 'V' : 'VI'}: the wage tax is the PAP's for the class, and no flat tax`, async () => {
      const r = await calc({ tax_class: taxClass, minijob_taxation: 'individual' });
      assert.equal(r.employment_category, 'minijob');
      const expected = pap(2026, {
        LZZ: 2,
        RE4: 50_000,
        STKL: taxClass,
        KVZ: SOCIAL_RATES[2026].healthAverageAdditional,
      });
      const lst = expected.LSTLZZ.div(100).toFixed(2);
      assert.ok(Number(lst) > 0, 'classes V and VI withhold on a minijob');
      assert.equal(amount(r.lines, 'income_tax'), `-${lst}`);
      assert.equal(amount(r.employer_costs, 'minijob_flat_tax'), undefined);
      assert.equal(r.tax, lst);
    });

  test('on the employee: minijob_taxation is kept, and anything but flat or individual is 422 with a rule', async () => {
    const base = {
      first_name: 'Mia',
      last_name: 'Minijob',
      date_of_birth: '1999-01-01',
      employment: {
        type: 'part_time',
        hourly_rate: 13.9,
        hours_per_week: 8,
        pay_frequency: 'monthly',
        start_date: '2026-01-01',
      },
    };
    const bad = await api.call('POST', `/v1/tenants/${t.id}/employees`, {
      body: { ...base, statutory: { de: { tax_class: 6, minijob_taxation: 'sometimes' } } },
      reason: REASON,
    });
    assert.equal(expectStatus(bad, 422).error.rule, `${t.packVersion}/tax/minijob_taxation`);
    const ok = await api.call('POST', `/v1/tenants/${t.id}/employees`, {
      body: { ...base, statutory: { de: { tax_class: 6, minijob_taxation: 'individual' } } },
      reason: REASON,
    });
    const id = expectStatus(ok, 201).data.id;
    const rows = await api.deps.store.db
      .selectFrom('employee_versions')
      .select('data_json')
      .where('employee_id', '=', id)
      .execute();
    assert.ok(rows.some((row) => JSON.parse(row.data_json).de?.minijob_taxation === 'individual'));
  });
});
