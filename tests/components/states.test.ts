// Every element, every state: forbidden, not found, not yet available, misconfigured, offline and server
// errors, an expired session, sample data and live data, with the lifecycle events each one emits. The
// failure states answer from a stubbed API (fetch replaced for one made-up origin), so each is exact.
import { expect, fixture, html, mount, needLive, oneEvent, q, qa, root, settled, text, waitUntil } from './support.js';

const API = 'https://payroll.stub.test';

/** Each element with the attributes that make it read from the API. */
const ELEMENTS: [string, Record<string, string>][] = [
  ['payrail-dashboard', {}],
  ['payrail-pay-runs-list', {}],
  ['payrail-pay-run-detail', { 'pay-run-id': 'pr_stub' }],
  ['payrail-payslip-viewer', { 'pay-run-id': 'pr_stub' }],
  ['payrail-employees-list', {}],
  ['payrail-employee-detail', { 'employee-id': 'emp_stub' }],
  ['payrail-kpi-tile', { metric: 'headcount' }],
  ['payrail-chart', { type: 'donut', metric: 'cost-split' }],
];

type Answer = { status: number; body?: unknown } | 'offline';
const realFetch = window.fetch;
let seen: string[] = [];

/** Answers every request to the stub origin with `answer`; other origins go through. */
function stubApi(answer: Answer | ((url: string) => Answer)) {
  seen = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(API)) return realFetch(input, init);
    seen.push(url);
    const a = typeof answer === 'function' ? answer(url) : answer;
    if (a === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(a.body ?? null), {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

const envelope = (status: number, code: string, message = 'stub') => ({
  status,
  body: { error: { code, message, status } },
});

/** Mounts an element against the stub and waits for its error state and `payrail-error`. */
async function failing(tag: string, attrs: Record<string, string>, extra: Record<string, string> = {}) {
  const el = document.createElement(tag);
  const errors: CustomEvent[] = [];
  el.addEventListener('payrail-error', (e) => errors.push(e as CustomEvent));
  for (const [k, v] of Object.entries({
    'api-url': API,
    'tenant-id': 'ten_stub',
    'embed-token': 'tok',
    ...attrs,
    ...extra,
  }))
    el.setAttribute(k, v);
  await fixture(html`<div style="width: 1000px">${el}</div>`);
  await waitUntil(() => root(el).querySelector('[part~="error"]') && errors.length, `${tag}: no error state`, {
    timeout: 10000,
  });
  return { el, errors, state: q(el, '[part~="error"]') };
}

describe('states and lifecycle events, for every element', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  for (const [tag, attrs] of ELEMENTS) {
    describe(tag, () => {
      it('forbidden (403): says so, offers no retry, emits payrail-error with the envelope', async () => {
        stubApi(envelope(403, 'forbidden', 'Not in your data scope'));
        const { state, errors } = await failing(tag, attrs);
        expect(state.dataset.kind).to.equal('forbidden');
        expect(state.getAttribute('role')).to.equal('alert');
        expect(state.textContent).to.contain('No access');
        expect(state.querySelector('button')).to.equal(null);
        expect(errors[0].detail).to.deep.equal({ code: 'forbidden', message: 'Not in your data scope', status: 403 });
        expect(errors[0].bubbles && errors[0].composed).to.equal(true);
        expect(state.textContent).to.not.match(/forbidden|403|stub/);
      });

      it('not found (404): a calm state with no retry', async () => {
        stubApi(envelope(404, 'not_found'));
        const { state } = await failing(tag, attrs);
        expect(state.dataset.kind).to.equal('notFound');
        expect(state.getAttribute('role')).to.equal('status');
        expect(state.textContent).to.contain('could not be found');
        expect(state.querySelector('button')).to.equal(null);
      });

      it('not yet available (409): says so with a neutral icon and no "Try again"', async () => {
        stubApi(envelope(409, 'state_conflict'));
        const { state } = await failing(tag, attrs);
        expect(state.dataset.kind).to.equal('unavailable');
        expect(state.classList.contains('error')).to.equal(false);
        expect(state.textContent).to.match(/not available yet|once this pay run is finalised/i);
        expect(text(state.getRootNode() as unknown as Element)).to.not.contain('Try again');
      });

      it('misconfigured (no tenant-id): says what is missing, not "check your connection"', async () => {
        stubApi({ status: 200, body: {} });
        const el = document.createElement(tag);
        for (const [k, v] of Object.entries({ 'api-url': API, 'embed-token': 'tok', ...attrs })) el.setAttribute(k, v);
        setTimeout(() => fixture(html`<div>${el}</div>`));
        const ev = await oneEvent(el, 'payrail-error');
        expect(ev.detail.code).to.equal('configuration_error');
        await settled(el, (e) => !!root(e).querySelector('[part~="error"]'));
        const state = q(el, '[part~="error"]');
        expect(state.dataset.kind).to.equal('misconfigured');
        expect(state.textContent).to.contain('tenant-id');
        expect(state.textContent).to.not.contain('connection');
        expect(state.querySelector('button')).to.equal(null);
        expect(seen).to.deep.equal([], 'nothing is sent without a tenant');
      });

      it('offline: offers "Try again", which reloads', async () => {
        stubApi('offline');
        const { el, state, errors } = await failing(tag, attrs);
        expect(state.dataset.kind).to.equal('outage');
        expect(state.textContent).to.contain('could not be reached');
        expect(errors[0].detail.status).to.equal(0);
        const before = seen.length;
        q(el, '[part~="retry-button"]').click();
        await waitUntil(() => seen.length > before, 'retry sent nothing');
      });

      it('server error (500): offers "Try again" and shows no error code', async () => {
        stubApi(envelope(500, 'internal_error'));
        const { state } = await failing(tag, attrs);
        expect(state.dataset.kind).to.equal('outage');
        expect(state.querySelector('[part~="retry-button"]')).to.not.equal(null);
        expect(state.textContent).to.not.match(/internal_error|500/);
      });

      it('an expired session that cannot be renewed emits payrail-session-expired', async () => {
        stubApi(envelope(401, 'unauthorized'));
        const el = await mount(
          tag,
          { 'api-url': API, 'tenant-id': 'ten_stub', 'embed-token': 'old', ...attrs },
          {
            tokenProvider: () => Promise.reject(new Error('signed out')),
          },
        );
        const ev = await oneEvent(el, 'payrail-session-expired');
        expect(ev.detail.status).to.equal(401);
        await settled(el, (e) => !!root(e).querySelector('[part~="error"]'));
        expect(q(el, '[part~="error"]').dataset.kind).to.equal('session');
      });

      it('sample data emits payrail-load with sample: true', async () => {
        const el = document.createElement(tag);
        for (const [k, v] of Object.entries(attrs)) if (!k.endsWith('-id')) el.setAttribute(k, v);
        setTimeout(() => fixture(html`<div style="width: 1000px">${el}</div>`));
        const ev = await oneEvent(el, 'payrail-load');
        expect(ev.detail).to.deep.equal({ sample: true });
      });

      it('with a tokenProvider and no token, shows its loading state (never sample data) until the first token', async () => {
        stubApi('offline');
        let give!: (t: string) => void;
        const el = await mount(
          tag,
          { 'api-url': API, 'tenant-id': 'ten_stub', ...attrs },
          {
            tokenProvider: () => new Promise<string>((r) => (give = r)),
          },
        );
        await new Promise((r) => setTimeout(r, 150));
        expect(root(el).querySelector('[role="status"]'), 'loading state').to.not.equal(null);
        expect(root(el).querySelector('[part~="badge"]'), 'no sample badge').to.equal(null);
        expect(seen, 'nothing sent before the token').to.deep.equal([]);
        give('first-token');
        await waitUntil(() => seen.length > 0, 'no request after the token');
      });
    });
  }
});

describe('live data, tokens and the shared request cache', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('every element emits payrail-load with sample: false on live data', async function () {
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
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const u = String(input instanceof Request ? input.url : input);
      if (u.includes('/v1/')) urls.push(u);
      return realFetch(input, init);
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
    for (const el of wrap.querySelectorAll<HTMLElement>('*'))
      await settled(el, (e) => !root(e).querySelector('[role="status"]'));
    await new Promise((r) => setTimeout(r, 300));
    expect(new Set(urls).size, urls.join('\n')).to.equal(urls.length);
    // First page of runs, one employee row (the roster is counted by the API), entries, readiness.
    expect(urls.length, urls.join('\n')).to.be.at.most(4);
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
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const u = String(input instanceof Request ? input.url : input);
      if (u.includes('/v1/')) urls.push(u);
      return realFetch(input, init);
    };
    const el = await settled(
      await mount<HTMLElement & { embedToken: string; reload(): void }>(
        'payrail-pay-runs-list',
        { 'api-url': l.url, 'tenant-id': l.tenants.au },
        { embedToken: l.tokens.au },
      ),
    );
    const n = urls.length;
    const row = q(el, 'tbody tr');
    el.embedToken = (await (await realFetch('/__payrail/live')).json()).tokens.au;
    await new Promise((r) => setTimeout(r, 300));
    expect(urls.length).to.equal(n);
    expect(q(el, 'tbody tr')).to.equal(row);
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
