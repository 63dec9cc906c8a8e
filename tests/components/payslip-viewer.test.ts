import type { Payslip } from '../../components/index.js';
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
  root,
  settled,
  text,
  themed,
  THEMED,
} from './support.js';
import { API, realFetch, stubApi } from './stub-api.js';

/** A payslip as the API answers it, for an employee hired before the TFN declaration arrived. */
const PENDING: Payslip = {
  id: 'ps_0000000000000001',
  employee_id: 'emp_stub',
  employee_name: 'Sam Ortega',
  currency: 'AUD',
  employer: { name: 'Harbour Cafés Pty Ltd', abn: '51824753556', address: null },
  employee: {
    id: 'emp_stub',
    name: 'Sam Ortega',
    employment_type: 'full_time',
    pay_frequency: 'fortnightly',
    hourly_rate: '40.00',
  },
  pay_run_id: 'pr_stub',
  period_start: '2026-11-30',
  period_end: '2026-12-13',
  payment_date: '2026-12-16',
  pack_version: 'AU-2026.2',
  earnings: [
    { label: 'Ordinary hours', hours: '68.40', rate: '40.00', amount: '2736.00' },
    { label: 'Annual leave', hours: '7.60', rate: '40.00', amount: '304.00' },
    { label: 'Annual leave loading', hours: '7.60', rate: '7.00', amount: '53.20' },
  ],
  deductions: [
    { label: 'PAYG withholding (scale 4) \u2014 paid to the Australian Taxation Office', amount: '1452.00' },
  ],
  contributions: [{ label: 'Super guarantee (SG) \u2014 paid to AustralianSuper', amount: '371.18' }],
  total_hours: '76.00',
  gross: '3093.20',
  tax: '1452.00',
  net: '1641.20',
  ytd: { gross: '3093.20', tax: '1452.00', net: '1641.20', super: '371.18', social: null },
  payment: { bsb: '062-000', account_last3: '678', account_name: 'S Ortega' },
  tax_declaration: {
    state: 'not_received',
    no_tfn_rate: true,
    tax_free_threshold: false,
    tax_free_threshold_answered: false,
  },
  leave: null,
};

const stubbed = (slip: Payslip) => {
  stubApi({ status: 200, body: { data: slip } });
  return mount<HTMLElement>('payrail-payslip-viewer', {
    'api-url': API,
    'tenant-id': 'ten_stub',
    'embed-token': 'tok',
    'pay-run-id': 'pr_stub',
    'employee-id': 'emp_stub',
  }).then((el) => settled(el));
};

const sample = (country = 'AU') =>
  fixture<HTMLElement>(html`<payrail-payslip-viewer country=${country} show-ytd></payrail-payslip-viewer>`).then((el) =>
    settled(el),
  );

