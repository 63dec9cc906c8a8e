// Every published Schedule 1 withholding example in reference/au.md, reproduced through the API:
// an employee whose period gross is the example's gross (salaried, and hourly through a timesheet),
// declared for the example's scale, paid in a pay run of the example's frequency on a tenant pinned
// to a pack version carrying that table. The PAYG line of the run's entry must equal the example.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { startTestApi, type TestApi } from '../helpers/api.ts';
import {
  createTenant,
  draftRun,
  entriesOf,
  expectStatus,
  fortnight,
  hireAu,
  month,
  runPath,
  week,
  type AuHire,
  type PeriodInput,
  type TenantRef,
} from '../helpers/payroll-fixtures.ts';

type Frequency = 'weekly' | 'fortnightly' | 'monthly';
interface Example {
  table: 2024 | 2026;
  scale: 1 | 2 | 3 | 5 | 6;
  frequency: Frequency;
  gross: string;
  withhold: number;
}

// reference/au.md, "Published examples you may test against".
const EXAMPLES: Example[] = [
  { table: 2024, scale: 2, frequency: 'weekly', gross: '370.00', withhold: 2 },
  { table: 2024, scale: 2, frequency: 'weekly', gross: '865.00', withhold: 99 },
  { table: 2024, scale: 2, frequency: 'weekly', gross: '3653.00', withhold: 1067 },
  { table: 2024, scale: 2, frequency: 'fortnightly', gross: '2564.00', withhold: 468 },
  { table: 2024, scale: 2, frequency: 'monthly', gross: '2231.67', withhold: 113 },
  { table: 2024, scale: 1, frequency: 'weekly', gross: '625.00', withhold: 134 },
  { table: 2024, scale: 1, frequency: 'monthly', gross: '2708.33', withhold: 581 },
  { table: 2024, scale: 3, frequency: 'weekly', gross: '2596.00', withhold: 779 },
  { table: 2024, scale: 6, frequency: 'weekly', gross: '1053.00', withhold: 150 },
  { table: 2026, scale: 2, frequency: 'weekly', gross: '538.00', withhold: 27 },
  { table: 2026, scale: 2, frequency: 'weekly', gross: '1282.00', withhold: 229 },
  { table: 2026, scale: 2, frequency: 'monthly', gross: '10794.33', withhold: 2669 },
  { table: 2026, scale: 1, frequency: 'weekly', gross: '3653.00', withhold: 1224 },
  { table: 2026, scale: 5, frequency: 'monthly', gross: '4914.00', withhold: 685 },
];

/** The TFN declaration that selects each scale (no Medicare adjustment, no study loan). */
const DECLARATION: Record<Example['scale'], Partial<AuHire>> = {
  1: { tax_free_threshold: false },
  2: { tax_free_threshold: true },
  3: { residency: 'foreign_resident', tax_free_threshold: false },
  5: { tax_free_threshold: true, medicare_levy_exemption: 'full' },
  6: { tax_free_threshold: true, medicare_levy_exemption: 'half' },
};

const PERIODS_PER_YEAR: Record<Frequency, number> = { weekly: 52, fortnightly: 26, monthly: 12 };
const HOURLY_RATE = 50;

/** Pay periods inside each version's effective range. */
const VERSIONS: { version: string; table: Example['table']; periods: Record<Frequency, PeriodInput> }[] = [
  {
    version: 'AU-2024.1',
    table: 2024,
    periods: { weekly: week(0, '2024-07-08'), fortnightly: fortnight(0, '2024-07-08'), monthly: month(2024, 8) },
  },
  {
    version: 'AU-2025.1',
    table: 2024,
    periods: { weekly: week(0, '2025-07-07'), fortnightly: fortnight(0, '2025-07-07'), monthly: month(2025, 8) },
  },
  {
    version: 'AU-2026.1',
    table: 2026,
    periods: { weekly: week(0, '2026-11-02'), fortnightly: fortnight(0, '2026-11-02'), monthly: month(2026, 10) },
  },
];

