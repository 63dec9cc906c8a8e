// Keyboard focus, busy state, selection and events, the same way in every element: focus follows the
// rows "Load more" adds, loading regions say they are busy, the open row is marked aria-current, and
// one activation emits one event.
import { sendKeys } from '@web/test-runner-commands';
import { expect, fixture, html, q, qa, settled, waitUntil } from './support.js';

const API = 'https://api.test';
// A well-formed token that expires in 2100, so no client logic mistakes it for a stale one.
const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const TOKEN = `${b64({ alg: 'none' })}.${b64({ exp: 4102444800 })}.x`;

const run = (i: number) => ({
  id: `pr_${String(i).padStart(24, '0')}`,
  status: 'finalised',
  pay_frequency: 'fortnightly',
  pack_version: 'AU-2026.1',
  period_start: `2026-0${1 + (i % 9)}-01`,
  period_end: `2026-0${1 + (i % 9)}-14`,
  payment_date: `2026-0${1 + (i % 9)}-16`,
  allowed_actions: [],
  totals: { currency: 'AUD', employee_count: 3, gross: '9000.00', tax: '2000.00', net: '7000.00', super: '1035.00' },
});

/** A fake API at https://api.test: list pages of three runs, each answered when the test says so. */
function fakeApi() {
  const real = window.fetch;
  const waiting: { resolve: () => void; fail: boolean }[] = [];
  let failNext = false;
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== API) return real(input, init);
    // Who the caller is (the list asks, to offer a new pay run) is answered at once: the pages are what wait.
    if (url.pathname.endsWith('/me'))
      return new Response(
        JSON.stringify({ data: { mode: 'user', role: 'viewer', components: [], employee_id: null } }),
        {
          headers: { 'content-type': 'application/json' },
        },
      );
    const fail = failNext;
    failNext = false;
    await new Promise<void>((resolve) => waiting.push({ resolve, fail }));
    if (fail)
      return new Response(JSON.stringify({ error: { code: 'internal', message: 'Down', status: 503 } }), {
        status: 503,
        headers: { 'content-type': 'application/json' },
      });
    const from = Number(url.searchParams.get('cursor') ?? 0);
    const data = [0, 1, 2].map((i) => run(from + i));
    const more = from + 3 < 9;
    return new Response(JSON.stringify({ data, has_more: more, next_cursor: more ? String(from + 3) : null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return {
    /** Answers the oldest request that is waiting. */
    async answer() {
      await waitUntil(() => waiting.length > 0, 'no request is waiting');
      waiting.shift()!.resolve();
    },
    failNext: () => (failNext = true),
    restore: () => (window.fetch = real),
  };
}

/** Every payrail-* event that reaches the document while `act` runs, by name. */
async function eventsDuring(act: () => Promise<unknown> | unknown): Promise<string[]> {
  const names = [
    'payrail-view-pay-run',
    'payrail-chart-select',
    'payrail-employee-select',
    'payrail-view-employee',
    'payrail-pay-run-action',
  ];
  const seen: string[] = [];
  const on = (e: Event) => seen.push(e.type);
  for (const n of names) document.addEventListener(n, on);
  try {
    await act();
    // An action's events are dispatched together while the browser handles it: the first one
    // arriving means all of them have.
    await waitUntil(() => seen.length > 0, 'no event reached the document');
  } finally {
    for (const n of names) document.removeEventListener(n, on);
  }
  return seen;
}

const active = (el: HTMLElement) => el.shadowRoot!.activeElement;

describe('focus, busy state, selection and events', () => {
  for (const tag of ['payrail-pay-runs-list', 'payrail-employees-list']) {
    it(`${tag}: "Load more" moves focus to the first new row, by keyboard`, async () => {
      const el = document.createElement(tag);
      el.setAttribute('country', 'AU');
      el.setAttribute('page-size', '3');
      await fixture(html`<div>${el}</div>`);
      await settled(el, (e) => qa(e, 'tbody tr').length === 3);
      q(el, '.foot .btn').focus();
      await sendKeys({ press: 'Enter' });
      await settled(el, (e) => qa(e, 'tbody tr').length === 6);
      await waitUntil(() => active(el)?.classList.contains('link'), 'focus did not move to a row');
      expect(active(el)).to.equal(qa(el, 'tbody tr')[3].querySelector('.link'));
    });
  }

  it('marks loading regions aria-busy, and keeps focus on "Load more" while it loads', async () => {
    const api = fakeApi();
    try {
      const el = document.createElement('payrail-pay-runs-list');
      Object.assign(el, { embedToken: TOKEN });
      el.setAttribute('api-url', API);
      el.setAttribute('tenant-id', 'ten_test');
      el.setAttribute('page-size', '3');
      await fixture(html`<div>${el}</div>`);
      await waitUntil(() => q(el, '.sk-wrap'), 'no skeleton');
      expect(el.getAttribute('aria-busy')).to.equal('true');
      await api.answer();
      await settled(el, (e) => qa(e, 'tbody tr').length === 3);
      expect(el.hasAttribute('aria-busy')).to.equal(false);

      const more = q(el, '.foot .btn');
      more.focus();
      more.click();
      await waitUntil(() => more.getAttribute('aria-disabled') === 'true', 'the button did not show it is busy');
      expect(el.getAttribute('aria-busy')).to.equal('true');
      expect(active(el)).to.equal(more);
      more.click(); // ignored while busy: one page per press
      await api.answer();
      await waitUntil(() => qa(el, 'tbody tr').length === 6, 'the next page did not arrive');
      await waitUntil(() => active(el) === qa(el, 'tbody tr')[3].querySelector('.link'), 'focus did not follow');
      expect(el.hasAttribute('aria-busy')).to.equal(false);
      expect(qa(el, 'tbody tr')).to.have.length(6);

      // A page that fails leaves focus on the button, next to the error.
      const again = q(el, '.foot .btn');
      again.focus();
      api.failNext();
      again.click();
      await api.answer();
      await waitUntil(() => q(el, '[part~="error"]'), 'no error shown');
      expect(active(el)).to.equal(q(el, '.foot .btn'));
    } finally {
      api.restore();
    }
  });

  it('marks the open row the same way in both lists: aria-current on its button, and highlighted', async () => {
    for (const tag of ['payrail-pay-runs-list', 'payrail-employees-list']) {
      const wrap = await fixture<HTMLElement>(html`<div style="width: 1100px"></div>`);
      const el = document.createElement(tag) as HTMLElement & { selected?: string };
      el.setAttribute('country', 'AU');
      wrap.append(el);
      await settled(el, (e) => qa(e, 'tbody tr').length > 2);
      const rows = qa(el, 'tbody tr');
      const plain = getComputedStyle(rows[0]).backgroundColor;
      rows[1].querySelector<HTMLElement>('.link')!.click();
      await settled(el, (e) => qa(e, '[aria-current="true"]').length === 1);
      expect(rows[1].querySelector('.link')!.getAttribute('aria-current'), tag).to.equal('true');
      expect(getComputedStyle(rows[1]).backgroundColor, tag).to.not.equal(plain);
      expect(getComputedStyle(rows[1]).boxShadow, tag).to.contain('inset');
      // The host may open another row itself.
      el.selected = rows[2].dataset.id;
      await settled(el, () => rows[2].querySelector('.link')!.getAttribute('aria-current') === 'true');
      expect(qa(el, '[aria-current="true"]'), tag).to.have.length(1);
    }
  });

  it('emits one event per activation', async () => {
    const runs = await settled(
      await fixture<HTMLElement>(html`<payrail-pay-runs-list country="AU"></payrail-pay-runs-list>`),
    );
    qa(runs, 'tbody tr .link')[0].focus();
    expect(await eventsDuring(() => sendKeys({ press: 'Enter' }))).to.deep.equal(['payrail-view-pay-run']);
    expect(await eventsDuring(() => qa(runs, 'tbody tr .link')[1].click())).to.deep.equal(['payrail-view-pay-run']);

    const people = await settled(
      await fixture<HTMLElement>(html`<payrail-employees-list country="AU"></payrail-employees-list>`),
    );
    expect(await eventsDuring(() => qa(people, 'tbody tr .btn')[0].click())).to.deep.equal(['payrail-view-employee']);
    expect(await eventsDuring(() => qa(people, 'tbody tr .link')[0].click())).to.deep.equal([
      'payrail-employee-select',
    ]);

    const tile = await settled(
      await fixture<HTMLElement>(
        html`<payrail-kpi-tile
          country="AU"
          value="10"
          format="number"
          label="Runs"
          pay-run-id="pr_1"
        ></payrail-kpi-tile>`,
      ),
    );
    q(tile, '[part~="card"]').focus();
    expect(await eventsDuring(() => sendKeys({ press: 'Enter' }))).to.deep.equal(['payrail-view-pay-run']);
    expect(await eventsDuring(() => sendKeys({ press: 'Space' }))).to.deep.equal(['payrail-view-pay-run']);

    const chart = await fixture<HTMLElement & { data: unknown }>(
      html`<payrail-chart country="AU" type="bar" label="Gross"></payrail-chart>`,
    );
    chart.data = [
      { label: 'Jan', value: 1 },
      { label: 'Feb', value: 2 },
    ];
    await settled(chart, (e) => !!q(e, 'path.bar'));
    q(chart, '[part~="plot"]').focus();
    expect(await eventsDuring(() => sendKeys({ press: 'Enter' }))).to.deep.equal(['payrail-chart-select']);

    // In the dashboard a bar stands for a pay run: the run is opened, the bar selection stays inside.
    const dash = await settled(
      await fixture<HTMLElement>(html`<payrail-dashboard country="AU"></payrail-dashboard>`),
      (e) => !!q(e, 'payrail-chart[type="bar"]')?.shadowRoot?.querySelector('path.bar'),
    );
    const bars = q(dash, 'payrail-chart[type="bar"]');
    bars.shadowRoot!.querySelector<HTMLElement>('[part~="plot"]')!.focus();
    expect(await eventsDuring(() => sendKeys({ press: 'Enter' }))).to.deep.equal(['payrail-view-pay-run']);
  });

  it('gives an interactive chart plot an interactive role, its points as options', async () => {
    const chart = await fixture<HTMLElement & { data: unknown }>(
      html`<payrail-chart country="AU" type="donut" label="Cost"></payrail-chart>`,
    );
    chart.data = [
      { label: 'Net', value: 70 },
      { label: 'Tax', value: 30 },
    ];
    await settled(chart, (e) => !!q(e, 'circle.slice'));
    const plot = q(chart, '[part~="plot"]');
    expect(plot.getAttribute('role')).to.equal('listbox');
    expect(plot.tabIndex).to.equal(0);
    expect(qa(chart, '[role="option"]').map((o) => o.textContent!.trim())).to.deep.equal([
      'Net: 70 (70%)',
      'Tax: 30 (30%)',
    ]);
  });
});
