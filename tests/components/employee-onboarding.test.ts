import type { ApiList, Employee, Readiness } from '../../components/index.js';
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
import { API } from './stub-api.js';
import { choose, errorOf, fill, formSuite, input, stub, type Sent } from './form-stub.js';

const { live, narrow } = formSuite('payrail-employee-onboarding');
const TFN = '123456782';
const ACCOUNT = '12345678';
const MEMBER = '880012345';
const TAX_ID = '36574261809';
const SVNR = '65170839J003';
// The Krankenkasse as the membership certificate names it (the demo employer's insurer).
const AOK_INSURER = { name: 'AOK Bayern', betriebsnummer: '87880235' };
const AOK = { insurer_name: AOK_INSURER.name, insurer_betriebsnummer: AOK_INSURER.betriebsnummer };
const IBAN = 'DE89370400440532013000';
const REASON = 'New starter added by the payroll officer';

type Wizard = HTMLElement & { updateComplete: Promise<unknown> };
const heading = (el: HTMLElement) => q(el, '#step').textContent!.replace(/\s+/g, ' ').trim();
const next = (el: HTMLElement) => q(el, '[part~="next-button"]').click();
async function advance(el: HTMLElement, to: number) {
  next(el);
  await waitUntil(
    () => heading(el).startsWith(`Step ${to} `) || heading(el).startsWith(`Schritt ${to} `),
    `not at step ${to}: ${heading(el)}`,
  );
}

/** The home address on the first step: the statutory reports carry it, so the wizard asks for it. */
const AU_HOME = { line1: '14 Wharf Road', locality: 'Pyrmont', state: 'NSW', postcode: '2009', country: 'AU' };
const DE_HOME = { line1: 'Leopoldstraße 3', locality: 'München', postcode: '80802', country: 'DE' };
async function home(el: HTMLElement, country: 'AU' | 'DE' = 'AU') {
  const a = country === 'AU' ? AU_HOME : DE_HOME;
  await fill(el, { line1: a.line1, locality: a.locality, postcode: a.postcode });
  if (country === 'AU') await choose(el, 'address_state', AU_HOME.state);
}

/** How super is paid, as the officer enters it on the super step. */
type Fund = { choice: string; fields?: Record<string, string> };
const APRA: Fund = {
  choice: 'apra',
  fields: { super_fund_name: 'AustralianSuper', super_usi: 'STA0100AU', super_member_number: MEMBER },
};
const SMSF_ACCOUNT = '98765432';
const SMSF: Fund = {
  choice: 'smsf',
  fields: {
    smsf_account_name: 'Lee Family Super Fund',
    smsf_abn: '51824753556',
    smsf_esa: 'ESAS',
    smsf_bsb: '062-000',
    smsf_account_number: SMSF_ACCOUNT,
  },
};

/** Fills every AU step as an officer would and stops on the review. */
async function walkAu(el: HTMLElement, fund: Fund = APRA) {
  await fill(el, { first_name: 'Ann', last_name: 'Lee', date_of_birth: '1990-04-02', email: 'ann@example.com' });
  await home(el);
  await advance(el, 2);
  await choose(el, 'type', 'full_time');
  await fill(el, { start_date: '2026-11-02', annual_salary: '85000', hours_per_week: '38' });
  await choose(el, 'pay_frequency', 'fortnightly');
  await advance(el, 3);
  await fill(el, { tfn: TFN });
  await choose(el, 'residency', 'resident');
  await choose(el, 'tax_free_threshold', true);
  await advance(el, 4);
  await choose(el, 'fund_choice', fund.choice);
  if (fund.fields) await fill(el, fund.fields);
  await advance(el, 5);
  await fill(el, { bank_bsb: '062-000', bank_account_number: ACCOUNT, bank_account_name: 'Ann Lee' });
  await advance(el, 6);
}

