import type { ApiList, Employee } from '../../components/index.js';
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

const ready = (el: HTMLElement) =>
  settled(el, (e) => {
    const tiles = qa(e, 'payrail-kpi-tile');
    return (
      (tiles.length === 4 &&
        tiles.every((t) => !t.hasAttribute('loading') && t.shadowRoot?.querySelector('[part~="value"]'))) ||
      !!q(e, '[role="alert"]')
    );
  });
const sample = async (country = 'AU') =>
  ready(await fixture<HTMLElement>(html`<payrail-dashboard country=${country}></payrail-dashboard>`));
const tileValues = (el: HTMLElement) =>
  qa(el, 'payrail-kpi-tile').map((t) => t.shadowRoot!.querySelector('[part~="value"]')!.textContent);

describe('payrail-dashboard', () => {
  it('composes sample KPI tiles and charts without a token', async () => {
    const el = await sample();
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    const [head, gross, net, next] = tileValues(el);
    expect(head).to.equal('11');
    expect(gross).to.match(/^\$[\d,]+\.\d{2}$/);
    expect(net).to.match(/^\$[\d,]+\.\d{2}$/);
    expect(next).to.match(/\d{4}$/);
    const [bar, donut] = qa(el, 'payrail-chart');
    await settled(bar, (c) => !!c.shadowRoot!.querySelector('svg'));
    expect(bar.shadowRoot!.querySelectorAll('path.bar').length).to.equal(7);
    expect(donut.shadowRoot!.querySelectorAll('circle.slice').length).to.equal(3);
  });

  it('renders in German for DE', async () => {
    const el = await sample('DE');
    expect(text(el)).to.contain('Lohnübersicht');
    expect(qa(el, 'payrail-kpi-tile')[0].shadowRoot!.textContent).to.contain('Beschäftigte');
    expect(tileValues(el)[1]).to.match(/€$/);
  });

  it('shows live figures from the API', async function () {
    const l = await needLive(this);
    const emps = await apiGet<ApiList<Employee>>(l, 'au', '/employees?limit=200');
    const el = await ready(
      await mount('payrail-dashboard', { 'api-url': l.url, 'tenant-id': l.tenants.au, 'embed-token': l.tokens.au }),
    );
    expect(q(el, '[part~="badge"]')).to.equal(null);
    expect(tileValues(el)[0]).to.equal(String(emps.data.filter((e) => e.status !== 'terminated').length));
  });

  it('emits payrail-view-pay-run from the last-run tile and from a bar of the gross chart', async () => {
    const el = await sample();
    setTimeout(() => qa(el, 'payrail-kpi-tile')[1].shadowRoot!.querySelector<HTMLElement>('[part~="card"]')!.click());
    const tile = await oneEvent(document, 'payrail-view-pay-run');
    // Sample ids say what they are, and sample events say they are sample events.
    expect(tile.detail).to.deep.include({ sample: true });
    expect(tile.detail.id).to.match(/^sample-pay-run-\d+$/);
    const bar = qa(el, 'payrail-chart')[0];
    await settled(bar, (c) => !!c.shadowRoot!.querySelector('svg'));
    const plot = bar.shadowRoot!.querySelector<HTMLElement>('[part~="plot"]')!;
    plot.focus();
    setTimeout(() => plot.click());
    const fromChart = await oneEvent(el, 'payrail-view-pay-run');
    // Focus selects the newest run, which is the one the last-run tile points at.
    expect(fromChart.detail.id).to.equal(tile.detail.id);
  });

  errorStateSuite('payrail-dashboard');

  it('passes an accessibility audit', async () => {
    await expect(await sample()).to.be.accessible();
  });

  it('takes its primary colour from --payrail-primary', async () => {
    const el = await sample();
    expect(await themed(el, 'payrail-kpi-tile >>> [part~="icon"]', 'color')).to.equal(THEMED);
  });
});
