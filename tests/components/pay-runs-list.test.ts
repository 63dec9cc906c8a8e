import { sendKeys } from '@web/test-runner-commands';
import type { ApiList, PayRun, PayRunAllowedAction } from '../../components/index.js';
import { API, realFetch } from './stub-api.js';
import {
  apiGet,
  errorStateSuite,
  expect,
  fixture,
  html,
  money,
  mount,
  needLive,
  oneEvent,
  q,
  qa,
  settled,
  text,
  themed,
  THEMED,
  waitUntil,
} from './support.js';

const sample = async (country = 'AU', pageSize = 20) =>
  settled(
    await fixture<HTMLElement>(
      html`<payrail-pay-runs-list country=${country} page-size=${pageSize}></payrail-pay-runs-list>`,
    ),
  );

describe('payrail-pay-runs-list', () => {
  it('renders sample Australian pay runs without a token, newest first, with status pills', async () => {
    const el = await sample();
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    const rows = qa(el, 'tbody tr');
    expect(rows.length).to.equal(8);
    expect(rows[0].querySelector('[part~="pill"]')!.textContent).to.contain('Previewed');
    expect(rows[1].querySelector('[part~="pill"]')!.textContent).to.contain('Finalised');
    expect(rows[2].querySelector('[part~="pill"]')!.textContent).to.contain('Lodged');
    expect(rows[0].textContent).to.contain('Fortnightly');
    expect(rows[0].textContent).to.not.match(/AU-2026|sample-pay-run/);
    expect(rows[0].textContent).to.match(/\$[\d,]+\.\d{2}/);
  });

  it("names the caller's next step only where the run's allowed_actions offer one", async () => {
    const el = await sample();
    const rows = qa(el, 'tbody tr');
    expect(rows[0].querySelector('[part~="next"]')!.textContent).to.equal('Your step: Approve');
    // Finalised and lodged runs offer void and outputs, which are no step forward.
    expect(qa(el, '[part~="next"]')).to.have.length(1);
    const de = await sample('DE');
    expect(q(de, '[part~="next"]').textContent).to.equal('Ihr Schritt: Freigeben');
  });

  it('renders German sample runs in German and euros', async () => {
    const el = await sample('DE');
    expect(text(el)).to.contain('Lohnläufe');
    expect(text(el)).to.contain('Monatlich');
    expect(qa(el, 'tbody tr')[0].textContent).to.match(/[\d.]+,\d{2}\s€/);
  });

  it('renders the live pay runs of the tenant', async function () {
    const l = await needLive(this);
    const api = await apiGet<ApiList<PayRun>>(l, 'au', '/pay-runs?limit=20');
    const el = await settled(
      await mount('payrail-pay-runs-list', { 'api-url': l.url, 'tenant-id': l.tenants.au, 'embed-token': l.tokens.au }),
    );
    expect(q(el, '[part~="badge"]')).to.equal(null);
    expect(qa(el, 'tbody tr').length).to.equal(api.data.length);
    // The embed token may preview drafts (its components allow it) but signs nothing off.
    const steps: PayRunAllowedAction[] = ['preview', 'approve', 'finalise'];
    const forward = (r: PayRun) => steps.some((a) => r.allowed_actions.includes(a));
    expect(qa(el, 'tbody tr').map((row) => !!row.querySelector('[part~="next"]'))).to.deep.equal(api.data.map(forward));
    const withTotals = api.data.find((r) => r.totals);
    if (withTotals) expect(text(el)).to.contain(money('en-AU', withTotals.totals!.currency, withTotals.totals!.gross));
    setTimeout(() => qa(el, 'tbody tr')[0].click());
    expect((await oneEvent(el, 'payrail-view-pay-run')).detail).to.deep.equal({ id: api.data[0].id });
  });

  it('emits payrail-view-pay-run with the run id on row click and on Enter', async () => {
    const el = await sample();
    setTimeout(() =>
      qa(el, 'tbody tr')[2]
        .querySelector('td:nth-child(3)')!
        .dispatchEvent(new MouseEvent('click', { bubbles: true })),
    );
    const click = await oneEvent(document, 'payrail-view-pay-run');
    expect(click.detail.id).to.match(/^sample-pay-run-\d+$/);
    expect(click.detail.sample).to.equal(true);
    expect(click.composed).to.equal(true);
    qa(el, 'tbody tr .link')[1].focus();
    setTimeout(() => sendKeys({ press: 'Enter' }));
    const key = await oneEvent(el, 'payrail-view-pay-run');
    expect(key.detail.id)
      .to.match(/^sample-pay-run-/)
      .and.not.equal(click.detail.id);
  });

  it('loads further pages with the cursor', async () => {
    const el = await sample('AU', 3);
    expect(qa(el, 'tbody tr').length).to.equal(3);
    q(el, '.foot .btn').click();
    await settled(el, (e) => qa(e, 'tbody tr').length === 6);
    q(el, '.foot .btn').click();
    await settled(el, (e) => qa(e, 'tbody tr').length === 8);
    expect(q(el, '.foot')).to.equal(null);
  });

  errorStateSuite('payrail-pay-runs-list');

  it('passes an accessibility audit', async () => {
    await expect(await sample('AU', 3)).to.be.accessible();
  });

  it('takes its primary colour from --payrail-primary', async () => {
    expect(await themed(await sample('AU', 3), '.foot .btn', 'color')).to.equal(THEMED);
  });
});

