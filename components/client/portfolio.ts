import { qs } from './client.js';
import { PayrailApiError } from './errors.js';
import type {
  ApiList,
  ClientParams,
  ClientRow,
  Pipeline,
  PortfolioApi,
  PortfolioSummary,
  RequestOptions,
} from './models.js';

/**
 * The partner portfolio through the host's backend, which holds the partner key and passes the API's answer on
 * (`<base>/summary`, `/pipeline`, `/clients`). Same-origin with the page's own session cookie: no Payrail
 * token is sent, since the API refuses embed and user tokens on these routes.
 */
export class PortfolioClient implements PortfolioApi {
  readonly live = true;

  constructor(readonly base: string) {}

  async #get<R>(view: string, p: ClientParams = {}, { signal }: RequestOptions = {}): Promise<R> {
    let res: Response;
    try {
      res = await fetch(`${this.base.replace(/\/+$/, '')}/${view}${qs(p)}`, {
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
        signal,
      });
    } catch (e) {
      if (signal?.aborted) throw e;
      throw PayrailApiError.unreachable();
    }
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) throw PayrailApiError.from(res.status, body);
    return body as R;
  }

  portfolioSummary = (o?: RequestOptions) =>
    this.#get<{ data: PortfolioSummary }>('summary', {}, o).then((r) => r.data);
  portfolioPipeline = (o?: RequestOptions) => this.#get<{ data: Pipeline }>('pipeline', {}, o).then((r) => r.data);
  portfolioClients = (p?: ClientParams, o?: RequestOptions) => this.#get<ApiList<ClientRow>>('clients', p, o);
}
