// <payrail-payrun-exceptions>: the sample run's findings grouped by severity, acknowledging one with a
// reason (a request event, never a write), a stubbed live answer, German, 390 px and axe-core.
import { sampleApi } from '../../components/internal/sample/api.js';
import {
  errorStateSuite,
  expect,
  fixture,
  html,
  oneEvent,
  q,
  qa,
  settled,
  text,
  themed,
  THEMED,
  axeViolations,
} from './support.js';
import { API, realFetch, stubApi } from './stub-api.js';

const loaded = (el: Element) => !!el.shadowRoot?.firstElementChild && !el.shadowRoot.querySelector('.sk-wrap');

async function place(country = 'AU', width = 1000, attrs = '') {
  const wrap = await fixture<HTMLElement>(html`<div style="width: ${width}px"></div>`);
  wrap.innerHTML = `<payrail-payrun-exceptions country="${country}" ${attrs}></payrail-payrun-exceptions>`;
  const el = wrap.firstElementChild as HTMLElement;
  await settled(el, loaded);
  return el;
}

const overflowing = (el: HTMLElement) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().width > 391;
const update = (el: HTMLElement) => (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;

describe('payrail-payrun-exceptions', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it("groups the sample run's exceptions by severity with employee names and words, acknowledged ones as such", async () => {
    const el = await place();
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(qa(el, '[part~="group"] h3').map((h) => h.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal([
      'Errors 1',
      'Warnings 3',
      'For information 2',
    ]);
    const [run] = (await sampleApi('AU').load()).runs;
    const list = (await sampleApi('AU').load()).exceptions[run.id];
    for (const e of list) expect(text(el)).to.contain(e.employee_name);
    const error = q(el, '[data-kind="net_pay_not_positive"]');
    expect(error.textContent).to.contain('deductions take all of the pay');
    expect(error.textContent).to.contain('Acknowledged');
    expect(error.textContent).to.contain('Salary advance repaid in full');
    expect(error.querySelector('[part~="acknowledge-button"]')).to.equal(null);
    expect(q(el, '[data-kind="gross_changed"]').textContent).to.match(
      /up 32 % on the last finalised pay \(\$[\d,]+\.\d{2}/,
    );
    expect(q(el, '[data-kind="high_hours"]').textContent).to.contain('66.0 a week: more than 60 hours a week');
    expect(text(el)).to.contain('3 to review');
    expect(text(el)).to.not.match(/sample-|exc_|emp_/);
    // Information needs no answer.
    expect(q(el, '[data-kind="new_starter"] [part~="acknowledge-button"]')).to.equal(null);
  });

  it('acknowledging asks for a reason, then emits a request event and says it was passed on', async () => {
    const el = await place();
    const item = () => q(el, '[data-kind="high_hours"]');
    (item().querySelector('[part~="acknowledge-button"]') as HTMLButtonElement).click();
    await update(el);
    const send = item().querySelector<HTMLButtonElement>('button.primary')!;
    expect(send.disabled, 'no reason yet').to.equal(true);
    const area = item().querySelector('textarea')!;
    area.value = 'Stocktake fortnight, approved overtime';
    area.dispatchEvent(new Event('input'));
    await update(el);
    setTimeout(() => item().querySelector<HTMLButtonElement>('button.primary')!.click());
    const ev = await oneEvent(document, 'payrail-acknowledge-exception');
    expect(ev.detail).to.deep.equal({
      pay_run_id: 'sample-pay-run-1',
      id: item().dataset.id,
      reason: 'Stocktake fortnight, approved overtime',
      sample: true,
    });
    expect(ev.bubbles && ev.composed).to.equal(true);
    await update(el);
    expect(item().textContent).to.contain('Acknowledgement passed on with your reason.');
    expect(item().querySelector('[part~="acknowledge-button"]')).to.equal(null);
  });

  it('a cancelled request leaves the exception open for the page to handle', async () => {
    const el = await place();
    el.addEventListener('payrail-acknowledge-exception', (e) => e.preventDefault());
    const item = () => q(el, '[data-kind="missing_bank_details"]');
    (item().querySelector('[part~="acknowledge-button"]') as HTMLButtonElement).click();
    await update(el);
    const area = item().querySelector('textarea')!;
    area.value = 'Bank details arrive on Monday';
    area.dispatchEvent(new Event('input'));
    await update(el);
    item().querySelector<HTMLButtonElement>('button.primary')!.click();
    await update(el);
    expect(item().textContent).to.not.contain('passed on');
    expect(item().querySelector('[part~="acknowledge-button"]')).to.not.equal(null);
  });

  it("follows the run's allowed_actions: without acknowledge_exceptions nothing can be acknowledged", async () => {
    const run = (await sampleApi('AU').load()).runs[0];
    const kept = run.allowed_actions;
    try {
      run.allowed_actions = ['preview'];
      const el = await place();
      expect(qa(el, '[part~="acknowledge-button"]')).to.have.length(0);
      expect(qa(el, '[part~="exception"]').length).to.equal(6);
    } finally {
      run.allowed_actions = kept;
    }
  });

  it('reads the live API: the run and its exceptions, worded from kind and figures', async () => {
    const run = { ...(await sampleApi('AU').load()).runs[0], id: 'pr_stub', allowed_actions: ['approve'] };
    const exceptions = [
      {
        id: 'exc_1',
        kind: 'below_minimum_wage',
        severity: 'error',
        employee_id: 'emp_1',
        employee_name: 'Lena Low',
        message: 'Paid 12.50 EUR an hour',
        detail: {
          hourly_pay: '12.50',
          minimum_wage: '13.90',
          hours: '86.67',
          pay: '1083.33',
          under_18: false,
          currency: 'EUR',
        },
        acknowledged: false,
        acknowledged_by: null,
        acknowledged_at: null,
        reason: null,
      },
    ];
    stubApi((url) =>
      url.includes('/exceptions')
        ? { status: 200, body: { data: exceptions, has_more: false, next_cursor: null } }
        : { status: 200, body: { data: run } },
    );
    const el = await place('DE', 1000, `api-url="${API}" tenant-id="ten_stub" embed-token="tok" pay-run-id="pr_stub"`);
    expect(q(el, '[part~="badge"]')).to.equal(null);
    expect(text(el)).to.contain('Lena Low');
    expect(text(el)).to.match(/12,50\s€ je Stunde für 86,67 Stunden: unter dem Mindestlohn von 13,90\s€\./);
    expect(text(el)).to.contain('Fehler');
    expect(qa(el, '[part~="acknowledge-button"]'), 'not offered by allowed_actions').to.have.length(0);
  });

  it('speaks German for DE, with the Mindestlohn exception acknowledged for a trainee', async () => {
    const el = await place('DE');
    expect(text(el)).to.contain('Auffälligkeiten');
    expect(text(el)).to.contain('Zur Information');
    expect(text(el)).to.match(/unter dem Mindestlohn von 13,90\s€/);
    expect(text(el)).to.contain('§ 22 Abs. 3 MiLoG');
    expect(qa(el, '[part~="acknowledge-button"]')[0].textContent!.trim()).to.equal('Bestätigen');
  });

  it('says so when nothing needs review', async () => {
    const set = await sampleApi('AU').load();
    const kept = set.exceptions['sample-pay-run-1'];
    try {
      set.exceptions['sample-pay-run-1'] = [];
      const el = await place();
      expect(q(el, '[part~="empty"]').textContent).to.contain('Nothing to review');
    } finally {
      set.exceptions['sample-pay-run-1'] = kept;
    }
  });

  errorStateSuite('payrail-payrun-exceptions', { 'pay-run-id': 'pr_0000000000000000' });

  for (const country of ['AU', 'DE'])
    it(`fits 390 px and has no axe violations (${country}), with a reason being written`, async () => {
      const el = await place(country, 390);
      (qa(el, '[part~="acknowledge-button"]')[0] as HTMLButtonElement).click();
      await update(el);
      expect(overflowing(el)).to.equal(false);
      expect(await axeViolations(el)).to.deep.equal([]);
    });

  it('takes its primary colour from --payrail-primary', async () => {
    const el = await place();
    (qa(el, '[part~="acknowledge-button"]')[0] as HTMLButtonElement).click();
    await update(el);
    expect(await themed(el, '.btn.primary', 'backgroundColor')).to.equal(THEMED);
  });
});
