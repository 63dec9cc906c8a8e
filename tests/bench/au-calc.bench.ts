// Throughput of the AU per-employee calculator, in-process: npx tsx tests/bench/au-calc.bench.ts [employees]
import { performance } from 'node:perf_hooks';
import { calculateAuPay, type AuPayInput, type AuPayItem, type PayFrequency } from '../../api/packs/au/index.ts';

const EMPLOYEES = Number(process.argv[2] ?? 100_000);
const VERSION = 'AU-2026.1';

// A fixed-seed generator, so every run measures the same population.
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(20260701);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
const amount = (max: number) => (Math.floor(random() * max * 100) / 100).toFixed(2);
const FREQUENCIES: readonly PayFrequency[] = ['weekly', 'fortnightly', 'monthly', 'quarterly'];

function syntheticEmployee(): AuPayInput {
  const salaried = random() < 0.6;
  const items: AuPayItem[] = [];
  if (!salaried && random() < 0.7)
    items.push({ kind: 'hours', category: 'ordinary', hours: (20 + Math.floor(random() * 60)).toFixed(2) });
  if (random() < 0.3)
    items.push({ kind: 'hours', category: 'overtime', hours: (1 + Math.floor(random() * 8)).toFixed(2) });
  if (random() < 0.2) items.push({ kind: 'hours', category: 'leave', hours: '7.60', leave_type: 'annual' });
  if (random() < 0.3) items.push({ kind: 'amount', category: 'allowance', amount: amount(150) });
  if (random() < 0.1) items.push({ kind: 'amount', category: 'bonus', amount: amount(2000) });
  if (random() < 0.2) items.push({ kind: 'amount', category: 'salary_sacrifice', amount: amount(200) });
  if (random() < 0.2) items.push({ kind: 'amount', category: 'deduction', amount: amount(50) });
  return {
    frequency: pick(FREQUENCIES),
    payment_date: '2026-07-31',
    employment: salaried
      ? {
          type: pick(['full_time', 'part_time'] as const),
          annual_salary: (55_000 + Math.floor(random() * 150_000)).toFixed(2),
          hours_per_week: '38',
        }
      : {
          type: pick(['full_time', 'part_time', 'casual'] as const),
          hourly_rate: (25 + random() * 60).toFixed(2),
          hours_per_week: '38',
        },
    tax: {
      tfn_provided: random() < 0.97,
      tax_free_threshold: random() < 0.85,
      residency: random() < 0.93 ? 'resident' : 'foreign_resident',
      medicare_levy_exemption: pick(['none', 'none', 'none', 'none', 'half', 'full'] as const),
      study_loan: random() < 0.25,
      medicare_adjustment: random() < 0.05 ? { children: Math.floor(random() * 4) } : null,
    },
    items,
  };
}

const population = Array.from({ length: EMPLOYEES }, syntheticEmployee);
for (const input of population.slice(0, 2_000)) calculateAuPay(VERSION, input); // warm-up

let checksum = 0;
const started = performance.now();
for (const input of population) checksum += Number(calculateAuPay(VERSION, input).net.length);
const seconds = (performance.now() - started) / 1000;

console.log(`AU calculator: ${Math.round(EMPLOYEES / seconds)} calculations/s`);
console.log(
  `  ${EMPLOYEES} employees in ${seconds.toFixed(2)} s (${((seconds * 1e6) / EMPLOYEES).toFixed(1)} us each, checksum ${checksum})`,
);
