// The three leave elements in sample mode and against a stubbed API: what they show, the events they
// emit, German text, 390 px without overflow and no axe-core violations.
import { expect, fixture, html, oneEvent, q, qa, root, settled, text, waitUntil, axeViolations } from './support.js';
import { API, realFetch, stubApi } from './stub-api.js';

const loaded = (el: Element) => !!el.shadowRoot?.firstElementChild && !el.shadowRoot.querySelector('.sk-wrap');

async function place(markup: ReturnType<typeof html>, width = 1000) {
  const wrap = await fixture<HTMLElement>(html`<div style="width: ${width}px">${markup}</div>`);
  const el = wrap.firstElementChild as HTMLElement;
  await settled(el, loaded);
  return el;
}

const overflowing = (el: HTMLElement) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().width > 391;

const set = (input: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input'));
};

describe('payrail-leave-request', () => {
  it('offers the catalogue, counts working days and shows the balance before and after', async () => {
    const el = await place(
      html`<payrail-leave-request country="AU" employee-id="sample-employee-1"></payrail-leave-request>`,
    );
    expect(q(el, '[part~="badge"]').textContent).to.contain('Sample data');
    const options = qa<HTMLOptionElement>(el, 'select option').map((o) => o.textContent);
    expect(options).to.include('Annual leave');
    const [start, end] = qa<HTMLInputElement>(el, 'input[type="date"]');
    set(start, '2026-12-07');
    set(end, '2026-12-11');
    // The figures are the API's quote (here the sample's).
    await waitUntil(() => text(el).includes('5 working days'), 'the quote arrives');
    expect(q<HTMLInputElement>(el, 'input[type="number"]').value).to.equal('38.00');
    const figs = q(el, '[part~="figures"]').textContent!;
    expect(figs).to.contain('Balance now');
    expect(figs).to.contain('Balance after');
  });

  it('refuses to submit without a first day, then emits payrail-save with the request body', async () => {
    const el = await place(
      html`<payrail-leave-request country="AU" employee-id="sample-employee-1"></payrail-leave-request>`,
    );
    q<HTMLButtonElement>(el, '[part~="submit-button"]').click();
    await (el as any).updateComplete;
    expect(q(el, '.msg').textContent).to.contain('Required');
    expect(q(el, 'input[type="date"]').getAttribute('aria-invalid')).to.equal('true');
    const [start, end] = qa<HTMLInputElement>(el, 'input[type="date"]');
    set(start, '2026-12-07');
    set(end, '2026-12-08');
    set(q<HTMLTextAreaElement>(el, 'textarea'), 'Moving house');
    await (el as any).updateComplete;
    setTimeout(() => q<HTMLButtonElement>(el, '[part~="submit-button"]').click());
    const ev = await oneEvent(el, 'payrail-save');
    expect(ev.bubbles && ev.composed && ev.cancelable).to.equal(true);
    expect(ev.detail.form).to.equal('leave-request');
    expect(ev.detail.sample).to.equal(true);
    expect(ev.detail.payload).to.deep.equal({
      employee_id: 'sample-employee-1',
      leave_type: 'annual',
      start_date: '2026-12-07',
      end_date: '2026-12-08',
      quantity: 15.2,
      unit: 'hours',
      reason: 'Moving house',
    });
    await (el as any).updateComplete;
    expect(text(el)).to.contain('Request sent for approval');
  });

  it('the last day before the first is an error; Cancel emits payrail-cancel', async () => {
    const el = await place(html`<payrail-leave-request country="AU"></payrail-leave-request>`);
    const [start, end] = qa<HTMLInputElement>(el, 'input[type="date"]');
    set(start, '2026-12-08');
    set(end, '2026-12-07');
    q<HTMLButtonElement>(el, '[part~="submit-button"]').click();
    await (el as any).updateComplete;
    expect(text(el)).to.contain('cannot be before the first day');
    setTimeout(() => q<HTMLButtonElement>(el, '[part~="cancel-button"]').click());
    const ev = await oneEvent(el, 'payrail-cancel');
    expect(ev.detail.form).to.equal('leave-request');
  });

  it('speaks German on a German payroll, in working days', async () => {
    const el = await place(html`<payrail-leave-request country="DE"></payrail-leave-request>`);
    expect(text(el)).to.contain('Urlaub beantragen');
    expect(qa(el, 'select option').map((o) => o.textContent)).to.include('Erholungsurlaub');
    expect(text(el)).to.contain('Umfang (Tage)');
  });
});

