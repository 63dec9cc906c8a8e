// Narrow layouts: every element at 320 and 390 px stays inside its container (tables stack or scroll
// inside the element), KPI figures are never cut off, and charts stay inside their card.
import { expect, fixture, html, q, qa, settled } from './support.js';

type Case = [tag: string, attrs: Record<string, string>];

const ELEMENTS: Case[] = [
  ['payrail-dashboard', {}],
  ['payrail-pay-runs-list', {}],
  ['payrail-pay-run-detail', {}],
  ['payrail-payslip-viewer', { 'show-ytd': '' }],
  ['payrail-employees-list', {}],
  ['payrail-employee-detail', {}],
  ['payrail-kpi-tile', { metric: 'last-gross' }],
  ['payrail-chart', { type: 'bar' }],
  ['payrail-chart', { type: 'line' }],
  ['payrail-chart', { type: 'donut' }],
  ['payrail-requirements', {}],
  ['payrail-bank-details', {}],
  ['payrail-tax-declaration', {}],
  ['payrail-payroll-readiness', {}],
  ['payrail-stp-submission', { 'pay-run-id': 'sample-pay-run-3' }],
  ['payrail-payments', { 'pay-run-id': 'sample-pay-run-3' }],
  ['payrail-super-overview', {}],
  ['payrail-payroll-checklist', {}],
  ['payrail-payrun-exceptions', {}],
  ['payrail-reports-dashboard', {}],
  ['payrail-payroll-calendar', {}],
  ['payrail-employee-onboarding', {}],
  ['payrail-super-form', {}],
  ['payrail-governance-trail', {}],
  ['payrail-pay-run-detail', { 'show-governance': '' }],
  ['payrail-payrun-exceptions', { 'show-governance': '' }],
  ['payrail-portfolio-dashboard', {}],
  ['payrail-client-list', {}],
  ['payrail-pipeline-board', {}],
  ['payrail-pay-item-library', {}],
  ['payrail-pay-run-entry', { 'pay-run-id': 'sample-pay-run-1' }],
  ['payrail-org-setup', {}],
  ['payrail-cost-centres', {}],
  ['payrail-award-config', { 'employee-id': 'sample-employee-1' }],
];

/** Loaded: no skeleton left, here or in the elements it composes (the dashboard's tiles and charts). */
const loaded = (el: Element): boolean =>
  !!el.shadowRoot?.firstElementChild &&
  !el.shadowRoot.querySelector('.sk-wrap') &&
  [...el.shadowRoot.querySelectorAll('*')].every((c) => !c.shadowRoot || loaded(c));

async function place(tag: string, attrs: Record<string, string>, width: number, country: string) {
  const wrap = await fixture<HTMLElement>(html`<div style="width: ${width}px"></div>`);
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries({ country, ...attrs })) el.setAttribute(k, v);
  wrap.append(el);
  await settled(el, loaded);
  // Charts measure their plot after the first frame.
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return { wrap, el };
}

/**
 * What sticks out: the element wider than its container, or content wider than the element (boxes
 * inside a scrolling or clipping container do not count: they scroll or are hidden inside it).
 * Composed elements (the dashboard's tiles and charts) are checked the same way.
 */
function overflow(el: HTMLElement, container: HTMLElement, path = el.localName): string[] {
  const out: string[] = [];
  const w = el.getBoundingClientRect().width;
  const room = container.getBoundingClientRect().width;
  if (w > room + 0.5) out.push(`${path} is ${w}px wide in ${room}px`);
  if (el.scrollWidth > el.clientWidth + 1)
    out.push(`${path} holds ${el.scrollWidth}px of content in ${el.clientWidth}px`);
  for (const inner of el.shadowRoot!.querySelectorAll<HTMLElement>('*')) {
    if (inner.shadowRoot && inner.localName.includes('-'))
      out.push(...overflow(inner, inner.parentElement!, `${path} > ${inner.localName}`));
  }
  return out;
}

