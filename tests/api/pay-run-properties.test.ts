// Invariants of AU pay runs over random workforces, through the real app: the totals people see at
// preview are the totals that finalise, to the cent, and are the sum of the entries; every entry's
// net is its gross less tax, deductions and salary sacrifice.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import {
  approve,
  cents,
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  finalise,
  fortnight,
  fromCents,
  getRun,
  hireAu,
  month,
  preview,
  runPath,
  sumCents,
  week,
  type AuHire,
  type PeriodInput,
} from '../helpers/payroll-fixtures.ts';

type Frequency = 'weekly' | 'fortnightly' | 'monthly' | 'quarterly';
const PERIODS: Record<Frequency, PeriodInput> = {
  weekly: week(0),
  fortnightly: fortnight(0),
  monthly: month(2026, 11),
  quarterly: { period_start: '2026-10-01', period_end: '2026-12-31', payment_date: '2027-01-05' },
};

const amount = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((c) => fromCents(c));

const pay = fc.oneof(
  fc.record({ annual_salary: amount(20_000, 260_000) }),
  // At least 10 hours at $20, so a sacrifice and a deduction always fit inside the pay.
  fc.record({ hourly_rate: amount(20, 140), hours_per_week: fc.integer({ min: 10, max: 45 }) }),
);

const declaration = fc.record({
  tfn: fc.constantFrom<string | null | undefined>(undefined, undefined, undefined, null),
  tax_free_threshold: fc.boolean(),
  residency: fc.constantFrom<'resident' | 'foreign_resident'>('resident', 'resident', 'resident', 'foreign_resident'),
  medicare_levy_exemption: fc.constantFrom<'none' | 'half' | 'full'>('none', 'none', 'half', 'full'),
  study_loan: fc.boolean(),
});

const item = fc.oneof(
  fc.record({
    type: fc.constant('overtime'),
    hours: fc.integer({ min: 1, max: 40 }).map((q) => (q / 4).toFixed(2)),
    multiplier: fc.constantFrom('1.5', '2'),
  }),
  fc.record({ type: fc.constant('allowance'), amount: amount(0, 300) }),
  fc.record({ type: fc.constant('bonus'), amount: amount(0, 3000) }),
  fc.record({ type: fc.constant('deduction'), amount: amount(0, 20) }),
  fc.record({ type: fc.constant('salary_sacrifice'), amount: amount(0, 40) }),
);

const employee = (frequencies: fc.Arbitrary<Frequency>) =>
  fc.record({
    pay,
    declaration,
    pay_frequency: frequencies,
    items: fc.array(item, { maxLength: 3 }),
    // Timesheets replace the standard hours: four days of at least 2.5 hours keep the 10 hours the pay needs.
    timesheetHours: fc.option(
      fc.array(
        fc.integer({ min: 10, max: 40 }).map((q) => (q / 4).toFixed(2)),
        { minLength: 4, maxLength: 5 },
      ),
      { nil: null },
    ),
  });

const workforce = fc.constantFrom<Frequency>('weekly', 'fortnightly', 'monthly', 'quarterly').chain((frequency) =>
  fc.record({
    frequency: fc.constant(frequency),
    // Mostly paid at the run's frequency; some at another, who must stay out of it.
    employees: fc.array(employee(fc.constantFrom<Frequency>(frequency, frequency, frequency, 'weekly', 'monthly')), {
      minLength: 1,
      maxLength: 5,
    }),
  }),
);

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

/** The amount of an entry's lines of one type, as positive cents for deductions (0 - x, so never -0). */
const lineSum = (entry: any, type: string) =>
  0 - sumCents(entry.lines.filter((l: any) => l.type === type).map((l: any) => l.amount));

test('preview totals equal finalised totals and the sum of the entries; net = gross − tax − deductions − salary sacrifice', async () => {
  await fc.assert(
    fc.asyncProperty(workforce, async (w) => {
      const t = await createTenant(api);
      const ids: string[] = [];
      for (const e of w.employees) {
        const hire: AuHire = {
          pay_frequency: e.pay_frequency,
          ...e.pay,
          ...e.declaration,
          ...('hourly_rate' in e.pay ? { type: 'part_time' } : {}),
        };
        ids.push(await hireAu(api, t, hire));
      }
      const period = PERIODS[w.frequency];
      const run = await draftRun(api, t, period);
      const inRun = ids.filter((_, i) => w.employees[i].pay_frequency === w.frequency);
      assert.deepEqual((await entriesOf(api, t, run.id)).map((e) => e.employee_id).sort(), [...inRun].sort());

      for (const [i, e] of w.employees.entries()) {
        if (e.pay_frequency !== w.frequency) continue;
        if (e.items.length)
          expectStatus(
            await api.call('POST', runPath(t, run.id, '/entries'), { body: { employee_id: ids[i], items: e.items } }),
            200,
            'adjust',
          );
        if (e.timesheetHours && 'hourly_rate' in e.pay) {
          const rows = e.timesheetHours.map((hours, d) => ({
            employee_id: ids[i],
            date: addDays(period.period_start, d),
            hours,
          }));
          expectStatus(
            await api.call('POST', runPath(t, run.id, '/timesheets'), { body: { rows } }),
            200,
            'timesheets',
          );
        }
      }

      const previewed = expectStatus(await preview(api, t, run.id), 200, 'preview').data.pay_run;
      const atPreview = await entriesOf(api, t, run.id);
      expectStatus(await approve(api, t, run.id), 200, 'approve');
      expectStatus(await finalise(api, t, run.id), 200, 'finalise');
      const finalised = await getRun(api, t, run.id);
      const entries = await entriesOf(api, t, run.id);

      assert.equal(finalised.status, 'finalised');
      assert.deepEqual(finalised.totals, previewed.totals, 'preview totals are the finalised totals');
      assert.deepEqual(entries, atPreview, 'finalise recalculates nothing');
      assert.equal(finalised.totals.employee_count, inRun.length);
      for (const k of ['gross', 'tax', 'net', 'super']) {
        assert.equal(
          finalised.totals[k],
          fromCents(sumCents(entries.map((e) => e[k]))),
          `total ${k} is the sum of the entries`,
        );
      }
      for (const e of entries) {
        const deductions = lineSum(e, 'deduction');
        const sacrifice = lineSum(e, 'salary_sacrifice');
        assert.equal(
          e.net,
          fromCents(cents(e.gross) - cents(e.tax) - deductions - sacrifice),
          `net of ${e.employee_id}`,
        );
        assert.equal(
          cents(e.tax),
          lineSum(e, 'payg_withholding') + lineSum(e, 'study_loan'),
          `tax of ${e.employee_id} is PAYG plus study loan`,
        );
        assert.equal(
          cents(e.super),
          sumCents(e.lines.filter((l: any) => l.type === 'super_guarantee').map((l: any) => l.amount)) + sacrifice,
          `super of ${e.employee_id} is SG plus sacrifice`,
        );
        assert.ok(cents(e.net) >= 0, `net of ${e.employee_id} is not negative`);
      }
    }),
    { numRuns: Number(process.env.PROPERTY_RUNS ?? 25), includeErrorInReport: true },
  );
});

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
