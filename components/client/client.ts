import { PayrailApiError } from './errors.js';
import type {
  ApiEnvelope,
  CalendarParams,
  EvidenceQuery,
  LeaveRequestParams,
  LeaveQuoteParams,
  ListParams,
  EntryLine,
  WriteMethod,
  PayrailApi,
  PayslipListOptions,
  SettingsSegment,
  Validation,
  RequestOptions,
  TokenProvider,
  ReportParams,
  ReportSlug,
  ClientParams,
  ReadAnswer,
  ReadData,
  ReadArgs,
  TenantRead,
  TenantCheck,
  TenantWrite,
  GovernedWrite,
  WriteBody,
  WriteData,
  WriteIds,
} from './models.js';

interface Send {
  method?: 'GET' | WriteMethod;
  body?: unknown;
  headers?: Record<string, string>;
  /** Answer the body as a file (a report's CSV), not as JSON. */
  file?: boolean;
}

export interface ClientConfig {
  /** Origin of the API or of the integrator's same-origin proxy; empty means this page's origin. */
  apiUrl?: string;
  tenantId?: string;
  token?: string;
  tokenProvider?: TokenProvider;
}

export const qs = (
  p:
    | ListParams
    | LeaveRequestParams
    | LeaveQuoteParams
    | ReportParams
    | EvidenceQuery
    | ClientParams
    | Record<string, string | undefined> = {},
) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v != null && String(v).trim() !== '') q.set(k, String(v).trim());
  const s = q.toString();
  return s ? `?${s}` : '';
};

const enc = encodeURIComponent;
/** A route's template with its identifiers in place, in order, each encoded. */
export const fill = (tpl: string, ids: readonly string[]) =>
  ids.reduce((path, id) => path.replace(/\{\w+\}/, () => enc(id)), tpl);

type EntryItems = WriteBody<'/pay-runs/{payRunId}/entries/calculate', 'POST'>['items'];
/** The body that puts an editor's lines in place of an entry's own (timesheet and booked leave stay). */
export const entryBody = (employeeId: string, lines: EntryLine[]) => ({
  employee_id: employeeId,
  // A line's type is one of its pay item's `entry_types`, which the OpenAPI gives as plain strings; the body's
  // `type` is an enum. The API checks it (400 with the line's path), so the lines go as typed.
  items: lines as EntryItems,
  replace_entry_items: true,
});

/** How long a settled answer is reused by other elements asking for the same URL with the same token. */
export const CACHE_TTL_MS = 5_000;
/** A token this close to its `exp` is renewed through `tokenProvider` before it is sent. */
export const REFRESH_MARGIN_MS = 60_000;