describe('payrail-leave-approvals', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('lists pending requests with their effect on the balance and team overlaps', async () => {
    const el = await place(html`<payrail-leave-approvals country="AU"></payrail-leave-approvals>`);
    const items = qa(el, '[part~="request"]');
    expect(items.length).to.equal(2);
    expect(items[0].textContent).to.contain('Annual leave');
    expect(items[0].textContent).to.contain('5 working days');
    expect(items[0].textContent).to.match(/Balance after/);
    // The sample's approved request of another employee falls in the same week.
    expect(items[0].textContent).to.contain('Also away:');
    expect(text(el)).to.not.match(/sample-|req_|emp_/);
  });

  it('approve and reject emit payrail-leave-decision with the note, then say it was passed on', async () => {
    const el = await place(html`<payrail-leave-approvals country="AU"></payrail-leave-approvals>`);
    const [first, second] = qa(el, '[part~="request"]');
    set(first.querySelector('textarea')!, 'Enjoy the break');
    setTimeout(() => (first.querySelector('[part~="approve-button"]') as HTMLButtonElement).click());
    const ev = await oneEvent(el, 'payrail-leave-decision');
    expect(ev.detail).to.deep.include({ id: 'sample-leave-request-1', action: 'approve', note: 'Enjoy the break' });
    await (el as any).updateComplete;
    expect(first.textContent).to.contain('was passed on');
    setTimeout(() => (second.querySelector('[part~="reject-button"]') as HTMLButtonElement).click());
    const rejected = await oneEvent(el, 'payrail-leave-decision');
    expect(rejected.detail.action).to.equal('reject');
    expect(rejected.detail.note).to.equal(undefined);
  });

  it('with a governance reason it sends the decision itself and, with show-governance, links to its evidence', async () => {
    const request = (id: string, name: string) => ({
      id,
      employee_id: `emp_${id}`,
      employee_name: name,
      leave_type: 'annual',
      start_date: '2026-12-07',
      end_date: '2026-12-11',
      quantity: '38.00',
      unit: 'hours',
      working_days: 5,
      reason: null,
      status: 'pending',
      decision_note: null,
      decided_by: null,
      decided_at: null,
      evidence_id: null,
      created_at: '2026-11-20T00:00:00Z',
      updated_at: '2026-11-20T00:00:00Z',
    });
    const pending = [request('req_a', 'Amy Archer'), request('req_b', 'Ben Baker')];
    const posted: { url: string; reason: string | null; body: unknown }[] = [];
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith(API)) return realFetch(input, init);
      const json = (b: unknown) => new Response(JSON.stringify(b), { headers: { 'content-type': 'application/json' } });
      if (init?.method === 'POST') {
        posted.push({
          url,
          reason: new Headers(init.headers).get('x-governance-reason'),
          body: JSON.parse(String(init.body)),
        });
        // An approval's request names its record; a rejection's only the envelope does.
        return url.endsWith('/approve')
          ? json({
              data: { ...pending[0], status: 'approved', evidence_id: 'cev_approved' },
              evidence_id: 'cev_approved',
            })
          : json({ data: { ...pending[1], status: 'rejected' }, evidence_id: 'cev_rejected' });
      }
      if (url.endsWith('/me'))
        return json({ data: { mode: 'embed', components: ['leave-approvals'], employee_id: null } });
      if (url.includes('/leave/requests?status=pending'))
        return json({ data: pending, has_more: false, next_cursor: null });
      if (url.includes('/leave/requests')) return json({ data: [], has_more: false, next_cursor: null });
      return json({ data: [] });
    };
    const el = await place(
      html`<payrail-leave-approvals
        api-url=${API}
        tenant-id="ten_stub"
        embed-token="tok"
        show-governance
        governance-reason="Approved by team lead"
      ></payrail-leave-approvals>`,
    );
    const [first, second] = qa(el, '[part~="request"]');
    set(first.querySelector('textarea')!, 'Enjoy');
    (first.querySelector('[part~="approve-button"]') as HTMLButtonElement).click();
    (second.querySelector('[part~="reject-button"]') as HTMLButtonElement).click();
    await waitUntil(() => qa(el, '[part~="evidence-link"]').length === 2, 'both decisions link to their evidence');
    expect(posted.map((p) => [p.url.replace(API, ''), p.reason, p.body])).to.deep.equal([
      ['/v1/tenants/ten_stub/leave/requests/req_a/approve', 'Approved by team lead', { note: 'Enjoy' }],
      ['/v1/tenants/ten_stub/leave/requests/req_b/reject', 'Approved by team lead', {}],
    ]);
    expect(first.textContent).to.contain('“Approve” is recorded.');
    expect([first, second].map((i) => i.querySelector('.pill')!.textContent!.trim())).to.deep.equal([
      'Approved',
      'Rejected',
    ]);
    const link = first.querySelector<HTMLButtonElement>('[part~="evidence-link"]')!;
    expect(link.getAttribute('aria-label')).to.equal('Audit record for “Amy Archer”');
    setTimeout(() => link.click());
    expect((await oneEvent(el, 'payrail-view-evidence')).detail).to.deep.equal({
      id: 'cev_approved',
      item: 'leave_request',
    });
    const rejected = second.querySelector<HTMLButtonElement>('[part~="evidence-link"]')!;
    setTimeout(() => rejected.click());
    expect((await oneEvent(el, 'payrail-view-evidence')).detail.id).to.equal('cev_rejected');
    // Without show-governance the decision is recorded all the same, with no link.
    el.removeAttribute('show-governance');
    await (el as any).updateComplete;
    expect(qa(el, '[part~="evidence-link"]')).to.have.length(0);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('a decision the page takes over (cancelled) is not sent by the element and has no link', async () => {
    const el = await place(
      html`<payrail-leave-approvals
        country="AU"
        show-governance
        governance-reason="Team lead"
      ></payrail-leave-approvals>`,
    );
    el.addEventListener('payrail-leave-decision', (e) => e.preventDefault(), { once: true });
    const [first] = qa(el, '[part~="request"]');
    (first.querySelector('[part~="approve-button"]') as HTMLButtonElement).click();
    await (el as any).updateComplete;
    expect(first.textContent).to.contain('was passed on');
    expect(qa(el, '[part~="evidence-link"]')).to.have.length(0);
  });

  it('an empty queue says nothing is waiting', async () => {
    stubApi((url) =>
      url.includes('/leave/requests')
        ? { status: 200, body: { data: [], has_more: false, next_cursor: null } }
        : { status: 200, body: { data: [] } },
    );
    try {
      const el = await place(
        html`<payrail-leave-approvals api-url=${API} tenant-id="ten_stub" embed-token="tok"></payrail-leave-approvals>`,
      );
      expect(q(el, '[part~="empty"]').textContent).to.contain('No requests waiting');
      expect(root(el).querySelector('[part~="badge"]')).to.equal(null);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('speaks German', async () => {
    const el = await place(html`<payrail-leave-approvals country="DE"></payrail-leave-approvals>`);
    expect(text(el)).to.contain('Urlaubsgenehmigungen');
    expect(text(el)).to.contain('Ablehnen');
    expect(text(el)).to.contain('Erholungsurlaub');
  });
});

describe('payrail-leave-management', () => {
  it('shows balances per employee and type, and a month of who is away', async () => {
    const el = await place(html`<payrail-leave-management country="AU"></payrail-leave-management>`);
    const rows = qa(el, '[part~="table"] tbody tr');
    expect(rows.length).to.equal(12);
    expect(rows[0].textContent).to.contain('Annual leave');
    expect(rows[0].textContent).to.match(/\d+\.\d{2} h/);
    expect(q(el, '[part~="calendar"]').textContent).to.contain('Who is away');
  });

  it('the month view moves between months', async () => {
    const el = await place(html`<payrail-leave-management country="AU"></payrail-leave-management>`);
    const title = () => q(el, '[part~="calendar"] h3').textContent;
    const before = title();
    q<HTMLButtonElement>(el, '[part~="calendar"] button[aria-label="Next month"]').click();
    await (el as any).updateComplete;
    expect(title()).to.not.equal(before);
  });

  it('an admin on an Australian payroll submits accrual settings as payrail-save', async () => {
    const el = await place(html`<payrail-leave-management country="AU"></payrail-leave-management>`);
    const form = q<HTMLFormElement>(el, 'form[part~="settings"]');
    (form.querySelector('input[name="leave_loading"]') as HTMLInputElement).checked = true;
    (form.querySelector('select[name="long_service_state"]') as HTMLSelectElement).value = 'NSW';
    setTimeout(() => form.requestSubmit());
    const ev = await oneEvent(el, 'payrail-save');
    expect(ev.detail.form).to.equal('leave-configuration');
    expect(ev.detail.payload).to.deep.equal({
      accrual_method: 'ordinary_hours',
      long_service_state: 'NSW',
      shift_worker: false,
      leave_loading: true,
      allow_negative_balance: false,
    });
  });

  it('a German payroll has no accrual settings and speaks German', async () => {
    const el = await place(html`<payrail-leave-management country="DE"></payrail-leave-management>`);
    expect(root(el).querySelector('[part~="settings"]')).to.equal(null);
    expect(text(el)).to.contain('Guthaben');
    expect(text(el)).to.contain('Erholungsurlaub');
  });
});

describe('leave elements at 390 px and under axe-core', () => {
  for (const country of ['AU', 'DE']) {
    for (const tag of ['payrail-leave-request', 'payrail-leave-approvals', 'payrail-leave-management']) {
      it(`${tag} fits 390 px and has no axe violations (${country})`, async () => {
        const wrap = await fixture<HTMLElement>(html`<div style="width: 390px"></div>`);
        const el = document.createElement(tag);
        el.setAttribute('country', country);
        wrap.append(el);
        await settled(el, loaded);
        await waitUntil(() => !root(el).textContent?.includes('Loading'), 'still loading');
        expect(overflowing(el), `${tag} overflows`).to.equal(false);
        expect(await axeViolations(el)).to.deep.equal([]);
      });
    }
  }
});
