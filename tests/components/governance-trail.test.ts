// <payrail-governance-trail>: the sample chain in a payroll officer's words, filters and "Load more", a
// record's detail with its fingerprints and chain link, "Verify chain" as a request with the host's answer
// shown, the live API's filters and cursor, German, 390 px and axe-core; and `show-governance` on the
// elements whose records carry an evidence record.
import { sampleApi } from '../../components/internal/sample/api.js';
import type { ChainVerification } from '../../components/client/models.js';
import {
  axeViolations,
  errorStateSuite,
  expect,
  fixture,
  html,
  needLive,
  oneEvent,
  q,
  qa,
  settled,
  text,
  waitUntil,
} from './support.js';
import { API, realFetch, seen, stubApi } from './stub-api.js';

type Trail = HTMLElement & {
  updateComplete: Promise<unknown>;
  verification?: ChainVerification | null;
  evidenceId?: string;
  action?: string;
};

const loaded = (el: Element) =>
  !!el.shadowRoot?.firstElementChild &&
  !el.shadowRoot.querySelector('.sk-wrap') &&
  !el.shadowRoot.querySelector('.foot [aria-disabled="true"]');

async function place(country = 'AU', width = 1000, attrs = '', tag = 'payrail-governance-trail') {
  const wrap = await fixture<HTMLElement>(html`<div style="width: ${width}px"></div>`);
  wrap.innerHTML = `<${tag} country="${country}" ${attrs}></${tag}>`;
  const el = wrap.firstElementChild as Trail;
  await settled(el, loaded);
  return el;
}

const rows = (el: Element) => qa(el, 'tbody tr');
const overflowing = (el: HTMLElement) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().width > 391;
const chain = async (country: 'AU' | 'DE' = 'AU') => (await sampleApi(country).load()).evidence;
const select = async (el: Trail, value: string) => {
  const s = q<HTMLSelectElement>(el, '[part~="filters"] select');
  s.value = value;
  s.dispatchEvent(new Event('change'));
  await settled(el, loaded);
};
const input = async (el: Trail, i: number, value: string) => {
  const f = qa<HTMLInputElement>(el, '[part~="filters"] input')[i];
  f.value = value;
  f.dispatchEvent(new Event('change'));
  await settled(el, loaded);
};

