import { sendKeys } from '@web/test-runner-commands';
import type { ApiList, PayRun, PayRunAllowedAction } from '../../components/index.js';
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
