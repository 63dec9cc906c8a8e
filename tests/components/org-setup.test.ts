// <payrail-org-setup> and <payrail-cost-centres>: sample employer setup in English and German, the
// country's own fields, checks before anything is sent, cancelable `payrail-save` events naming the request,
// a write of their own only with a governance reason and an allowlisted token, the API's field errors shown
// at their inputs, 390 px and axe-core.
import {
  errorStateSuite,
  expect,
  fixture,
  html,
  oneEvent,
  q,
  qa,
  root,
  settled,
  text,
  themed,
  THEMED,
  waitUntil,
  axeViolations,
} from './support.js';
import { API, realFetch, stubApi } from './stub-api.js';

const loaded = (el: Element) => !!el.shadowRoot?.firstElementChild && !el.shadowRoot.querySelector('.sk-wrap');

async function place(tag: string, country = 'AU', width = 1000, attrs = '') {
  const wrap = await fixture<HTMLElement>(html`<div style="width: ${width}px"></div>`);
  wrap.innerHTML = `<${tag} country="${country}" ${attrs}></${tag}>`;
  const el = wrap.firstElementChild as HTMLElement;
  await settled(el, loaded);
  return el;
}

const overflowing = (el: HTMLElement) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().width > 391;
const update = (el: HTMLElement) => (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
const input = (el: HTMLElement, name: string) => q<HTMLInputElement>(el, `[name="${name}"]`);
async function type(el: HTMLElement, name: string, value: string) {
  const i = input(el, name);
  i.value = value;
  i.dispatchEvent(new Event('input'));
  i.dispatchEvent(new Event('blur'));
  await update(el);
}
async function pick(el: HTMLElement, name: string, value: string) {
  const s = q<HTMLSelectElement>(el, `select[name="${name}"]`);
  s.value = value;
  s.dispatchEvent(new Event('change'));
  await update(el);
}
const live = `api-url="${API}" tenant-id="ten_stub" embed-token="tok"`;
const company = {
  legal_name: 'Stub Pty Ltd',
  trading_name: null,
  abn: '51824753556',
  branch: '001',
  bms_id: null,
  payroll_contact: null,
  address: null,
  default_pay_schedule: null,
  work_week: ['mon', 'tue', 'wed', 'thu', 'fri'],
  tenant_id: 'ten_stub',
  jurisdiction: 'AU',
  pack_version: 'AU-2026.1',
  engine: 'payroll_engine_au',
  currency: 'AUD',
  bank_attested: true,
};

describe('payrail-org-setup', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it("shows the sample employer's AU details, working days, default schedule and sites, with no internal ids", async () => {
    const el = await place('payrail-org-setup');
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(input(el, 'legal_name').value).to.equal('Harbour & Co Coffee Pty Ltd');
    expect(input(el, 'abn').value).to.equal('51824753556');
    // The payroll software ID is Payrail's, shown for the employer to quote and never edited.
    expect(q(el, '[name="bms_id"]')).to.equal(null);
    expect(q(el, '[part~="bms-id"]').textContent).to.contain(
      'Payroll software ID · 3f6c2a90-5d1e-4b7a-9c2f-0e8d41a7b615',
    );
    expect(q(el, '[name="betriebsnummer"]')).to.equal(null);
    expect(q<HTMLSelectElement>(el, '[name="default_pay_schedule"]').selectedOptions[0].textContent).to.equal(
      'Fortnightly',
    );
    const days = qa<HTMLInputElement>(el, '.day input').map((i) => i.checked);
    expect(days).to.deep.equal([true, true, true, true, true, true, false]);
    expect(qa(el, '[part~="site"]').map((s) => s.querySelector('b')!.textContent)).to.deep.equal([
      'Brisbane pop-up',
      'Melbourne cafés',
      'Sydney roastery and cafés',
    ]);
    expect(q(el, '[part~="site"]').textContent).to.contain('Archived');
    expect(q(el, '[part~="site"] button').textContent!.trim()).to.equal('Restore');
    expect(text(el)).to.not.match(/sample-|psch_|ten_/);
  });

  it('checks before sending: a wrong ABN and no working day stop the save, with the message at the field', async () => {
    const el = await place('payrail-org-setup');
    let saves = 0;
    el.addEventListener('payrail-save', () => saves++);
    await type(el, 'abn', '51 824 753 557');
    for (const box of qa<HTMLInputElement>(el, '.day input').filter((i) => i.checked)) box.click();
    await update(el);
    q<HTMLButtonElement>(el, '[part~="save-button"]').click();
    await update(el);
    expect(text(el)).to.contain('This ABN is not valid');
    expect(text(el)).to.contain('Choose at least one working day');
    expect(input(el, 'abn').getAttribute('aria-invalid')).to.equal('true');
    expect(saves).to.equal(0);
  });

  it('emits payrail-save with only what changed, the whole contact, and the request; sample data is handed over', async () => {
    const el = await place('payrail-org-setup');
    await type(el, 'trading_name', 'Harbour Roasters');
    await type(el, 'payroll_contact.phone', '+61 2 9555 0199');
    qa<HTMLInputElement>(el, '.day input')[5].click();
    await update(el);
    setTimeout(() => q<HTMLButtonElement>(el, '[part~="save-button"]').click());
    const ev = await oneEvent(el, 'payrail-save');
    expect(ev.detail).to.deep.equal({
      form: 'org-setup',
      payload: {
        trading_name: 'Harbour Roasters',
        payroll_contact: { name: 'Olivia Bennett', email: 'payroll@harbourco.example', phone: '+61 2 9555 0199' },
        work_week: ['mon', 'tue', 'wed', 'thu', 'fri'],
      },
      request: { method: 'PATCH', path: '/company' },
      sample: true,
    });
    expect(ev.cancelable && ev.bubbles && ev.composed).to.equal(true);
    await update(el);
    expect(text(el)).to.contain('Passed on to your payroll administrator');
  });

  it('archiving a site and adding one emit their requests', async () => {
    const el = await place('payrail-org-setup');
    setTimeout(() => qa<HTMLButtonElement>(el, '[part~="site"] button')[1].click());
    const archive = await oneEvent(el, 'payrail-save');
    expect(archive.detail.request).to.deep.equal({ method: 'PATCH', path: '/sites/Melbourne' });
    expect(archive.detail.payload).to.deep.equal({ status: 'archived' });
    await type(el, 'site-name', 'Perth kiosk');
    await type(el, 'site-code', 'Perth');
    await type(el, 'site-state', 'WA');
    const add = [...el.shadowRoot!.querySelectorAll('form')][1];
    setTimeout(() => add.requestSubmit());
    const ev = await oneEvent(el, 'payrail-save');
    expect(ev.detail.request).to.deep.equal({ method: 'POST', path: '/sites' });
    expect(ev.detail.payload).to.deep.equal({ name: 'Perth kiosk', code: 'Perth', state: 'WA' });
  });

  it('speaks German for DE with the German employer fields and the Steuernummer shown only by its last digits', async () => {
    const el = await place('payrail-org-setup', 'DE');
    expect(text(el)).to.contain('Arbeitgeberdaten');
    expect(input(el, 'betriebsnummer').value).to.equal('12345671');
    expect(input(el, 'steuernummer').value).to.equal('');
    expect(text(el)).to.contain('…8156');
    expect(q(el, '[name="abn"]')).to.equal(null);
    expect(q<HTMLSelectElement>(el, '[name="lsta_period"]').selectedOptions[0].textContent).to.equal('Monatlich');
    expect(text(el)).to.contain('Standorte');
    expect(qa(el, '.day').map((d) => d.textContent!.trim())[0]).to.match(/^Mo/);
  });

  it('writes itself with its governance reason when the page lets it; the API’s field errors show at their inputs', async () => {
    const sent: { method: string; url: string; reason: string | null; body: unknown }[] = [];
    const realF = window.fetch;
    stubApi((url) => {
      if (url.includes('/me'))
        return { status: 200, body: { data: { components: ['org-setup'], role: 'admin', scope: {} } } };
      if (url.includes('/sites') || url.includes('/pay-schedules')) return { status: 200, body: { data: [] } };
      return { status: 200, body: { data: company } };
    });
    const stubbed = window.fetch;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        const headers = new Headers(init.headers);
        sent.push({
          method: init.method,
          url: String(input),
          reason: headers.get('x-governance-reason'),
          body: JSON.parse(String(init.body)),
        });
        return new Response(
          JSON.stringify({
            error: {
              code: 'pack_validation_failed',
              message: 'Bad ABN',
              status: 422,
              violations: [{ path: 'abn', message: 'The ABN check digits do not match.', rule: 'AU-2026.1/abn' }],
            },
          }),
          { status: 422, headers: { 'content-type': 'application/json' } },
        );
      }
      return stubbed(input, init);
    };
    try {
      const el = await place('payrail-org-setup', 'AU', 1000, `${live} governance-reason="Employer moved offices"`);
      expect(q(el, '[part~="badge"]')).to.equal(null);
      expect(text(el)).to.contain('No sites yet');
      await type(el, 'abn', '53 004 085 616');
      q<HTMLButtonElement>(el, '[part~="save-button"]').click();
      await waitUntil(() => text(el).includes('The ABN check digits do not match.'), 'the field error never showed');
      expect(sent).to.have.length(1);
      expect(sent[0].url).to.equal(`${API}/v1/tenants/ten_stub/company`);
      expect(sent[0].reason).to.equal('Employer moved offices');
      expect(sent[0].body).to.deep.equal({ abn: '53 004 085 616' });
      expect(text(el)).to.contain('The ABN check digits do not match.');
      expect(input(el, 'abn').getAttribute('aria-invalid')).to.equal('true');
    } finally {
      window.fetch = realF;
    }
  });

  it('a cancelled payrail-save writes nothing, even with a reason', async () => {
    let writes = 0;
    stubApi((url) => {
      if (url.includes('/sites') || url.includes('/pay-schedules')) return { status: 200, body: { data: [] } };
      if (url.includes('/me')) return { status: 200, body: { data: { components: ['*'] } } };
      return { status: 200, body: { data: company } };
    });
    const stubbed = window.fetch;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method && init.method !== 'GET') writes++;
      return stubbed(input, init);
    };
    const el = await place('payrail-org-setup', 'AU', 1000, `${live} governance-reason="Rebrand"`);
    el.addEventListener('payrail-save', (e) => e.preventDefault());
    await type(el, 'trading_name', 'New name');
    q<HTMLButtonElement>(el, '[part~="save-button"]').click();
    // "Passed on" is shown once the element has decided not to write: nothing can be sent after it.
    await waitUntil(() => text(el).includes('Passed on'), 'the save was not passed on');
    expect(writes).to.equal(0);
  });

  errorStateSuite('payrail-org-setup');

  for (const country of ['AU', 'DE'])
    it(`fits 390 px and has no axe violations (${country})`, async () => {
      const el = await place('payrail-org-setup', country, 390);
      expect(overflowing(el)).to.equal(false);
      expect(await axeViolations(el)).to.deep.equal([]);
    });

  it('takes its primary colour from --payrail-primary', async () => {
    const el = await place('payrail-org-setup');
    expect(await themed(el, '.btn.primary', 'backgroundColor')).to.equal(THEMED);
  });
});

