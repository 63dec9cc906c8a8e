// The partner portfolio's elements: the portfolio dashboard, the client list and the pipeline board, in sample
// mode and read through a host backend (`portfolio-base`, answered here by a stubbed origin), in English and
// German, in every state, at 390 px, with axe.
import type { ClientRow, PortfolioSummary } from '../../components/index.js';
import {
  axeViolations,
  expect,
  fixture,
  html,
  oneEvent,
  q,
  qa,
  root,
  settled,
  text,
  waitUntil,
  withExampleThemes,
} from './support.js';
import { API, realFetch } from './stub-api.js';

const BASE = `${API}/portfolio`;
const TAGS = ['payrail-portfolio-dashboard', 'payrail-client-list', 'payrail-pipeline-board'] as const;

/** Loaded: no skeleton here or in the tiles and charts inside. */
const loaded = (el: Element): boolean =>
  !!el.shadowRoot?.firstElementChild &&
  !el.shadowRoot.querySelector('.sk-wrap') &&
  [...el.shadowRoot.querySelectorAll('*')].every((c) => !c.shadowRoot || loaded(c));

async function place(tag: string, attrs: Record<string, string> = {}, width = 1100) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  await fixture(html`<div style="width: ${width}px">${el}</div>`);
  await settled(el, loaded);
  return el;
}

const names = (el: HTMLElement) => qa(el, 'tbody tr [part~="link"]').map((b) => b.textContent!.trim());

const row = (i: number, o: Partial<ClientRow> = {}): ClientRow => ({
  id: `ten_${i}`,
  name: `Employer ${i}`,
  country: 'AU',
  site_count: 1,
  workers: 10 + i,
  gross_mtd: '1000.00',
  currency: 'AUD',
  risk: 'low',
  health: 'healthy',
  in_flight: 0,
  next_pay_date: '2026-12-01',
  days_until_pay: 5,
  ...o,
});
const run = (id: string, tenant: string, status = 'draft') => ({
  id,
  tenant_id: tenant,
  tenant_name: `Employer ${tenant}`,
  status,
  period_start: '2026-11-01',
  period_end: '2026-11-14',
  payment_date: '2026-11-18',
  totals: { employee_count: 3, gross: '9000.00', currency: 'AUD' },
});
/** A group of the board with no runs. */
const NONE = { count: 0, runs: [] };
const SUMMARY: PortfolioSummary = {
  stats: {
    workers: 40,
    runs_in_flight: 3,
    runs_awaiting_approval: 1,
    runs_approved: 1,
    runs_blocked: 1,
    runs_finalised_recently: 4,
    gross_mtd: [
      { currency: 'EUR', amount: '5000.00' },
      { currency: 'AUD', amount: '12500.50' },
    ],
    clients_by_risk: { high: 1, medium: 0, low: 1 },
    next_pay_date: '2026-12-01',
    days_until_next_pay: 5,
  },
  tenant_count: 2,
  generated_at: '2026-11-26T00:00:00Z',
  errored_tenants: [{ id: 'ten_x', name: 'Broken Pty Ltd', error: 'pack missing' }],
};

type Reply = { status: number; body: unknown } | 'offline';
interface Call {
  url: URL;
  init?: RequestInit;
}
let calls: Call[] = [];
/** The host backend at BASE: `reply` answers each request; other origins go through. */
function backend(reply: (u: URL) => Reply) {
  calls = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(API)) return realFetch(input, init);
    const u = new URL(url);
    calls.push({ url: u, init });
    const r = reply(u);
    if (r === 'offline') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
  };
}
/** 14 clients, paged by the stub the way the API pages (the cursor is opaque to the element). */
const CLIENTS = Array.from({ length: 14 }, (_, i) => row(i + 1));
function clientsBackend() {
  backend((u) => {
    const q = u.searchParams.get('q') ?? '';
    const list = CLIENTS.filter((c) => c.name.includes(q));
    const from = Number(u.searchParams.get('cursor') ?? 0);
    const limit = Number(u.searchParams.get('limit') ?? list.length);
    const more = from + limit < list.length;
    return {
      status: 200,
      body: { data: list.slice(from, from + limit), has_more: more, next_cursor: more ? String(from + limit) : null },
    };
  });
}

