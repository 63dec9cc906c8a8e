// What becomes of a leave request and a decision: the balance the API says cannot cover one (said in words,
// the request not sent), the types the API offers the employee (a casual has no paid annual leave), and a write
// the page takes over and hands back with `waitUntil` — recorded, or refused with the reason shown and the
// request still there to change or decide again. Never "passed on" after a failure.
import { expect, fixture, html, needLive, oneEvent, q, qa, text, waitUntil, axeViolations } from './support.js';
import { API, realFetch } from './stub-api.js';

const loaded = (el: Element) => !!el.shadowRoot?.firstElementChild && !el.shadowRoot.querySelector('.sk-wrap');

async function place(markup: ReturnType<typeof html>, width = 1000) {
  const wrap = await fixture<HTMLElement>(html`<div style="width: ${width}px">${markup}</div>`);
  const el = wrap.firstElementChild as HTMLElement;
  await waitUntil(() => loaded(el), 'the element shows its data');
  return el;
}

const set = (input: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input'));
};
const json = (b: unknown, status = 200) =>
  new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });

describe('payrail-leave-request: the balance and the host’s answer', () => {
  it('a request the balance cannot cover is said in words and not sent', async () => {
    const el = await place(
      html`<payrail-leave-request country="AU" employee-id="sample-employee-1"></payrail-leave-request>`,
    );
    const [start] = qa<HTMLInputElement>(el, 'input[type="date"]');
    set(start, '2026-12-07');
    set(q<HTMLInputElement>(el, 'input[type="number"]'), '200');
    await waitUntil(() => q(el, '[part~="over-balance"]'), 'the quote says the balance is short');
    expect(q(el, '[part~="over-balance"]').textContent!.trim()).to.equal(
      'The balance cannot cover this: 200.00 h asked for, 114.00 h available.',
    );
    expect(q(el, '[part~="figures"] .neg').textContent).to.contain('-86.00 h');
    let sent = false;
    el.addEventListener('payrail-save', () => (sent = true));
    q<HTMLButtonElement>(el, '[part~="submit-button"]').click();
    await new Promise((r) => requestAnimationFrame(r));
    await (el as any).updateComplete;
    expect(sent).to.equal(false);
    expect(text(el)).to.not.contain('Request sent');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('a host that hands back a refusal has its reason shown and the request kept; a later success is sent', async () => {
    const el = await place(
      html`<payrail-leave-request country="AU" employee-id="sample-employee-1"></payrail-leave-request>`,
    );
    set(qa<HTMLInputElement>(el, 'input[type="date"]')[0]!, '2026-12-07');
    set(q<HTMLTextAreaElement>(el, 'textarea'), 'Moving house');
    await waitUntil(() => text(el).includes('1 working day'), 'the quote arrives');
    const refusal = { error: { code: 'leave_overlap', message: 'The dates overlap an approved leave request.' } };
    el.addEventListener(
      'payrail-save',
      (e) => {
        e.preventDefault();
        e.detail.waitUntil!(Promise.reject(refusal));
      },
      { once: true },
    );
    q<HTMLButtonElement>(el, '[part~="submit-button"]').click();
    await waitUntil(() => q(el, '[part~="refused"]'), 'the refusal is shown');
    expect(q(el, '[part~="refused"]').textContent).to.equal('The dates overlap an approved leave request.');
    expect(q(el, '[part~="refused"]').getAttribute('role')).to.equal('alert');
    expect(text(el)).to.not.match(/Request sent|passed on|leave_overlap/);
    // The request is still there as typed, to change and send again.
    expect(q<HTMLTextAreaElement>(el, 'textarea').value).to.equal('Moving house');
    el.addEventListener('payrail-save', (e) => {
      e.preventDefault();
      e.detail.waitUntil!(Promise.resolve({ data: { id: 'req_1', status: 'pending' } }));
    });
    q<HTMLButtonElement>(el, '[part~="submit-button"]').click();
    await waitUntil(() => text(el).includes('Request sent for approval'), 'sent');
  });

  it('offers only the types the API offers the employee: a casual has no annual or personal leave', async function () {
    const l = await needLive(this);
    const headers = { authorization: `Bearer ${l.tokens.au}` };
    const found = await (await fetch(`${l.url}/v1/tenants/${l.tenants.au}/employees?q=Lucas`, { headers })).json();
    const lucas = found.data.find((e: any) => e.last_name === 'Santos').id as string;
    const el = await place(
      html`<payrail-leave-request
        api-url=${l.url}
        tenant-id=${l.tenants.au}
        employee-id=${lucas}
        .embedToken=${l.tokens.au}
      ></payrail-leave-request>`,
    );
    const options = qa<HTMLOptionElement>(el, 'select option').map((o) => o.textContent);
    expect(options).to.not.include('Annual leave');
    expect(options).to.not.include("Personal/carer's leave");
    expect(options).to.include("Unpaid carer's leave");
    expect(options).to.include('Unpaid compassionate leave');
  });
});

describe('payrail-leave-approvals: a decision refused', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  const pending = {
    id: 'req_a',
    employee_id: 'emp_a',
    employee_name: 'Amy Archer',
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
    balance: {
      leave_type: 'annual',
      unit: 'hours',
      requested: '38.00',
      available: '7.60',
      after: '-30.40',
      covered: false,
      message: '38.00 hours of Annual leave exceed the available balance of 7.60 hours.',
    },
    created_at: '2026-11-20T00:00:00Z',
    updated_at: '2026-11-20T00:00:00Z',
  };
  const refusal = {
    error: {
      code: 'pack_validation_failed',
      status: 422,
      message: '38.00 hours of Annual leave exceed the available balance of 7.60 hours.',
    },
  };

  function stub(approve: () => Response) {
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith(API)) return realFetch(input, init);
      if (init?.method === 'POST') return approve();
      if (url.endsWith('/me'))
        return json({ data: { mode: 'embed', components: ['leave-approvals'], employee_id: null } });
      if (url.includes('/leave/requests?status=pending'))
        return json({ data: [pending], has_more: false, next_cursor: null });
      if (url.includes('/leave/requests')) return json({ data: [], has_more: false, next_cursor: null });
      return json({ data: [] });
    };
  }

  it('the API’s balance figures show, and where it cannot cover the request it says so in words', async () => {
    stub(() => json(refusal, 422));
    const el = await place(
      html`<payrail-leave-approvals api-url=${API} tenant-id="ten_stub" embed-token="tok"></payrail-leave-approvals>`,
    );
    const item = qa(el, '[part~="request"]')[0]!;
    expect(item.querySelector('[part~="figures"]')!.textContent).to.contain('7.60 h');
    expect(item.querySelector('.neg')!.textContent).to.contain('-30.40 h');
    expect(item.querySelector('[part~="over-balance"]')!.textContent!.trim()).to.equal(
      'The balance cannot cover this: 38.00 h asked for, 7.60 h available.',
    );
  });

  it('a refusal the element meets itself shows the API’s reason and keeps the request pending with both buttons', async () => {
    stub(() => json(refusal, 422));
    const el = await place(
      html`<payrail-leave-approvals
        api-url=${API}
        tenant-id="ten_stub"
        embed-token="tok"
        governance-reason="Approved by team lead"
      ></payrail-leave-approvals>`,
    );
    const item = qa(el, '[part~="request"]')[0]!;
    (item.querySelector('[part~="approve-button"]') as HTMLButtonElement).click();
    await waitUntil(() => item.querySelector('.refused'), 'the refusal is shown');
    expect(item.querySelector('.refused')!.textContent).to.equal(refusal.error.message);
    expect(item.querySelector('[part~="approve-button"]')!.getAttribute('aria-disabled')).to.equal('false');
    expect(item.querySelector('[part~="reject-button"]')!.getAttribute('aria-disabled')).to.equal('false');
    expect(item.querySelector('.pill')!.textContent!.trim()).to.equal('Pending');
    expect(text(el)).to.not.match(/passed on|pack_validation_failed|422/);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('a host that takes the decision over and hands back a refusal has it shown; a rejection it hands back is recorded', async () => {
    stub(() => json({ data: {} }));
    const el = await place(
      html`<payrail-leave-approvals api-url=${API} tenant-id="ten_stub" embed-token="tok"></payrail-leave-approvals>`,
    );
    const item = qa(el, '[part~="request"]')[0]!;
    el.addEventListener(
      'payrail-leave-decision',
      (e) => {
        e.preventDefault();
        e.detail.waitUntil!(Promise.reject(refusal));
      },
      { once: true },
    );
    (item.querySelector('[part~="approve-button"]') as HTMLButtonElement).click();
    await waitUntil(() => item.querySelector('.refused'), 'the refusal is shown');
    expect(item.querySelector('.refused')!.textContent).to.equal(refusal.error.message);
    expect(item.querySelector('[part~="approve-button"]')).to.not.equal(null);
    expect(text(el)).to.not.contain('passed on');
    // The approver declines it instead: the host's answer records the decision.
    el.addEventListener('payrail-leave-decision', (e) => {
      e.preventDefault();
      e.detail.waitUntil!(Promise.resolve({ data: { ...pending, status: 'rejected' }, evidence_id: 'cev_rejected' }));
    });
    setTimeout(() => (item.querySelector('[part~="reject-button"]') as HTMLButtonElement).click());
    const ev = await oneEvent(el, 'payrail-leave-decision');
    expect(ev.detail.action).to.equal('reject');
    await waitUntil(() => item.textContent!.includes('“Reject” is recorded.'), 'recorded');
    expect(item.querySelector('.pill')!.textContent!.trim()).to.equal('Rejected');
  });
});
