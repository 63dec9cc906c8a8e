import type { TenantReadiness } from '../../components/index.js';
import { expect, fixture, html, mount, needLive, oneEvent, q, qa, settled, text, apiGet } from './support.js';
import { API, realFetch, seen, stubApi } from './stub-api.js';

const sample = async (country = 'AU') =>
  settled(await fixture<HTMLElement>(html`<payrail-requirements country=${country}></payrail-requirements>`));

const READY: TenantReadiness = {
  jurisdiction: 'AU',
  as_of: '2026-11-21',
  ready: true,
  company: [
    { kind: 'company_bank', status: 'complete', blocking: true },
    { kind: 'abn', status: 'complete', blocking: false },
  ],
  employees: [],
  counts: { employees: 4, employees_blocked: 0, employees_incomplete: 0, company_missing: 0 },
};

const BLOCKED: TenantReadiness = {
  ...READY,
  ready: false,
  company: [
    { kind: 'company_bank', status: 'missing', blocking: true },
    { kind: 'abn', status: 'complete', blocking: false },
  ],
  employees: [
    {
      employee_id: 'emp_00000000000000a1',
      name: 'Ann Lee',
      blocks_finalise: true,
      blocking: ['bank_account'],
      missing: ['tfn_declaration', 'bank_account'],
    },
  ],
  counts: { employees: 4, employees_blocked: 1, employees_incomplete: 1, company_missing: 1 },
};

const live = (answer: TenantReadiness) => {
  stubApi({ status: 200, body: { data: answer } });
  return mount<HTMLElement>('payrail-requirements', { 'api-url': API, 'tenant-id': 'ten_stub', 'embed-token': 'tok' });
};

describe('payrail-requirements', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('renders the sample employer: counts, the missing company number and the blocked employee first', async () => {
    const el = await sample();
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(q(el, 'h2').textContent).to.equal('Before the next pay run');
    expect(text(el)).to.contain('Employees checked');
    expect(text(el)).to.contain('ABN');
    expect(text(el)).to.contain('Needed for lodgement');
    const people = qa(el, '.people > li');
    expect(people.length).to.be.greaterThan(0);
    expect(people[0].querySelector('.item.blk'), 'the blocked employee is listed first').to.not.equal(null);
  });

  it('renders German text for DE, with the Betriebsnummer', async () => {
    const el = await sample('DE');
    for (const s of ['Vor der nächsten Abrechnung', 'Geprüfte Beschäftigte', 'Betriebsnummer', 'Unternehmen'])
      expect(text(el)).to.contain(s);
  });

  it('reads one request and emits payrail-fix-requirement for company and employee items, typed', async () => {
    const el = await settled(await live(BLOCKED));
    expect(seen).to.deep.equal([`${API}/v1/tenants/ten_stub/readiness`]);
    expect(q(el, '[part~="badge"]')).to.equal(null);
    expect(q(el, '[part~="pill"]').textContent).to.contain('Blocks the pay run');
    const buttons = qa(el, '[part~="fix-button"]');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).to.deep.equal([
      'Fix Company bank account for Company',
      'Fix Bank account for Ann Lee',
      'Fix TFN declaration for Ann Lee',
    ]);
    setTimeout(() => buttons[0].click());
    const company = await oneEvent(el, 'payrail-fix-requirement');
    expect(company.detail).to.deep.equal({ kind: 'company_bank' });
    expect(company.bubbles && company.composed && company.cancelable).to.equal(true);
    setTimeout(() => buttons[1].click());
    const person = await oneEvent(el, 'payrail-fix-requirement');
    const detail: { kind: string; employee_id?: string } = person.detail;
    expect(detail).to.deep.equal({ kind: 'bank_account', employee_id: 'emp_00000000000000a1' });
  });

  it('says when everything is in place, with no items to fix', async () => {
    const el = await settled(await live(READY));
    expect(text(el)).to.contain('Everything needed for the next pay run is in place.');
    expect(q(el, '[part~="pill"]').textContent).to.contain('Ready for payroll');
    expect(qa(el, '[part~="fix-button"]').length).to.equal(0);
  });

  it('fits 390 px without sideways scrolling', async () => {
    stubApi({ status: 200, body: { data: BLOCKED } });
    const wrap = await fixture<HTMLElement>(html`<div style="width: 390px"></div>`);
    const el = document.createElement('payrail-requirements');
    for (const [k, v] of Object.entries({ 'api-url': API, 'tenant-id': 'ten_stub', 'embed-token': 'tok' }))
      el.setAttribute(k, v);
    wrap.append(el);
    await settled(el);
    expect(el.getBoundingClientRect().width).to.be.at.most(390);
    expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
  });

  it('has no axe violations, sample and live', async () => {
    await expect(await sample()).to.be.accessible();
    await expect(await settled(await live(BLOCKED))).to.be.accessible();
  });

  it('reads the live tenant readiness of the seeded employer', async function () {
    const l = await needLive(this);
    const expected = await apiGet<{ data: TenantReadiness }>(l, 'au', '/readiness');
    const el = await settled(
      await mount('payrail-requirements', { 'api-url': l.url, 'tenant-id': l.tenants.au, 'embed-token': l.tokens.au }),
    );
    expect(q(el, '[part~="badge"]')).to.equal(null);
    expect(qa(el, '.people > li').length).to.equal(expected.data.employees.length);
  });
});
