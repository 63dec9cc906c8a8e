// The API an element holds without a token. What needs no figures (who the user is, the forms'
// checks, refused writes, PDF links) it answers itself; every read is forwarded to reads.ts, which
// is loaded on first use in one chunk with the generated data. A page that never shows sample data
// downloads neither, and the bundle carries only this forwarding.
import { PayrailApiError } from '../../client/errors.js';
import type { Country, Me, PayrailApi, PortfolioApi, Validation } from '../../client/models.js';
import type { SampleReads } from './reads.js';

/** The reads that need the sample figures (`load` hands tests the whole generated set). */
const READS = [
  'load',
  'payRuns',
  'payRun',
  'entries',
  'payslips',
  'payslip',
  'employees',
  'employee',
  'readiness',
  'tenantReadiness',
  'settings',
  'leaveTypes',
  'leaveQuote',
  'leaveRequests',
  'leaveBalances',
  'leaveTerms',
  'lodgements',
  'stpCorrections',
  'payments',
  'paymentFiles',
  'superLiabilities',
  'checklist',
  'exceptions',
  'report',
  'reportCsv',
  'payrollCalendar',
  'evidence',
  'evidenceRecord',
  'award',
  'portfolioSummary',
  'portfolioPipeline',
  'portfolioClients',
  'payItems',
  'calculateEntry',
  'company',
  'sites',
  'paySchedules',
  'costCentres',
  'costCentreRules',
] as const satisfies readonly (keyof SampleReads)[];

type Forwarded = { [K in (typeof READS)[number]]: SampleReads[K] };
export type SampleApi = PayrailApi & PortfolioApi & Forwarded;

type Chunk = typeof import('./reads.js');
let chunk: Chunk | undefined;

/**
 * The first read loads the chunk; later ones call straight into it, as the reads did when they were
 * in the bundle, so no read takes longer than before. A failed load rejects that read only: the next
 * one tries again.
 */
function forwarding(country: Country): Forwarded {
  type Read = (...a: unknown[]) => unknown;
  const read = (m: Chunk, k: (typeof READS)[number], a: unknown[]) => (m.sampleReads(country)[k] as Read)(...a);
  return Object.fromEntries(
    READS.map((k) => [
      k,
      (...a: unknown[]) => (chunk ? read(chunk, k, a) : import('./reads.js').then((m) => read((chunk = m), k, a))),
    ]),
  ) as Forwarded;
}

const refuse = (): Promise<never> =>
  Promise.reject(new PayrailApiError({ code: 'forbidden', message: 'Sample data cannot be saved', status: 403 }));

const sample = (country: Country): SampleApi => ({
  ...forwarding(country),
  live: false,
  me: (): Promise<Me> =>
    Promise.resolve({
      mode: 'user',
      environment: 'sandbox',
      user: { id: 'sample-user-1', name: 'Sample admin' },
      role: 'admin',
      scope: { cost_centres: '*', sites: '*' },
      components: ['*'],
      employee_id: null,
    }),
  /** Sample data has no rules server: the forms' own checks are all there is. */
  check: (): Promise<Validation> => Promise.resolve({ valid: true, violations: [] }),
  /** Sample employees were always on Payrail: no figures from before it. */
  openings: () => Promise.resolve(null),
  write: refuse,
  writeRecorded: refuse,
  pdfUrl: (payRunId: string, employeeId: string) =>
    `/v1/tenants/sample/pay-runs/${payRunId}/payslips/${employeeId}.pdf`,
});

const apis = new Map<Country, SampleApi>();
export const sampleApi = (c: Country): SampleApi => {
  let a = apis.get(c);
  if (!a) apis.set(c, (a = sample(c)));
  return a;
};
