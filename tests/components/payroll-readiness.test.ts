import type { ApiList, Employee, Readiness } from '../../components/index.js';
import { sampleApi } from '../../components/internal/sample/api.js';
import { apiGet, expect, fixture, html, mount, needLive, oneEvent, q, qa, settled, text } from './support.js';
import { API, realFetch, seen, stubApi } from './stub-api.js';

const sample = async (country = 'AU', id = '') =>
  settled(
    await fixture<HTMLElement>(
      html`<payrail-payroll-readiness country=${country} employee-id=${id}></payrail-payroll-readiness>`,
    ),
  );

const tab = (missing: string[]) => ({ status: missing.length ? 'incomplete' : 'complete', missing }) as const;
const BLOCKED: Readiness = {
  jurisdiction: 'AU',
  tabs: {
    personal: tab(['date_of_birth']),
    employment: tab([]),
    tax: tab(['tfn_declaration']),
    bank: tab(['bank_account']),
    super: tab(['super_fund']),
  },
  blocks_finalise: true,
  unverified_requirements: ['date_of_birth', 'tfn_declaration', 'bank_account', 'super_fund'],
  blocking: ['bank_account', 'super_fund'],
};
const READY: Readiness = {
  jurisdiction: 'AU',
  tabs: Object.fromEntries(['personal', 'employment', 'tax', 'bank', 'super'].map((k) => [k, tab([])])),
  blocks_finalise: false,
  unverified_requirements: [],
  blocking: [],
};

const live = (r: Readiness) => {
  stubApi({ status: 200, body: { data: r } });
  return mount<HTMLElement>('payrail-payroll-readiness', {
    'api-url': API,
    'tenant-id': 'ten_stub',
    'embed-token': 'tok',
    'employee-id': 'emp_stub',
  }).then((el) => settled(el));
};

describe('payrail-payroll-readiness', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('lists the areas with blocking items first, each item as a button, the complete areas in one line', async () => {
    const el = await live(BLOCKED);
    expect(seen).to.deep.equal([`${API}/v1/tenants/ten_stub/employees/emp_stub/readiness`]);
    expect(q(el, '[part~="pill"]').textContent).to.contain('Blocks finalisation');
    expect(qa(el, '.areas > li > b').map((b) => b.textContent)).to.deep.equal(['Bank', 'Super', 'Personal', 'Tax']);
    expect(q(el, '.done').textContent).to.contain('Complete: Employment');
    const first = qa(el, '[part~="fix-button"]')[0];
    expect(first.getAttribute('aria-label')).to.equal('Fix: Bank account (Blocks the pay run)');
    setTimeout(() => first.click());
    const ev = await oneEvent(el, 'payrail-fix-requirement');
    const detail: { kind: string; employee_id?: string } = ev.detail;
    expect(detail).to.deep.equal({ kind: 'bank_account', employee_id: 'emp_stub' });
  });

  it('is compact when everything is complete', async () => {
    const el = await live(READY);
    expect(q(el, '[part~="pill"]').textContent).to.contain('Ready for payroll');
    expect(q(el, '.areas')).to.equal(null);
    expect(qa(el, '[part~="fix-button"]').length).to.equal(0);
    expect(text(el)).to.contain('Complete: Personal, Employment, Tax, Bank, Super');
  });

  it('sample data in German for DE, with the blocked sample employee', async () => {
    const starter = (await sampleApi('DE').load()).employees[10];
    const el = await sample('DE', starter.id);
    expect(q(el, '[part~="badge"]').textContent).to.contain('Beispieldaten');
    expect(text(el)).to.contain('Abrechnungsbereitschaft');
    expect(text(el)).to.contain('Sozialversicherungsnummer');
    expect(qa(el, '.item.blk').length).to.equal(1);
  });

  it('fits 390 px and has no axe violations', async () => {
    stubApi({ status: 200, body: { data: BLOCKED } });
    const wrap = await fixture<HTMLElement>(html`<div style="width: 390px"></div>`);
    const el = document.createElement('payrail-payroll-readiness');
    for (const [k, v] of Object.entries({ 'api-url': API, 'tenant-id': 'ten_stub', 'embed-token': 'tok' }))
      el.setAttribute(k, v);
    el.setAttribute('employee-id', 'emp_stub');
    wrap.append(el);
    await settled(el);
    expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
    await expect(el).to.be.accessible();
    window.fetch = realFetch;
    await expect(await sample('AU', (await sampleApi('AU').load()).employees[10].id)).to.be.accessible();
  });

  it("reads a live employee's readiness", async function () {
    const l = await needLive(this);
    const { data } = await apiGet<ApiList<Employee>>(l, 'au', '/employees?limit=1');
    const el = await settled(
      await mount('payrail-payroll-readiness', {
        'api-url': l.url,
        'tenant-id': l.tenants.au,
        'embed-token': l.tokens.au,
        'employee-id': data[0].id,
      }),
    );
    expect(q(el, '[part~="badge"]')).to.equal(null);
    expect(q(el, '[part~="pill"]')).to.not.equal(null);
  });
});
