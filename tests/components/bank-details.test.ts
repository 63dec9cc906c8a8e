import { expect, fixture, html, oneEvent, q, qa, settled, text, waitUntil } from './support.js';
import { API } from './stub-api.js';
import { errorOf, fill, formSuite, input, liveForm, save, stub } from './form-stub.js';

const { live, narrow } = formSuite('payrail-bank-details');
const BANK = { attested: true, bsb: '062-000', account_last3: '678', account_name: 'Ann Lee' };

const AU_OK = { bank_bsb: '062-000', bank_account_number: '12345678', bank_account_name: 'Ann Lee' };

describe('payrail-bank-details', () => {
  it('shows the sample account masked, never in clear', async () => {
    const el = await settled(
      await fixture<HTMLElement>(html`<payrail-bank-details country="AU"></payrail-bank-details>`),
    );
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(q(el, '[part~="on-file"]').textContent).to.match(/BSB 062-000 · •••• 457/);
    expect(text(el)).to.not.match(/\d{6,}/);
    expect(qa<HTMLInputElement>(el, 'input').map((i) => i.name)).to.deep.equal([
      'bank_bsb',
      'bank_account_number',
      'bank_account_name',
    ]);
  });

  it('checks the BSB and the account number in the browser and shows the errors against the fields', async () => {
    const sent = stub();
    const el = await live();
    await fill(el, { bank_bsb: '06200', bank_account_number: '12AB', bank_account_name: '' });
    save(el);
    await waitUntil(() => input(el, 'bank_bsb').getAttribute('aria-invalid') === 'true');
    expect(errorOf(el, 'bank_bsb')).to.contain('6-digit BSB');
    expect(errorOf(el, 'bank_account_number')).to.contain('5 to 9 digits');
    expect(errorOf(el, 'bank_account_name')).to.contain('Required');
    expect(el.shadowRoot!.activeElement).to.equal(input(el, 'bank_bsb'));
    expect(sent.filter((s) => s.method !== 'GET')).to.deep.equal([], 'nothing is sent while the form is wrong');
  });

  it("shows the API's rule violations against their fields, and never sends the account number to a check", async () => {
    const sent = stub({ violations: [{ path: 'bank_account_name', message: 'Account name is required', rule: 'x' }] });
    const el = await live();
    await fill(el, AU_OK);
    save(el);
    await waitUntil(() => errorOf(el, 'bank_account_name').includes('Account name is required'));
    const checks = sent.filter((s) => s.url.endsWith('/validate'));
    expect(checks.length).to.be.greaterThan(0);
    for (const c of checks) expect(JSON.stringify(c.body)).to.not.contain('12345678');
    expect(checks.at(-1)!.body).to.deep.equal({ bank_bsb: '062-000', bank_account_name: 'Ann Lee' });
  });

  it('save, the page writes: a cancelled payrail-save with the typed payload; the element writes nothing', async () => {
    const sent = stub({ components: ['*'] });
    const el = await live({ 'governance-reason': 'New starter bank details' });
    await fill(el, AU_OK);
    el.addEventListener('payrail-save', (e) => e.preventDefault(), { once: true });
    setTimeout(() => save(el));
    const ev = await oneEvent(el, 'payrail-save');
    const detail: { form: string; employee_id: string; payload: Record<string, string> } = ev.detail;
    expect(detail).to.deep.equal({ form: 'bank-details', employee_id: 'emp_stub', payload: AU_OK });
    expect(ev.cancelable && ev.bubbles && ev.composed).to.equal(true);
    await waitUntil(() => text(el).includes('Passed on'));
    expect(sent.some((s) => s.method === 'PATCH')).to.equal(false);
    expect(input(el, 'bank_account_number').value).to.equal('', 'the typed number is dropped');
  });

  it('save, the element writes: with its governance reason, only where the token allows the form', async () => {
    const sent = stub({ components: ['bank-details'], afterWrite: BANK });
    const el = await live({ 'governance-reason': 'New starter bank details' });
    await fill(el, AU_OK);
    save(el);
    await waitUntil(() => text(el).includes('Saved.'));
    const write = sent.find((s) => s.method === 'PATCH')!;
    expect(write.url).to.equal(`${API}/v1/tenants/ten_stub/employees/emp_stub/bank-accounts`);
    expect(write.reason).to.equal('New starter bank details');
    expect(write.body).to.deep.equal(AU_OK);
    await waitUntil(() => q(el, '[part~="on-file"]').textContent!.includes('•••• 678'));
    expect(text(el)).to.not.contain('12345678');
  });

  it('never writes without a governance-reason, nor when the allowlist lacks the form', async () => {
    for (const [attrs, components] of [
      [{}, ['*']],
      [{ 'governance-reason': 'New starter bank details' }, ['payslip-viewer']],
    ] as const) {
      const sent = stub({ components: [...components] });
      const el = await live(attrs);
      await fill(el, AU_OK);
      save(el);
      await waitUntil(() => text(el).includes('Passed on'));
      expect(sent.some((s) => s.method === 'PATCH')).to.equal(false);
    }
  });

  it("a write the API refuses shows the rule's message against the field", async () => {
    stub({
      components: ['*'],
      write: {
        status: 422,
        body: {
          error: {
            code: 'pack_validation_failed',
            message: 'BSB must be 6 digits',
            status: 422,
            violations: [{ rule: 'AU-2026.1/bank/bsb_format', path: 'bank_bsb', message: 'BSB must be 6 digits' }],
          },
        },
      },
    });
    const el = await live({ 'governance-reason': 'New starter bank details' });
    await fill(el, AU_OK);
    save(el);
    await waitUntil(() => errorOf(el, 'bank_bsb').includes('BSB must be 6 digits'));
  });

  it('cancel emits payrail-cancel and drops what was typed', async () => {
    stub();
    const el = await live();
    await fill(el, AU_OK);
    setTimeout(() => q(el, '[part~="cancel-button"]').click());
    const ev = await oneEvent(el, 'payrail-cancel');
    expect(ev.detail).to.deep.equal({ form: 'bank-details', employee_id: 'emp_stub' });
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    expect(input(el, 'bank_bsb').value).to.equal('');
  });

  it('DE: IBAN check digits in the browser, BIC format, German labels', async () => {
    stub();
    const el = await live({ country: 'DE' });
    expect(qa(el, 'label').map((l) => l.textContent!.trim())).to.deep.equal([
      'IBAN',
      'BIC (optional)',
      'Kontoinhaber (optional)',
    ]);
    await fill(el, { iban: 'DE89 3704 0044 0532 0130 01', bic: 'COBA' });
    save(el);
    await waitUntil(() => input(el, 'iban').getAttribute('aria-invalid') === 'true');
    expect(errorOf(el, 'iban')).to.contain('IBAN ist ungültig');
    expect(errorOf(el, 'bic')).to.contain('BIC');
    await fill(el, { iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' });
    setTimeout(() => save(el));
    const ev = await oneEvent(el, 'payrail-save');
    expect(ev.detail.payload).to.deep.equal({ iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' });
  });

  it('fits 390 px and has no axe violations, with errors shown', async () => {
    stub();
    const el = await narrow();
    await fill(el, { bank_bsb: '1' });
    save(el);
    await waitUntil(() => input(el, 'bank_bsb').getAttribute('aria-invalid') === 'true');
    expect(el.getBoundingClientRect().width).to.be.at.most(390);
    expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
    await expect(el).to.be.accessible();
  });

  it('AU split pay: add and remove accounts, the remainder shown, client checks on the split fields', async () => {
    stub();
    const el = await live();
    const add = () => q(el, '[part~="add-account-button"]').click();
    const settle = () => (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    add();
    await settle();
    add();
    await settle();
    expect(qa(el, '[part~="add-account-button"]').length).to.equal(0, 'at most three accounts');
    expect(qa(el, 'legend').map((l) => l.textContent!.trim())).to.deep.equal([
      'Main account',
      'Account 2',
      'Account 3',
    ]);
    expect(text(el)).to.contain('Receives the rest of the pay');
    // The second extra account goes; the first stays with what was typed.
    await fill(el, { split1_bsb: '062-001', split2_bsb: '063-000' });
    qa(el, '[part~="remove-account-button"]')[1].click();
    await settle();
    expect(qa(el, 'legend').length).to.equal(2);
    expect(input(el, 'split1_bsb').value).to.equal('062-001');
    await fill(el, { ...AU_OK, split1_account_number: '12AB', split1_account_name: 'Ann Savings', split1_share: '0' });
    expect(q(el, '[part~="split-summary"]').textContent).to.match(/Account 2: .*0\.00 · Main account: the rest/);
    save(el);
    await waitUntil(() => input(el, 'split1_share').getAttribute('aria-invalid') === 'true');
    expect(errorOf(el, 'split1_account_number')).to.contain('5 to 9 digits');
    expect(errorOf(el, 'split1_share')).to.contain('amount above 0');
    // A percentage of 100 leaves nothing for the main account.
    const kind = q<HTMLSelectElement>(el, '[name="split1_kind"]');
    kind.value = 'percent';
    kind.dispatchEvent(new Event('change'));
    await fill(el, { split1_share: '100' });
    save(el);
    await waitUntil(() => errorOf(el, 'split1_share').includes('above 0 and below 100'));
  });

  it('AU split pay: the payload lists the extra accounts then the main one; the API errors land on the split fields', async () => {
    const sent = stub({
      components: ['*'],
      write: {
        status: 422,
        body: {
          error: {
            code: 'pack_validation_failed',
            message: 'Invalid',
            status: 422,
            violations: [
              { rule: 'AU-2026.1/bank/split_duplicate', path: 'splits[0].account_number', message: 'Already listed' },
              { rule: 'AU-2026.1/bank/bsb_format', path: 'splits[1].bsb', message: 'BSB must be 6 digits' },
            ],
          },
        },
      },
    });
    const el = await live({ 'governance-reason': 'Split pay requested by the employee' });
    q(el, '[part~="add-account-button"]').click();
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    await fill(el, {
      ...AU_OK,
      split1_bsb: '062-001',
      split1_account_number: '87654321',
      split1_account_name: 'Ann Savings',
      split1_share: '100',
    });
    expect(q(el, '[part~="split-summary"]').textContent).to.match(/Account 2: .*100\.00 · Main account: the rest/);
    save(el);
    await waitUntil(() => errorOf(el, 'split1_account_number').includes('Already listed'));
    expect(errorOf(el, 'bank_bsb')).to.contain('BSB must be 6 digits');
    const checks = sent.filter((s) => s.url.endsWith('/validate'));
    for (const c of checks) expect(JSON.stringify(c.body)).to.not.match(/12345678|87654321/);
    expect(sent.find((s) => s.method === 'PATCH')!.body).to.deep.equal({
      splits: [
        { bsb: '062-001', account_name: 'Ann Savings', account_number: '87654321', amount: '100.00' },
        { bsb: '062-000', account_name: 'Ann Lee', account_number: '12345678' },
      ],
    });
  });

  it('AU split pay on file: each account masked with its share, the rest to the last', async () => {
    stub({
      components: ['*'],
      afterWrite: {
        ...BANK,
        splits: [
          { bsb: '062-001', account_last4: '4321', account_name: 'Ann Savings', amount: '100.00', percent: null },
          { bsb: '062-002', account_last4: '8765', account_name: 'Ann Holiday', amount: null, percent: '20' },
          { bsb: '062-000', account_last4: '5678', account_name: 'Ann Lee', amount: null, percent: null },
        ],
      },
    });
    const el = await live({ 'governance-reason': 'Split pay requested by the employee' });
    await fill(el, AU_OK);
    save(el);
    await waitUntil(() => q(el, '[part~="on-file"]').textContent!.includes('•••• 8765'));
    const onFile = q(el, '[part~="on-file"]').textContent!.replace(/\s+/g, ' ');
    expect(onFile).to.match(/•••• 4321 · Ann Savings · .*100\.00/);
    expect(onFile).to.contain('20% of what remains');
    expect(onFile).to.match(/•••• 5678 · Ann Lee · the rest/);
    expect(text(el)).to.not.match(/\d{6,}/);
  });

  it('AU split pay fits 390 px with three accounts and errors, and has no axe violations', async () => {
    stub();
    const el = await narrow();
    q(el, '[part~="add-account-button"]').click();
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    q(el, '[part~="add-account-button"]').click();
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    await fill(el, { split1_bsb: '1', split2_share: '5' });
    save(el);
    await waitUntil(() => input(el, 'split1_bsb').getAttribute('aria-invalid') === 'true');
    expect(el.getBoundingClientRect().width).to.be.at.most(390);
    expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
    await expect(el).to.be.accessible();
  });

  it('writes through the real API with its reason; the read afterwards shows the account masked', async function () {
    const { el } = await liveForm(this, 'payrail-bank-details', 'au', 'Bank details changed by the employee');
    await fill(el, { bank_bsb: '082-001', bank_account_number: '87654321', bank_account_name: 'Account Holder' });
    save(el);
    await waitUntil(() => text(el).includes('Saved.'), 'not saved', { timeout: 10000 });
    await waitUntil(() => q(el, '[part~="on-file"]').textContent!.includes('•••• 321'));
    expect(q(el, '[part~="on-file"]').textContent).to.contain('082-001');
  });
});