// ---- New pay run ----------------------------------------------------------------------------------

interface Sent {
  method: string;
  url: string;
  body: unknown;
  reason: string | null;
}

const run = (id: string, start: string, end: string, paid: string, status = 'finalised') => ({
  id,
  status,
  pay_frequency: 'fortnightly',
  period_start: start,
  period_end: end,
  payment_date: paid,
  allowed_actions: [],
  totals: null,
});
const due = (start: string, end: string, paid: string) => ({
  period_start: start,
  period_end: end,
  payment_date: paid,
  scheduled_date: paid,
  cut_off: paid,
  holidays_known: true,
});
/** A fortnightly schedule as the API answers it: its next three periods from the suite's date. */
const FORTNIGHTLY = {
  id: 'psch_1',
  name: 'Fortnightly',
  frequency: 'fortnightly',
  status: 'active',
  next_pay_dates: [
    due('2026-11-02', '2026-11-15', '2026-11-18'),
    due('2026-11-16', '2026-11-29', '2026-12-02'),
    due('2026-11-30', '2026-12-13', '2026-12-16'),
  ],
};

/**
 * An API that lets the caller create runs unless `mayCreate` is false (the list's `allowed_actions`): one
 * fortnightly schedule, runs up to 2–15 Nov (so 16–29 Nov is next), and a create answering `create`. Every
 * request is recorded.
 */
function newRunApi(o: { mayCreate?: boolean; create?: { status: number; body: unknown } } = {}) {
  const sent: Sent[] = [];
  const runs = [
    run('pr_2', '2026-11-02', '2026-11-15', '2026-11-18', 'draft'),
    run('pr_1', '2026-10-19', '2026-11-01', '2026-11-04'),
  ];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(API)) return realFetch(input, init);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body, reason: new Headers(init?.headers).get('x-governance-reason') });
    const json = (status: number, b: unknown) =>
      new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });
    const path = new URL(url).pathname;
    // Asked only when the element is about to write: whether its token's allowlist holds the form.
    if (path.endsWith('/me'))
      return json(200, { data: { mode: 'embed', role: null, components: ['pay-runs-list'], employee_id: null } });
    if (path.endsWith('/pay-schedules')) return json(200, { data: [FORTNIGHTLY] });
    if (path.endsWith('/pay-runs') && method === 'POST') {
      const c = o.create ?? {
        status: 201,
        body: { data: { pay_run: run('pr_3', '', '', '', 'draft') }, evidence_id: 'cev_1' },
      };
      if (c.status === 201) runs.unshift(run('pr_3', body.period_start, body.period_end, body.payment_date, 'draft'));
      return json(c.status, c.body);
    }
    if (path.endsWith('/pay-runs'))
      return json(200, {
        data: runs,
        has_more: false,
        next_cursor: null,
        allowed_actions: o.mayCreate === false ? [] : ['create'],
      });
    return json(404, { error: { code: 'not_found', message: 'Not found', status: 404 } });
  };
  return sent;
}

const liveList = async (attrs: Record<string, string> = {}) =>
  settled(
    await mount<HTMLElement>('payrail-pay-runs-list', {
      'api-url': API,
      'tenant-id': 'ten_stub',
      'embed-token': 'tok',
      ...attrs,
    }),
  );
const newRunButton = (el: HTMLElement) => q<HTMLButtonElement>(el, '[part~="new-run-button"]');
async function openNewRun(el: HTMLElement) {
  await waitUntil(() => newRunButton(el), 'no New pay run button');
  newRunButton(el).click();
  await waitUntil(() => q(el, 'form.new-run'), 'the new run form did not open');
}
const field = (el: HTMLElement, name: string) => q<HTMLInputElement>(el, `.new-run [name="${name}"]`);
async function type(el: HTMLElement, name: string, v: string) {
  const i = field(el, name);
  i.value = v;
  i.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
  await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
}
const creates = (sent: Sent[]) => sent.filter((s) => s.method === 'POST');

