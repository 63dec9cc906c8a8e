// The one save protocol every writing element shares (components/internal/save-controller.ts), seen through
// real elements against the recording stub: what the page takes is never written, a refusal lands on its
// field, a write the element makes reads afresh, and one write at a time.
import { expect, mount, oneEvent, q, settled, text, waitUntil } from './support.js';
import { API, realFetch } from './stub-api.js';
import { choose, errorOf, fill, formSuite, input, save, stub, type Sent } from './form-stub.js';

const { live } = formSuite('payrail-bank-details');
const AU_OK = { bank_bsb: '062-000', bank_account_number: '12345678', bank_account_name: 'Ann Lee' };
const REASON = { 'governance-reason': 'New starter bank details' };
const SETTINGS = `${API}/v1/tenants/ten_stub/employees/emp_stub/bank-accounts`;

const writes = (sent: Sent[]) => sent.filter((s) => s.method !== 'GET' && !s.url.endsWith('/validate'));
const reads = (sent: Sent[]) => sent.filter((s) => s.method === 'GET' && s.url === SETTINGS);

/** Holds every write until `release`, so what the element shows while one is under way can be seen. */
function holdWrites(): { release: () => void } {
  const inner = window.fetch;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method && init.method !== 'GET' && !String(input).endsWith('/validate')) await held;
    return inner(input, init);
  };
  return { release };
}

describe('save controller', () => {
  it('a save the page cancels writes nothing and asks nothing of the allowlist', async () => {
    const sent = stub({ components: ['*'] });
    const el = await live(REASON);
    await fill(el, AU_OK);
    el.addEventListener('payrail-save', (e) => e.preventDefault(), { once: true });
    setTimeout(() => save(el));
    const ev = await oneEvent(el, 'payrail-save');
    expect(ev.defaultPrevented).to.equal(true);
    await waitUntil(() => text(el).includes('Passed on'), 'the save is said to be passed on');
    expect(writes(sent)).to.deep.equal([]);
    expect(sent.some((s) => s.url.endsWith('/me'))).to.equal(false);
  });

  it('a 422 lands on the field its path names; a path no input shows is said for the whole form', async () => {
    stub({
      components: ['*'],
      write: {
        status: 422,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Validation failed',
            status: 422,
            errors: [
              { path: 'bank_account_name', message: 'Use the name the bank holds' },
              { path: 'bank_account_name', message: 'A second rule on the same field' },
              { path: 'employee_id', message: 'The employee has left' },
            ],
          },
        },
      },
    });
    const el = await live(REASON);
    await fill(el, AU_OK);
    save(el);
    await waitUntil(() => errorOf(el, 'bank_account_name') !== '', 'the refusal is shown against its field');
    expect(errorOf(el, 'bank_account_name')).to.equal('Use the name the bank holds');
    expect(input(el, 'bank_account_name').getAttribute('aria-invalid')).to.equal('true');
    expect(q(el, '[role="alert"]').textContent).to.contain('The employee has left');
    expect(q(el, '[part~="save-button"]').getAttribute('aria-disabled')).to.equal('false');
  });

  it('a write the element makes resets the cache and reads the settings again', async () => {
    const sent = stub({
      components: ['bank-details'],
      afterWrite: { attested: true, bsb: '062-000', account_last3: '678' },
    });
    const el = await live(REASON);
    expect(reads(sent)).to.have.length(1);
    await fill(el, AU_OK);
    save(el);
    await waitUntil(() => text(el).includes('Saved.'), 'the write is said to be saved');
    const write = writes(sent).at(-1)!;
    expect([write.method, write.url, write.reason]).to.deep.equal(['PATCH', SETTINGS, REASON['governance-reason']]);
    await waitUntil(() => reads(sent).length === 2, 'the settings are read again, not from the cache');
    await waitUntil(() => q(el, '[part~="on-file"]').textContent!.includes('•••• 678'));
  });

  it('is busy while a write is under way: the save is disabled and a second press sends nothing', async () => {
    const sent = stub({ components: ['*'] });
    const el = await live(REASON);
    await fill(el, AU_OK);
    const { release } = holdWrites();
    save(el);
    await waitUntil(() => q(el, '[part~="save-button"]').getAttribute('aria-disabled') === 'true', 'busy is shown');
    expect(text(el)).to.contain('Checking');
    save(el);
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    release();
    await waitUntil(() => text(el).includes('Saved.'), 'the write ends');
    expect(writes(sent)).to.have.length(1);
    expect(q(el, '[part~="save-button"]').getAttribute('aria-disabled')).to.equal('false');
  });

  it('an element without a busy mark of its own still sends one write at a time (pay items)', async () => {
    const posts: unknown[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const json = (status: number, b: unknown) =>
      new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });
    const item = { code: 'TD', name: 'Tool allowance', kind: 'allowance', source: 'pack', base_code: null };
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith(API)) return realFetch(input, init);
      if (url.endsWith('/me')) return json(200, { data: { mode: 'embed', components: ['*'], employee_id: null } });
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        await held;
        return json(201, { data: {}, evidence_id: 'cev_1' });
      }
      const items = [{ ...item, status: 'active', taxable: true, wage_type: null, contributory: null, ote: false }];
      return json(200, { data: items.map((i) => ({ ...i, entry_types: ['allowance'], stp: null })), has_more: false });
    };
    const el = await settled(
      await mount<HTMLElement>('payrail-pay-item-library', {
        'api-url': API,
        'tenant-id': 'ten_stub',
        'embed-token': 'tok',
        'governance-reason': 'Tidy the pay items',
      }),
    );
    q<HTMLButtonElement>(el, '[part~="header"] button').click();
    await waitUntil(() => q(el, 'form.edit'), 'the form opens');
    await fill(el, { code: 'TOOLS', name: 'Tools' });
    await choose(el, 'base_code', 'TD');
    const saves: unknown[] = [];
    el.addEventListener('payrail-save', (e) => saves.push(e.detail));
    save(el);
    save(el);
    await waitUntil(() => posts.length === 1, 'the write is sent');
    release();
    await waitUntil(() => !q(el, 'form.edit'), 'the form closes once written');
    expect(saves).to.have.length(1);
    expect(posts).to.deep.equal([{ code: 'TOOLS', name: 'Tools', base_code: 'TD' }]);
    expect(text(el)).to.contain('Saved');
  });
});
