import type { PayRun, PayRunEntry } from '../../components/index.js';
import { sampleApi } from '../../components/internal/sample/api.js';
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
const BUTTONS = ['preview', 'approve', 'finalise', 'void'];
const buttons = (el: HTMLElement) => qa(el, '[data-action]').map((b) => b.dataset.action);

describe('payrail-pay-run-detail', () => {
  it('renders the latest sample run with totals, progress and entries', async () => {
    const el = await sample();
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(q(el, '[aria-current="step"]').textContent).to.contain('Previewed');
    expect(qa(el, '.steps .done').length).to.equal(1);
    // Employer super is the employer's cost on top of gross: shown apart, never in a deductions slot.
    expect(qa(el, '.totals:not(.employer) .stat').map((s) => s.querySelector('span')!.textContent)).to.deep.equal([
      'Employees',
      'Gross',
      'Tax',
      'Net',
    ]);
    expect(qa(el, '.totals.employer .stat').map((s) => s.querySelector('span')!.textContent)).to.deep.equal([
      'Employer super',
      'Total employer cost',
    ]);
    expect(text(el)).to.not.match(/sample-pay-run|AU-2026/);
    expect(qa(el, 'tbody tr').length).to.equal(11);
  });

  it("shows the workflow steps among the sample run's allowed_actions: a previewed run is never voided", async () => {
    const el = await sample();
    const run = (await sampleApi('AU').load()).runs[0];
    expect(run.status).to.equal('previewed');
    expect(run.allowed_actions).to.deep.equal(['preview', 'adjust', 'approve', 'delete', 'acknowledge_exceptions']);
    expect(buttons(el)).to.deep.equal(['preview', 'approve']);
  });

  it('renders German runs with a social security column', async () => {
    const el = await sample('DE');
    expect(text(el)).to.contain('Lohnlauf');
    expect(qa(el, 'thead th').map((t) => t.textContent)).to.include('Sozialversicherung');
    expect(text(el)).to.match(/[\d.]+,\d{2}\s€/);
  });

  it('fills every cell of the totals strip for AU and DE runs, wide and narrow', async () => {
    for (const country of ['AU', 'DE']) {
      for (const width of [1100, 400]) {
        await fixture(
          html`<div style="width: ${width}px">
            <payrail-pay-run-detail country=${country}></payrail-pay-run-detail>
          </div>`,
        );
        const el = await settled(document.querySelector<HTMLElement>('payrail-pay-run-detail')!);
        const strip = q(el, '.totals:not(.employer)').getBoundingClientRect();
        const stats = qa(el, '.totals:not(.employer) .stat').map((s) => s.getBoundingClientRect());
        // An empty grid cell shows the strip's grey background: each row's last figure must reach its right edge.
        for (const top of new Set(stats.map((r) => Math.round(r.top)))) {
          const right = Math.max(...stats.filter((r) => Math.round(r.top) === top).map((r) => r.right));
          expect(strip.right - right, `${country} at ${width}px, row at ${top}`).to.be.below(1);
        }
      }
    }
  });

  it("offers what the run's allowed_actions say, whatever its status, and nothing when they are empty", async () => {
    const run = (await sampleApi('AU').load()).runs[0];
    const kept = run.allowed_actions;
    try {
      // The element derives nothing itself: the same previewed run offers whatever the API listed.
      run.allowed_actions = ['finalise', 'adjust', 'payment_file'];
      expect(buttons(await sample())).to.deep.equal(['finalise']);
      run.allowed_actions = [];
      const el = await sample();
      expect(buttons(el)).to.deep.equal([]);
      expect(q(el, '.hint')).to.equal(null);
    } finally {
      run.allowed_actions = kept;
    }
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
    // Embed tokens never sign off, so a finalised run offers them nothing.
    expect(r.allowed_actions).to.deep.equal([]);
    expect(qa(el, '[data-action]')).to.have.length(0);
  });

  it("offers exactly the workflow steps among the live API's allowed_actions for each caller", async function () {
    const l = await needLive(this);
    const listed = async (token: string, id: string): Promise<string[]> => {
      const res = await fetch(`${l.url}/v1/tenants/${l.tenants.au}/pay-runs/${id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { data: PayRun }).data.allowed_actions;
    };
    const rendered = async (token: string, id: string) =>
      buttons(
        await settled(
          await mount('payrail-pay-run-detail', {
            'api-url': l.url,
            'tenant-id': l.tenants.au,
            'embed-token': token,
            'pay-run-id': id,
          }),
        ),
      );
    const cases: [string, string, string[]][] = [
      [l.roles.approver, l.finalisedPayRun.au, ['void', 'payment_file', 'super_batch', 'submit']],
      [l.roles.preparer, l.finalisedPayRun.au, []],
      [l.roles.preparer, l.draftPayRun.au, ['preview', 'adjust', 'delete']],
      [l.roles.approver, l.draftPayRun.au, []],
    ];
    for (const [token, id, expected] of cases) {
      const actions = await listed(token, id);
      // Recording payments is offered once a bank file exists, which another file's test may have made on the
      // shared finalised run: the rest is fixed.
      expect(actions.filter((a) => a !== 'confirm_payments')).to.deep.equal(expected);
      expect(await rendered(token, id)).to.deep.equal(actions.filter((a) => BUTTONS.includes(a)));
    }
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
    setTimeout(() => q(el, '[data-action="approve"]').click());
    const ev = await oneEvent(document, 'payrail-pay-run-action');
    expect(ev.detail).to.deep.equal({ id: 'sample-pay-run-1', action: 'approve', sample: true });
    expect(ev.bubbles && ev.composed).to.equal(true);
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(q(el, '.hint').textContent, 'said as passed on').to.contain('“Approve” was passed on');
    setTimeout(() => q(el, 'tbody .link').click());
    expect((await oneEvent(el, 'payrail-view-employee')).detail.id).to.match(/^sample-employee-/);
  });

  it('honours a cancelled action request: the page handled it, the button stays as it was', async () => {
    const el = await sample();
    el.addEventListener('payrail-pay-run-action', (e) => e.preventDefault());
    q(el, '[data-action="approve"]').click();
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(q(el, '.hint').textContent).to.not.contain('passed on');
  });

  errorStateSuite('payrail-pay-run-detail', { 'pay-run-id': 'pr_0000000000000000' });

  it('passes an accessibility audit', async () => {
    await expect(await sample()).to.be.accessible();
  });

  it('takes its primary colour from --payrail-primary', async () => {
    expect(await themed(await sample(), '.btn.primary', 'backgroundColor')).to.equal(THEMED);
  });
});