async function walkDe(el: HTMLElement) {
  await fill(el, { first_name: 'Lena', last_name: 'Koch', date_of_birth: '1988-03-17' });
  await home(el, 'DE');
  await advance(el, 2);
  await choose(el, 'type', 'full_time');
  await fill(el, { start_date: '2026-11-01', annual_salary: '60000' });
  await choose(el, 'pay_frequency', 'monthly');
  await advance(el, 3);
  await fill(el, { tax_id: TAX_ID });
  await choose(el, 'tax_class', '1');
  await advance(el, 4);
  await fill(el, { svnr: SVNR, additional_rate: '1,7', ...AOK });
  await choose(el, 'health_type', 'statutory');
  await advance(el, 5);
  await fill(el, { iban: IBAN, bic: 'COBADEFFXXX', account_name: 'Lena Koch' });
  await advance(el, 6);
}

const AU_EMPLOYEE = {
  first_name: 'Ann',
  last_name: 'Lee',
  date_of_birth: '1990-04-02',
  email: 'ann@example.com',
  address: AU_HOME,
  employment: {
    type: 'full_time',
    start_date: '2026-11-02',
    annual_salary: '85000',
    pay_frequency: 'fortnightly',
    hours_per_week: '38',
  },
  statutory: {
    au: { tfn: TFN, residency: 'resident', tax_free_threshold: true, other_employment: false, study_loan: false },
  },
};
const AU_BANK = { bank_bsb: '062-000', bank_account_number: ACCOUNT, bank_account_name: 'Ann Lee' };
const AU_SUPER = { fund_choice: 'apra', ...APRA.fields };
const AU_SMSF = { fund_choice: 'smsf', ...SMSF.fields };

/** No request but the writes carries an identifier. */
const noIdentifiers = (sent: Sent[]) => {
  for (const s of sent.filter((x) => x.method === 'GET' || x.url.endsWith('/validate')))
    expect(JSON.stringify(s.body ?? '')).to.not.match(
      new RegExp(`${TFN}|${ACCOUNT}|${MEMBER}|${SMSF_ACCOUNT}|${TAX_ID}|${SVNR}|${IBAN}`),
    );
};