describe('payrail-cost-centres', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('shows the cost centres as a tree, archived ones marked, and the mapping rules in words', async () => {
    const el = await place('payrail-cost-centres');
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    const top = qa(el, '[part~="section"] > ul > [part~="centre"]').map((li) => li.querySelector('b')!.textContent);
    expect(top).to.deep.equal(['Head office', 'Brisbane pop-up', 'Café operations', 'Roastery']);
    const ops = qa(el, '[part~="centre"]').find((li) => li.querySelector('b')!.textContent === 'Café operations')!;
    expect([...ops.querySelectorAll(':scope ul [part~="centre"] > .row b')].map((b) => b.textContent)).to.deep.equal([
      'Melbourne cafés',
      'Sydney cafés',
    ]);
    const old = qa(el, '[part~="centre"]').find((li) => li.querySelector('b')!.textContent === 'Brisbane pop-up')!;
    expect(old.textContent).to.contain('Archived');
    expect(old.querySelector('button')!.textContent!.trim()).to.equal('Restore');
    expect(qa(el, '[part~="rule"]')[0].textContent).to.contain('Employees with position “Barista” go to Sydney cafés');
    expect(text(el)).to.not.match(/sample-|ccm_/);
  });

  it('archive, restore, add and remove a rule each emit payrail-save with their request', async () => {
    const el = await place('payrail-cost-centres');
    const centre = (name: string) =>
      qa(el, '[part~="centre"]').find((li) => li.querySelector('b')!.textContent === name)!;
    setTimeout(() => centre('Roastery').querySelector('button')!.click());
    let ev = await oneEvent(el, 'payrail-save');
    expect([ev.detail.form, ev.detail.request, ev.detail.payload]).to.deep.equal([
      'cost-centres',
      { method: 'PATCH', path: '/cost-centres/ROAST' },
      { status: 'archived' },
    ]);
    setTimeout(() => centre('Brisbane pop-up').querySelector('button')!.click());
    ev = await oneEvent(el, 'payrail-save');
    expect(ev.detail.payload).to.deep.equal({ status: 'active' });
    setTimeout(() => q<HTMLButtonElement>(el, '[part~="rule"] button').click());
    ev = await oneEvent(el, 'payrail-save');
    expect(ev.detail.request).to.deep.equal({ method: 'DELETE', path: '/cost-centre-mappings/sample-rule-1' });

    const form = [...el.shadowRoot!.querySelectorAll('form')].pop()!;
    form.requestSubmit();
    await update(el);
    expect(input(el, 'attribute').getAttribute('aria-invalid'), 'a rule needs its detail').to.equal('true');
    await pick(el, 'attribute', 'employment.type');
    await pick(el, 'match_value', 'casual');
    const select = q<HTMLSelectElement>(el, '[name="cost_centre_code"]');
    select.value = 'ROAST';
    select.dispatchEvent(new Event('change'));
    await update(el);
    setTimeout(() => form.requestSubmit());
    ev = await oneEvent(el, 'payrail-save');
    expect(ev.detail.request).to.deep.equal({ method: 'POST', path: '/cost-centre-mappings' });
    expect(ev.detail.payload).to.deep.equal({
      source: 'employee',
      attribute: 'employment.type',
      match_value: 'casual',
      cost_centre_code: 'ROAST',
      priority: 100,
    });
    // Archived centres take no new rules.
    expect([...select.options].map((o) => o.value)).to.not.include('OLD');
  });

  it('offers the details a rule can match on, and their values, in words rather than field paths', async () => {
    const el = await place('payrail-cost-centres');
    const choices = (name: string) =>
      [...q<HTMLSelectElement>(el, `select[name="${name}"]`).options].slice(1).map((o) => [o.value, o.text.trim()]);
    expect(choices('attribute')).to.deep.equal([
      ['employment.type', 'Employment type'],
      ['employment.pay_frequency', 'Pay frequency'],
      ['site', 'Site'],
      ['position', 'Position'],
    ]);
    await pick(el, 'attribute', 'employment.type');
    expect(choices('match_value')).to.deep.equal([
      ['full_time', 'Full-time'],
      ['part_time', 'Part-time'],
      ['casual', 'Casual'],
      ['*', 'Any'],
    ]);
    // A site is the employer's own word: typed, not chosen.
    await pick(el, 'attribute', 'site');
    expect(input(el, 'match_value').localName).to.equal('input');
    expect(input(el, 'match_value').value, 'the earlier value no longer applies').to.equal('');
    await pick(el, 'source', 'pay_item');
    expect(choices('attribute').map(([, label]) => label)).to.deep.equal(['Kind of pay', 'Pay item code']);
    expect(input(el, 'attribute').value).to.equal('');

    const de = await place('payrail-cost-centres', 'DE');
    const deChoices = [...q<HTMLSelectElement>(de, 'select[name="attribute"]').options].slice(1).map((o) => o.text);
    expect(deChoices.map((t) => t.trim())).to.deep.equal([
      'Beschäftigungsart',
      'Abrechnungsrhythmus',
      'Standort',
      'Tätigkeit',
    ]);
  });

  it('adding a cost centre checks the code here and emits payrail-save with it in capitals', async () => {
    const el = await place('payrail-cost-centres');
    const form = q<HTMLFormElement>(el, 'form:has([name="cc-code"])');
    await type(el, 'cc-name', 'Roastery, Marrickville');
    await type(el, 'cc-code', 'roast mk');
    form.requestSubmit();
    await update(el);
    expect(input(el, 'cc-code').getAttribute('aria-invalid')).to.equal('true');
    expect(text(el)).to.contain('Letters, digits and dashes, e.g. SYD-STORE');
    await type(el, 'cc-code', 'roast-mk');
    const parent = q<HTMLSelectElement>(el, '[name="cc-parent_code"]');
    expect(
      [...parent.options].map((o) => o.value),
      'archived centres take no new children',
    ).to.not.include('OLD');
    parent.value = 'ROAST';
    parent.dispatchEvent(new Event('change'));
    await update(el);
    setTimeout(() => form.requestSubmit());
    const ev = await oneEvent(el, 'payrail-save');
    expect([ev.detail.form, ev.detail.request, ev.detail.payload]).to.deep.equal([
      'cost-centres',
      { method: 'POST', path: '/cost-centres' },
      { name: 'Roastery, Marrickville', code: 'ROAST-MK', parent_code: 'ROAST' },
    ]);
  });

  it('speaks German for DE', async () => {
    const el = await place('payrail-cost-centres', 'DE');
    expect(text(el)).to.contain('Kostenstellen');
    expect(text(el)).to.contain('Zuordnungsregeln');
    expect(text(el)).to.contain('Engineering Leipzig');
    expect(q(el, '[part~="centre"] button').textContent!.trim()).to.equal('Archivieren');
  });

  it('says so when there are no cost centres', async () => {
    stubApi({ status: 200, body: { data: [] } });
    const el = await place('payrail-cost-centres', 'AU', 1000, live);
    expect(q(el, '[part~="empty"]').textContent).to.contain('No cost centres yet');
  });

  it('a refused write says so in words', async () => {
    stubApi((url) =>
      url.includes('/me')
        ? { status: 200, body: { data: { components: ['cost-centres'] } } }
        : url.includes('mappings')
          ? { status: 200, body: { data: [] } }
          : {
              status: 200,
              body: {
                data: [{ code: 'A', name: 'Alpha', parent_code: null, gl_account: null, site: null, status: 'active' }],
              },
            },
    );
    const stubbed = window.fetch;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PATCH'
        ? new Response(JSON.stringify({ error: { code: 'forbidden', message: 'No', status: 403 } }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          })
        : stubbed(input, init);
    const el = await place('payrail-cost-centres', 'AU', 1000, `${live} governance-reason="Closing Alpha"`);
    q<HTMLButtonElement>(el, '[part~="centre"] button').click();
    await waitUntil(() => root(el).querySelector('[role="alert"]'), 'no alert after the refused write');
    expect(q(el, '[role="alert"]').textContent).to.contain('You don’t have access');
  });

  errorStateSuite('payrail-cost-centres');

  for (const country of ['AU', 'DE'])
    it(`fits 390 px and has no axe violations (${country})`, async () => {
      const el = await place('payrail-cost-centres', country, 390);
      expect(overflowing(el)).to.equal(false);
      expect(await axeViolations(el)).to.deep.equal([]);
    });
});
