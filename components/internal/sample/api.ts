import { PayrailApiError } from '../../client/errors.js';
import type { ApiList, Country, ListParams, Me, PayrailApi, PayslipListOptions } from '../../client/types.js';
import { buildSample, type SampleSet } from './data.js';

const page = <T>(rows: T[], { limit = 50, cursor }: ListParams = {}): ApiList<T> => {
  const from = Number(cursor ?? 0) || 0;
  const data = rows.slice(from, from + limit);
  const more = from + limit < rows.length;
  return { data, has_more: more, next_cursor: more ? String(from + limit) : null };
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
      user: { id: 'usr_sample', name: 'Sample admin' },
      role: 'admin',
      scope: '*',
      components: ['*'],
      employee_id: null,
    });
  payRuns = async (p?: ListParams) =>
    page(
      this.data.runs.filter((r) => !p?.status || r.status === p.status),
      p,
    );
  payRun = (id: string) => found(this.data.runs.find((r) => r.id === id));
  entries = (id: string) => found(this.data.entries[id]);
  payslips = (id: string, o?: PayslipListOptions) =>
    found(this.data.payslips[id]).then((all) => (o?.limit ? all.slice(0, o.limit) : all));
  payslip = (payRunId: string, employeeId: string) =>
    found(this.data.payslips[payRunId]?.find((p) => p.employee_id === employeeId));
  employees = async (p?: ListParams) => page(this.data.employees, p);
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