describe('layout at 320 and 390 px', () => {
  for (const width of [320, 390]) {
    for (const country of ['AU', 'DE']) {
      for (const [tag, attrs] of ELEMENTS) {
        it(`${tag}${attrs.type ? ` (${attrs.type})` : ''} fits ${width} px in ${country}`, async () => {
          const { wrap, el } = await place(tag, attrs, width, country);
          expect(overflow(el, wrap)).to.deep.equal([]);
          expect(el.getBoundingClientRect().width).to.equal(width);
        });
      }
    }
  }

  it('never widens a grid or flex container: its width comes from the container, not from its table', async () => {
    const grid = await fixture<HTMLElement>(
      html`<div style="display: grid; width: 390px"><payrail-pay-runs-list country="AU"></payrail-pay-runs-list></div>`,
    );
    const inGrid = await settled(grid.firstElementChild as HTMLElement);
    expect(inGrid.getBoundingClientRect().width).to.equal(390);
    expect(overflow(inGrid, grid)).to.deep.equal([]);
    // In a shrink-to-fit flex row it keeps a usable minimum instead of collapsing.
    const row = await fixture<HTMLElement>(
      html`<div style="display: flex; width: 390px"><payrail-pay-runs-list country="AU"></payrail-pay-runs-list></div>`,
    );
    const inRow = await settled(row.firstElementChild as HTMLElement);
    expect(inRow.getBoundingClientRect().width).to.be.within(256, 390);
    expect(overflow(inRow, row)).to.deep.equal([]);
  });

  it('stacks table rows in narrow containers and keeps the table in wide ones', async () => {
    for (const tag of ['payrail-pay-runs-list', 'payrail-employees-list', 'payrail-pay-run-detail']) {
      const { el } = await place(tag, {}, 390, 'AU');
      const row = qa(el, 'tbody tr')[0];
      expect(getComputedStyle(row).display, tag).to.equal('grid');
      // The column headers stay for assistive technology, out of sight.
      expect(q(el, 'thead').getBoundingClientRect().height, tag).to.be.at.most(1);
      const wide = await place(tag, {}, 1100, 'AU');
      expect(getComputedStyle(qa(wide.el, 'tbody tr')[0]).display, tag).to.equal('table-row');
    }
  });

  it('labels each figure of a stacked row', async () => {
    const { el } = await place('payrail-pay-runs-list', {}, 390, 'AU');
    const cells = [...qa(el, 'tbody tr')[0].querySelectorAll('td[data-label]')];
    expect(cells.map((c) => getComputedStyle(c, '::before').content)).to.deep.equal([
      '"Payment date"',
      '"Employees"',
      '"Gross"',
      '"Net"',
    ]);
  });

  it('moves payslip hours and rate under the description when the columns do not fit', async () => {
    const { el } = await place('payrail-payslip-viewer', {}, 390, 'AU');
    const earnings = q(el, 'table');
    const visible = (e: Element) => getComputedStyle(e).display !== 'none';
    expect([...earnings.querySelectorAll('thead th')].filter(visible)).to.have.length(2);
    expect(earnings.querySelector('.qty')!.textContent).to.match(/^[\d.]+ h( × \$[\d.,]+)?$/);
    expect(visible(earnings.querySelector('.qty')!)).to.equal(true);
    const wide = await place('payrail-payslip-viewer', {}, 1100, 'AU');
    expect([...q(wide.el, 'table').querySelectorAll('thead th')].filter(visible)).to.have.length(4);
    expect(visible(q(wide.el, '.qty'))).to.equal(false);
  });

  it('never cuts a KPI figure off, however narrow the tile', async () => {
    for (const width of [140, 160, 200, 320]) {
      const wrap = await fixture<HTMLElement>(
        html`<div style="width: ${width}px">
          <payrail-kpi-tile country="DE" label="Bruttolohn" value="1234567.89" format="money"></payrail-kpi-tile>
        </div>`,
      );
      const tile = await settled(wrap.firstElementChild as HTMLElement);
      const value = q(tile, '[part~="value"]');
      expect(value.textContent).to.equal('1.234.567,89\u00a0€');
      expect(getComputedStyle(value).textOverflow).to.not.equal('ellipsis');
      expect(value.scrollWidth, `${width}px`).to.be.at.most(value.clientWidth);
      expect(overflow(tile, wrap)).to.deep.equal([]);
      // A tile reading its own figure also wears the "Sample data" badge without a token.
      const own = await place('payrail-kpi-tile', { metric: 'headcount' }, width, 'DE');
      expect(q(own.el, '[part~="badge"]')).to.not.equal(null);
      expect(overflow(own.el, own.wrap)).to.deep.equal([]);
    }
  });

  it('draws a chart inside its card at any width', async () => {
    for (const width of [260, 320, 390, 800]) {
      for (const type of ['bar', 'line']) {
        const { el } = await place('payrail-chart', { type }, width, 'AU');
        const card = q(el, '[part~="card"]').getBoundingClientRect();
        const plot = q(el, '[part~="plot"] svg').getBoundingClientRect();
        expect(plot.right, `${type} at ${width}px`).to.be.at.most(card.right - 1);
        expect(plot.left).to.be.at.least(card.left + 1);
      }
    }
  });
});