describe('payrail-governance-trail', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('lists the sample chain newest first in words a payroll officer reads, 20 at a time', async () => {
    const el = await place();
    const all = await chain();
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    expect(q(el, 'h2').textContent).to.equal('Audit trail');
    expect(rows(el)).to.have.length(20);
    expect(rows(el).map((r) => r.dataset.id)).to.deep.equal(all.slice(0, 20).map((r) => r.id));
    const head = qa(el, 'thead th').map((t) => t.textContent!.trim());
    expect(head).to.deep.equal(['What happened', 'When', 'Changed by', 'Reason']);
    expect(text(el)).to.contain('Pay run finalised');
    expect(text(el)).to.contain('Totals agreed with finance');
    // Each row has its date and time.
    const when = rows(el)[0].querySelector('time')!;
    expect(when.getAttribute('datetime')).to.equal(all[0].created_at);
    expect(when.textContent).to.match(/\d{1,2}:\d{2}/);
    // No raw ids on screen: records are named by what happened, people by name.
    expect(q(el, 'table').textContent).to.not.match(/sample-|cev_|emp_|pr_/);
  });

  it('"Load more" appends the next page and keeps the rows on screen', async () => {
    const el = await place();
    const all = await chain();
    (q(el, '[part~="load-more-button"]') as HTMLButtonElement).click();
    await waitUntil(() => rows(el).length === 40, 'the second page did not arrive');
    expect(rows(el).map((r) => r.dataset.id)).to.deep.equal(all.slice(0, 40).map((r) => r.id));
  });

  it('filters by what happened, dates, record and person; says when nothing matches', async () => {
    const el = await place();
    const all = await chain();
    await select(el, 'pay_run.approved');
    const approved = all.filter((r) => r.action === 'pay_run.approved');
    expect(rows(el).map((r) => r.dataset.id)).to.deep.equal(approved.map((r) => r.id));
    expect(rows(el).every((r) => r.textContent!.includes('Pay run approved'))).to.equal(true);

    const day = approved[1].created_at.slice(0, 10);
    await input(el, 2, day);
    await input(el, 3, day);
    expect(rows(el).map((r) => r.dataset.id)).to.deep.equal([approved[1].id]);

    await input(el, 2, '');
    await input(el, 3, '');
    await select(el, '');
    await input(el, 0, approved[0].resource);
    expect(rows(el).length).to.equal(all.filter((r) => r.resource === approved[0].resource).length);
    await input(el, 0, '');
    await input(el, 1, 'nobody');
    expect(q(el, '[part~="empty"]').textContent).to.contain('No records match these filters');
  });

  it('opens a record: reason, who, fingerprints and the link to the record before; back returns to the row', async () => {
    const el = await place();
    const all = await chain();
    const r = all[2];
    (rows(el)[2].querySelector('.link') as HTMLButtonElement).click();
    await settled(el, loaded);
    const d = q(el, '[part~="detail"]');
    expect(d.dataset.id).to.equal(r.id);
    const t = d.textContent!.replace(/\s+/g, ' ');
    for (const s of [
      'Reason',
      'Changed by',
      'Record fingerprint',
      'Previous record’s fingerprint',
      'Request fingerprint',
    ])
      expect(t).to.contain(s);
    expect(t).to.contain(r.chain.hash);
    expect(t).to.contain(r.request_hash);
    expect(t).to.contain(r.response_hash);
    // The chain link: this record names the fingerprint of the one before it.
    expect(r.chain.prev_hash).to.equal(all[3].chain.hash);
    expect(t).to.contain(all[3].chain.hash);
    expect(el.shadowRoot!.activeElement?.textContent).to.contain('Back to the trail');

    (q(el, '.detail > .link') as HTMLButtonElement).click();
    await settled(el, loaded);
    expect(rows(el)).to.have.length(20);
    expect(el.shadowRoot!.activeElement?.closest('tr')?.dataset.id).to.equal(r.id);
  });

  it('"Show only these" narrows the trail to the record\'s person', async () => {
    const el = await place();
    const all = await chain();
    el.evidenceId = all[0].id;
    await settled(el, loaded);
    (qa(el, '[part~="detail"] dd .link')[0] as HTMLButtonElement).click();
    await settled(el, loaded);
    const mine = all.filter((r) => r.actor.user_id === all[0].actor.user_id);
    expect(rows(el).length).to.equal(Math.min(20, mine.length));
    expect(qa<HTMLInputElement>(el, '[part~="filters"] input')[1].value).to.equal(all[0].actor.user_id);
  });

  it('opens at the record named by evidence-id', async () => {
    const all = await chain();
    const entry = all.find((r) => r.action === 'pay_run_entry.committed')!;
    const el = await place('AU', 1000, `evidence-id="${entry.id}"`);
    expect(q(el, '[part~="detail"]').dataset.id).to.equal(entry.id);
    expect(q(el, '[part~="detail"] h3').textContent).to.equal('Pay run entry committed');
  });

  it('"Verify chain" asks the host, then shows the result it is given: intact or broken, with counts', async () => {
    const trail = [(await chain())[0]];
    stubApi({ status: 200, body: { data: trail, has_more: false, next_cursor: null } });
    const el = await place('AU', 1000, `api-url="${API}" tenant-id="ten_stub" embed-token="tok"`);
    setTimeout(() => (q(el, '[part~="verify-button"]') as HTMLButtonElement).click());
    const ev = await oneEvent(document, 'payrail-verify-request');
    expect(ev.detail).to.deep.equal({});
    expect(ev.bubbles && ev.composed).to.equal(true);
    await el.updateComplete;
    expect(q(el, '[part~="verification"]').textContent).to.contain('Checking the chain');

    el.verification = { valid: true, records_checked: 1284, head_hash: 'a'.repeat(64) };
    await el.updateComplete;
    const ok = q(el, '[part~="verification"]');
    expect(ok.dataset.valid).to.equal('true');
    expect(ok.textContent!.replace(/\s+/g, ' ')).to.contain('Chain intact. 1,284 records checked');

    el.verification = {
      valid: false,
      records_checked: 57,
      head_hash: 'b'.repeat(64),
      first_invalid: { id: 'cev_broken', seq: 57, reason: 'hash_mismatch' },
    };
    await el.updateComplete;
    const bad = q(el, '[part~="verification"]');
    expect(bad.dataset.valid).to.equal('false');
    expect(bad.textContent!.replace(/\s+/g, ' ')).to.contain(
      'Chain broken. 57 records checked · Record 57 was changed',
    );
    expect(bad.getAttribute('role')).to.equal('status');
  });

  it('in sample mode the request carries sample: true and the sample chain shows as checked', async () => {
    const el = await place();
    setTimeout(() => (q(el, '[part~="verify-button"]') as HTMLButtonElement).click());
    const ev = await oneEvent(document, 'payrail-verify-request');
    expect(ev.detail).to.deep.equal({ sample: true });
    await el.updateComplete;
    const n = (await chain()).length;
    expect(q(el, '[part~="verification"]').textContent!.replace(/\s+/g, ' ')).to.contain(
      `Chain intact. ${n} records checked`,
    );
  });

  it('reads the live API with its filters and cursor', async () => {
    const all = (await chain()).slice(0, 3);
    stubApi((url) =>
      url.includes('cursor=')
        ? { status: 200, body: { data: [all[2]], has_more: false, next_cursor: null } }
        : { status: 200, body: { data: all.slice(0, 2), has_more: true, next_cursor: 'c2' } },
    );
    const el = await place('AU', 1000, `api-url="${API}" tenant-id="ten_stub" embed-token="tok" page-size="2"`);
    expect(q(el, '[part~="badge"]')).to.equal(null);
    // Changes only: the read receipts are left out until "Show reads" is ticked.
    expect(seen.at(-1)).to.equal(`${API}/v1/tenants/ten_stub/governance/audit-trail?reads=exclude&limit=2`);
    (q(el, '[part~="load-more-button"]') as HTMLButtonElement).click();
    await waitUntil(() => rows(el).length === 3);
    expect(seen.at(-1)).to.contain('cursor=c2');
    await select(el, 'employee.created');
    await input(el, 2, '2026-01-01');
    await input(el, 1, 'usr_host_priya');
    const u = new URL(seen.at(-1)!);
    expect(Object.fromEntries(u.searchParams)).to.deep.equal({
      action: 'employee.created',
      actor: 'usr_host_priya',
      from: '2026-01-01',
      reads: 'exclude',
      limit: '2',
    });
    const reads = q(el, '#show-reads') as HTMLInputElement;
    reads.click();
    await waitUntil(() => !seen.at(-1)!.includes('reads='));
    expect(new URL(seen.at(-1)!).searchParams.get('action')).to.equal('employee.created');
  });

  it('reads the real API: the tenant chain as an embed token may see it, and a record of it', async function () {
    const l = await needLive(this);
    const el = await place(
      'AU',
      1000,
      `api-url="${l.url}" tenant-id="${l.tenants.au}" embed-token="${l.tokens.au}" page-size="5"`,
    );
    expect(rows(el).length).to.be.greaterThan(0);
    (rows(el)[0].querySelector('.link') as HTMLButtonElement).click();
    await settled(el, loaded);
    expect(q(el, '[part~="detail"]').textContent).to.contain('Record fingerprint');
    expect(q(el, '[part~="detail"] dd.mono').textContent!.trim()).to.match(/^[0-9a-f]{64}$/);
  });

  it('speaks German for DE', async () => {
    const el = await place('DE');
    expect(q(el, 'h2').textContent).to.equal('Prüfpfad');
    expect(text(el)).to.contain('Lohnlauf abgeschlossen');
    expect(text(el)).to.contain('Geändert von');
    expect(q(el, '[part~="verify-button"]').textContent!.trim()).to.equal('Kette prüfen');
    expect(text(el)).to.contain('Stunden mit dem Dienstplan abgeglichen');
  });

  it('says so when the chain has no records yet', async () => {
    stubApi({ status: 200, body: { data: [], has_more: false, next_cursor: null } });
    const el = await place('AU', 1000, `api-url="${API}" tenant-id="ten_stub" embed-token="tok"`);
    expect(q(el, '[part~="empty"]').textContent).to.contain('No records yet');
  });

  it('a record the caller may not see is "not found", not an error', async () => {
    stubApi({
      status: 404,
      body: { error: { code: 'not_found', message: 'Evidence record not found.', status: 404 } },
    });
    const el = await place('AU', 1000, `api-url="${API}" tenant-id="ten_stub" embed-token="tok" evidence-id="cev_x"`);
    expect(q(el, '[part~="error"]').dataset.kind).to.equal('notFound');
  });

  errorStateSuite('payrail-governance-trail');

  for (const country of ['AU', 'DE'])
    it(`fits 390 px and has no axe violations (${country}), the list and a record`, async () => {
      const el = await place(country, 390);
      (q(el, '[part~="verify-button"]') as HTMLButtonElement).click();
      await el.updateComplete;
      expect(overflowing(el)).to.equal(false);
      expect(await axeViolations(el)).to.deep.equal([]);
      (rows(el)[0].querySelector('.link') as HTMLButtonElement).click();
      await settled(el, loaded);
      expect(overflowing(el)).to.equal(false);
      expect(await axeViolations(el)).to.deep.equal([]);
    });
});