describe('payrail-pay-runs-list: new pay run', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('says when each run pays in words: to be paid on a date ahead, paid on one passed, the day paid where recorded', async () => {
    newRunApi();
    const el = await liveList();
    await waitUntil(() => qa(el, 'tbody tr').length === 2, 'no runs');
    // The suite's day is 25 November 2026: the draft's 18 November has passed (overdue), the finalised run paid.
    const cell = (id: string) => q(el, `tr[data-id="${id}"] td:nth-child(2)`).textContent!.replace(/\s+/g, ' ');
    expect(cell('pr_2')).to.contain('18 Nov 2026').and.contain('Overdue').and.not.contain('paid on');
    expect(cell('pr_1')).to.contain('Paid on 4 Nov 2026');
  });

  it("offers a preparer the schedule's next period without a run, prefilled, and hands the dates to the page", async () => {
    const sent = newRunApi();
    const el = await liveList();
    await openNewRun(el);
    // 2–15 Nov has a run already: the next one is 16–29 Nov, paid 2 Dec.
    const kinds = qa<HTMLInputElement>(el, '[name="run-kind"]');
    expect(kinds).to.have.length(2);
    expect(kinds[0].checked).to.equal(true);
    expect(text(el)).to.contain('Next pay run: Fortnightly');
    expect(text(el)).to.match(/16.{1,3}29 Nov 2026, paid 2 Dec 2026/);
    expect(field(el, 'period_start').value).to.equal('2026-11-16');
    expect(field(el, 'period_end').value).to.equal('2026-11-29');
    expect(field(el, 'payment_date').value).to.equal('2026-12-02');
    expect(el.shadowRoot!.activeElement).to.equal(kinds[0]);
    // The dates are editable: a later payment date goes with the request.
    await type(el, 'payment_date', '2026-12-03');
    setTimeout(() => q(el, '[part~="create-button"]').click());
    const ev = await oneEvent(el, 'payrail-save');
    expect(ev.detail).to.deep.equal({
      form: 'pay-runs-list',
      payload: {
        period_start: '2026-11-16',
        period_end: '2026-11-29',
        payment_date: '2026-12-03',
        pay_frequency: 'fortnightly',
      },
      request: { method: 'POST', path: '/pay-runs' },
    });
    expect(ev.cancelable).to.equal(true);
    // Without a governance reason the element writes nothing: the page's backend creates the run.
    await waitUntil(() => !q(el, 'form.new-run'), 'the form stayed open');
    expect(q(el, '[part~="new-run-note"]').textContent).to.contain('Passed on');
    expect(creates(sent)).to.have.length(0);
  });

  it('is offered only where the API lets the caller create runs, asking nothing more than the list', async () => {
    const sent = newRunApi({ mayCreate: false });
    const el = await liveList();
    await waitUntil(() => qa(el, 'tbody tr').length === 2, 'the runs did not load');
    expect(newRunButton(el)).to.equal(null);
    expect(sent.map((s) => new URL(s.url).pathname)).to.deep.equal(['/v1/tenants/ten_stub/pay-runs']);
  });

  it('takes an off-cycle run on dates the preparer enters, each one required', async () => {
    newRunApi();
    const el = await liveList();
    await openNewRun(el);
    const off = qa<HTMLInputElement>(el, '[name="run-kind"]')[1];
    off.click();
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(field(el, 'period_start').value).to.equal('');
    let saved = 0;
    el.addEventListener('payrail-save', () => saved++);
    q(el, '[part~="create-button"]').click();
    await waitUntil(() => field(el, 'period_start').getAttribute('aria-invalid') === 'true', 'no error shown');
    expect(saved).to.equal(0);
    expect(el.shadowRoot!.activeElement).to.equal(field(el, 'period_start'));
    await type(el, 'period_start', '2026-12-07');
    await type(el, 'period_end', '2026-12-13');
    await type(el, 'payment_date', '2026-12-10');
    const freq = q<HTMLSelectElement>(el, '.new-run select[name="pay_frequency"]');
    freq.value = 'weekly';
    freq.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    setTimeout(() => q(el, '[part~="create-button"]').click());
    const ev = await oneEvent(el, 'payrail-save');
    expect(ev.detail.payload).to.deep.equal({
      period_start: '2026-12-07',
      period_end: '2026-12-13',
      payment_date: '2026-12-10',
      pay_frequency: 'weekly',
    });
  });

  it('creates the run itself with its governance reason when the page lets it, and lists it', async () => {
    const sent = newRunApi();
    const el = await liveList({ 'governance-reason': 'Fortnightly pay as rostered' });
    await openNewRun(el);
    q(el, '[part~="create-button"]').click();
    await waitUntil(() => qa(el, 'tbody tr').length === 3, 'the new run is not listed');
    const [post] = creates(sent);
    expect(post.url).to.equal(`${API}/v1/tenants/ten_stub/pay-runs`);
    expect(post.reason).to.equal('Fortnightly pay as rostered');
    expect(post.body).to.deep.equal({
      period_start: '2026-11-16',
      period_end: '2026-11-29',
      payment_date: '2026-12-02',
      pay_frequency: 'fortnightly',
    });
    expect(q(el, '[part~="new-run-note"]').textContent).to.contain('Pay run created');
  });

  it("shows the API's refusal in words, at the field it names or for the whole form, and keeps the dates", async () => {
    newRunApi({
      create: {
        status: 409,
        body: { error: { code: 'state_conflict', message: 'The period overlaps pay run pr_2.', status: 409 } },
      },
    });
    const el = await liveList({ 'governance-reason': 'Fortnightly pay as rostered' });
    await openNewRun(el);
    q(el, '[part~="create-button"]').click();
    await waitUntil(() => q(el, '.new-run .ferr'), 'no error shown');
    expect(q(el, '.new-run .ferr').textContent).to.contain('already covers part of these dates');
    expect(text(el)).to.not.contain('pr_2');
    expect(field(el, 'period_start').value).to.equal('2026-11-16');

    newRunApi({
      create: {
        status: 400,
        body: {
          error: {
            code: 'bad_request',
            message: 'period_end is before period_start.',
            status: 400,
            errors: [{ path: 'period_end', message: 'Must be on or after the period start.' }],
          },
        },
      },
    });
    const el2 = await liveList({ 'governance-reason': 'Fortnightly pay as rostered' });
    await openNewRun(el2);
    q(el2, '[part~="create-button"]').click();
    await waitUntil(() => field(el2, 'period_end').getAttribute('aria-invalid') === 'true', 'no field error');
    expect(text(el2)).to.contain('Must be on or after the period start.');
  });

  it('Cancel closes the form and gives focus back to "New pay run"', async () => {
    newRunApi();
    const el = await liveList();
    await openNewRun(el);
    setTimeout(() => q(el, '.new-run [part~="cancel-button"]').click());
    expect((await oneEvent(el, 'payrail-cancel')).detail).to.deep.equal({ form: 'pay-runs-list' });
    await waitUntil(() => el.shadowRoot!.activeElement === newRunButton(el), 'focus did not return');
    expect(q(el, 'form.new-run')).to.equal(null);
  });

  it('passes an accessibility audit with the form open, and fits 390 px', async () => {
    newRunApi();
    const wrap = await fixture<HTMLElement>(html`<div style="width: 390px"></div>`);
    const el = document.createElement('payrail-pay-runs-list');
    for (const [k, v] of Object.entries({ 'api-url': API, 'tenant-id': 'ten_stub', 'embed-token': 'tok' }))
      el.setAttribute(k, v);
    wrap.append(el);
    await settled(el);
    await openNewRun(el);
    await expect(el).to.be.accessible();
    expect(el.getBoundingClientRect().width).to.equal(390);
    expect(el.scrollWidth).to.be.at.most(el.clientWidth);
    for (const inner of qa(el, '.new-run *'))
      expect(inner.getBoundingClientRect().right, inner.localName).to.be.at.most(
        wrap.getBoundingClientRect().right + 0.5,
      );
    // Every control is a tap target of at least 24 px.
    for (const c of qa(el, '.new-run input, .new-run select, .new-run button, [part~="new-run-button"]')) {
      const r = c.getBoundingClientRect();
      expect(Math.min(r.width, r.height), `${c.localName}[name=${c.getAttribute('name')}]`).to.be.at.least(24);
    }
  });

  it('offers the German sample employer a new run in German', async () => {
    const el = await sample('DE');
    await openNewRun(el);
    expect(text(el)).to.contain('Neuer Lohnlauf');
    expect(text(el)).to.contain('Sonderlauf');
    expect(q(el, '[part~="create-button"]').textContent).to.contain('Lohnlauf anlegen');
  });
});
