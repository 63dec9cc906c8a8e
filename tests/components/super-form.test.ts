import type { ApiList, Employee } from '../../components/index.js';
import {
  apiGet,
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
  waitUntil,
} from './support.js';
import { choose, errorOf, fill, formSuite, input, liveForm, save, stub } from './form-stub.js';

const { live, narrow } = formSuite('payrail-super-form');
const ACCOUNT = '11223344';
const SMSF = {
  smsf_account_name: 'Lee Family Super Fund',
  smsf_abn: '51824753556',
  smsf_esa: 'ESAS',
  smsf_bsb: '062-000',
  smsf_account_number: ACCOUNT,
};
const SVNR = '65170839J003';
const DE_FIELDS = [
  'no_insurance_number_yet',
  'svnr',
  'health_type',
  'insurer_name',
  'insurer_betriebsnummer',
  'additional_rate',
];
const names = (el: HTMLElement) => qa(el, '[part~="input"]').map((i) => i.getAttribute('name'));

describe('payrail-super-form', () => {
  it('shows the sample fund on file; the fields follow the choice', async () => {
    const el = await settled(await fixture<HTMLElement>(html`<payrail-super-form country="AU"></payrail-super-form>`));
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(q(el, '[part~="on-file"]').textContent).to.contain(
      'A fund the employee chooses · AustralianSuper · USI STA0100AU',
    );
    expect(names(el)).to.deep.equal(['fund_choice']);
    await choose(el, 'fund_choice', 'smsf');
    expect(names(el)).to.deep.equal(['fund_choice', ...Object.keys(SMSF)]);
    await choose(el, 'fund_choice', 'employer_default');
    expect(names(el)).to.deep.equal(['fund_choice', 'super_fund_name', 'super_usi', 'super_member_number']);
    await choose(el, 'fund_choice', 'stapled_requested');
    expect(names(el)).to.deep.equal(['fund_choice']);
  });

  it('SMSF: the ABN check sum, BSB and account number checked in the browser, against their fields', async () => {
    const sent = stub();
    const el = await live();
    await choose(el, 'fund_choice', 'smsf');
    await fill(el, { smsf_abn: '51824753557', smsf_bsb: '06200', smsf_account_number: '12', smsf_esa: 'has spaces' });
    save(el);
    await waitUntil(() => input(el, 'smsf_abn').getAttribute('aria-invalid') === 'true');
    expect(errorOf(el, 'smsf_abn')).to.contain('ABN is not valid');
    expect(errorOf(el, 'smsf_bsb')).to.contain('6-digit BSB');
    expect(errorOf(el, 'smsf_account_number')).to.contain('5 to 9 digits');
    expect(errorOf(el, 'smsf_esa')).to.contain('alias');
    expect(errorOf(el, 'smsf_account_name')).to.contain('Required');
    expect(sent.filter((s) => s.method === 'PATCH')).to.deep.equal([]);
  });

  it("shows the API's rule against its field and never sends the account number to a check", async () => {
    const sent = stub({ violations: [{ path: 'smsf_esa', message: 'Unknown service address', rule: 'r' }] });
    const el = await live();
    await choose(el, 'fund_choice', 'smsf');
    await fill(el, SMSF);
    save(el);
    await waitUntil(() => errorOf(el, 'smsf_esa').includes('Unknown service address'));
    const checks = sent.filter((s) => s.url.endsWith('/pension/validate'));
    expect(checks.length).to.be.greaterThan(0);
    for (const c of checks) expect(JSON.stringify(c.body)).to.not.contain(ACCOUNT);
  });

  it('save, the page writes: a cancelled payrail-save with the choice; nothing written, the number dropped', async () => {
    const sent = stub({ components: ['*'] });
    const el = await live({ 'governance-reason': 'Choice of fund received' });
    await choose(el, 'fund_choice', 'smsf');
    await fill(el, SMSF);
    el.addEventListener('payrail-save', (e) => e.preventDefault(), { once: true });
    setTimeout(() => save(el));
    const ev = await oneEvent(el, 'payrail-save');
    const detail: { form: string; employee_id: string; payload: Record<string, unknown> } = ev.detail;
    expect(detail).to.deep.equal({
      form: 'super-form',
      employee_id: 'emp_stub',
      payload: { fund_choice: 'smsf', ...SMSF },
    });
    await waitUntil(() => text(el).includes('Passed on'));
    expect(sent.some((s) => s.method === 'PATCH')).to.equal(false);
  });

  it('save, the element writes with its reason where the token allows the form; the fund shows masked', async () => {
    const sent = stub({
      components: ['super-form'],
      afterWrite: {
        super_fund_attested: true,
        fund_choice: 'smsf',
        smsf_account_name: 'Lee Family Super Fund',
        smsf_account_last3: '344',
      },
    });
    const el = await live({ 'governance-reason': 'Choice of fund received' });
    await choose(el, 'fund_choice', 'smsf');
    await fill(el, SMSF);
    save(el);
    await waitUntil(() => text(el).includes('Saved.'));
    const write = sent.find((s) => s.method === 'PATCH')!;
    expect(write.url).to.match(/\/employees\/emp_stub\/pension$/);
    expect(write.reason).to.equal('Choice of fund received');
    await waitUntil(() => q(el, '[part~="on-file"]').textContent!.includes('•••• 344'));
    expect(text(el)).to.not.contain(ACCOUNT);
  });

  it('never writes without a governance-reason, nor when the allowlist lacks the form', async () => {
    for (const [attrs, components] of [
      [{}, ['*']],
      [{ 'governance-reason': 'Choice of fund received' }, ['bank-details']],
    ] as const) {
      const sent = stub({ components: [...components] });
      const el = await live(attrs);
      await choose(el, 'fund_choice', 'stapled_requested');
      save(el);
      await waitUntil(() => text(el).includes('Passed on'));
      expect(sent.some((s) => s.method === 'PATCH')).to.equal(false);
      el.remove();
    }
  });

  it("a refused write shows the rule against its field; a check's verdict on a withheld account number does not", async () => {
    const sent = stub({
      components: ['*'],
      // The check never sees the typed account number, so it finds it missing: that verdict is set aside.
      violations: [{ path: 'smsf_account_number', message: 'A self-managed fund needs its bank account', rule: 'r' }],
      write: {
        status: 422,
        body: {
          error: {
            code: 'pack_validation_failed',
            message: 'BSB not known',
            status: 422,
            violations: [{ rule: 'AU-2026.1/bank/bsb_format', path: 'smsf_bsb', message: 'BSB not known' }],
          },
        },
      },
    });
    const el = await live({ 'governance-reason': 'Choice of fund received' });
    await choose(el, 'fund_choice', 'smsf');
    await fill(el, SMSF);
    save(el);
    await waitUntil(() => errorOf(el, 'smsf_bsb').includes('BSB not known'));
    expect(errorOf(el, 'smsf_account_number')).to.equal('');
    expect(sent.find((s) => s.method === 'PATCH')!.body).to.deep.include({ smsf_account_number: ACCOUNT });
  });

  it('a stapled fund requested needs nothing else and says super waits for the fund', async () => {
    stub({ components: ['super-form'], afterWrite: { super_fund_attested: false, fund_choice: 'stapled_requested' } });
    const el = await live({ 'governance-reason': 'Stapled fund requested' });
    await choose(el, 'fund_choice', 'stapled_requested');
    save(el);
    await waitUntil(() => q(el, '[part~="on-file"]').textContent!.includes('cannot be paid until the fund is known'));
  });

  it('DE: the social insurance on file; without a number yet the number is not asked', async () => {
    const el = await settled(await fixture<HTMLElement>(html`<payrail-super-form country="DE"></payrail-super-form>`));
    expect(q(el, '#title').textContent).to.contain('Sozialversicherung');
    expect(q(el, '[part~="on-file"]').textContent).to.contain(
      'SV-Nummer bestätigt · Gesetzlich · Musterkasse · Zusatzbeitrag 2,9 %',
    );
    expect(text(el)).to.not.contain('Superannuation');
    expect(names(el)).to.deep.equal(DE_FIELDS);
    await choose(el, 'no_insurance_number_yet', true);
    expect(names(el)).to.deep.equal(DE_FIELDS.filter((n) => n !== 'svnr'));
  });

  it('DE: a Krankenkasse is asked whole until one is on file; its Betriebsnummer checked in the browser', async () => {
    const sent = stub();
    const el = await live({ country: 'DE' });
    expect(q(el, '[part~="on-file"]').textContent).to.contain('Keine SV-Nummer hinterlegt');
    expect(q(el, '[part~="on-file"]').textContent).to.contain('Keine Krankenkasse hinterlegt');
    await fill(el, { insurer_betriebsnummer: '87880236' });
    save(el);
    await waitUntil(() => input(el, 'insurer_betriebsnummer').getAttribute('aria-invalid') === 'true');
    expect(errorOf(el, 'insurer_betriebsnummer')).to.contain('8 Ziffern');
    expect(errorOf(el, 'insurer_name')).to.contain('Pflichtangabe');
    expect(errorOf(el, 'health_type')).to.contain('Pflichtangabe');
    expect(errorOf(el, 'additional_rate')).to.equal('');
    expect(sent.filter((s) => s.method === 'PATCH')).to.deep.equal([]);
  });

  it('DE: the page writes the number and the Krankenkasse nested as the API takes them; checks never see the number', async () => {
    const sent = stub({ components: ['*'] });
    const el = await live({ country: 'DE', 'governance-reason': 'Mitgliedsbescheinigung liegt vor' });
    await fill(el, {
      svnr: SVNR,
      insurer_name: 'AOK Bayern',
      insurer_betriebsnummer: '87880235',
      additional_rate: '2,7',
    });
    await choose(el, 'health_type', 'statutory');
    el.addEventListener('payrail-save', (e) => e.preventDefault(), { once: true });
    setTimeout(() => save(el));
    const ev = await oneEvent(el, 'payrail-save');
    expect(ev.detail.payload).to.deep.equal({
      svnr: SVNR,
      health_insurance: {
        type: 'statutory',
        insurer: { name: 'AOK Bayern', betriebsnummer: '87880235' },
        additional_rate: '2.7',
      },
    });
    const checks = sent.filter((s) => s.url.endsWith('/tax-settings/validate'));
    expect(checks.length).to.be.greaterThan(0);
    for (const c of checks) expect(JSON.stringify(c.body)).to.not.contain(SVNR);
  });

  it('DE: saving a Krankenkasse alone leaves "no number issued yet" as it is on file; the box sends only when used', async () => {
    stub({ components: ['*'] });
    const el = await live({ country: 'DE' });
    await fill(el, { insurer_name: 'AOK Bayern', insurer_betriebsnummer: '87880235' });
    await choose(el, 'health_type', 'statutory');
    el.addEventListener('payrail-save', (e) => e.preventDefault(), { once: true });
    setTimeout(() => save(el));
    const first = await oneEvent(el, 'payrail-save');
    expect(first.detail.payload).to.not.have.property('no_insurance_number_yet');
    await choose(el, 'no_insurance_number_yet', true);
    await fill(el, { insurer_name: 'AOK Bayern', insurer_betriebsnummer: '87880235' });
    await choose(el, 'health_type', 'statutory');
    el.addEventListener('payrail-save', (e) => e.preventDefault(), { once: true });
    setTimeout(() => save(el));
    const second = await oneEvent(el, 'payrail-save');
    expect(second.detail.payload.no_insurance_number_yet).to.equal(true);
  });

  it("DE: the API's rule on the Krankenkasse shows against its field", async () => {
    stub({
      violations: [
        {
          path: 'statutory.de.health_insurance.insurer.name',
          message: 'The health insurer needs its name (up to 200 characters).',
          rule: 'DE-2026.3/social/insurer_name',
        },
      ],
    });
    const el = await live({ country: 'DE' });
    await fill(el, { insurer_name: 'x', insurer_betriebsnummer: '87880235' });
    await choose(el, 'health_type', 'private');
    save(el);
    await waitUntil(() => errorOf(el, 'insurer_name').includes('needs its name'));
  });

  it('cancel emits payrail-cancel; 390 px; no axe violations with errors shown', async () => {
    stub();
    const el = await narrow();
    await choose(el, 'fund_choice', 'smsf');
    await fill(el, { smsf_abn: '1' });
    save(el);
    await waitUntil(() => input(el, 'smsf_abn').getAttribute('aria-invalid') === 'true');
    expect(el.getBoundingClientRect().width).to.be.at.most(390);
    expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
    await expect(el).to.be.accessible();
    setTimeout(() => q(el, '[part~="cancel-button"]').click());
    const ev = await oneEvent(el, 'payrail-cancel');
    expect(ev.detail).to.deep.equal({ form: 'super-form', employee_id: 'emp_stub' });
  });

  it("DE: writes an employee's Krankenkasse through the real API; readiness no longer misses it", async function () {
    const { l, who, el } = await liveForm(this, 'payrail-super-form', 'de', 'Wechsel der Krankenkasse');
    await fill(el, { insurer_name: 'Techniker Krankenkasse', insurer_betriebsnummer: '15027365' });
    save(el);
    await waitUntil(() => text(el).includes('Gespeichert.'), 'not saved', { timeout: 10000 });
    await waitUntil(() => q(el, '[part~="on-file"]').textContent!.includes('Techniker Krankenkasse'));
    const readiness = await apiGet<{ data: { unverified_requirements: string[] } }>(
      l,
      'de',
      `/employees/${who.id}/readiness`,
    );
    expect(readiness.data.unverified_requirements).to.not.include('health_insurer');
  });

  it("writes the employer's default fund through the real API; the fund then shows on file", async function () {
    const l = await needLive(this);
    const { data } = await apiGet<ApiList<Employee>>(l, 'au', '/employees?limit=200');
    const who = data.at(-2)!;
    const el = await settled(
      await mount<HTMLElement>('payrail-super-form', {
        'api-url': l.url,
        'tenant-id': l.tenants.au,
        'embed-token': l.tokens.au,
        'employee-id': who.id,
        'governance-reason': 'Employee took the default fund',
      }),
    );
    await choose(el, 'fund_choice', 'employer_default');
    await fill(el, { super_fund_name: 'AustralianSuper', super_usi: 'STA0100AU' });
    save(el);
    await waitUntil(() => text(el).includes('Saved.'), 'not saved', { timeout: 10000 });
    await waitUntil(() => q(el, '[part~="on-file"]').textContent!.includes('The employer’s default fund'));
  });
});
