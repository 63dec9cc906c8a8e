import { PayrailApiError } from './errors.js';
import type {
  ApiEnvelope,
  ApiList,
  Employee,
  ListParams,
  Me,
  PayRun,
  PayRunEntry,
  PayrailApi,
  Payslip,
  PayslipListOptions,
  Readiness,
  RequestOptions,
  TokenProvider,
} from './types.js';

export interface ClientConfig {
  /** Origin of the API or of the integrator's same-origin proxy; empty means this page's origin. */
  apiUrl?: string;
  tenantId?: string;
  token?: string;
  tokenProvider?: TokenProvider;
}

const qs = (p: ListParams = {}) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v != null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

const enc = encodeURIComponent;

/** Read-only HTTP client: the SDK never writes from the browser, actions go through the integrator. */
export class PayrailClient implements PayrailApi {
  readonly live = true;
  private token?: string;
  private refreshing?: Promise<string | undefined>;
  /** A refresh that failed for a token; parallel requests holding that token fail the same way. */
  private failed?: { stale: string | undefined; error: PayrailApiError };

  constructor(readonly config: ClientConfig) {
    this.token = config.token || undefined;
  }

  get base(): string {
    return `${(this.config.apiUrl ?? '').replace(/\/+$/, '')}/v1/tenants/${enc(this.config.tenantId ?? '')}`;
  }

  async get<T>(path: string, { signal }: RequestOptions = {}): Promise<T> {
    if (!this.config.tenantId) {
      throw new PayrailApiError({ code: 'configuration_error', message: 'tenant-id is not set', status: 0 });
    }
    let refreshed = false;
    if (!this.token && this.config.tokenProvider) {
      await this.refresh(undefined);
      refreshed = true;
    }
    for (;;) {
      const sent = this.token;
      let res: Response;
      try {
        res = await fetch(this.base + path, {
          headers: { accept: 'application/json', ...(sent ? { authorization: `Bearer ${sent}` } : {}) },
          credentials: 'omit',
          signal,
        });
      } catch (e) {
        if (signal?.aborted) throw e;
        throw new PayrailApiError({
          code: 'network_error',
          message: 'The payroll service could not be reached',
          status: 0,
        });
      }
      // One refresh and one retry per request, so a provider handing out bad tokens cannot loop.
      if (res.status === 401 && !refreshed && this.config.tokenProvider) {
        await this.refresh(sent);
        refreshed = true;
        continue;
      }
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) throw PayrailApiError.from(res.status, body);
      return body as T;
    }
  }

  /** Lets an explicit retry ask the token provider again after a failed refresh. */
  reset(): void {
    this.failed = undefined;
  }

  /** Concurrent 401s share one provider call; a token already replaced by another request is reused. */
  private refresh(stale: string | undefined): Promise<string | undefined> {
    if (this.token !== stale) return Promise.resolve(this.token);
    const failed = this.failed;
    if (failed && failed.stale === stale) return Promise.reject(failed.error);
    this.refreshing ??= (async () => {
      try {
        const t = await this.config.tokenProvider!();
        if (!t) throw new Error('empty token');
        return (this.token = t);
      } catch {
        const error = new PayrailApiError({
          code: 'token_refresh_failed',
          message: 'The session could not be renewed',
          status: 401,
        });
        this.failed = { stale, error };
        throw error;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  private data<T>(path: string, o?: RequestOptions) {
    return this.get<ApiEnvelope<T>>(path, o).then((r) => r.data);
  }

  me = (o?: RequestOptions) => this.data<Me>('/me', o);
  payRuns = (p?: ListParams, o?: RequestOptions) => this.get<ApiList<PayRun>>(`/pay-runs${qs(p)}`, o);
  payRun = (id: string, o?: RequestOptions) => this.data<PayRun>(`/pay-runs/${enc(id)}`, o);
  entries = (id: string, o?: RequestOptions) => this.data<PayRunEntry[]>(`/pay-runs/${enc(id)}/entries`, o);
  payslips = (id: string, o?: PayslipListOptions) =>
    this.data<Payslip[]>(`/pay-runs/${enc(id)}/payslips${qs({ limit: o?.limit })}`, o);
  payslip = (payRunId: string, employeeId: string, o?: RequestOptions) =>
    this.data<Payslip>(`/pay-runs/${enc(payRunId)}/payslips/${enc(employeeId)}`, o);
  employees = (p?: ListParams, o?: RequestOptions) => this.get<ApiList<Employee>>(`/employees${qs(p)}`, o);
  employee = (id: string, o?: RequestOptions) => this.data<Employee>(`/employees/${enc(id)}`, o);
  readiness = (id: string, o?: RequestOptions) => this.data<Readiness>(`/employees/${enc(id)}/readiness`, o);
  pdfUrl = (payRunId: string, employeeId: string) =>
    `${this.base}/pay-runs/${enc(payRunId)}/payslips/${enc(employeeId)}.pdf`;
}
