import { PayrailApiError } from '../../client/errors.js';
import type { ApiList, Country, ListParams, Me, PayrailApi } from '../../client/models.js';
import { buildSample, type SampleSet } from './data.js';

const page = <T>(rows: T[], { limit = 50, cursor }: ListParams = {}): ApiList<T> => {
  const from = Number(cursor ?? 0) || 0;
  const data = rows.slice(from, from + limit);
  const more = from + limit < rows.length;
  return { data, has_more: more, next_cursor: more ? String(from + limit) : null };
};

/** Every word must appear in one of the row's texts, as the API's `q` does. */
const matches = (q: string | undefined, texts: (string | null | undefined)[]) => {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const hay = texts.filter(Boolean).join(' ').toLowerCase();
  return words.every((w) => hay.includes(w));
};

const found = <T>(v: T | undefined): Promise<T> =>
  v
    ? Promise.resolve(structuredClone(v))
    : Promise.reject(new PayrailApiError({ code: 'not_found', message: 'Not found', status: 404 }));

/** The read API over generated data; a component never needs to know which one it has. */
export class SampleApi implements PayrailApi {
  readonly live = false;
  private set?: SampleSet;

  constructor(readonly country: Country) {}

  /** Built on first read, so pages that never show sample data never pay for it. */
  get data(): SampleSet {
    return (this.set ??= buildSample(this.country));
  }

  me = (): Promise<Me> =>
    Promise.resolve({
      mode: 'user',
      environment: 'sandbox',
      user: { id: 'sample-user-1', name: 'Sample admin' },
      role: 'admin',
      scope: { cost_centres: '*', sites: '*' },
      components: ['*'],
      employee_id: null,
    });
  payRuns = async (p?: ListParams) =>
    page(
      this.data.runs.filter(
        (r) =>
          (!p?.status || r.status === p.status) &&
          matches(p?.q, [r.status, r.pay_frequency, r.period_start, r.period_end, r.payment_date]),
      ),
      p,
    );
  payRun = (id: string) => found(this.data.runs.find((r) => r.id === id));
  entries = (id: string) => found(this.data.entries[id]);
  payslips = (id: string) => found(this.data.payslips[id]);
  employees = async (p?: ListParams) => {
    const rows = this.data.employees.filter((e) =>
      matches(p?.q, [`${e.first_name} ${e.last_name}`, e.email, e.employee_number]),
    );
    return { ...page(rows, p), total: rows.length, total_active: rows.filter((e) => e.status === 'active').length };
  };
  employee = (id: string) => found(this.data.employees.find((e) => e.id === id));
  readiness = (id: string) => found(this.data.readiness[id]);
  pdfUrl = (payRunId: string, employeeId: string) =>
    `/v1/tenants/sample/pay-runs/${payRunId}/payslips/${employeeId}.pdf`;
}

const apis = new Map<Country, SampleApi>();
export const sampleApi = (c: Country): SampleApi => {
  let a = apis.get(c);
  if (!a) apis.set(c, (a = new SampleApi(c)));
  return a;
};
