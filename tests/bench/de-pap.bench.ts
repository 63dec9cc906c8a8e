// DE wage-tax (PAP) throughput on one core, budget ≥ 100,000 calculations/s (DESIGN.md).
// Run: npx tsx tests/bench/de-pap.bench.ts [share]   (share of the full iteration counts, 1 by default)

import {
  calculateDePay,
  pap,
  papCents,
  type DePayInput,
  type PapInput,
  type PapYear,
} from '../../api/packs/de/index.ts';

// A deterministic mix over both years, all classes and pay periods, church tax, children, private
// insurance, opt-outs and one-off payments (every fifth case takes the sonstige-Bezüge path).
function mixedInputs(count: number): { year: PapYear; input: Partial<PapInput> }[] {
  const out: { year: PapYear; input: Partial<PapInput> }[] = [];
  let seed = 12345;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let i = 0; i < count; i++) {
    const year: PapYear = i % 2 === 0 ? 2026 : 2025;
    const LZZ = 1 + next(4);
    const monthly = 50_000 + next(1_500_000);
    const RE4 =
      LZZ === 1
        ? monthly * 12
        : LZZ === 2
          ? monthly
          : LZZ === 3
            ? Math.floor((monthly * 7) / 30)
            : Math.floor(monthly / 30);
    const input: Partial<PapInput> = {
      LZZ,
      RE4,
      STKL: 1 + next(6),
      ZKF: next(3) * 0.5,
      R: next(2),
      KVZ: [1.7, 2.5, 2.9][next(3)],
      PVZ: next(2),
      PVA: next(3),
      PVS: next(10) === 0 ? 1 : 0,
      KRV: next(15) === 0 ? 1 : 0,
    };
    if (next(8) === 0) {
      input.PKV = 1;
      input.PKPV = 40_000 + next(60_000);
    }
    if (i % 5 === 0) {
      input.SONSTB = 100_000 + next(1_000_000);
      input.JRE4 = monthly * 12;
    }
    out.push({ year, input });
  }
  return out;
}

const SHARE = Number(process.argv[2] ?? 1);

function measure(label: string, run: (i: number) => unknown, full: number): number {
  const iterations = Math.max(1, Math.round(full * SHARE));
  for (let i = 0; i < Math.min(iterations, 50_000); i++) run(i); // warm-up: let the JIT settle first
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) run(i);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const rate = Math.round(iterations / seconds);
  console.log(`${label}: ${rate} calculations/s`);
  return rate;
}

const cases = mixedInputs(4096);
const mask = cases.length - 1;
const rate = measure('DE PAP', (i) => papCents(cases[i & mask].year, cases[i & mask].input), 1_000_000);
measure('DE PAP (decimal outputs)', (i) => pap(cases[i & mask].year, cases[i & mask].input), 300_000);

const payInputs: DePayInput[] = cases.slice(0, 256).map(({ input }, i) => ({
  frequency: 'monthly',
  earnings: [{ type: 'salary', amount: (((input.RE4 as number) % 1_000_000) / 100 + 100).toFixed(2) }],
  employee: { tax_class: (1 + (i % 6)) as 1, church_tax: i % 2 === 0, state: 'BY', children: i % 3 },
}));
measure(
  'DE pay calculation (tax + social, per employee)',
  (i) => calculateDePay('DE-2026.1', payInputs[i & 255]),
  50_000,
);

// A missed budget is a figure to read, not a failure to run (tests/bench/run.ts).
if (rate < 100_000) console.log(`DE PAP below budget: ${rate} < 100,000 calculations/s  MISSED`);
