import type { PayRun, PayRunEntry } from '../../components/index.js';
import { allowedActions } from '../../components/pay-run-detail/pay-run-detail.js';
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

const sample = async (country = 'AU') =>
  settled(await fixture<HTMLElement>(html`<payrail-pay-run-detail country=${country}></payrail-pay-run-detail>`));
const run = (status: PayRun['status']) => ({ status }) as PayRun;

describe('payrail-pay-run-detail', () => {
  it('renders the latest sample run with totals, progress and entries', async () => {
    const el = await sample();
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(q(el, '[aria-current="step"]').textContent).to.contain('Previewed');
    expect(qa(el, '.steps .done').length).to.equal(1);
    expect(qa(el, '.stat').map((s) => s.querySelector('span')!.textContent)).to.deep.equal([
      'Employees',
      'Gross',
      'Tax',
      'Super',
      'Net',
    ]);
    expect(qa(el, 'tbody tr').length).to.equal(11);
  });

  it('shows the actions the sample admin may request for a previewed run', async () => {
    const el = await sample();
    expect(qa(el, '[data-action]').map((b) => b.dataset.action)).to.deep.equal(['preview', 'approve', 'void']);
  });

  it('renders German runs with a social security column', async () => {
    const el = await sample('DE');
    expect(text(el)).to.contain('Lohnlauf');
    expect(qa(el, 'thead th').map((t) => t.textContent)).to.include('Sozialversicherung');
    expect(text(el)).to.match(/[\d.]+,\d{2}\s€/);
  });

  it('maps roles and states to actions with segregation of duties', () => {
    expect(allowedActions(run('draft'), 'preparer')).to.deep.equal(['preview']);
    expect(allowedActions(run('previewed'), 'preparer')).to.deep.equal(['preview']);
    expect(allowedActions(run('previewed'), 'approver')).to.deep.equal(['approve', 'void']);
    expect(allowedActions(run('approved'), 'approver')).to.deep.equal(['finalise', 'void']);
    expect(allowedActions(run('approved'), 'preparer')).to.deep.equal([]);
    expect(allowedActions(run('finalised'), 'admin')).to.deep.equal(['void']);
    expect(allowedActions(run('approved'), 'viewer')).to.deep.equal([]);
    expect(allowedActions(run('draft'), null)).to.deep.equal([]);
  });

  it('renders a live finalised run', async function () {
    const l = await needLive(this);
    const id = l.finalisedPayRun.au;
    const { data: r } = await apiGet<{ data: PayRun }>(l, 'au', `/pay-runs/${id}`);
    const { data: entries } = await apiGet<{ data: PayRunEntry[] }>(l, 'au', `/pay-runs/${id}/entries`);
    const el = await settled(
      await mount('payrail-pay-run-detail', {
        'api-url': l.url,
        'tenant-id': l.tenants.au,
        'embed-token': l.tokens.au,
        'pay-run-id': id,
      }),
    );
    expect(q(el, '[part~="badge"]')).to.equal(null);
    expect(q(el, '[part~="pill"]').textContent).to.match(/Finalised|Lodged/);
    expect(text(el)).to.contain(money('en-AU', r.totals!.currency, r.totals!.gross));
    expect(text(el)).to.contain(money('en-AU', r.totals!.currency, r.totals!.net));
    expect(qa(el, 'tbody tr').length).to.equal(entries.length);
    // An embed token carries no role, so nothing may be requested from this view.
    expect(qa(el, '[data-action]')).to.have.length(0);
  });

  it("offers exactly the actions the caller's live role allows", async function () {
    const l = await needLive(this);
    if (!l.roles || !l.draftPayRun) this.skip();
    const actions = async (token: string, id: string) => {
      const el = await settled(
        await mount('payrail-pay-run-detail', {
          'api-url': l.url,
          'tenant-id': l.tenants.au,
          'embed-token': token,
          'pay-run-id': id,
        }),
      );
      return qa(el, '[data-action]').map((b) => b.dataset.action);
    };
    const { data: draft } = await apiGet<{ data: PayRun }>(l, 'au', `/pay-runs/${l.draftPayRun!.au}`);
    expect(await actions(l.roles!.approver, l.finalisedPayRun.au)).to.deep.equal(['void']);
    expect(await actions(l.roles!.preparer, l.finalisedPayRun.au)).to.deep.equal([]);
    expect(await actions(l.roles!.preparer, draft.id)).to.deep.equal(allowedActions(draft, 'preparer'));
    expect(await actions(l.roles!.approver, draft.id)).to.deep.equal(allowedActions(draft, 'approver'));
  });

  it('renders a live German run', async function () {
    const l = await needLive(this);
    const id = l.finalisedPayRun.de;
    const { data: r } = await apiGet<{ data: PayRun }>(l, 'de', `/pay-runs/${id}`);
    const el = await settled(
      await mount('payrail-pay-run-detail', {
        country: 'DE',
        'api-url': l.url,
        'tenant-id': l.tenants.de,
        'embed-token': l.tokens.de,
        'pay-run-id': id,
      }),
    );
    expect(text(el)).to.contain(money('de-DE', r.totals!.currency, r.totals!.gross));
    expect(text(el)).to.contain('Sozialversicherung');
  });

  it('emits request events for actions and employee links, never writing itself', async () => {
    const el = await sample();
    const id = q(el, '.eyebrow .mono').textContent;
    setTimeout(() => q(el, '[data-action="approve"]').click());
    const ev = await oneEvent(document, 'payrail-pay-run-action');
    expect(ev.detail).to.deep.equal({ id, action: 'approve' });
    expect(ev.bubbles && ev.composed).to.equal(true);
    setTimeout(() => q(el, 'tbody .link').click());
    expect((await oneEvent(el, 'payrail-view-employee')).detail.id).to.match(/^emp_/);
  });

  errorStateSuite('payrail-pay-run-detail', { 'pay-run-id': 'pr_0000000000000000' });

  it('passes an accessibility audit', async () => {
    await expect(await sample()).to.be.accessible();
  });

  it('takes its primary colour from --payrail-primary', async () => {
    expect(await themed(await sample(), '.btn.primary', 'backgroundColor')).to.equal(THEMED);
  });
});
