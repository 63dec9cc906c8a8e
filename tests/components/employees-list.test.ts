import { sendKeys } from '@web/test-runner-commands';
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
  root,
  settled,
  text,
  themed,
  THEMED,
} from './support.js';

const sample = async (country = 'AU') =>
  settled(await fixture<HTMLElement>(html`<payrail-employees-list country=${country}></payrail-employees-list>`));

const search = async (el: HTMLElement, value: string) => {
  const input = q<HTMLInputElement>(el, 'input');
  input.value = value;
  input.dispatchEvent(new Event('input'));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
  await settled(el, (e) => !root(e).querySelector('[role="status"]'));
};

describe('payrail-employees-list', () => {
  it('renders the sample roster without a token', async () => {
    const el = await sample();
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    const rows = qa(el, 'tbody tr');
    expect(rows.length).to.equal(12);
    expect(rows[0].textContent).to.contain('Olivia Nguyen');
    expect(text(el)).to.contain('Full-time');
    expect(text(el)).to.contain('Casual');
    expect(text(el)).to.contain('Terminated');
    expect(text(el)).to.contain('HQ-ADMIN');
  });

  it('renders German sample staff with German labels', async () => {
    const el = await sample('DE');
    expect(text(el)).to.contain('Mitarbeitende');
    expect(text(el)).to.contain('Lukas Müller');
    expect(text(el)).to.contain('Vollzeit');
    expect(q<HTMLInputElement>(el, 'input').placeholder).to.equal('Mitarbeitende suchen');
  });

  it('asks the API to search (q) instead of filtering loaded rows, and says when nothing matches', async () => {
    const el = await sample();
    await search(el, 'nguyen');
    expect(qa(el, 'tbody tr').map((r) => r.querySelector('.link')!.textContent!.trim())).to.deep.equal([
      'Olivia Nguyen',
    ]);
    await search(el, 'zzz');
    expect(text(el)).to.contain('No employees match “zzz”');
    await search(el, '');
    expect(qa(el, 'tbody tr').length).to.equal(12);
  });

  it('counts the roster with plural rules, from the API’s total', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-employees-list country="AU" page-size="5"></payrail-employees-list>`),
    );
    expect(q(el, '.head .sub').textContent).to.equal('5 of 12 shown');
    await search(el, 'olivia');
    expect(q(el, '.head .sub').textContent).to.equal('1 employee');
  });

  it('keeps the selection as it is when the page cancels payrail-employee-select', async () => {
    const el = await sample();
    el.addEventListener('payrail-employee-select', (e) => e.preventDefault(), { once: true });
    qa(el, 'tbody tr')[1].click();
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect((el as unknown as { selected?: string }).selected).to.equal(undefined);
    qa(el, 'tbody tr')[1].click();
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect((el as unknown as { selected?: string }).selected).to.match(/^sample-employee-\d+$/);
  });

  it('renders the live employees of the tenant', async function () {
    const l = await needLive(this);
    const api = await apiGet<ApiList<Employee>>(l, 'au', '/employees?limit=50');
    const el = await settled(
      await mount('payrail-employees-list', {
        'api-url': l.url,
        'tenant-id': l.tenants.au,
        'embed-token': l.tokens.au,
      }),
    );
    expect(q(el, '[part~="badge"]')).to.equal(null);
    expect(qa(el, 'tbody tr').length).to.equal(api.data.length);
    expect(text(el)).to.contain(`${api.data[0].first_name} ${api.data[0].last_name}`);
  });

  it('emits payrail-employee-select on row click or Enter and payrail-view-employee from View', async () => {
    const el = await sample();
    const rows = qa(el, 'tbody tr');
    setTimeout(() =>
      rows[1].querySelector('td:nth-child(2)')!.dispatchEvent(new MouseEvent('click', { bubbles: true })),
    );
    const sel = await oneEvent(document, 'payrail-employee-select');
    expect(sel.detail.id).to.match(/^sample-employee-\d+$/);
    expect(sel.detail.sample).to.equal(true);
    expect(sel.composed).to.equal(true);
    await settled(el, (e) => qa(e, '[aria-current="true"]').length === 1);
    qa(el, 'tbody .link')[2].focus();
    setTimeout(() => sendKeys({ press: 'Enter' }));
    expect((await oneEvent(el, 'payrail-employee-select')).detail.id).to.not.equal(sel.detail.id);

    let selected = 0;
    el.addEventListener('payrail-employee-select', () => selected++);
    setTimeout(() => rows[3].querySelector<HTMLElement>('[part~="button"]')!.click());
    const view = await oneEvent(el, 'payrail-view-employee');
    expect(view.detail).to.deep.equal({ id: view.detail.id, sample: true });
    expect(selected).to.equal(0);
  });

  errorStateSuite('payrail-employees-list');

  it('passes an accessibility audit', async () => {
    await expect(await sample()).to.be.accessible();
  });

  it('takes its primary colour from --payrail-primary', async () => {
    expect(await themed(await sample(), 'tbody .link', 'color')).to.equal(THEMED);
  });
});