/** Cents as a 2dp string, exact. */
const annualSalary = (gross: string, f: Frequency) => {
  const [whole, frac] = gross.split('.');
  const c = (Number(whole) * 100 + Number(frac)) * PERIODS_PER_YEAR[f];
  return `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
};

/** Timesheet rows at $50 an hour adding up to the gross: whole 20-hour days, then the remainder (up to 4 decimals). */
function timesheetRows(employeeId: string, gross: string, period: PeriodInput) {
  const [whole, frac] = gross.split('.');
  let tenThousandthHours = (Number(whole) * 100 + Number(frac)) * 2; // cents / 50 = hours, in 1/10,000 h
  const rows = [];
  const start = new Date(`${period.period_start}T00:00:00Z`);
  for (let day = 0; tenThousandthHours > 0; day++) {
    const chunk = Math.min(tenThousandthHours, 200_000);
    tenThousandthHours -= chunk;
    const date = new Date(start.getTime() + day * 86_400_000).toISOString().slice(0, 10);
    rows.push({
      employee_id: employeeId,
      date,
      hours: `${Math.floor(chunk / 10_000)}.${String(chunk % 10_000).padStart(4, '0')}`,
      type: 'ordinary',
    });
  }
  return rows;
}

let api: TestApi;
before(async () => {
  api = await startTestApi();
});
after(async () => {
  await api.close();
});

for (const v of VERSIONS) {
  describe(`Schedule 1 examples of the ${v.table} table on ${v.version}`, () => {
    const examples = EXAMPLES.filter((e) => e.table === v.table);
    const entries = new Map<string, any>();
    let t: TenantRef;
    const key = (e: Example, mode: string) => `${e.scale}/${e.frequency}/${e.gross}/${mode}`;

    before(async () => {
      t = await createTenant(api, { pack_version: v.version });
      assert.equal(t.packVersion, v.version);
      const hires: { e: Example; mode: 'salaried' | 'hourly'; id: string }[] = [];
      for (const e of examples) {
        const declaration = { ...DECLARATION[e.scale], pay_frequency: e.frequency };
        hires.push({
          e,
          mode: 'salaried',
          id: await hireAu(api, t, { ...declaration, annual_salary: annualSalary(e.gross, e.frequency) }),
        });
        hires.push({
          e,
          mode: 'hourly',
          id: await hireAu(api, t, { ...declaration, type: 'casual', hourly_rate: HOURLY_RATE }),
        });
      }
      for (const frequency of [...new Set(examples.map((e) => e.frequency))]) {
        const period = v.periods[frequency];
        const run = await draftRun(api, t, period);
        const rows = hires
          .filter((h) => h.mode === 'hourly' && h.e.frequency === frequency)
          .flatMap((h) => timesheetRows(h.id, h.e.gross, period));
        expectStatus(await api.call('POST', runPath(t, run.id, '/timesheets'), { body: { rows } }), 200, 'timesheets');
        const byId = new Map((await entriesOf(api, t, run.id)).map((x) => [x.employee_id, x]));
        for (const h of hires.filter((x) => x.e.frequency === frequency)) entries.set(key(h.e, h.mode), byId.get(h.id));
      }
    });

    for (const e of examples) {
      for (const mode of ['salaried', 'hourly'] as const) {
        test(`scale ${e.scale}, ${e.frequency} gross ${e.gross} withholds ${e.withhold} (${mode})`, () => {
          const entry = entries.get(key(e, mode));
          assert.ok(entry, 'the employee is in the run');
          assert.equal(entry.gross, e.gross, "the period gross is the example's");
          const payg = entry.lines.find((l: any) => l.type === 'payg_withholding');
          assert.equal(payg.amount, `-${e.withhold}.00`);
          assert.equal(payg.description, `PAYG withholding (scale ${e.scale})`);
          assert.equal(entry.tax, `${e.withhold}.00`);
        });
      }
    }
  });
}