describe('show-governance', () => {
  const links = (el: Element) => qa<HTMLButtonElement>(el, '[part~="evidence-link"]');

  it('pay-run-detail: each entry links to its evidence record, only with the attribute', async () => {
    const without = await place('AU', 1000, '', 'payrail-pay-run-detail');
    expect(links(without)).to.have.length(0);
    const el = await place('AU', 1000, 'show-governance', 'payrail-pay-run-detail');
    const entries = (await sampleApi('AU').load()).entries['sample-pay-run-1'];
    expect(links(el)).to.have.length(entries.length);
    expect(links(el)[0].getAttribute('aria-label')).to.equal(`Audit record for “${entries[0].employee_name}”`);
    let opened = 0;
    el.addEventListener('payrail-view-employee', () => opened++);
    setTimeout(() => links(el)[0].click());
    const ev = await oneEvent(document, 'payrail-view-evidence');
    expect(ev.detail).to.deep.equal({ id: entries[0].evidence_id, item: 'entry', sample: true });
    expect(opened, 'the link does not open the employee').to.equal(0);
    // The record it names is in the trail.
    const trail = await place('AU', 1000, `evidence-id="${ev.detail.id}"`);
    expect(q(trail, '[part~="detail"]').dataset.id).to.equal(ev.detail.id);
  });

  it('payrun-exceptions: an acknowledgement links to its evidence record', async () => {
    const without = await place('AU', 1000, '', 'payrail-payrun-exceptions');
    expect(links(without)).to.have.length(0);
    const el = await place('AU', 1000, 'show-governance', 'payrail-payrun-exceptions');
    expect(links(el)).to.have.length(1);
    setTimeout(() => links(el)[0].click());
    const ev = await oneEvent(document, 'payrail-view-evidence');
    expect(ev.detail.item).to.equal('exception');
    const record = (await chain()).find((r) => r.id === ev.detail.id)!;
    expect(record.action).to.equal('pay_run.exception_acknowledged');
  });

  it('employee-detail: the employee links to the record of their last change', async () => {
    const employee = (await sampleApi('AU').load()).employees[3];
    const without = await place('AU', 1000, `employee-id="${employee.id}"`, 'payrail-employee-detail');
    expect(links(without)).to.have.length(0);
    const el = await place('AU', 1000, `employee-id="${employee.id}" show-governance`, 'payrail-employee-detail');
    expect(links(el)).to.have.length(1);
    setTimeout(() => links(el)[0].click());
    const ev = await oneEvent(document, 'payrail-view-evidence');
    expect(ev.detail.item).to.equal('employee');
    const record = (await chain()).find((r) => r.id === ev.detail.id)!;
    expect(record.resource).to.equal(employee.id);
    expect(record.action).to.equal('employee.created');
  });

  it('records without an evidence record show no link (a live exception not yet acknowledged)', async () => {
    const run = { ...(await sampleApi('AU').load()).runs[0], id: 'pr_stub' };
    const x = (await sampleApi('AU').load()).exceptions['sample-pay-run-1'][1];
    stubApi((url) =>
      url.includes('/exceptions')
        ? { status: 200, body: { data: [{ ...x, evidence_id: null }] } }
        : { status: 200, body: { data: run } },
    );
    const el = await place(
      'AU',
      1000,
      `api-url="${API}" tenant-id="ten_stub" embed-token="tok" pay-run-id="pr_stub" show-governance`,
      'payrail-payrun-exceptions',
    );
    expect(links(el)).to.have.length(0);
  });

  for (const tag of ['payrail-pay-run-detail', 'payrail-payrun-exceptions'])
    it(`${tag} with show-governance fits 390 px with no axe violations`, async () => {
      const el = await place('AU', 390, 'show-governance', tag);
      expect(links(el).length).to.be.greaterThan(0);
      expect(overflowing(el)).to.equal(false);
      expect(await axeViolations(el)).to.deep.equal([]);
    });
});
