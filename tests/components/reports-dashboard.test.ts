import type { LitElement } from 'lit';
import type { Report } from '../../components/index.js';
import { apiGet, expect, fixture, html, mount, needLive, oneEvent, q, qa, settled, text } from './support.js';
import { API, realFetch, seen, stubApi } from './stub-api.js';

/** Loaded: the table (or the empty state) is on screen and every tile shows its figure. */
const ready = (el: HTMLElement) =>
  settled(el, (e) => {
    const tiles = qa(e, 'payrail-kpi-tile');
    const body = !!q(e, 'table') || !!q(e, '[part~="empty"]') || !!q(e, '[part~="error"]');
    return body && tiles.every((t) => !!t.shadowRoot?.querySelector('[part~="value"]'));
  });
const sample = async (country = 'AU') =>
  ready(await fixture<HTMLElement>(html`<payrail-reports-dashboard country=${country}></payrail-reports-dashboard>`));
const pick = async (el: HTMLElement, part: string, value: string) => {
  const select = q<HTMLSelectElement>(el, `[part~="${part}"]`);
  select.value = value;
  select.dispatchEvent(new Event('change'));
  // The update that takes the choice starts the report's load (its skeleton), so `ready` waits for the new one.
  await (el as unknown as LitElement).updateComplete;
  return ready(el);
};
const headers = (el: HTMLElement) => qa(el, 'thead th').map((th) => th.textContent!.trim());

const REPORT: Report = {
  report: 'payroll-register',
  jurisdiction: 'AU',
  currency: 'AUD',
  period: { from: '2026-07-01', to: '2027-06-30' },
  pay_run_ids: ['pr_one'],
  include_drafts: false,
  scope_limited: true,
  columns: [
    { key: 'payment_date', kind: 'date' },
    { key: 'pay_run_id', kind: 'text' },
    { key: 'employee_id', kind: 'text' },
    { key: 'employee_name', kind: 'text' },
    { key: 'cost_centre', kind: 'text' },
    { key: 'gross', kind: 'money' },
    { key: 'tax', kind: 'money' },
    { key: 'super', kind: 'money' },
    { key: 'net', kind: 'money' },
  ],
  rows: [
    {
      payment_date: '2026-11-18',
      pay_run_id: 'pr_one',
      employee_id: 'emp_a',
      employee_name: 'Amy Archer',
      cost_centre: 'OPS',
      gross: '2500.00',
      tax: '400.00',
      super: '300.00',
      net: '2100.00',
    },
  ],
  totals: { payment_date: 'Total', gross: '2500.00', tax: '400.00', super: '300.00', net: '2100.00' },
  notes: [],
};

