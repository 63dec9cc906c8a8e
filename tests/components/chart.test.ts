import { sendKeys } from '@web/test-runner-commands';
import type { ApiList, PayRun } from '../../components/index.js';
import {
  apiGet,
  errorStateSuite,
  expect,
  fixture,
  html,
  mount,
  needLive,
  oneEvent,
  q,
  qa,
  settled,
  text,
  themed,
  THEMED,
} from './support.js';

const DATA = [
  { label: 'Jan', value: '120000.00' },
  { label: 'Feb', value: '98000.50' },
  { label: 'Mar', value: 134500 },
];

const chart = async (type: string, data?: unknown, extra = {}) => {
  const el = await fixture<HTMLElement>(
    html`<payrail-chart country="AU" type=${type} label="Gross pay" format="money" currency="AUD"></payrail-chart>`,
  );
  Object.assign(el, { data, ...extra });
  return settled(el, (e) => !!e.shadowRoot!.querySelector('[part~="plot"] svg, [part~="empty"]'));
};

describe('payrail-chart', () => {
  it('draws a sample gross trend without data or token, marked as sample data', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-chart country="AU" type="line"></payrail-chart>`),
      (e) => !!q(e, 'svg'),
    );
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(q(el, 'h3').textContent).to.equal('Gross pay per run');
    expect(qa(el, 'circle.pt').length).to.equal(7);
    expect(qa(el, 'table tbody tr').length).to.equal(7);
  });

  it('draws bars with axes, a summary for assistive technology and a hidden data table', async () => {
    const el = await chart('bar', DATA);
    expect(qa(el, 'path.bar').length).to.equal(3);
    expect(qa(el, 'text.tick').length).to.be.greaterThan(4);
    const plot = q(el, '[part~="plot"]');
    expect(plot.getAttribute('role')).to.equal('listbox');
    expect(plot.getAttribute('aria-label')).to.equal('Gross pay: 3 values, from $98,000.50 to $134,500.00.');
    expect(
      qa<HTMLTableRowElement>(el, 'table tbody tr').map((r) => [...r.cells].map((c) => c.textContent).join('')),
    ).to.deep.equal(['Jan$120,000.00', 'Feb$98,000.50', 'Mar$134,500.00']);
  });

  it('draws several series with a legend', async () => {
    const el = await chart('line', [
      { name: 'Gross', data: DATA },
      { name: 'Net', data: DATA.map((d) => ({ ...d, value: Number(d.value) * 0.7 })) },
    ]);
    expect(qa(el, 'path.line').length).to.equal(2);
    expect(qa(el, '[part~="legend"] li').map((l) => l.textContent!.trim())).to.deep.equal(['Gross', 'Net']);
  });

  it('draws a donut with shares in the legend', async () => {
    const el = await chart('donut', [
      { label: 'Net', value: '75' },
      { label: 'Tax', value: '25' },
    ]);
    expect(qa(el, 'circle.slice').length).to.equal(2);
    expect(text(el)).to.contain('75%');
    expect(q(el, '[part~="plot"]').getAttribute('aria-label')).to.equal(
      'Gross pay: Net 75% ($75.00), Tax 25% ($25.00).',
    );
  });

  it('reads values with the keyboard through a tooltip and the active option of the listbox', async () => {
    const el = await chart('bar', DATA);
    const plot = q(el, '[part~="plot"]');
    const active = () => q(el, `#${plot.getAttribute('aria-activedescendant')}`);
    plot.focus();
    await settled(el, (e) => !!q(e, '[part~="tooltip"]'));
    expect(q(el, '[part~="tooltip"]').textContent).to.contain('Mar');
    expect(qa(el, '[role="option"]')).to.have.length(3);
    await sendKeys({ press: 'ArrowLeft' });
    await settled(el, () => active()?.textContent!.trim() === 'Feb: $98,000.50');
    expect(active().getAttribute('aria-selected')).to.equal('true');
    await sendKeys({ press: 'Home' });
    await settled(el, () => active()?.textContent!.trim().startsWith('Jan'));
  });

  it('emits payrail-chart-select for the chosen point', async () => {
    const el = await chart('bar', DATA);
    q(el, '[part~="plot"]').focus();
    await sendKeys({ press: 'ArrowLeft' });
    setTimeout(() => sendKeys({ press: 'Enter' }));
    const ev = await oneEvent(document, 'payrail-chart-select');
    expect(ev.detail).to.deep.equal({ index: 1, label: 'Feb', value: '98000.50', series: 'Gross pay' });
    expect(ev.composed).to.equal(true);
  });

  it('says so when there is nothing to draw', async () => {
    const el = await chart('bar', []);
    expect(text(el)).to.contain('No data to show');
  });

  it('draws the live gross trend from the API', async function () {
    const l = await needLive(this);
    const runs = await apiGet<ApiList<PayRun>>(l, 'au', '/pay-runs?limit=24');
    const paid = runs.data.filter((r) => ['finalised', 'lodged'].includes(r.status) && r.totals);
    const el = await settled(
      await mount('payrail-chart', {
        type: 'bar',
        metric: 'gross-trend',
        'api-url': l.url,
        'tenant-id': l.tenants.au,
        'embed-token': l.tokens.au,
      }),
      (e) => !!e.shadowRoot!.querySelector('[part~="plot"], [part~="empty"]'),
    );
    expect(q(el, '[part~="badge"]')).to.equal(null);
    expect(qa(el, 'table tbody tr').length).to.equal(Math.min(8, paid.length));
  });

  errorStateSuite('payrail-chart', { metric: 'gross-trend' });

  it('passes an accessibility audit', async () => {
    await expect(await chart('bar', DATA)).to.be.accessible();
    await expect(await chart('donut', DATA)).to.be.accessible();
  });

  it('takes its primary colour from --payrail-primary', async () => {
    expect(await themed(await chart('bar', DATA), 'path.bar', 'fill')).to.equal(THEMED);
  });
});
