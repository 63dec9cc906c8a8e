// Every element, every state: forbidden, not found, not yet available, misconfigured, offline and server
// errors, an expired session, sample data and live data, with the lifecycle events each one emits. The
// failure states answer from a stubbed API (fetch replaced for one made-up origin), so each is exact.
import { expect, fixture, html, mount, oneEvent, q, root, settled, waitUntil } from './support.js';
import { API, ELEMENTS, realFetch, seen, stubApi } from './stub-api.js';

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
        expect(state.textContent).to.match(/could not be found|No payslip/);
        expect(state.querySelector('button')).to.equal(null);
      });

      it('not yet available (409): says so with a neutral icon and no "Try again"', async () => {
        stubApi(envelope(409, 'state_conflict'));
        const { state } = await failing(tag, attrs);
        expect(state.dataset.kind).to.equal('unavailable');
        expect(state.classList.contains('error')).to.equal(false);
        expect(state.textContent).to.match(/not available yet|once this pay run is finalised/i);
        expect((state.getRootNode() as ShadowRoot).textContent).to.not.contain('Try again');
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
        const el = document.createElement(tag);
        for (const [k, v] of Object.entries({
          'api-url': API,
          'tenant-id': 'ten_stub',
          'embed-token': 'old',
          ...attrs,
        }))
          el.setAttribute(k, v);
        Object.assign(el, { tokenProvider: () => Promise.reject(new Error('signed out')) });
        const expired = oneEvent(el, 'payrail-session-expired');
        await fixture(html`<div>${el}</div>`);
        const ev = await expired;
        expect(ev.detail.status).to.equal(401);
        // A notice of what has happened: nothing for the page to cancel.
        expect(ev.cancelable).to.equal(false);
        await settled(el, (e) => !!root(e).querySelector('[part~="error"]'));
        expect(q(el, '[part~="error"]').dataset.kind).to.equal('session');
      });

      it('sample data emits payrail-load with sample: true', async () => {
        const el = document.createElement(tag);
        for (const [k, v] of Object.entries(attrs)) if (!k.endsWith('-id')) el.setAttribute(k, v);
        setTimeout(() => fixture(html`<div style="width: 1000px">${el}</div>`));
        const ev = await oneEvent(el, 'payrail-load');
        expect(ev.detail).to.deep.equal({ sample: true });
        expect(ev.cancelable).to.equal(false);
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
        await waitUntil(() => give, 'the element never asked for its first token');
        expect(root(el).querySelector('[role="status"], [loading]'), 'loading state').to.not.equal(null);
        expect(root(el).querySelector('[part~="badge"]'), 'no sample badge').to.equal(null);
        expect(seen, 'nothing sent before the token').to.deep.equal([]);
        give('first-token');
        await waitUntil(() => seen.length > 0, 'no request after the token');
      });
    });
  }
});
