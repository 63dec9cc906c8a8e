// The API instances behind this BFF: PAYRAIL_API_URL may list several, comma-separated. Requests take turns;
// one that cannot reach its instance (refused, reset, or cut off mid-answer because the instance died) goes to
// the next, and an instance that failed is passed over for a moment. Retrying a write is safe because every
// proxied POST carries an Idempotency-Key (the page's own, or one the BFF adds): a write the failed instance had
// already committed is replayed by the next one, never made twice.
const REST_MS = 2_000;

export interface UpstreamAnswer {
  response: globalThis.Response;
  /** The whole body, read before the answer counts as received. */
  payload: Buffer;
}

export class Upstreams {
  readonly urls: string[];
  private turn = 0;
  private readonly restingUntil = new Map<string, number>();

  constructor(list: string) {
    this.urls = list
      .split(',')
      .map((u) => u.trim().replace(/\/$/, ''))
      .filter(Boolean);
    if (!this.urls.length) throw new Error('PAYRAIL_API_URL names no API instance');
  }

  /** The instances in the order to try them now: this request's turn first, resting ones last. */
  private order(): string[] {
    const start = this.turn++ % this.urls.length;
    const rotated = [...this.urls.slice(start), ...this.urls.slice(0, start)];
    const now = Date.now();
    const resting = (u: string) => (this.restingUntil.get(u) ?? 0) > now;
    return [...rotated.filter((u) => !resting(u)), ...rotated.filter(resting)];
  }

  /** One instance's base URL, for a relay that streams (it does not retry). */
  pick(): string {
    return this.order()[0];
  }

  /** Sends the request to one instance after another until one answers in full; throws when none does. */
  async fetch(path: string, init: RequestInit): Promise<UpstreamAnswer> {
    let failure: unknown = null;
    for (const base of this.order()) {
      try {
        const response = await fetch(base + path, init);
        return { response, payload: Buffer.from(await response.arrayBuffer()) };
      } catch (err) {
        failure = err;
        this.restingUntil.set(base, Date.now() + REST_MS);
      }
    }
    throw failure;
  }
}
