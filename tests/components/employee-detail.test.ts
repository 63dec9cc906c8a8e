import type { ApiList, Employee } from '../../components/index.js';
import { sampleApi } from '../../components/internal/sample/api.js';
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
  waitUntil,
} from './support.js';

const sample = async (country = 'AU', id?: string) =>
  settled(
    await fixture<HTMLElement>(
      html`<payrail-employee-detail country=${country} employee-id=${id ?? ''}></payrail-employee-detail>`,
    ),
  );

describe('payrail-employee-detail', () => {
  it('renders a sample employee: profile, terms, attestation flags and readiness', async () => {
    const el = await sample();
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(q(el, 'h2').textContent).to.equal('Olivia Nguyen');
    expect(text(el)).to.contain('Annual salary');
    expect(text(el)).to.contain('TFN');
    expect(text(el)).to.contain('Attested');
    expect(text(el)).to.contain('Ready for payroll');
  });

  it('AU leave terms are read when asked for: the yearly entitlement and its basis, and the leave loading', async () => {
    const el = await sample();
    const employment = () => q(el, 'section[aria-labelledby="emp"]').textContent!.replace(/\s+/g, ' ');
    expect(employment()).to.not.contain('152 hours a year');
    q<HTMLButtonElement>(el, '[part~="leave-terms-button"]').click();
    await waitUntil(() => employment().includes('152 hours a year'), 'the terms arrive');
    expect(employment()).to.contain('Annual leave 152 hours a year (National Employment Standards)');
    expect(employment()).to.contain('Annual leave loading None');
    expect(el.shadowRoot!.querySelector('[part~="leave-terms-button"]')).to.equal(null);
  });

  it('a German employee has no leave-terms row: the terms are the AU pack’s', async () => {
    const el = await sample('DE');
    expect(el.shadowRoot!.querySelector('[part~="leave-terms-button"]')).to.equal(null);
  });

  it('never shows raw identifiers, only attestation verdicts', async () => {
    const el = await sample();
    expect(text(el)).to.not.match(/\b\d{3}\s?\d{3}\s?\d{3}\b/);
  });

  it('shows blocking readiness gaps and emits payrail-view-employee with the section to review', async () => {
    const starter = (await sampleApi('AU').load()).employees[10];
    const el = await sample('AU', starter.id);
    expect(text(el)).to.contain('Blocks finalisation');
    expect(text(el)).to.contain('Missing: TFN declaration');
    setTimeout(() => qa(el, '[part~="action-button"]')[0].click());
    const ev = await oneEvent(document, 'payrail-view-employee');
    expect(ev.detail).to.deep.equal({ id: starter.id, section: 'tax', sample: true });
    expect(ev.composed).to.equal(true);
  });

  it('a starter without a TFN declaration: the state and the open tax-free threshold question, in words', async () => {
    const starter = (await sampleApi('AU').load()).employees[10];
    const el = await sample('AU', starter.id);
    const declaration = q(el, 'dl.declaration').textContent!.replace(/\s+/g, ' ');
    expect(declaration).to.contain(
      'TFN declaration Not received yet: tax is withheld at the no-TFN rate until it arrives',
    );
    expect(declaration).to.contain('Tax-free threshold Not answered yet, so not claimed');
    expect(text(el)).to.not.match(/not_received|tax_free_threshold/);
  });

  it('renders German employees in German with tax class', async () => {
    const el = await sample('DE');
    for (const s of [
      'Beschäftigung',
      'Gesetzliche Nachweise',
      'Steuer-ID',
      'Bestätigt',
      'Steuerklasse',
      'Abrechnungsbereitschaft',
    ]) {
      expect(text(el)).to.contain(s);
    }
  });

  it('renders a live employee with its readiness', async function () {
    const l = await needLive(this);
    const { data } = await apiGet<ApiList<Employee>>(l, 'au', '/employees?limit=1');
    const e = data[0];
    const el = await settled(
      await mount('payrail-employee-detail', {
        'api-url': l.url,
        'tenant-id': l.tenants.au,
        'embed-token': l.tokens.au,
        'employee-id': e.id,
      }),
    );
    expect(q(el, '[part~="badge"]')).to.equal(null);
    expect(q(el, 'h2').textContent).to.equal(`${e.first_name} ${e.last_name}`);
    // Shown by name and terms; the internal id is never on screen.
    expect(text(el)).to.contain(`${e.first_name} ${e.last_name}`);
    expect(text(el)).to.not.contain(e.id);
    expect(text(el)).to.contain('Payroll readiness');
  });

  it('says in words where a live employee’s TFN declaration stands and what is withheld meanwhile', async function () {
    const l = await needLive(this);
    const { data } = await apiGet<ApiList<Employee>>(l, 'au', '/employees?limit=200');
    const e = data.find((x) => x.statutory?.au?.tfn_declaration === 'not_quoted')!;
    const el = await settled(
      await mount('payrail-employee-detail', {
        'api-url': l.url,
        'tenant-id': l.tenants.au,
        'embed-token': l.tokens.au,
        'employee-id': e.id,
      }),
    );
    expect(text(el)).to.contain(
      'TFN declaration Chose not to quote a tax file number: tax withheld at the no-TFN rate',
    );
    // Question 9 reads as one answer, never as yes/no flags.
    expect(text(el)).to.match(/Tax-free threshold (Claimed|Not claimed|Not answered yet, so not claimed)/);
    expect(text(el)).to.not.contain('Tax-free threshold question answered');
    expect(text(el)).to.not.contain('not_quoted');
  });

  errorStateSuite('payrail-employee-detail', { 'employee-id': 'emp_0000000000000000' });

  it('passes an accessibility audit', async () => {
    await expect(await sample('AU', (await sampleApi('AU').load()).employees[10].id)).to.be.accessible();
  });

  it('takes its primary colour from --payrail-primary', async () => {
    expect(await themed(await sample(), '.avatar', 'color')).to.equal(THEMED);
  });
});