describe('payrail-employee-onboarding', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows the AU steps on sample data; German steps for DE', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-employee-onboarding country="AU"></payrail-employee-onboarding>`),
    );
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(qa(el, '.steps li').map((l) => l.textContent!.replace(/\d/g, '').trim())).to.deep.equal([
      'Personal details',
      'Employment',
      'Tax',
      'Super',
      'Bank account',
      'Review',
    ]);
    expect(heading(el)).to.equal('Step 1 of 6: Personal details');
    const de = await settled(
      await fixture<HTMLElement>(html`<payrail-employee-onboarding country="DE"></payrail-employee-onboarding>`),
    );
    expect(qa(de, '.steps li').map((l) => l.textContent!.replace(/\d/g, '').trim())).to.deep.equal([
      'Persönliche Daten',
      'Beschäftigung',
      'Steuer',
      'Sozialversicherung',
      'Bankverbindung',
      'Prüfen',
    ]);
  });

  it('checks each step in the browser before going on; back and next keep the values', async () => {
    const sent = stub();
    const el = await live();
    next(el);
    await waitUntil(() => input(el, 'first_name').getAttribute('aria-invalid') === 'true');
    expect(errorOf(el, 'first_name')).to.contain('Required');
    expect(el.shadowRoot!.activeElement).to.equal(input(el, 'first_name'));
    expect(sent.filter((s) => s.url.endsWith('/validate'))).to.deep.equal([]);
    await fill(el, { first_name: 'Ann', last_name: 'Lee', date_of_birth: '1990-04-02' });
    await home(el);
    await advance(el, 2);
    await fill(el, { annual_salary: '85k' });
    next(el);
    await waitUntil(() => errorOf(el, 'annual_salary').includes('Enter an amount'));
    expect(errorOf(el, 'start_date')).to.contain('Required');
    await fill(el, { annual_salary: '' });
    next(el);
    await waitUntil(() => errorOf(el, 'annual_salary').includes('salary or an hourly rate'));
    q(el, '[part~="back-button"]').click();
    await waitUntil(() => heading(el).startsWith('Step 1 '));
    expect(input(el, 'last_name').value).to.equal('Lee');
    await advance(el, 2);
  });

  it("shows the API's rule violations against their fields and never sends an identifier to a check", async () => {
    const sent = stub({
      violations: [
        { path: 'employee.employment.start_date', message: 'Start date is before the pay calendar', rule: 'r' },
        { path: 'employee.statutory.au.residency', message: 'Not for this employee', rule: 'r' },
      ],
    });
    const el = await live();
    await fill(el, { first_name: 'Ann', last_name: 'Lee', date_of_birth: '1990-04-02' });
    await home(el);
    await advance(el, 2);
    await choose(el, 'type', 'full_time');
    await fill(el, { start_date: '2026-11-02', annual_salary: '85000' });
    await choose(el, 'pay_frequency', 'fortnightly');
    next(el);
    await waitUntil(() => errorOf(el, 'start_date').includes('before the pay calendar'));
    expect(heading(el)).to.match(/^Step 2 /);
    expect(errorOf(el, 'annual_salary')).to.equal('');
    const checks = sent.filter((s) => s.url === `${API}/v1/tenants/ten_stub/employees/validate`);
    expect(checks.length).to.be.greaterThan(0);
    expect(checks.at(-1)!.body).to.deep.equal({
      employee: {
        first_name: 'Ann',
        last_name: 'Lee',
        date_of_birth: '1990-04-02',
        address: AU_HOME,
        employment: {
          type: 'full_time',
          start_date: '2026-11-02',
          annual_salary: '85000',
          pay_frequency: 'fortnightly',
        },
        // No declaration yet: the unticked threshold box is no answer to question 9.
        statutory: { au: { other_employment: false, study_loan: false } },
      },
    });
    noIdentifiers(sent);
  });

  it('keeps progress across a reload in session storage, never an identifier', async () => {
    stub();
    const el = await live();
    await fill(el, { first_name: 'Ann', last_name: 'Lee', date_of_birth: '1990-04-02' });
    await home(el);
    await advance(el, 2);
    await choose(el, 'type', 'part_time');
    await fill(el, { start_date: '2026-11-02', hourly_rate: '42.50' });
    await choose(el, 'pay_frequency', 'weekly');
    await advance(el, 3);
    await fill(el, { tfn: TFN });
    const kept = Object.values({ ...sessionStorage }).join(' ');
    expect(kept).to.contain('42.50');
    expect(kept).to.not.contain(TFN);
    el.remove();
    const again = await live();
    expect(heading(again)).to.match(/^Step 3 /);
    expect(text(again)).to.contain('Identifiers are never kept');
    expect(input(again, 'tfn').value).to.equal('');
    q(again, '[part~="back-button"]').click();
    await waitUntil(() => heading(again).startsWith('Step 2 '));
    expect(input(again, 'hourly_rate').value).to.equal('42.50');
  });

  it('finish, the page writes: a cancelled payrail-save with the draft; payrail-complete masked, no id; nothing written', async () => {
    const sent = stub({ components: ['*'] });
    const el = await live({ 'governance-reason': REASON });
    await walkAu(el);
    const review = q(el, '[part~="review"]').textContent!;
    expect(review).to.contain('•••• 6782').and.contain('•••• 5678').and.contain('•••• 2345');
    expect(review).to.not.contain(TFN).and.not.contain(ACCOUNT);
    expect(review).to.contain('Fortnightly').and.contain('Australian resident').and.contain('$85,000.00');
    el.addEventListener('payrail-save', (e) => e.preventDefault(), { once: true });
    const saved = oneEvent(el, 'payrail-save');
    const completed = oneEvent(el, 'payrail-complete');
    next(el);
    const save: { form: string; payload: Record<string, unknown> } = (await saved).detail;
    expect(save).to.deep.equal({
      form: 'employee-onboarding',
      payload: { employee: AU_EMPLOYEE, bank: AU_BANK, pension: AU_SUPER },
    });
    const done = (await completed).detail;
    expect(done.employee_id).to.equal(undefined);
    expect(done.employee.employee.statutory).to.deep.equal({
      au: {
        tfn: '•••• 6782',
        residency: 'resident',
        tax_free_threshold: true,
        other_employment: false,
        study_loan: false,
      },
    });
    expect(done.employee.bank).to.deep.include({ bank_account_number: '•••• 5678' });
    await waitUntil(() => text(el).includes('Passed on'));
    expect(sent.some((s) => s.method === 'PATCH' || s.url.endsWith('/employees'))).to.equal(false);
    expect(sessionStorage.length).to.equal(0);
    noIdentifiers(sent);
  });

  it('finish, the element writes: the employee, bank account and fund with its reason, where the token allows the form', async () => {
    const sent = stub({ components: ['employee-onboarding'] });
    const el = await live({ 'governance-reason': REASON });
    await walkAu(el);
    const completed = oneEvent(el, 'payrail-complete');
    next(el);
    const done = (await completed).detail;
    expect(done.employee_id).to.equal('emp_new');
    const writes = sent.filter((s) => s.method === 'PATCH' || s.url.endsWith('/employees'));
    expect(writes.map((w) => [w.method, w.url.replace(`${API}/v1/tenants/ten_stub`, ''), w.reason])).to.deep.equal([
      ['POST', '/employees', REASON],
      ['PATCH', '/employees/emp_new/bank-accounts', REASON],
      ['PATCH', '/employees/emp_new/pension', REASON],
    ]);
    expect(writes.map((w) => w.body)).to.deep.equal([AU_EMPLOYEE, AU_BANK, AU_SUPER]);
    await waitUntil(() => text(el).includes('Employee added.'));
    expect(text(el)).to.not.contain(TFN);
    noIdentifiers(sent);
  });

  it('the super step offers every choice of fund, asking only what the choice needs', async () => {
    stub();
    const el = await live();
    await walkAu(el);
    q(el, '[part~="back-button"]').click();
    q(el, '[part~="back-button"]').click();
    await waitUntil(() => heading(el).startsWith('Step 4 '));
    const choices = qa<HTMLOptionElement>(el, '[name="fund_choice"] option').map((o) => o.textContent!.trim());
    expect(choices.slice(1)).to.have.length(4);
    const names = () => qa<HTMLInputElement>(el, '.fields [name]').map((i) => i.name);
    expect(names()).to.deep.equal(['fund_choice', 'super_fund_name', 'super_usi', 'super_member_number']);
    await choose(el, 'fund_choice', 'smsf');
    expect(names()).to.deep.equal([
      'fund_choice',
      'smsf_account_name',
      'smsf_abn',
      'smsf_esa',
      'smsf_bsb',
      'smsf_account_number',
    ]);
    await fill(el, { smsf_abn: '51824753557', smsf_account_number: '12' });
    next(el);
    await waitUntil(() => errorOf(el, 'smsf_abn') !== '');
    expect(errorOf(el, 'smsf_account_number')).to.not.equal('');
    expect(errorOf(el, 'smsf_esa')).to.contain('Required');
    await choose(el, 'fund_choice', 'stapled_requested');
    expect(names()).to.deep.equal(['fund_choice']);
    await choose(el, 'fund_choice', 'employer_default');
    expect(names()).to.deep.equal(['fund_choice', 'super_fund_name', 'super_usi', 'super_member_number']);
    expect(input(el, 'super_usi').value).to.equal('STA0100AU');
  });

  for (const [label, fund, pension, shown] of [
    ['a self-managed fund', SMSF, AU_SMSF, ['Lee Family Super Fund', 'ESAS', '•••• 5432']],
    ['the stapled fund requested', { choice: 'stapled_requested' }, { fund_choice: 'stapled_requested' }, []],
    [
      "the employer's default fund",
      { choice: 'employer_default', fields: APRA.fields },
      { fund_choice: 'employer_default', ...APRA.fields },
      ['AustralianSuper'],
    ],
  ] as const) {
    it(`${label}: the review shows it; the page's draft and the element's own write carry it`, async () => {
      for (const selfWrite of [false, true]) {
        sessionStorage.clear();
        const sent = stub({ components: ['*'] });
        const el = await live({ 'governance-reason': REASON });
        await walkAu(el, fund);
        const review = q(el, '[part~="review"]').textContent!;
        for (const x of shown) expect(review).to.contain(x);
        expect(review).to.not.contain(SMSF_ACCOUNT);
        if (!selfWrite) el.addEventListener('payrail-save', (e) => e.preventDefault(), { once: true });
        const saved = oneEvent(el, 'payrail-save');
        const completed = oneEvent(el, 'payrail-complete');
        next(el);
        expect((await saved).detail.payload.pension).to.deep.equal(pension);
        const done = (await completed).detail;
        expect(JSON.stringify(done)).to.not.contain(SMSF_ACCOUNT);
        const fundWrite = sent.find((w) => w.method === 'PATCH' && w.url.endsWith('/pension'));
        if (selfWrite) {
          expect(done.employee_id).to.equal('emp_new');
          expect(fundWrite?.body).to.deep.equal(pension);
          expect(fundWrite?.reason).to.equal(REASON);
        } else expect(fundWrite).to.equal(undefined);
        noIdentifiers(sent);
        el.remove();
      }
    });
  }

  it('hires before the TFN declaration arrives: neither the TFN nor a reason is needed, question 9 stays open', async () => {
    const sent = stub();
    const el = await live();
    await fill(el, { first_name: 'Ann', last_name: 'Lee', date_of_birth: '1990-04-02' });
    await home(el);
    await advance(el, 2);
    await choose(el, 'type', 'full_time');
    await fill(el, { start_date: '2026-11-02', annual_salary: '85000' });
    await choose(el, 'pay_frequency', 'fortnightly');
    await advance(el, 3);
    const labels = qa(el, 'label').map((l) => l.textContent!.replace(/\s+/g, ' ').trim());
    expect(labels).to.include('Has another job');
    expect(labels.some((l) => l.startsWith('Tax file number') && l.endsWith('(optional)'))).to.equal(true);
    await choose(el, 'residency', 'resident');
    // Nothing typed for the TFN or its reason: the step is left, with no error on the TFN.
    sent.length = 0;
    await advance(el, 4);
    const check = sent.filter((x) => x.url.endsWith('/validate')).at(-1)!;
    // The unticked threshold box is no answer while the declaration is outstanding.
    expect((check.body as { employee: { statutory: unknown } }).employee.statutory).to.deep.equal({
      au: { residency: 'resident', other_employment: false, study_loan: false },
    });
    noIdentifiers(sent);
  });

  it('never writes without a governance-reason, nor when the allowlist lacks the form', async () => {
    for (const [attrs, components] of [
      [{}, ['*']],
      [{ 'governance-reason': REASON }, ['bank-details']],
    ] as const) {
      sessionStorage.clear();
      const sent = stub({ components: [...components] });
      const el = await live(attrs);
      await walkAu(el);
      next(el);
      await waitUntil(() => text(el).includes('Passed on'));
      expect(sent.some((s) => s.method === 'PATCH' || s.url.endsWith('/employees'))).to.equal(false);
      el.remove();
    }
  });

  it("a write the API refuses takes the officer to the field, with the rule's message", async () => {
    stub({
      components: ['*'],
      write: {
        status: 422,
        body: {
          error: {
            code: 'pack_validation_failed',
            message: 'BSB not known',
            status: 422,
            violations: [{ rule: 'AU-2026.1/bank/bsb_format', path: 'bank_bsb', message: 'BSB not known' }],
          },
        },
      },
    });
    const el = await live({ 'governance-reason': REASON });
    await walkAu(el);
    next(el);
    await waitUntil(() => heading(el).startsWith('Step 5 '));
    await waitUntil(() => errorOf(el, 'bank_bsb').includes('BSB not known'));
  });

  it('cancel emits payrail-cancel, drops what was typed and the kept progress', async () => {
    stub();
    const el = await live();
    await fill(el, { first_name: 'Ann' });
    expect(sessionStorage.length).to.equal(1);
    setTimeout(() => q(el, '[part~="cancel-button"]').click());
    const ev = await oneEvent(el, 'payrail-cancel');
    expect(ev.detail).to.deep.equal({ form: 'employee-onboarding' });
    await (el as Wizard).updateComplete;
    expect(input(el, 'first_name').value).to.equal('');
    expect(sessionStorage.length).to.equal(0);
  });

  it('DE: Steuer-ID and SV-Nummer by their check digits, social insurance, the IBAN to the bank part', async () => {
    const sent = stub();
    const el = await live({ country: 'DE' });
    await fill(el, { first_name: 'Lena', last_name: 'Koch', date_of_birth: '1988-03-17' });
    await home(el, 'DE');
    await advance(el, 2);
    await choose(el, 'type', 'full_time');
    await fill(el, { start_date: '2026-11-01', annual_salary: '60000' });
    await choose(el, 'pay_frequency', 'monthly');
    await advance(el, 3);
    await fill(el, { tax_id: '36574261808' });
    next(el);
    await waitUntil(() => errorOf(el, 'tax_id').includes('Steuer-ID ist ungültig'));
    expect(errorOf(el, 'tax_class')).to.contain('Pflichtangabe');
    await fill(el, { tax_id: TAX_ID });
    await choose(el, 'tax_class', '1');
    await advance(el, 4);
    expect(qa(el, 'label').map((l) => l.textContent!.trim())).to.deep.equal([
      'Noch keine Sozialversicherungsnummer (bisher nicht in Deutschland versichert): sie wird mit der Anmeldung beantragt',
      'Sozialversicherungsnummer',
      'Krankenversicherung',
      'Krankenkasse',
      'Betriebsnummer der Krankenkasse',
      'Zusatzbeitrag (%) (optional)',
    ]);
    await fill(el, { svnr: '65170839J004' });
    next(el);
    await waitUntil(() => errorOf(el, 'svnr').includes('Sozialversicherungsnummer ist ungültig'));
    await fill(el, { svnr: SVNR, additional_rate: '1,7' });
    await choose(el, 'health_type', 'statutory');
    next(el);
    await waitUntil(() => errorOf(el, 'insurer_name').includes('Pflichtangabe'));
    await fill(el, { insurer_name: AOK.insurer_name, insurer_betriebsnummer: '87880236' });
    next(el);
    await waitUntil(() => errorOf(el, 'insurer_betriebsnummer').includes('8 Ziffern'));
    await fill(el, { insurer_betriebsnummer: AOK.insurer_betriebsnummer });
    await advance(el, 5);
    await fill(el, { iban: IBAN, bic: 'COBADEFFXXX' });
    await advance(el, 6);
    expect(q(el, '[part~="review"]').textContent).to.contain('•••• 3000').and.not.contain(IBAN);
    el.addEventListener('payrail-save', (e) => e.preventDefault(), { once: true });
    const saved = oneEvent(el, 'payrail-save');
    next(el);
    expect((await saved).detail.payload).to.deep.equal({
      employee: {
        first_name: 'Lena',
        last_name: 'Koch',
        date_of_birth: '1988-03-17',
        address: DE_HOME,
        employment: { type: 'full_time', start_date: '2026-11-01', annual_salary: '60000', pay_frequency: 'monthly' },
        statutory: {
          de: {
            tax_id: TAX_ID,
            tax_class: 1,
            church_tax: false,
            svnr: SVNR,
            health_insurance: { type: 'statutory', additional_rate: '1.7', insurer: AOK_INSURER },
          },
        },
      },
      bank: { iban: IBAN, bic: 'COBADEFFXXX' },
    });
    noIdentifiers(sent);
  });

  it('asks for the home address on the first step: without it the step does not go on', async () => {
    const sent = stub();
    const el = await live();
    await fill(el, { first_name: 'Ann', last_name: 'Lee', date_of_birth: '1990-04-02' });
    next(el);
    await waitUntil(() => input(el, 'line1').getAttribute('aria-invalid') === 'true');
    for (const f of ['line1', 'locality', 'postcode', 'address_state']) expect(errorOf(el, f)).to.contain('Required');
    expect(heading(el)).to.match(/^Step 1 /);
    await home(el);
    await fill(el, { postcode: '20x9' });
    next(el);
    await waitUntil(() => errorOf(el, 'postcode').includes('Enter the postcode'));
    await fill(el, { postcode: '2009' });
    await advance(el, 2);
    const check = sent.filter((x) => x.url.endsWith('/validate')).at(-1)!;
    expect((check.body as { employee: { address: unknown } }).employee.address).to.deep.equal(AU_HOME);
  });

  it('DE: offers Minijob and Midijob, asks a Minijob how it is taxed, and takes someone with no SV-Nummer yet', async () => {
    stub();
    const el = await live({ country: 'DE' });
    await fill(el, { first_name: 'Lena', last_name: 'Koch', date_of_birth: '2005-03-17' });
    await home(el, 'DE');
    await advance(el, 2);
    const kinds = qa<HTMLOptionElement>(el, '[name="type"] option').map((o) => o.textContent!.trim());
    expect(kinds).to.deep.equal([
      '—',
      'Vollzeit',
      'Teilzeit',
      'Minijob (bis zur Minijob-Grenze)',
      'Midijob (Übergangsbereich)',
    ]);
    expect(qa(el, '[name="minijob_taxation"]')).to.have.length(0);
    await choose(el, 'type', 'minijob');
    await fill(el, { start_date: '2026-11-01', hourly_rate: '13,90', hours_per_week: '10' });
    await choose(el, 'pay_frequency', 'monthly');
    next(el);
    await waitUntil(() => errorOf(el, 'minijob_taxation').includes('Pflichtangabe'));
    await choose(el, 'minijob_taxation', 'flat');
    await advance(el, 3);
    await fill(el, { tax_id: TAX_ID });
    await choose(el, 'tax_class', '1');
    await advance(el, 4);
    await choose(el, 'no_insurance_number_yet', true);
    expect(qa(el, '[name="svnr"]')).to.have.length(0);
    await choose(el, 'health_type', 'statutory');
    await fill(el, AOK);
    await advance(el, 5);
    await fill(el, { iban: IBAN });
    await advance(el, 6);
    el.addEventListener('payrail-save', (e) => e.preventDefault(), { once: true });
    const saved = oneEvent(el, 'payrail-save');
    next(el);
    const { employee } = (await saved).detail.payload;
    expect(employee.employment).to.deep.equal({
      type: 'part_time',
      start_date: '2026-11-01',
      hourly_rate: '13.90',
      hours_per_week: '10',
      pay_frequency: 'monthly',
    });
    expect(employee.statutory.de).to.deep.equal({
      tax_id: TAX_ID,
      tax_class: 1,
      church_tax: false,
      employment_kind: 'minijob',
      minijob_taxation: 'flat',
      no_insurance_number_yet: true,
      health_insurance: { type: 'statutory', insurer: AOK_INSURER },
    });
  });

  it('fits 390 px with errors shown and on the review, with no axe violations', async () => {
    stub();
    const el = await narrow();
    next(el);
    await waitUntil(() => input(el, 'first_name').getAttribute('aria-invalid') === 'true');
    expect(el.getBoundingClientRect().width).to.be.at.most(390);
    expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
    await expect(el).to.be.accessible();
    await walkAu(el);
    expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
    await expect(el).to.be.accessible();
  });

  for (const [country, fund] of [
    ['AU', APRA],
    ['AU', SMSF],
    ['DE', null],
  ] as const) {
    it(`onboards a ${country} employee${fund ? ` (${fund.choice})` : ''} through the real API; ready for the next pay run`, async function () {
      this.timeout(30000);
      const l = await needLive(this);
      const key = country === 'AU' ? 'au' : 'de';
      const el = await settled(
        await mount<HTMLElement>('payrail-employee-onboarding', {
          country,
          'api-url': l.url,
          'tenant-id': l.tenants[key],
          'embed-token': l.tokens[key],
          'governance-reason': REASON,
        }),
      );
      await (fund ? walkAu(el, fund) : walkDe(el));
      const completed = oneEvent(el, 'payrail-complete');
      next(el);
      const id: string = (await completed).detail.employee_id;
      expect(id).to.match(/^emp_/);
      const { data } = await apiGet<ApiList<Employee>>(l, key, '/employees?limit=200');
      expect(data.some((e) => e.id === id)).to.equal(true);
      const ready = await apiGet<{ data: Readiness }>(l, key, `/employees/${id}/readiness`);
      expect(ready.data.blocks_finalise, JSON.stringify(ready.data)).to.equal(false);
    });
  }
});
