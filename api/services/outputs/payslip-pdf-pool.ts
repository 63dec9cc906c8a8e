// Payslip PDFs are drawn on a worker thread, not the event loop. One PDF is tens of milliseconds of CPU (fonts
// subset, pages laid out, the file compressed), and on the event loop every other tenant's request would wait
// behind each of them: a client printing payslips in a loop would set everyone's latency. The pool starts with
// the first payslip (most processes never print one) and lets its thread go when idle; an idle thread never
// keeps the process alive.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { PayslipDocument } from './payslip-types.ts';

let pool: Piscina<PayslipDocument, Uint8Array> | undefined;

/** Leaves one core to the event loop; more threads than that would only compete with it. */
const threads = () => Math.min(4, Math.max(1, availableParallelism() - 1));

export function renderPayslipPdfOffThread(slip: PayslipDocument): Promise<Uint8Array> {
  pool ??= new Piscina({
    // The worker is in the same form as this file: TypeScript from the source tree, JavaScript when compiled.
    filename: new URL(`./payslip-pdf-worker${path.extname(import.meta.url)}`, import.meta.url).href,
    minThreads: 0,
    maxThreads: threads(),
    idleTimeout: 60_000,
  });
  return pool.run(slip);
}
