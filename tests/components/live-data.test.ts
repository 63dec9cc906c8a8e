// Live data for every element, a token arriving after sample data, token swap and refresh ahead of
// expiry, the provider's shared request cache and its one page-level alert for an outage.
import { expect, fixture, html, mount, needLive, oneEvent, q, qa, root, settled, text, waitUntil } from './support.js';
import type { LitElement } from 'lit';
import { API, ELEMENTS, realFetch, stubApi } from './stub-api.js';

describe('live data, tokens and the shared request cache', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('every element emits payrail-load with sample: false on live data', async function () {
    this.timeout(90_000);
    const l = await needLive(this);
    for (const [tag, attrs] of ELEMENTS) {
      const own = { ...attrs };
      delete own['pay-run-id'];
      delete own['employee-id'];
      const el = document.createElement(tag);
      for (const [k, v] of Object.entries({ 'api-url': l.url, 'tenant-id': l.tenants.au, ...own }))
        el.setAttribute(k, v);
      (el as unknown as { embedToken: string }).embedToken = l.tokens.au;
      setTimeout(() => fixture(html`<div style="width: 1000px">${el}</div>`));
      const ev = await oneEvent(el, 'payrail-load');
      expect(ev.detail, tag).to.deep.equal({ sample: false });
    }
  });

  it('a token arriving after sample rendering swaps to live data; the badge stays until live data is on screen', async function () {
    const l = await needLive(this);
    const el = await settled(
      await mount<HTMLElement & { embedToken?: string }>('payrail-pay-runs-list', {
        'api-url': l.url,
        'tenant-id': l.tenants.au,
      }),
    );
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(text(el)).to.contain('Sample data');
    const badgeWhileLoading: boolean[] = [];
    const check = () => {
      const loading = !!root(el).querySelector('[role="status"]');
      if (loading) badgeWhileLoading.push(!!root(el).querySelector('[part~="badge"]'));
    };
    const mo = new MutationObserver(check);
    mo.observe(root(el), { subtree: true, childList: true });
    const loaded = oneEvent(el, 'payrail-load');
    el.embedToken = l.tokens.au;
    expect((await loaded).detail.sample).to.equal(false);
    mo.disconnect();
    await settled(el);
    expect(q(el, '[part~="badge"]')).to.equal(null);
    expect(badgeWhileLoading.every(Boolean), 'badge shown while live data loads').to.equal(true);
    const ids = qa(el, 'tbody tr').length;
    expect(ids).to.be.greaterThan(0);
  });

  it('elements under one provider share requests: the same URL and token is fetched once', async function () {
    const l = await needLive(this);
    const urls: string[] = [];
    let inFlight = 0;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const u = String(input instanceof Request ? input.url : input);
      if (u.includes('/v1/')) urls.push(u);
      inFlight++;
      try {
        return await realFetch(input, init);
      } finally {
        inFlight--;
      }
    };
    const wrap = await fixture<HTMLElement>(
      html`<payrail-provider country="AU" api-url=${l.url} tenant-id=${l.tenants.au}>
        <payrail-dashboard></payrail-dashboard>
        <payrail-pay-runs-list></payrail-pay-runs-list>
        <payrail-kpi-tile metric="headcount"></payrail-kpi-tile>
        <payrail-kpi-tile metric="next-pay-date"></payrail-kpi-tile>
        <payrail-chart type="donut" metric="cost-split"></payrail-chart>
        <payrail-pay-run-detail></payrail-pay-run-detail>
        <payrail-employee-detail></payrail-employee-detail>
      </payrail-provider>`,
    );
    (wrap as unknown as { embedToken: string }).embedToken = l.tokens.au;
    const elements = [...wrap.querySelectorAll<HTMLElement>('*')];
    for (const el of elements) await settled(el, (e) => !root(e).querySelector('[role="status"]'));
    // Quiet: every element is on screen, no request is on its way and no element has an update to
    // make (a request still to come would start from one), so the count below is final.
    await waitUntil(() => inFlight === 0, 'requests still in flight');
    for (const el of elements) while (!(await (el as unknown as LitElement).updateComplete));
    expect(inFlight).to.equal(0);
    expect(new Set(urls).size, urls.join('\n')).to.equal(urls.length);
    // First page of runs, one employee row (the roster is counted by the API), entries, readiness, and who the
    // caller is (whether the runs list offers a new pay run).
    expect(urls.length, urls.join('\n')).to.be.at.most(5);
    expect(urls.some((u) => /employees\?limit=1$/.test(u))).to.equal(true);
    const tile = wrap.querySelector('payrail-kpi-tile')!;
    const { total_active } = await (
      await realFetch(`${l.url}/v1/tenants/${l.tenants.au}/employees?limit=1`, {
        headers: { authorization: `Bearer ${l.tokens.au}` },
      })
    ).json();
    expect(q(tile, '[part~="value"]').textContent!.trim()).to.equal(String(total_active));
  });

  it('a new embedToken swaps the credential without reloading what is on screen', async function () {
    const l = await needLive(this);
    const urls: string[] = [];
    const sentTokens: string[] = [];
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const u = String(input instanceof Request ? input.url : input);
      if (u.includes('/v1/')) {
        urls.push(u);
        sentTokens.push((init?.headers as Record<string, string> | undefined)?.authorization ?? '');
      }
      return realFetch(input, init);
    };
    const el = await settled(
      await mount<LitElement & { embedToken: string; reload(): void }>(
        'payrail-pay-runs-list',
        { 'api-url': l.url, 'tenant-id': l.tenants.au },
        { embedToken: l.tokens.au },
      ),
    );
    const n = urls.length;
    const row = q(el, 'tbody tr');
    const fresh: string = (await (await realFetch('/__payrail/live')).json()).tokens.au;
    el.embedToken = fresh;
    // The update that took the token is done: a reload would have started in it (a data task going
    // pending shows the skeleton, which sets aria-busy) and sent its request.
    while (!(await el.updateComplete));
    expect(el.getAttribute('aria-busy'), 'no reload').to.equal(null);
    expect(urls.length).to.equal(n);
    expect(q(el, 'tbody tr')).to.equal(row);
    // And the new token is the one the next read sends.
    el.reload();
    await waitUntil(() => sentTokens.length > n, 'the reload sent nothing');
    expect(
      sentTokens.slice(n).every((t) => t === `Bearer ${fresh}`),
      sentTokens.join('\n'),
    ).to.equal(true);
  });

  it('renews a token that is about to expire before sending it (its exp), without a 401 first', async function () {
    const l = await needLive(this);
    const statuses: number[] = [];
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const r = await realFetch(input, init);
      if (String(input).includes('/v1/')) statuses.push(r.status);
      return r;
    };
    const exp = Math.floor(Date.now() / 1000) + 10;
    const expiring = `e30.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.sig`;
    let calls = 0;
    const el = await settled(
      await mount(
        'payrail-pay-runs-list',
        { 'api-url': l.url, 'tenant-id': l.tenants.au },
        {
          embedToken: expiring,
          tokenProvider: async () => {
            calls++;
            return l.tokens.au;
          },
        },
      ),
    );
    expect(calls).to.equal(1);
    // The runs (which say whether the caller may create one): sent once, with the renewed token, not refused first.
    expect(statuses).to.deep.equal([200]);
    expect(qa(el, 'tbody tr').length).to.be.greaterThan(0);
  });

  it('under a provider, an outage is one page-level alert, not one per element', async () => {
    stubApi('offline');
    const wrap = await fixture<HTMLElement>(
      html`<payrail-provider country="AU" api-url=${API} tenant-id="ten_stub" embed-token="tok">
        <payrail-pay-runs-list></payrail-pay-runs-list>
        <payrail-employees-list></payrail-employees-list>
        <payrail-dashboard></payrail-dashboard>
      </payrail-provider>`,
    );
    await waitUntil(() => wrap.shadowRoot!.querySelector('[part="alert"]'), 'no page alert', { timeout: 10000 });
    for (const el of wrap.querySelectorAll<HTMLElement>('*'))
      await settled(el, (e) => !!root(e).querySelector('[part~="error"]'));
    const alerts = [...wrap.querySelectorAll('*')].flatMap((el) => [...root(el).querySelectorAll('[role="alert"]')]);
    expect(alerts).to.deep.equal([]);
    expect(wrap.shadowRoot!.querySelectorAll('[role="alert"]').length).to.equal(1);
    window.fetch = realFetch;
  });
});
