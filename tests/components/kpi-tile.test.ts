import { sendKeys } from '@web/test-runner-commands';
import type { ApiList, Employee, PayRun } from '../../components/index.js';
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
  settled,
  themed,
  THEMED,
} from './support.js';

describe('payrail-kpi-tile', () => {
  it('shows a sample figure, marked as sample data, when it has neither value nor token', async () => {
    const el = await settled(await fixture<HTMLElement>(html`<payrail-kpi-tile country="AU"></payrail-kpi-tile>`));
    expect(q(el, '[part~="label"]').textContent).to.equal('Last run gross');
    expect(q(el, '[part~="value"]').textContent).to.match(/^\$[\d,]+\.\d{2}$/);
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(q(el, '[part~="delta"]').textContent).to.match(/^[+-−]?\d/);
  });

  it('formats a given value as money, number or percent in the country locale, with a signed delta', async () => {
    const au = await settled(
      await fixture<HTMLElement>(
        html`<payrail-kpi-tile
          country="AU"
          label="Gross"
          value="1234567.8"
          format="money"
          currency="AUD"
          delta="4.25"
          caption="vs last run"
        ></payrail-kpi-tile>`,
      ),
    );
    expect(q(au, '[part~="value"]').textContent).to.equal('$1,234,567.80');
    expect(q(au, '[part~="delta"]').textContent).to.equal('+4.3%');
    expect(q(au, '[part~="delta"]').classList.contains('up')).to.equal(true);
    expect(q(au, '[part~="badge"]')).to.equal(null);
    const de = await settled(
      await fixture<HTMLElement>(
        html`<payrail-kpi-tile
          country="DE"
          label="Brutto"
          value="1234.5"
          format="money"
          delta="-2"
        ></payrail-kpi-tile>`,
      ),
    );
    expect(q(de, '[part~="value"]').textContent).to.equal('1.234,50\u00a0€');
    expect(q(de, '[part~="delta"]').classList.contains('down')).to.equal(true);
    const pct = await settled(
      await fixture<HTMLElement>(
        html`<payrail-kpi-tile country="UK" label="Turnover" value="12.5" format="percent"></payrail-kpi-tile>`,
      ),
    );
    expect(q(pct, '[part~="value"]').textContent).to.equal('12.5%');
    const n = await settled(
      await fixture<HTMLElement>(
        html`<payrail-kpi-tile country="US" label="Headcount" value="1204" format="number"></payrail-kpi-tile>`,
      ),
    );
    expect(q(n, '[part~="value"]').textContent).to.equal('1,204');
  });

  it('shows a skeleton while loading', async () => {
    const el = await fixture<HTMLElement>(html`<payrail-kpi-tile loading label="Gross"></payrail-kpi-tile>`);
    expect(q(el, '[role="status"]')).to.not.equal(null);
  });

  it('reads live headcount and last-run figures from the API', async function () {
    const l = await needLive(this);
    const emps = await apiGet<ApiList<Employee>>(l, 'au', '/employees?limit=200');
    const attrs = { 'api-url': l.url, 'tenant-id': l.tenants.au, 'embed-token': l.tokens.au };
    const head = await settled(await mount('payrail-kpi-tile', { ...attrs, metric: 'headcount' }));
    expect(q(head, '[part~="value"]').textContent).to.equal(
      String(emps.data.filter((e) => e.status !== 'terminated').length),
    );
    expect(q(head, '[part~="badge"]')).to.equal(null);
    const runs = await apiGet<ApiList<PayRun>>(l, 'au', '/pay-runs?limit=24');
    const last = runs.data
      .filter((r) => ['finalised', 'lodged'].includes(r.status))
      .sort((a, b) => b.payment_date.localeCompare(a.payment_date))[0];
    const gross = await settled(await mount('payrail-kpi-tile', { ...attrs, metric: 'last-gross' }));
    expect(q(gross, '[part~="value"]').textContent).to.equal(money('en-AU', last.totals!.currency, last.totals!.gross));
  });

  it('emits payrail-view-pay-run when a pay-run tile is clicked or activated with Enter', async () => {
    const el = await settled(
      await fixture<HTMLElement>(
        html`<payrail-kpi-tile
          label="Gross"
          value="10"
          format="number"
          pay-run-id="pr_1234567890abcdef"
        ></payrail-kpi-tile>`,
      ),
    );
    setTimeout(() => q(el, '[part~="card"]').click());
    const ev = await oneEvent(document, 'payrail-view-pay-run');
    expect(ev.detail).to.deep.equal({ id: 'pr_1234567890abcdef' });
    expect(ev.composed).to.equal(true);
    q(el, '[part~="card"]').focus();
    setTimeout(() => sendKeys({ press: 'Enter' }));
    expect((await oneEvent(el, 'payrail-view-pay-run')).detail.id).to.equal('pr_1234567890abcdef');
  });

  errorStateSuite('payrail-kpi-tile', { metric: 'headcount' });

  it('passes an accessibility audit', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-kpi-tile country="AU" metric="last-net"></payrail-kpi-tile>`),
    );
    await expect(el).to.be.accessible();
  });

  it('takes its primary colour from --payrail-primary', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-kpi-tile label="Gross" value="10"></payrail-kpi-tile>`),
    );
    expect(await themed(el, '[part~="icon"]', 'color')).to.equal(THEMED);
  });
});
