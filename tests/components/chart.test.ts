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
  withExampleThemes,
} from './support.js';

/** WCAG contrast ratio of two computed colours (`rgb(…)` or `color(srgb …)`). */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const n = (c.match(/[\d.]+/g) ?? []).map(Number);
    const rgb = c.startsWith('color(') ? n.slice(0, 3) : n.slice(0, 3).map((v) => v / 255);
    const [r, g, bl] = rgb.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

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

  it('keeps every series colour at 3:1 or more against its card, built in and in both example themes', async () => {
    const FIVE = ['A', 'B', 'C', 'D', 'E'];
    const measure = async (theme?: string) => {
      const wrap = await fixture<HTMLElement>(html`<div class=${theme ?? ''}></div>`);
      const donut = document.createElement('payrail-chart') as HTMLElement & { data: unknown };
      const bars = document.createElement('payrail-chart') as HTMLElement & { data: unknown };
      donut.setAttribute('type', 'donut');
      bars.setAttribute('type', 'bar');
      donut.data = FIVE.map((label) => ({ label, value: 20 }));
      bars.data = FIVE.map((name, j) => ({ name, data: [{ label: 'Jan', value: 10 + j }] }));
      wrap.append(donut, bars);
      await settled(donut, (e) => qa(e, 'circle.slice').length === 5);
      await settled(bars, (e) => qa(e, 'path.bar').length === 5);
      const card = getComputedStyle(q(donut, '[part~="card"]')).backgroundColor;
      const colours = [
        ...qa(donut, 'circle.slice').map((c) => getComputedStyle(c).stroke),
        ...qa(bars, 'path.bar').map((b) => getComputedStyle(b).fill),
      ];
      return colours.map((c) => ({ c, ratio: contrast(c, card), on: card }));
    };
    const built = await measure();
    await withExampleThemes(async () => {
      for (const [name, result] of [
        ['built-in', built],
        ['light', await measure('payrail-theme-light')],
        ['dark', await measure('payrail-theme-dark')],
      ] as const) {
        expect(new Set(result.map((r) => r.c)).size, `${name}: five distinct colours`).to.equal(5);
        for (const r of result) expect(r.ratio, `${name}: ${r.c} on ${r.on}`).to.be.at.least(3);
      }
    });
  });

  it('colours a point by its tone in the theme’s status colours, or by its own colour', async () => {
    const el = await chart('donut', [
      { label: 'High', value: 1, tone: 'danger' },
      { label: 'Medium', value: 1, tone: 'warning' },
      { label: 'Low', value: 1, tone: 'success' },
      { label: 'Other', value: 1, color: 'rgb(1, 2, 3)' },
      { label: 'Plain', value: 1 },
    ]);
    el.style.setProperty('--payrail-danger', 'rgb(200, 0, 0)');
    el.style.setProperty('--payrail-warning', 'rgb(200, 100, 0)');
    el.style.setProperty('--payrail-success', 'rgb(0, 120, 0)');
    el.style.setProperty('--payrail-primary', 'rgb(0, 0, 200)');
    const want = ['rgb(200, 0, 0)', 'rgb(200, 100, 0)', 'rgb(0, 120, 0)', 'rgb(1, 2, 3)'];
    expect(qa(el, 'circle.slice').map((c) => getComputedStyle(c).stroke)).to.deep.equal([
      ...want,
      // A point without either keeps its place in the palette (the fifth colour here).
      getComputedStyle(qa(el, 'circle.slice')[4]).stroke,
    ]);
    expect(getComputedStyle(qa(el, 'circle.slice')[4]).stroke).to.not.be.oneOf(want);
    const swatches = qa(el, '[part~="legend"] li i').map((i) => getComputedStyle(i).backgroundColor);
    expect(swatches.slice(0, 4)).to.deep.equal(want);
    const bars = await chart('bar', [
      { label: 'A', value: 3, tone: 'danger' },
      { label: 'B', value: 2 },
    ]);
    bars.style.setProperty('--payrail-danger', 'rgb(200, 0, 0)');
    bars.style.setProperty('--payrail-primary', 'rgb(0, 0, 200)');
    expect(qa(bars, 'path.bar').map((b) => getComputedStyle(b).fill)).to.deep.equal([
      'rgb(200, 0, 0)',
      'rgb(0, 0, 200)',
    ]);
  });

  it('takes its primary colour from --payrail-primary', async () => {
    expect(await themed(await chart('bar', DATA), 'path.bar', 'fill')).to.equal(THEMED);
  });
});
