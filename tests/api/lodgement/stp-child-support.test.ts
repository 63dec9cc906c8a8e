// Child support in the pay event: amounts withheld under a child support deduction notice (type D) or a
// garnishee notice (type G) are after-tax deductions an entry records by pay item, and the pay event reports
// them year to date in the payee's deduction elements (ATO, STP Phase 2 employer reporting guidelines,
// "Deductions": F, W, D and G; Child Support (Registration and Collection) Act 1988 ss 45 and 72A).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, REASON, type TestApi } from '../../helpers/api.ts';
import {
  cents,
  draftRun,
  entriesOf,
  expectStatus,
  fortnight,
  runPath,
  runToFinalised,
  type TenantRef,
} from '../../helpers/payroll-fixtures.ts';
import { hireWithAddress, payloadOf, stpTenant, submit, waitForRail } from './stp-fixtures.ts';

let api: TestApi;
let t: TenantRef;
let alex: string;
const payloads: any[] = [];
const entries: any[][] = [];

const deductionsOf = (payload: any, id: string) =>
  payload.PAYEVNTEMP.find((p: any) => p.Payee.PayeeIdentifiers.EmploymentPayrollNumberId === id).Payee
    .RemunerationIncomeTaxPayAsYouGoWithholding.PayrollPeriod.DeductionCollection;

async function payRun(n: number, items: Record<string, unknown>[]) {
  const run = await draftRun(api, t, fortnight(n));
  expectStatus(
    await api.call('POST', runPath(t, run.id, '/entries'), { body: { employee_id: alex, items }, reason: REASON }),
    200,
  );
  await runToFinalised(api, t, run.id);
  entries.push(await entriesOf(api, t, run.id));
  const l = expectStatus(await submit(api, t, run.id), 202).data;
  assert.equal((await waitForRail(api, t, l.id)).status, 'accepted');
  payloads.push((await payloadOf(api, t, l.id)).json);
}

before(async () => {
  api = await startTestApi();
  t = await stpTenant(api);
  alex = await hireWithAddress(api, t, { pay_frequency: 'fortnightly', first_name: 'Alex', annual_salary: 78_000 });
  // The tenant's own item for the garnishee, built on the pack's: it reports as the pack's does.
  expectStatus(
    await api.call('POST', `/v1/tenants/${t.id}/pay-items`, {
      body: {
        code: 'CSA_GARNISHEE',
        name: 'Child support garnishee (CSA notice)',
        base_code: 'CHILD_SUPPORT_GARNISHEE',
      },
      reason: REASON,
    }),
    201,
  );
  await payRun(0, [
    { type: 'deduction', amount: '150.00', code: 'CHILD_SUPPORT_DEDUCTION', description: 'Child support' },
    { type: 'deduction', amount: '80.00', code: 'CSA_GARNISHEE', description: 'Garnishee' },
    { type: 'deduction', amount: '15.00', code: 'UNION_FEES', description: 'Union fees' },
    { type: 'deduction', amount: '40.00', description: 'Staff purchase' },
  ]);
  await payRun(1, [{ type: 'deduction', amount: '150.00', code: 'CHILD_SUPPORT_DEDUCTION' }]);
});
after(() => api.close());

describe('child support deductions and garnishees', () => {
  test('the pay-item library offers both, with their STP deduction types', async () => {
    const list = expectStatus(await api.call('GET', `/v1/tenants/${t.id}/pay-items?kind=deduction`), 200).data;
    const by = new Map(list.map((i: any) => [i.code, i]));
    assert.deepEqual((by.get('CHILD_SUPPORT_DEDUCTION') as any).stp, {
      category: 'deduction',
      type: 'D',
      subtype: null,
    });
    assert.deepEqual((by.get('CHILD_SUPPORT_GARNISHEE') as any).stp, {
      category: 'deduction',
      type: 'G',
      subtype: null,
    });
    assert.deepEqual((by.get('CSA_GARNISHEE') as any).stp.type, 'G');
  });

  test('they come off net pay after tax, like any deduction', () => {
    const e = entries[0].find((x) => x.employee_id === alex);
    assert.equal(cents(e.net), cents(e.gross) - cents(e.tax) - 28_500);
  });

  test('the pay event reports D and G beside F; an unreported deduction stays out', () => {
    assert.deepEqual(deductionsOf(payloads[0], alex), [
      { TypeC: 'D', RemunerationA: '150.00' },
      { TypeC: 'G', RemunerationA: '80.00' },
      { TypeC: 'F', RemunerationA: '15.00' },
    ]);
  });

  test('the amounts are year to date', () => {
    assert.deepEqual(deductionsOf(payloads[1], alex), [
      { TypeC: 'D', RemunerationA: '300.00' },
      { TypeC: 'G', RemunerationA: '80.00' },
      { TypeC: 'F', RemunerationA: '15.00' },
    ]);
  });
});