describe('payrail-payslip-viewer', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('says where the TFN declaration stood on the payment date and that question 9 is open, in words', async () => {
    const el = await stubbed(PENDING);
    const section = q(el, '[part~="tax-declaration"]');
    expect(section.textContent!.replace(/\s+/g, ' ')).to.contain('Tax file number Declaration not received yet');
    expect(section.textContent!.replace(/\s+/g, ' ')).to.contain('Tax-free threshold Not answered yet, so not claimed');
    expect(section.textContent).to.contain('Tax on this pay was withheld at the no-TFN rate.');
    expect(text(el)).to.not.match(/not_received|tfn_quoted/);
  });

  it('a declared employee reads as given and claimed, with no no-TFN note', async () => {
    const el = await stubbed({
      ...PENDING,
      tax_declaration: {
        state: 'tfn_quoted',
        no_tfn_rate: false,
        tax_free_threshold: true,
        tax_free_threshold_answered: true,
      },
    });
    const section = q(el, '[part~="tax-declaration"]').textContent!.replace(/\s+/g, ' ');
    expect(section).to.contain('Tax file number Given');
    expect(section).to.contain('Tax-free threshold Claimed');
    expect(section).to.not.contain('no-TFN');
  });

  it('totals the hours as the API counts them: each hour once, the loading adds money only', async () => {
    const el = await stubbed(PENDING);
    const foot = q(el, 'tfoot').textContent!.replace(/\s+/g, ' ');
    expect(foot).to.contain('76');
    expect(foot).to.not.contain('83.6');
  });

  it('a payslip without a tax declaration (outside Australia) shows no such section', async () => {
    const el = await stubbed({ ...PENDING, tax_declaration: null });
    expect(root(el).querySelector('[part~="tax-declaration"]')).to.equal(null);
  });

  it('renders an Australian sample payslip without a token, marked as sample data', async () => {
    const el = await sample();
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(text(el)).to.contain('Harbour & Vine Hospitality');
    expect(text(el)).to.contain('PAYG withholding');
    expect(text(el)).to.contain('Superannuation guarantee');
    expect(text(el)).to.contain('Year to date');
    expect(q(el, '[part~="net"] strong').textContent).to.match(/^\$[\d,]+\.\d{2}$/);
  });

  it('renders a German sample payslip in German with wage tax and social insurance lines', async () => {
    const el = await sample('DE');
    expect(q(el, '[part~="badge"]').textContent).to.contain('Beispieldaten');
    for (const s of [
      'Entgeltabrechnung',
      'Lohnsteuer',
      'Krankenversicherung AN',
      'Rentenversicherung AN',
      'Auszahlungsbetrag',
    ]) {
      expect(text(el)).to.contain(s);
    }
    expect(q(el, '[part~="net"] strong').textContent).to.match(/^[\d.]+,\d{2}\s€$/);
  });

  it('is registered under the prl- alias too', async () => {
    const el = await fixture<HTMLElement>(html`<prl-payslip-viewer country="AU"></prl-payslip-viewer>`);
    await settled(el);
    expect(text(el)).to.contain('Net pay');
  });

  it('renders the live payslip of a finalised run and points the download at the API', async function () {
    const l = await needLive(this);
    const run = l.finalisedPayRun.au;
    const { data } = await apiGet<{ data: Payslip[] }>(l, 'au', `/pay-runs/${run}/payslips`);
    const el = await settled(
      await mount('payrail-payslip-viewer', {
        'api-url': l.url,
        'tenant-id': l.tenants.au,
        'embed-token': l.tokens.au,
        'pay-run-id': run,
      }),
    );
    expect(q(el, '[part~="badge"]')).to.equal(null);
    expect(text(el)).to.contain(data[0].employee_name);
    expect(text(el)).to.contain(money('en-AU', data[0].currency, data[0].net));
    setTimeout(() => q(el, '[data-action="download"]').click());
    const ev = await oneEvent(el, 'payrail-download');
    expect(ev.detail).to.deep.equal({
      pay_run_id: run,
      employee_id: data[0].employee_id,
      url: `${l.url}/v1/tenants/${l.tenants.au}/pay-runs/${run}/payslips/${data[0].employee_id}.pdf`,
    });
  });

  it("with an employee id, fetches that employee's payslip alone: one request, not the run's payslips", async function () {
    const l = await needLive(this);
    const run = l.finalisedPayRun.au;
    const { data } = await apiGet<{ data: Payslip[] }>(l, 'au', `/pay-runs/${run}/payslips`);
    const chosen = data[data.length - 1];
    const paths: string[] = [];
    const original = window.fetch;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      paths.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return original(input, init);
    };
    let el: HTMLElement;
    try {
      el = await settled(
        await mount('payrail-payslip-viewer', {
          'api-url': l.url,
          'tenant-id': l.tenants.au,
          'embed-token': l.tokens.au,
          'pay-run-id': run,
          'employee-id': chosen.employee_id,
        }),
      );
    } finally {
      window.fetch = original;
    }
    expect(text(el)).to.contain(chosen.employee_name);
    expect(text(el)).to.contain(money('en-AU', chosen.currency, chosen.net));
    expect(paths.filter((p) => p.includes('/payslips'))).to.deep.equal([
      `/v1/tenants/${l.tenants.au}/pay-runs/${run}/payslips/${chosen.employee_id}`,
    ]);
  });

  it('emits bubbling, composed payrail-print and payrail-download events with the ids', async () => {
    const el = await sample();
    // Cancelling print tells the viewer the host handles it, so no print dialog opens here.
    el.addEventListener('payrail-print', (e) => e.preventDefault());
    setTimeout(() => q(el, '[data-action="print"]').click());
    const print = await oneEvent(document, 'payrail-print');
    expect(print.bubbles && print.composed).to.equal(true);
    expect(print.detail.pay_run_id).to.match(/^sample-pay-run-\d+$/);
    expect(print.detail.employee_id).to.match(/^sample-employee-\d+$/);
    expect(print.detail.sample).to.equal(true);
    setTimeout(() => q(el, '[data-action="download"]').click());
    const dl = await oneEvent(el, 'payrail-download');
    expect(dl.detail.url).to.match(
      new RegExp(`/pay-runs/${dl.detail.pay_run_id}/payslips/${dl.detail.employee_id}\\.pdf$`),
    );
  });

  it('explains that payslips wait for finalisation when the run is not finalised', async function () {
    const l = await needLive(this);
    const el = await settled(
      await mount('payrail-payslip-viewer', {
        'api-url': l.url,
        'tenant-id': l.tenants.au,
        'embed-token': l.tokens.au,
        'pay-run-id': l.draftPayRun.au,
      }),
      (e) => !!root(e).querySelector('[part~="error"]'),
    );
    const state = q(el, '[part~="error"]');
    expect(state.textContent).to.contain('once this pay run is finalised');
    expect(state.getAttribute('role')).to.equal('status');
    expect(state.querySelector('button'), 'no "Try again": waiting is the answer').to.equal(null);
  });

  errorStateSuite('payrail-payslip-viewer', { 'pay-run-id': 'pr_0000000000000000' });

  it('passes an accessibility audit', async () => {
    await expect(await sample()).to.be.accessible();
  });

  it('takes its primary colour from --payrail-primary', async () => {
    expect(await themed(await sample(), '[data-action="download"]', 'backgroundColor')).to.equal(THEMED);
  });
});
