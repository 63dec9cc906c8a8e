// The payroll calendar in sample mode and against a stubbed API: the month's pay days, cut-offs and
// holidays (regional ones marked), the request for the month and for the next one, German text, the list
// at 390 px without overflow, and no axe-core violations.
import { expect, fixture, html, oneEvent, q, qa, settled, text, waitUntil, axeViolations } from './support.js';
import { API, realFetch, seen, stubApi } from './stub-api.js';

const loaded = (el: Element) => !!el.shadowRoot?.firstElementChild && !el.shadowRoot.querySelector('.sk-wrap');

async function place(markup: ReturnType<typeof html>, width = 1000) {
  const wrap = await fixture<HTMLElement>(html`<div style="width: ${width}px">${markup}</div>`);
  const el = wrap.firstElementChild as HTMLElement;
  await settled(el, loaded);
  return el;
}

const LIVE = {
  from: '2026-12-01',
  to: '2026-12-31',
  state: 'VIC',
  state_name: 'Victoria',
  state_source: 'company',
  regions: [],
  events: [
    {
      type: 'cut_off',
      date: '2026-12-14',
      schedule_id: 'psch_1',
      schedule_name: 'Fortnightly staff',
      frequency: 'fortnightly',
      payment_date: '2026-12-16',
    },
    {
      type: 'pay_date',
      date: '2026-12-16',
      schedule_id: 'psch_1',
      schedule_name: 'Fortnightly staff',
      frequency: 'fortnightly',
      payment_date: '2026-12-16',
    },
    {
      type: 'pay_date',
      date: '2026-12-24',
      schedule_id: 'psch_2',
      schedule_name: 'Monthly',
      frequency: 'monthly',
      payment_date: '2026-12-24',
      moved_from: '2026-12-25',
    },
    { type: 'holiday', date: '2026-12-25', name: 'Christmas Day', region: 'VIC', scope: 'statewide' },
    {
      type: 'holiday',
      date: '2026-12-24',
      name: 'Christmas Eve',
      region: 'QLD',
      scope: 'part_day',
      hours: '18:00-24:00',
    },
  ],
};

describe('payrail-payroll-calendar', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('shows sample pay days, cut-offs and holidays with regional ones marked', async () => {
    const el = await place(html`<payrail-payroll-calendar country="AU" month="2026-11"></payrail-payroll-calendar>`);
    const t = text(el);
    expect(t).to.contain('Payroll calendar');
    expect(t).to.contain('November 2026');
    expect(t).to.contain('Sample data');
    expect(t).to.contain('Melbourne Cup');
    expect(t).to.contain('Regional: Metropolitan Melbourne');
    expect(t).to.contain('Pay day: Monthly salaries');
    expect(t).to.contain('Cut-off: Fortnightly wages');
    expect(qa(el, 'tbody td:not(.pad)').length).to.equal(30);
  });

  it('asks the API for the month and, on "Next month", for the next one', async () => {
    stubApi((url) => ({ status: 200, body: { data: url.includes('2026-12') ? LIVE : { ...LIVE, events: [] } } }));
    const el = await place(
      html`<payrail-payroll-calendar
        country="AU"
        api-url=${API}
        tenant-id="ten_stub"
        embed-token="tok"
        month="2026-11"
      ></payrail-payroll-calendar>`,
    );
    expect(seen.some((u) => u.includes('/tenants/ten_stub/calendar?from=2026-11-01&to=2026-11-30'))).to.equal(true);
    const nav = oneEvent(el, 'payrail-calendar-navigate');
    q<HTMLButtonElement>(el, 'button[aria-label="Next month"]').click();
    expect((await nav).detail).to.deep.equal({ month: '2026-12' });
    await waitUntil(() => text(el).includes('Christmas Day'), 'December not shown');
    expect(seen.some((u) => u.includes('from=2026-12-01&to=2026-12-31'))).to.equal(true);
    const t = text(el);
    expect(t).to.contain('Public holidays of Victoria');
    expect(t).to.contain('moved from 25 Dec');
    expect(t).to.contain('Part day: 18:00-24:00');
    expect(t).to.not.contain('psch_');
  });

  it('a state attribute is sent with the request', async () => {
    stubApi({ status: 200, body: { data: LIVE } });
    await place(
      html`<payrail-payroll-calendar
        api-url=${API}
        tenant-id="ten_stub"
        embed-token="tok"
        month="2026-12"
        state="QLD"
      ></payrail-payroll-calendar>`,
    );
    expect(seen.some((u) => u.includes('state=QLD'))).to.equal(true);
  });

  it('speaks German for a German employer', async () => {
    const el = await place(html`<payrail-payroll-calendar country="DE" month="2026-08"></payrail-payroll-calendar>`);
    const t = text(el);
    expect(t).to.contain('Lohnkalender');
    expect(t).to.contain('August 2026');
    expect(t).to.contain('Augsburger Hohes Friedensfest');
    expect(t).to.contain('Regional: Stadt Augsburg');
    expect(t).to.contain('Zahltag');
    expect(q(el, 'button[aria-label="Nächster Monat"]')).to.not.equal(null);
  });

  it('at 390 px it lists the dates instead of the grid, without overflow', async () => {
    const el = await place(
      html`<payrail-payroll-calendar country="AU" month="2026-12"></payrail-payroll-calendar>`,
      390,
    );
    expect(getComputedStyle(q(el, '.grid')).display).to.equal('none');
    expect(getComputedStyle(q(el, '.list')).display).to.equal('block');
    expect(qa(el, '.days > li').length).to.be.greaterThan(2);
    expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
    expect(el.getBoundingClientRect().width).to.be.at.most(391);
  });

  it('has no axe-core violations, wide and narrow, English and German', async () => {
    for (const [country, width] of [
      ['AU', 1000],
      ['AU', 390],
      ['DE', 1000],
    ] as const) {
      const el = await place(
        html`<payrail-payroll-calendar country=${country} month="2026-12"></payrail-payroll-calendar>`,
        width,
      );
      expect(await axeViolations(el), `${country} ${width}`).to.deep.equal([]);
    }
  });
});