describe('partner portfolio elements', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  describe('sample mode', () => {
    it('the dashboard shows employers, runs in progress, gross per currency and the next pay date', async () => {
      const el = await place('payrail-portfolio-dashboard', { country: 'AU' });
      expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
      const tiles = qa(el, 'payrail-kpi-tile');
      expect(tiles.map((t) => t.getAttribute('label'))).to.deep.equal([
        'Employers',
        'Pay runs in progress',
        'Gross this month',
        'Next pay date',
      ]);
      expect(tiles[0].getAttribute('value')).to.equal('14');
      // Australian dollars first for an Australian page; euros beside them, never added to them.
      expect(tiles[2].getAttribute('currency')).to.equal('AUD');
      expect(tiles[2].getAttribute('caption')).to.match(/EUR|€/);
      const charts = qa(el, 'payrail-chart');
      expect(charts.map((c) => c.getAttribute('label'))).to.deep.equal([
        'Pay runs by stage',
        'Employers by deadline risk',
      ]);
      // The stages of the runs in progress add up to the tile's count: a blocked run is in one stage only.
      const stages = (charts[0] as unknown as { data: { label: string; value: number }[] }).data;
      const inProgress = stages.filter((d) => d.label !== 'Finalised').reduce((sum, d) => sum + d.value, 0);
      expect(stages.find((d) => d.label === 'Blocked')?.value).to.be.greaterThan(0);
      expect(String(inProgress)).to.equal(tiles[1].getAttribute('value'));
    });

    it('the risk donut draws high risk as danger, medium as warning and low as success, light and dark', async () => {
      // The status colours (danger, warning, success) built in and in the example themes.
      const LIGHT = ['rgb(180, 35, 24)', 'rgb(161, 92, 7)', 'rgb(18, 115, 58)'];
      const DARK = ['rgb(249, 112, 102)', 'rgb(245, 185, 74)', 'rgb(71, 205, 137)'];
      await withExampleThemes(async () => {
        for (const [theme, want] of [
          ['', LIGHT],
          ['payrail-theme-light', LIGHT],
          ['payrail-theme-dark', DARK],
        ] as const) {
          const wrap = await fixture<HTMLElement>(html`<div class=${theme}></div>`);
          const el = document.createElement('payrail-portfolio-dashboard');
          el.setAttribute('country', 'AU');
          wrap.append(el);
          await settled(el, loaded);
          const donut = qa(el, 'payrail-chart')[1];
          const labels = qa(donut, '[part~="legend"] li span').map((s) => s.textContent);
          expect(labels, theme).to.deep.equal(['High risk', 'Medium risk', 'Low risk']);
          const slices = qa(donut, 'circle.slice').map((c) => getComputedStyle(c).stroke);
          expect(slices, theme).to.deep.equal(want);
          const swatches = qa(donut, '[part~="legend"] li i').map((i) => getComputedStyle(i).backgroundColor);
          expect(swatches, theme).to.deep.equal(want);
        }
      });
    });

    it('the client list shows risk and health badges and no internal ids', async () => {
      const el = await place('payrail-client-list', { country: 'AU' });
      expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
      expect(names(el)[0]).to.equal('Harbour & Co Coffee Roasters');
      const pills = qa(el, 'tbody tr:first-child [part~="pill"]').map((p) => p.textContent!.trim());
      expect(pills).to.deep.equal(['High risk', 'Needs attention']);
      expect(text(el)).to.contain('Setup needed');
      expect(text(el)).to.contain('None scheduled');
      expect(text(el)).to.not.match(/sample-tenant|ten_/);
    });

    it('the client list searches, sorts and pages', async () => {
      const el = await place('payrail-client-list', { country: 'AU', 'page-size': '5' });
      expect(names(el)).to.have.length(5);
      q(el, '[part~="load-more-button"]').click();
      await waitUntil(() => names(el).length === 10, 'no second page');
      const sort = q<HTMLSelectElement>(el, '[part~="sort-select"]');
      sort.value = 'gross_mtd';
      sort.dispatchEvent(new Event('change'));
      await waitUntil(() => names(el)[0] === 'Kestrel Logistics', 'not sorted by gross');
      expect(names(el)).to.have.length(5, 'a new order starts at the first page');
      sort.value = 'next_pay_date';
      sort.dispatchEvent(new Event('change'));
      await waitUntil(() => names(el)[0] === 'Praxis am Rheinufer', 'not sorted by pay date');
      const input = q<HTMLInputElement>(el, 'input[type="search"]');
      input.value = 'bakery';
      input.dispatchEvent(new Event('input'));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
      await waitUntil(() => names(el).join() === 'Wattle Street Bakery', 'search did not narrow the list');
      input.value = 'nobody here';
      input.dispatchEvent(new Event('input'));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
      await waitUntil(() => !!q(el, '[part~="empty"]'), 'no empty state');
      expect(q(el, '[part~="empty"]').textContent).to.contain('No employers match “nobody here”');
    });

    it('choosing an employer emits payrail-client-select with its id and marks the row', async () => {
      const el = await place('payrail-client-list', { country: 'AU' });
      const ev = oneEvent(el, 'payrail-client-select');
      qa(el, 'tbody tr [part~="link"]')[1].click();
      const e = await ev;
      expect(e.detail).to.deep.equal({ id: 'sample-tenant-8', sample: true });
      expect(e.bubbles && e.composed && e.cancelable).to.equal(true);
      await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
      expect(qa(el, 'tbody tr')[1].querySelector('[aria-current="true"]')).to.not.equal(null);
    });

    it('the pipeline board has the four states as columns; a card emits payrail-view-pay-run with the employer', async () => {
      const el = await place('payrail-pipeline-board', { country: 'AU' });
      const cols = qa(el, '[part~="column"]');
      expect(cols.map((c) => c.querySelector('h3')!.textContent!.replace(/\d+/, '').trim())).to.deep.equal([
        'Draft',
        'Approved',
        'Blocked',
        'Finalised',
      ]);
      expect(cols[2].querySelectorAll('[part~="run-card"]').length).to.equal(2);
      const card = cols[2].querySelector<HTMLElement>('[part~="run-card"]')!;
      expect(card.textContent).to.contain('Praxis am Rheinufer');
      const ev = oneEvent(el, 'payrail-view-pay-run');
      card.click();
      const e = await ev;
      expect(e.detail.tenant_id).to.equal('sample-tenant-8');
      expect(e.detail.id).to.match(/^sample-pay-run-/);
      expect(e.detail.sample).to.equal(true);
      expect(text(el)).to.not.match(/sample-/);
    });

    it('renders in German', async () => {
      const dash = await place('payrail-portfolio-dashboard', { country: 'DE' });
      expect(text(dash)).to.contain('Ihre Arbeitgeber');
      expect(qa(dash, 'payrail-kpi-tile')[2].getAttribute('currency')).to.equal('EUR');
      const list = await place('payrail-client-list', { country: 'DE' });
      expect(text(list)).to.contain('Terminrisiko');
      expect(text(list)).to.contain('Hohes Risiko');
      const board = await place('payrail-pipeline-board', { country: 'DE' });
      expect(text(board)).to.contain('Blockiert');
      expect(text(board)).to.contain('Zahltag');
      expect(text(board)).to.contain('Mitarbeitende');
    });
  });

  describe('through the host backend (portfolio-base)', () => {
    it('reads summary, pipeline and clients same-origin with the session cookie and no Payrail token', async () => {
      backend((u) =>
        u.pathname.endsWith('/summary')
          ? { status: 200, body: { data: SUMMARY } }
          : u.pathname.endsWith('/pipeline')
            ? {
                status: 200,
                body: {
                  data: {
                    draft: { count: 1, runs: [run('pr_1', 'ten_1')] },
                    approved: NONE,
                    blocked: NONE,
                    finalised: NONE,
                  },
                  errored_tenants: [],
                },
              }
            : { status: 200, body: { data: [row(1)], has_more: false, next_cursor: null } },
      );
      const dash = await place('payrail-portfolio-dashboard', { 'portfolio-base': BASE });
      expect(q(dash, '[part~="badge"]')).to.equal(null, 'live data carries no sample badge');
      expect(qa(dash, 'payrail-kpi-tile')[0].getAttribute('value')).to.equal('2');
      expect(qa(dash, 'payrail-kpi-tile')[2].getAttribute('value')).to.equal('12500.50');
      expect(q(dash, '[part~="note"]').textContent).to.contain('Broken Pty Ltd');
      const board = await place('payrail-pipeline-board', { 'portfolio-base': `${BASE}/` });
      const ev = oneEvent(board, 'payrail-view-pay-run');
      q(board, '[part~="run-card"]').click();
      expect((await ev).detail).to.deep.equal({ id: 'pr_1', tenant_id: 'ten_1' });
      expect(text(board)).to.contain('None');
      const list = await place('payrail-client-list', { 'portfolio-base': BASE, sort: 'gross_mtd' });
      const chosen = oneEvent(list, 'payrail-client-select');
      q(list, '[part~="link"]').click();
      expect((await chosen).detail).to.deep.equal({ id: 'ten_1' });
      expect(calls.map((c) => c.url.pathname + c.url.search)).to.deep.equal([
        '/portfolio/summary',
        '/portfolio/pipeline',
        '/portfolio/clients?sort=gross_mtd&limit=20',
      ]);
      for (const c of calls) {
        expect(c.init?.credentials).to.equal('same-origin');
        expect(JSON.stringify(c.init?.headers)).to.not.match(/authorization/i);
      }
    });

    it('a column the API sends only the first runs of counts them all and says how many it shows', async () => {
      backend(() => ({
        status: 200,
        body: {
          data: {
            draft: { count: 2, runs: [run('pr_1', 'ten_1'), run('pr_2', 'ten_2')] },
            approved: NONE,
            blocked: NONE,
            finalised: { count: 4120, runs: [run('pr_3', 'ten_1', 'finalised'), run('pr_4', 'ten_2', 'finalised')] },
          },
          errored_tenants: [],
        },
      }));
      const board = await place('payrail-pipeline-board', { 'portfolio-base': BASE });
      const cols = qa(board, '[part~="column"]');
      expect(cols.map((c) => c.querySelector('.n')!.textContent!.trim())).to.deep.equal(['2', '0', '0', '4,120']);
      expect(cols[3].querySelectorAll('[part~="run-card"]').length).to.equal(2);
      expect(cols[3].querySelector('[part~="more"]')!.textContent!.trim()).to.equal('2 of 4,120 shown');
      expect(qa(board, '[part~="more"]').length).to.equal(1, 'a column showing all its runs says nothing more');
      expect(await axeViolations(board)).to.deep.equal([]);
    });

    it('inherits portfolio-base from the provider', async () => {
      clientsBackend();
      const wrap = await fixture<HTMLElement>(
        html`<payrail-provider portfolio-base=${BASE}
          ><payrail-client-list page-size="4"></payrail-client-list
        ></payrail-provider>`,
      );
      const el = wrap.querySelector<HTMLElement>('payrail-client-list')!;
      await settled(el, loaded);
      expect(names(el)).to.deep.equal(['Employer 1', 'Employer 2', 'Employer 3', 'Employer 4']);
      expect(calls[0].url.pathname).to.equal('/portfolio/clients');
    });

    it('pages with the cursor and searches with q; focus moves to the first new row', async () => {
      clientsBackend();
      const el = await place('payrail-client-list', { 'portfolio-base': BASE, 'page-size': '5' });
      const more = q(el, '[part~="load-more-button"]');
      more.focus();
      more.click();
      await waitUntil(() => names(el).length === 10, 'no second page');
      await waitUntil(() => root(el).activeElement?.textContent?.trim() === 'Employer 6', 'focus did not follow');
      expect(calls[1].url.searchParams.get('cursor')).to.equal('5');
      q(el, '[part~="load-more-button"]').click();
      await waitUntil(() => names(el).length === 14, 'no last page');
      expect(q(el, '[part~="load-more-button"]')).to.equal(null);
      const input = q<HTMLInputElement>(el, 'input[type="search"]');
      input.value = 'Employer 1';
      input.dispatchEvent(new Event('input'));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
      await waitUntil(() => calls.at(-1)!.url.searchParams.get('q') === 'Employer 1', 'q not sent');
      await waitUntil(() => names(el).length === 5, 'search not shown');
      expect(calls.at(-1)!.url.searchParams.has('cursor')).to.equal(false);
    });

    it('empty: no employers, and no pay runs', async () => {
      backend((u) =>
        u.pathname.endsWith('/pipeline')
          ? { status: 200, body: { data: { draft: NONE, approved: NONE, blocked: NONE, finalised: NONE } } }
          : { status: 200, body: { data: [], has_more: false, next_cursor: null } },
      );
      const list = await place('payrail-client-list', { 'portfolio-base': BASE });
      expect(q(list, '[part~="empty"]').textContent).to.contain('No employers yet');
      const board = await place('payrail-pipeline-board', { 'portfolio-base': BASE });
      expect(q(board, '[part~="empty"]').textContent).to.contain('No pay runs');
    });

    for (const tag of TAGS) {
      it(`${tag}: forbidden, signed out, offline and server error each show their state`, async () => {
        for (const [reply, kind, retry] of [
          [{ status: 403, body: { error: { code: 'forbidden', message: 'x', status: 403 } } }, 'forbidden', false],
          [{ status: 401, body: { error: { code: 'unauthorized', message: 'x', status: 401 } } }, 'session', false],
          ['offline', 'outage', true],
          [{ status: 500, body: { error: { code: 'internal_error', message: 'x', status: 500 } } }, 'outage', true],
        ] as const) {
          backend(() => reply);
          const el = document.createElement(tag);
          el.setAttribute('portfolio-base', BASE);
          const failed = oneEvent(el, 'payrail-error');
          await fixture(html`<div style="width: 900px">${el}</div>`);
          await failed;
          await settled(el, (e) => !!root(e).querySelector('[part~="error"]'));
          const state = q(el, '[part~="error"]');
          expect(state.dataset.kind, `${tag} ${kind}`).to.equal(kind);
          expect(!!state.querySelector('[part~="retry-button"]'), `${tag} ${kind} retry`).to.equal(retry);
          expect(state.textContent).to.not.match(/internal_error|unauthorized|500|403/);
          if (retry) {
            const before = calls.length;
            q(el, '[part~="retry-button"]').click();
            await waitUntil(() => calls.length > before, 'retry sent nothing');
          }
        }
      });

      it(`${tag}: loading shows a skeleton and aria-busy`, async () => {
        // An answer that never comes: the element stays in its loading state.
        window.fetch = () => new Promise<Response>(() => undefined);
        const el = document.createElement(tag);
        el.setAttribute('portfolio-base', BASE);
        await fixture(html`<div>${el}</div>`);
        await waitUntil(() => !!root(el)?.querySelector('[role="status"], payrail-kpi-tile'), 'no skeleton');
        await waitUntil(() => el.getAttribute('aria-busy') === 'true' || tag === 'payrail-portfolio-dashboard');
      });
    }
  });

  describe('layout and accessibility', () => {
    for (const tag of TAGS) {
      it(`${tag}: fits 390 px with nothing sticking out`, async () => {
        const el = await place(tag, { country: 'AU' }, 390);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        expect(el.getBoundingClientRect().width).to.be.at.most(390);
        expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
        for (const inner of qa(el, 'payrail-kpi-tile, payrail-chart'))
          expect(inner.getBoundingClientRect().right).to.be.at.most(el.getBoundingClientRect().right + 0.5);
      });

      for (const country of ['AU', 'DE'])
        it(`${tag}: no axe violations (${country})`, async () => {
          const el = await place(tag, { country });
          expect(await axeViolations(el)).to.deep.equal([]);
        });
    }

    it('the board stacks its columns at 390 px and sets them side by side when wide', async () => {
      const narrow = await place('payrail-pipeline-board', { country: 'AU' }, 390);
      const xs = qa(narrow, '[part~="column"]').map((c) => c.getBoundingClientRect().left);
      expect(new Set(xs).size).to.equal(1, 'one column above the other');
      const wide = await place('payrail-pipeline-board', { country: 'AU' }, 1200);
      const tops = qa(wide, '[part~="column"]').map((c) => Math.round(c.getBoundingClientRect().top));
      expect(new Set(tops).size).to.equal(1, 'four columns in a row');
    });

    it('the client list turns its rows into blocks at 390 px, with the labels on the figures', async () => {
      const el = await place('payrail-client-list', { country: 'AU' }, 390);
      expect(getComputedStyle(q(el, 'thead')).position).to.equal('absolute');
      const cell = q(el, 'tbody tr td[data-label]');
      expect(getComputedStyle(cell, '::before').content).to.contain('Employees');
    });
  });
});