/** Seconds-since-epoch `exp` of a JWT, or undefined for an opaque token. */
export function tokenExpiry(token: string | undefined): number | undefined {
  const part = token?.split('.')[1];
  if (!part) return undefined;
  try {
    // atob decodes base64 without its padding (the HTML standard's forgiving decode), as a JWT writes it.
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

interface Flight {
  promise: Promise<unknown>;
  settledAt?: number;
}

/**
 * HTTP client. Reads are shared; the only other requests are draft checks, which write nothing, and a
 * form's own governed write, which it makes only when the page lets it (actions go through the integrator).
 * One client serves every element under a provider, so it is also the page's request cache: the
 * same URL with the same token is fetched once while in flight and reused for `CACHE_TTL_MS`.
 */
export class PayrailClient implements PayrailApi {
  readonly live = true;
  private token?: string;
  private refreshing?: Promise<string | undefined>;
  /** A refresh that failed for a token; parallel requests holding that token fail the same way. */
  private failed?: { stale: string | undefined; error: PayrailApiError };
  private flights = new Map<string, Flight>();

  constructor(readonly config: ClientConfig) {
    this.token = config.token || undefined;
  }

  get base(): string {
    return `${(this.config.apiUrl ?? '').replace(/\/+$/, '')}/v1/tenants/${enc(this.config.tenantId ?? '')}`;
  }

  /** The credential in use now (after any refresh). */
  get currentToken(): string | undefined {
    return this.token;
  }

  /**
   * Swaps the credential in place: what is on screen stays, the next request carries the new token.
   * A token from the integrator also clears a failed refresh, so the provider may be asked again.
   */
  setToken(token: string | undefined): void {
    if (!token || token === this.token) return;
    this.token = token;
    this.failed = undefined;
  }

  setTokenProvider(p: TokenProvider | undefined): void {
    this.config.tokenProvider = p;
  }

  /** GET a path under the tenant; shared with every other caller of the same URL and token. */
  get<R>(path: string, { signal }: RequestOptions = {}): Promise<R> {
    if (!this.config.tenantId) {
      return Promise.reject(
        new PayrailApiError({ code: 'configuration_error', message: 'tenant-id is not set', status: 0 }),
      );
    }
    signal?.throwIfAborted();
    return this.joined<R>(path, signal);
  }

  private async joined<R>(path: string, signal?: AbortSignal): Promise<R> {
    // Without a token yet, the first one is asked for before anything is sent (or cached).
    if (this.needsRefresh()) await this.refresh(this.token).catch(() => undefined);
    const key = `${path}\n${this.token ?? ''}`;
    let f = this.flights.get(key);
    if (f?.settledAt != null && Date.now() - f.settledAt > CACHE_TTL_MS) {
      this.flights.delete(key);
      f = undefined;
    }
    if (!f) {
      const flight: Flight = { promise: Promise.resolve() };
      flight.promise = this.fetchJson(path).then(
        (v) => {
          flight.settledAt = Date.now();
          return v;
        },
        (e: unknown) => {
          // Failures are never reused: the next caller asks again.
          if (this.flights.get(key) === flight) this.flights.delete(key);
          throw e;
        },
      );
      this.flights.set(key, (f = flight));
    }
    return this.wait<R>(f, signal);
  }

  /** A caller that gives up stops waiting; the shared request still completes for the others (and the cache). */
  private wait<R>(f: Flight, signal?: AbortSignal): Promise<R> {
    const p = f.promise as Promise<R>;
    return signal
      ? new Promise<R>((resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          p.then(resolve, reject);
        })
      : p;
  }

  /** Renew ahead of expiry when a provider can; no provider means the token is used until it fails. */
  private needsRefresh(): boolean {
    if (!this.config.tokenProvider) return false;
    if (!this.token) return true;
    const exp = tokenExpiry(this.token);
    return exp != null && exp * 1000 - Date.now() < REFRESH_MARGIN_MS;
  }

  private async fetchJson<R>(path: string, init: Send = {}): Promise<R> {
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
          method: init.method ?? 'GET',
          headers: {
            accept: 'application/json',
            ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...init.headers,
            ...(sent ? { authorization: `Bearer ${sent}` } : {}),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          credentials: 'omit',
        });
      } catch {
        throw PayrailApiError.unreachable();
      }
      // One refresh and one retry per request, so a provider handing out bad tokens cannot loop.
      if (res.status === 401 && !refreshed && this.config.tokenProvider) {
        await this.refresh(sent);
        refreshed = true;
        continue;
      }
      if (init.file && res.ok) return (await res.blob()) as R;
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) throw PayrailApiError.from(res.status, body);
      return body as R;
    }
  }

  /** An explicit retry or reload: ask the token provider again after a failed refresh, and read afresh. */
  reset(): void {
    this.failed = undefined;
    for (const [k, f] of this.flights) if (f.settledAt != null) this.flights.delete(k);
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

  /**
   * A request that is not a shared read: a draft check (`POST …/validate`, which writes nothing) or a
   * form's own governed write, which the form makes only when the page lets it (see forms.ts).
   */
  async send<M extends WriteMethod, P extends TenantWrite<M>>(
    method: M,
    tpl: P,
    ids: WriteIds<P>,
    body: WriteBody<P, M>,
    headers: Record<string, string> = {},
  ): Promise<WriteData<P, M>> {
    return (await this.#exchange<{ data: WriteData<P, M> }>(method, fill(tpl, ids), body, headers)).data;
  }

  async #exchange<A>(method: WriteMethod, path: string, body: unknown, headers: Record<string, string> = {}) {
    if (!this.config.tenantId) {
      throw new PayrailApiError({ code: 'configuration_error', message: 'tenant-id is not set', status: 0 });
    }
    if (this.needsRefresh()) await this.refresh(this.token).catch(() => undefined);
    return this.fetchJson<A>(path, { method, body, headers });
  }

  check = async <P extends TenantCheck>(tpl: P, ids: WriteIds<P>, body: WriteBody<P, 'POST'>) =>
    (await this.#exchange<ApiEnvelope<Validation>>('POST', fill(tpl, ids), body)).data;
  write: GovernedWrite<'data'> = (method, tpl, ids, body, reason) =>
    this.send(method, tpl, ids, body, { 'x-governance-reason': reason });
  writeRecorded: GovernedWrite<'whole'> = (method, tpl, ids, body, reason) =>
    this.#exchange(method, fill(tpl, ids), body, { 'x-governance-reason': reason });

  /**
   * A tenant GET named by its route's template, with one identifier for each of the template's `{…}` (none for
   * a route without): the route and its answer's type come from the OpenAPI together, so a wrong path or a
   * changed answer is a type error here.
   */
  private read<P extends TenantRead>(tpl: P, o?: RequestOptions, ...[ids = [], query = '']: ReadArgs<P>) {
    return this.get<ReadAnswer<P>>(fill(tpl, ids) + query, o);
  }

  private data<P extends TenantRead>(tpl: P, o?: RequestOptions, ...[ids = [], query = '']: ReadArgs<P>) {
    return this.get<{ data: ReadData<P> }>(fill(tpl, ids) + query, o).then((r) => r.data);
  }

  me = (o?: RequestOptions) => this.data('/me', o);
  payRuns = (p?: ListParams, o?: RequestOptions) => this.read('/pay-runs', o, [], qs(p));
  payRun = (payRunId: string, o?: RequestOptions) => this.data('/pay-runs/{payRunId}', o, [payRunId]);
  entries = (payRunId: string, o?: RequestOptions) => this.data('/pay-runs/{payRunId}/entries', o, [payRunId]);
  payslips = (payRunId: string, o?: PayslipListOptions) =>
    this.data('/pay-runs/{payRunId}/payslips', o, [payRunId], qs({ limit: o?.limit }));
  payslip = (payRunId: string, employeeId: string, o?: RequestOptions) =>
    this.data('/pay-runs/{payRunId}/payslips/{employeeId}', o, [payRunId, employeeId]);
  employees = (p?: ListParams, o?: RequestOptions) => this.read('/employees', o, [], qs(p));
  employee = (employeeId: string, o?: RequestOptions) => this.data('/employees/{employeeId}', o, [employeeId]);
  readiness = (employeeId: string, o?: RequestOptions) =>
    this.data('/employees/{employeeId}/readiness', o, [employeeId]);
  tenantReadiness = (o?: RequestOptions) => this.data('/readiness', o);
  settings = (employeeId: string, segment: SettingsSegment, o?: RequestOptions) =>
    this.data<`/employees/{employeeId}/${SettingsSegment}`>(`/employees/{employeeId}/${segment}`, o, [employeeId]);
  openings = (employeeId: string, o?: RequestOptions) =>
    this.data('/employees/{employeeId}/year-to-date-openings', o, [employeeId]);
  pdfUrl = (payRunId: string, employeeId: string) =>
    `${this.base}/pay-runs/${enc(payRunId)}/payslips/${enc(employeeId)}.pdf`;
  report = (report: ReportSlug, p?: ReportParams, o?: RequestOptions) =>
    this.data('/reports/{report}', o, [report], qs(p));
  /** Not a shared read: each download asks afresh, with the token, for the file. */
  reportCsv = async (slug: ReportSlug, p?: ReportParams): Promise<Blob> => {
    if (this.needsRefresh()) await this.refresh(this.token).catch(() => undefined);
    return this.fetchJson<Blob>(`/reports/${enc(slug)}${qs({ ...p, format: 'csv' })}`, {
      headers: { accept: 'text/csv' },
      file: true,
    });
  };
  leaveTypes = (o?: RequestOptions, employeeId?: string) =>
    this.data('/reference/leave-types', o, [], qs({ employee_id: employeeId }));
  leaveQuote = (p: LeaveQuoteParams, o?: RequestOptions) => this.data('/leave/quote', o, [], qs(p));
  leaveRequests = (p?: LeaveRequestParams, o?: RequestOptions) => this.read('/leave/requests', o, [], qs(p));
  leaveBalances = (employeeId?: string, o?: RequestOptions) =>
    this.data('/leave-balances', o, [], qs({ employee_id: employeeId }));
  leaveTerms = (employeeId: string, o?: RequestOptions) =>
    this.data('/leave/terms', o, [], qs({ employee_id: employeeId }));
  lodgements = (payRunId: string, o?: RequestOptions) => this.data('/pay-runs/{payRunId}/lodgements', o, [payRunId]);
  stpCorrections = (o?: RequestOptions) => this.data('/stp/corrections', o);
  payments = (payRunId: string, o?: RequestOptions) => this.data('/pay-runs/{payRunId}/payments', o, [payRunId]);
  paymentFiles = (payRunId: string, o?: RequestOptions) =>
    this.data('/pay-runs/{payRunId}/payment-files', o, [payRunId]);
  superLiabilities = (payRunId?: string, o?: RequestOptions) =>
    this.data('/super/liabilities', o, [], qs({ pay_run_id: payRunId }));
  checklist = (payRunId: string, o?: RequestOptions) => this.data('/pay-runs/{payRunId}/checklist', o, [payRunId]);
  evidence = (p?: EvidenceQuery, o?: RequestOptions) => this.read('/governance/audit-trail', o, [], qs(p));
  evidenceRecord = (evidenceId: string, o?: RequestOptions) =>
    this.data('/governance/evidence/{evidenceId}', o, [evidenceId]);
  payItems = (o?: RequestOptions) => this.data('/pay-items', o, [], '?include_archived=true');
  calculateEntry = (payRunId: string, employeeId: string, lines: EntryLine[]) =>
    this.send('POST', '/pay-runs/{payRunId}/entries/calculate', [payRunId], entryBody(employeeId, lines));
  exceptions = (payRunId: string, o?: RequestOptions) => this.data('/pay-runs/{payRunId}/exceptions', o, [payRunId]);
  payrollCalendar = (p: CalendarParams, o?: RequestOptions) =>
    this.data('/calendar', o, [], qs({ from: p.from, to: p.to, state: p.state }));
  company = (o?: RequestOptions) => this.data('/company', o);
  sites = (o?: RequestOptions) => this.data('/sites', o, [], '?include_archived=true');
  paySchedules = (o?: RequestOptions) => this.data('/pay-schedules', o);
  costCentres = (o?: RequestOptions) => this.data('/cost-centres', o, [], '?include_archived=true');
  costCentreRules = (o?: RequestOptions) => this.data('/cost-centre-mappings', o);
  award = (code: string, o?: RequestOptions) => this.data('/awards/{code}', o, [code]);
}