describe('payrail-reports-dashboard', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('shows the sample payroll register: tiles, charts, table and totals', async () => {
    const el = await sample();
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(headers(el)).to.deep.equal(['Payment date', 'Employee', 'Cost centre', 'Gross', 'Tax', 'Super', 'Net']);
    expect(qa(el, 'tbody tr').length).to.be.greaterThan(5);
    expect(q(el, 'tfoot tr').textContent).to.contain('Total');
    expect(qa(el, 'payrail-kpi-tile').length).to.equal(4);
    const charts = qa(el, 'payrail-chart');
    expect(charts.map((c) => c.getAttribute('label'))).to.deep.equal(['Gross pay by month', 'Employees paid by month']);
    // No internal ids on screen.
    expect(text(el)).to.not.match(/sample-pay-run|sample-employee/);
  });

  it('lays out its title and tiles as the other dashboards do: four, two, then one column as the host narrows', async () => {
    const columns = async (width: number) => {
      const el = await ready(
        await fixture<HTMLElement>(
          html`<payrail-reports-dashboard country="AU" style="width: ${width}px"></payrail-reports-dashboard>`,
        ),
      );
      const tiles = getComputedStyle(q(el, '[part~="tiles"]')).gridTemplateColumns.split(' ').length;
      return { tiles, title: getComputedStyle(q(el, '.top h2')).fontSize };
    };
    expect(await columns(1200)).to.deep.equal({ tiles: 4, title: '20px' });
    expect(await columns(600)).to.deep.equal({ tiles: 2, title: '20px' });
    expect(await columns(300)).to.deep.equal({ tiles: 1, title: '20px' });
  });

  it('switches reports: the cost-centre split as a donut, the journal with debits equal to credits', async () => {
    const el = await sample();
    await pick(el, 'report-select', 'cost-centres');
    expect(qa(el, 'payrail-chart')[0].getAttribute('type')).to.equal('donut');
    expect(headers(el)).to.include('Total cost');
    await pick(el, 'report-select', 'gl-journal');
    expect(headers(el)).to.deep.equal(['Account', 'Cost centre', 'Description', 'Debit', 'Credit']);
    expect(qa(el, 'payrail-chart').length).to.equal(0);
    const [debit, credit] = qa(el, 'payrail-kpi-tile').map(
      (t) => t.shadowRoot!.querySelector('[part~="value"]')!.textContent,
    );
    expect(debit).to.equal(credit);
    await pick(el, 'report-select', 'payg-summary');
    expect(headers(el)).to.include('W2 amount withheld');
  });

  it('offers the reports of the country: DE has the monthly summary and no super or PAYG', async () => {
    const el = await sample('DE');
    const options = qa<HTMLOptionElement>(el, '[part~="report-select"] option').map((o) => o.value);
    expect(options).to.include('de-monthly-summary');
    expect(options).to.not.include('super-liability');
    expect(options).to.not.include('payg-summary');
  });

  it('renders in German for DE', async () => {
    const el = await sample('DE');
    expect(text(el)).to.contain('Auswertungen');
    expect(text(el)).to.contain('CSV herunterladen');
    expect(headers(el)).to.include('Lohnsteuer');
    expect(headers(el)).to.include('Solidaritätszuschlag');
    expect(q(el, 'tbody td.num').textContent).to.match(/€/);
  });

  it('asks the API for the report and period, and downloads the CSV with the token', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith(API)) return realFetch(input, init);
      calls.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
      if (url.includes('format=csv'))
        return new Response('employee_name,gross\r\nAmy Archer,2500.00\r\nTotal,2500.00\r\n', {
          headers: { 'content-type': 'text/csv' },
        });
      return new Response(JSON.stringify({ data: REPORT }), { headers: { 'content-type': 'application/json' } });
    };
    const el = await ready(
      await mount('payrail-reports-dashboard', {
        'api-url': API,
        'tenant-id': 'ten_stub',
        'embed-token': 'tok',
        period: 'lastQuarter',
      }),
    );
    expect(q(el, '[part~="badge"]')).to.equal(null);
    expect(q(el, '[part~="note"]').textContent).to.contain('employees you have access to');
    const first = new URL(calls[0].url);
    expect(first.pathname).to.equal('/v1/tenants/ten_stub/reports/payroll-register');
    expect(first.searchParams.get('from')).to.match(/^\d{4}-(01|04|07|10)-01$/);
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      const asked = oneEvent(el, 'payrail-report-download');
      q(el, '[data-action="download"]').click();
      expect((await asked).detail.report).to.equal('payroll-register');
      await settled(el, () => saved.length > 0);
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    const csv = calls.find((c) => c.url.includes('format=csv'))!;
    expect(csv.headers.authorization).to.equal('Bearer tok');
    expect(csv.headers.accept).to.equal('text/csv');
    expect(saved[0]).to.match(/^payroll-register_\d{4}-\d{2}-01_\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('a cancelled download event leaves the file to the page', async () => {
    stubApi({ status: 200, body: { data: REPORT } });
    const el = await ready(
      await mount('payrail-reports-dashboard', { 'api-url': API, 'tenant-id': 'ten_stub', 'embed-token': 'tok' }),
    );
    el.addEventListener('payrail-report-download', (e) => e.preventDefault(), { once: true });
    const before = seen.length;
    q(el, '[data-action="download"]').click();
    // The element decides on the click itself: once it has re-rendered, a download of its own would show.
    await (el as unknown as LitElement).updateComplete;
    expect(q(el, '[data-action="download"]').getAttribute('aria-disabled'), 'not downloading').to.equal('false');
    expect(seen.length).to.equal(before);
  });

  it('shows live reports from the API', async function () {
    const l = await needLive(this);
    const el = await ready(
      await mount('payrail-reports-dashboard', {
        'api-url': l.url,
        'tenant-id': l.tenants.au,
        'embed-token': l.tokens.au,
      }),
    );
    expect(q(el, '[part~="badge"]')).to.equal(null);
    // The suite's date (SUITE_DATE, November 2026) falls in the financial year from 1 July 2026.
    const y = 2026;
    const api = await apiGet<{ data: Report }>(l, 'au', `/reports/payroll-register?from=${y}-07-01&to=${y + 1}-06-30`);
    expect(qa(el, 'tbody tr').length).to.equal(api.data.rows.length);
  });

  it('fits 390 px and has no axe violations, in English and German', async () => {
    for (const country of ['AU', 'DE']) {
      const wrap = await fixture<HTMLElement>(html`<div style="width: 390px"></div>`);
      const el = document.createElement('payrail-reports-dashboard');
      el.setAttribute('country', country);
      wrap.append(el);
      await ready(el);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      expect(el.scrollWidth, country).to.be.at.most(el.clientWidth + 1);
      expect(wrap.scrollWidth, country).to.be.at.most(391);
      await expect(el).to.be.accessible();
    }
  });
});
