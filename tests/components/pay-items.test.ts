// The pay-item library and the pay-run entry editor, in sample mode and against a stubbed API: items grouped
// by kind with their treatment in an officer's words (AU super, tax and STP category; DE Lohnart), the form
// that adds the employer's own item (checked, a cancelable payrail-save, a governed write only with a reason
// and the allowlist), the entry editor's recalculation before saving and its save, read-only when the run
// cannot be adjusted, the shifts it takes as timesheet rows, German text, 390 px without overflow, and no
// axe-core violations.
import { expect, fixture, html, oneEvent, q, qa, settled, text, waitUntil, axeViolations } from './support.js';
import { API, realFetch } from './stub-api.js';

const loaded = (el: Element) => !!el.shadowRoot?.firstElementChild && !el.shadowRoot.querySelector('.sk-wrap');
async function place(markup: ReturnType<typeof html>, width = 1000) {
  const wrap = await fixture<HTMLElement>(html`<div style="width: ${width}px">${markup}</div>`);
  const el = wrap.firstElementChild as HTMLElement;
  await settled(el, loaded);
  return el;
}
const upd = (el: HTMLElement) => (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;

const ITEM = {
  source: 'pack',
  base_code: null,
  status: 'active',
  taxable: true,
  wage_type: null,
  contributory: null,
};
const ITEMS = [
  {
    ...ITEM,
    code: 'ORDINARY',
    name: 'Ordinary hours',
    kind: 'earning',
    entry_types: ['ordinary_hours'],
    ote: true,
    super_liable: true,
    stp: { category: 'gross', type: null, subtype: null },
  },
  {
    ...ITEM,
    code: 'TD',
    name: 'Tool allowance',
    kind: 'allowance',
    entry_types: ['allowance'],
    ote: false,
    super_liable: false,
    stp: { category: 'allowance', type: 'TD', subtype: null },
  },
  {
    ...ITEM,
    code: 'UNION_FEES',
    name: 'Union fees',
    kind: 'deduction',
    entry_types: ['deduction'],
    taxable: false,
    ote: false,
    super_liable: false,
    stp: { category: 'deduction', type: 'F', subtype: null },
  },
  {
    ...ITEM,
    code: 'SITE',
    name: 'Site allowance',
    kind: 'allowance',
    source: 'tenant',
    base_code: 'TD',
    entry_types: ['allowance'],
    ote: false,
    super_liable: false,
    stp: { category: 'allowance', type: 'TD', subtype: null },
  },
];
const RUN = {
  id: 'pr_stub',
  status: 'draft',
  pay_frequency: 'fortnightly',
  period_start: '2026-11-02',
  period_end: '2026-11-15',
  payment_date: '2026-11-18',
  pack_version: 'AU-2026.1',
  allowed_actions: ['preview', 'adjust'],
  totals: { currency: 'AUD', employee_count: 1, gross: '3040.00', tax: '600.00', net: '2440.00', super: '364.80' },
};
const ENTRY = {
  employee_id: 'emp_stub',
  employee_name: 'Amy Chen',
  gross: '3040.00',
  tax: '600.00',
  net: '2440.00',
  super: '364.80',
  currency: 'AUD',
  lines: [],
  employer_costs: [],
  cost_centre_code: null,
  site: null,
  evidence_id: null,
  items: [
    { kind: 'hours', category: 'ordinary', hours: '76.00', source: 'timesheet' },
    { kind: 'amount', category: 'allowance', amount: '50.00', code: 'TD', source: 'entry' },
  ],
};

interface Sent {
  method: string;
  url: string;
  body: any;
  reason: string | null;
}
function stub(o: { run?: object; components?: string[]; write?: number; entry?: object } = {}): Sent[] {
  const sent: Sent[] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(API)) return realFetch(input, init);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body, reason: new Headers(init?.headers).get('x-governance-reason') });
    const json = (status: number, b: unknown) =>
      new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/me'))
      return json(200, { data: { mode: 'embed', components: o.components ?? [], employee_id: null } });
    if (url.includes('/pay-items') && method === 'GET')
      return json(200, { data: ITEMS, has_more: false, next_cursor: null });
    if (url.endsWith('/entries/calculate'))
      return body.items.some((i: any) => i.code === 'UNION_FEES')
        ? json(400, {
            error: {
              code: 'bad_request',
              message: 'bad',
              status: 400,
              errors: [{ path: 'items[0].code', message: 'Pay item UNION_FEES is archived.' }],
            },
          })
        : json(200, { data: { ...ENTRY, gross: '3140.00', net: '2500.00', tax: '640.00', super: '364.80' } });
    if (method !== 'GET') return json(o.write ?? 200, { data: {}, evidence_id: 'cev_1' });
    if (url.endsWith('/entries')) return json(200, { data: [o.entry ?? ENTRY], has_more: false, next_cursor: null });
    if (url.includes('/pay-runs/pr_stub')) return json(200, { data: o.run ?? RUN });
    return json(404, { error: { code: 'not_found', message: 'Not found', status: 404 } });
  };
  return sent;
}
const conn = { 'api-url': API, 'tenant-id': 'ten_stub', 'embed-token': 'tok' };
async function mountLive(tag: string, attrs: Record<string, string>) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries({ ...conn, ...attrs })) el.setAttribute(k, v);
  const wrap = await fixture<HTMLElement>(html`<div style="width: 1000px"></div>`);
  wrap.append(el);
  await settled(el, loaded);
  return el as HTMLElement;
}

describe('payrail-pay-item-library', () => {
  afterEach(() => (window.fetch = realFetch));

  it('groups sample items by kind with their treatment in words', async () => {
    const el = await place(html`<payrail-pay-item-library country="AU"></payrail-pay-item-library>`);
    const t = text(el);
    expect(t).to.contain('Pay items');
    expect(t).to.contain('Sample data');
    expect(qa(el, 'h3').map((h) => h.textContent)).to.deep.equal(['Earnings', 'Allowances', 'Deductions']);
    expect(t).to.contain('Counts toward super');
    expect(t).to.contain('STP: Allowance TD');
    expect(t).to.contain('Your item, paid as Tool allowance');
  });

  it('speaks German and shows the Lohnart for a German employer', async () => {
    const el = await place(html`<payrail-pay-item-library country="DE"></payrail-pay-item-library>`);
    const t = text(el);
    expect(t).to.contain('Lohnarten');
    expect(t).to.contain('Lohnart 2010');
    expect(t).to.contain('SV-pflichtig');
    expect(t).to.not.contain('STP');
  });

  it('checks a new item, emits payrail-save and writes it only with a reason and the allowlist', async () => {
    const sent = stub({ components: ['pay-item-library'] });
    const el = await mountLive('payrail-pay-item-library', { 'governance-reason': 'New site allowance' });
    q<HTMLButtonElement>(el, '.head .btn').click();
    await upd(el);
    const set = async (name: string, v: string) => {
      const i = q<HTMLInputElement | HTMLSelectElement>(el, `[name="${name}"]`);
      i.value = v;
      i.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      i.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
      await upd(el);
    };
    await set('code', 'TD');
    await set('name', 'Tools');
    await set('base_code', 'TD');
    q<HTMLButtonElement>(el, '[part~="save-button"]').click();
    await upd(el);
    expect(text(el)).to.contain('This code is already used');
    expect(sent.some((s) => s.method === 'POST')).to.equal(false);
    await set('code', 'TOOLS2');
    const ev = oneEvent(el, 'payrail-save');
    q<HTMLButtonElement>(el, '[part~="save-button"]').click();
    expect((await ev).detail.payload).to.deep.equal({ code: 'TOOLS2', name: 'Tools', base_code: 'TD' });
    await waitUntil(() => sent.some((s) => s.method === 'POST'), 'no write');
    const w = sent.find((s) => s.method === 'POST')!;
    expect(w.url).to.match(/\/tenants\/ten_stub\/pay-items$/);
    expect(w.reason).to.equal('New site allowance');
  });

  it('hands the save to the page when the event is cancelled, and archives an own item by PATCH', async () => {
    const sent = stub({ components: ['*'] });
    const el = await mountLive('payrail-pay-item-library', { 'governance-reason': 'Tidy up' });
    el.addEventListener('payrail-save', (e) => e.preventDefault(), { once: true });
    q<HTMLButtonElement>(el, 'button[aria-label="Edit: Site allowance"]').click();
    await upd(el);
    q<HTMLButtonElement>(el, '[part~="save-button"]').click();
    await waitUntil(() => text(el).includes('Passed on'), 'not handed over');
    expect(sent.some((s) => s.method !== 'GET')).to.equal(false);
    q<HTMLButtonElement>(el, 'button[aria-label="Edit: Site allowance"]').click();
    await upd(el);
    const box = q<HTMLInputElement>(el, '[name="status"]');
    box.checked = true;
    box.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    await upd(el);
    q<HTMLButtonElement>(el, '[part~="save-button"]').click();
    await waitUntil(() => sent.some((s) => s.method === 'PATCH'), 'no write');
    const w = sent.find((s) => s.method === 'PATCH')!;
    expect(w.url).to.match(/\/pay-items\/SITE$/);
    expect(w.body).to.deep.equal({ name: 'Site allowance', status: 'archived' });
  });

  it('at 390 px stays inside its column; no axe-core violations in English and German', async () => {
    for (const country of ['AU', 'DE']) {
      const el = await place(html`<payrail-pay-item-library country=${country}></payrail-pay-item-library>`, 390);
      expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
      expect(await axeViolations(el)).to.deep.equal([]);
    }
  });
});

describe('payrail-pay-run-entry', () => {
  afterEach(() => (window.fetch = realFetch));

  it('shows the entry lines and the recalculated figures before saving, then saves with the reason', async () => {
    const sent = stub({ components: ['pay-run-entry'] });
    const el = await mountLive('payrail-pay-run-entry', {
      'pay-run-id': 'pr_stub',
      'employee-id': 'emp_stub',
      'governance-reason': 'Tool allowance for November',
    });
    const t = text(el);
    expect(t).to.contain('Amy Chen');
    expect(t).to.contain('From timesheets and booked leave');
    expect(q<HTMLSelectElement>(el, '#c-0').value).to.equal('TD');
    const amount = q<HTMLInputElement>(el, '#v-0');
    amount.value = '150.00';
    amount.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await upd(el);
    [...qa<HTMLButtonElement>(el, '.bar .btn')].find((b) => b.textContent!.includes('Show new figures'))!.click();
    await waitUntil(() => text(el).includes('After saving'), 'no new figures');
    expect(text(el)).to.contain('$3,140.00');
    const calc = sent.find((s) => s.url.endsWith('/entries/calculate'))!;
    expect(calc.body).to.deep.equal({
      employee_id: 'emp_stub',
      items: [{ type: 'allowance', code: 'TD', amount: '150.00' }],
      replace_entry_items: true,
    });
    const ev = oneEvent(el, 'payrail-save');
    q<HTMLButtonElement>(el, '[part~="save-button"]').click();
    expect((await ev).detail.form).to.equal('pay-run-entry');
    await waitUntil(() => sent.some((s) => s.method === 'POST' && s.url.endsWith('/entries')), 'no write');
    const w = sent.find((s) => s.method === 'POST' && s.url.endsWith('/entries'))!;
    expect(w.reason).to.equal('Tool allowance for November');
    expect(w.body.replace_entry_items).to.equal(true);
  });

  it("shows the API's objection against the line and saves nothing", async () => {
    const sent = stub({ components: ['*'] });
    const el = await mountLive('payrail-pay-run-entry', { 'pay-run-id': 'pr_stub', 'governance-reason': 'x reason' });
    const sel = q<HTMLSelectElement>(el, '#c-0');
    sel.value = 'UNION_FEES';
    sel.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
    await upd(el);
    q<HTMLButtonElement>(el, '[part~="save-button"]').click();
    await waitUntil(() => text(el).includes('archived'), 'no error');
    expect(q(el, '#c-0').getAttribute('aria-invalid')).to.equal('true');
    expect(sent.some((s) => s.method === 'POST' && s.url.endsWith('/entries'))).to.equal(false);
  });

  it('lists the award lines from timesheets with their clauses, also read-only', async () => {
    const sunday = { hours: '6.00', rate: '46.46', clause: 'MA000004 cl. 22.1', source: 'timesheet' };
    const entry = {
      ...ENTRY,
      gross: '338.54',
      lines: [
        { type: 'ordinary_pay', description: 'Sunday 175 % (2025-11-09)', amount: '278.76', ...sunday },
        { type: 'allowance', description: 'Tool allowance', amount: '50.00' },
      ],
      items: [
        { kind: 'hours', category: 'ordinary', description: 'Sunday 175 % (2025-11-09)', ...sunday },
        ENTRY.items[1],
      ],
    };
    for (const run of [RUN, { ...RUN, status: 'approved', allowed_actions: ['finalise'] }]) {
      stub({ entry, run });
      const el = await mountLive('payrail-pay-run-entry', { 'pay-run-id': 'pr_stub' });
      const rows = qa(el, '[part~="award-lines"] tbody tr').map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim()),
      );
      expect(rows).to.deep.equal([['Sunday 175 % · 9 Nov 2025', '6.00', '$46.46', '$278.76', 'MA000004 cl. 22.1']]);
      expect(text(el), 'every timesheet line is listed above').to.not.contain('From timesheets and booked leave');
      expect(await axeViolations(el)).to.deep.equal([]);
    }
  });

  it('enters shifts by date, start, finish and break: checked, emitted as timesheet rows, written with the reason', async () => {
    const sent = stub({ components: ['pay-run-entry'] });
    const el = await mountLive('payrail-pay-run-entry', {
      'pay-run-id': 'pr_stub',
      'employee-id': 'emp_stub',
      'governance-reason': 'Shifts from the signed roster',
    });
    // The shifts form is a chunk of its own, drawn once it has loaded.
    await waitUntil(() => q(el, '[part~="shifts"]'), 'no shifts form');
    expect(text(el)).to.contain('Shifts worked');
    const field = (id: string, value: string) => {
      const input = q<HTMLInputElement>(el, `#${id}`);
      input.value = value;
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    };
    field('sstart0', '18:00');
    await upd(el);
    const save = () =>
      [...qa<HTMLButtonElement>(el, '[part~="shifts"] .btn')].find((b) => b.textContent!.includes('Save shifts'))!;
    save().click();
    await upd(el);
    expect(q(el, '#send0').getAttribute('aria-invalid'), 'a shift needs its finish').to.equal('true');
    expect(sent.some((s) => s.url.endsWith('/timesheets'))).to.equal(false);
    field('send0', '01:00');
    field('sbreak_minutes0', '30');
    await upd(el);
    const ev = oneEvent(el, 'payrail-save');
    save().click();
    const detail = (await ev).detail;
    expect(detail.form).to.equal('pay-run-shifts');
    const rows = [{ employee_id: 'emp_stub', date: RUN.period_start, start: '18:00', end: '01:00', break_minutes: 30 }];
    expect(detail.payload).to.deep.equal({ rows });
    await waitUntil(() => sent.some((s) => s.method === 'POST' && s.url.endsWith('/timesheets')), 'no write');
    const w = sent.find((s) => s.method === 'POST' && s.url.endsWith('/timesheets'))!;
    expect(w.url).to.contain('/pay-runs/pr_stub/timesheets');
    expect(w.reason).to.equal('Shifts from the signed roster');
    expect(w.body).to.deep.equal({ rows });
  });

  it('is read-only when the run cannot be adjusted', async () => {
    stub({ run: { ...RUN, status: 'approved', allowed_actions: ['finalise'] } });
    const el = await mountLive('payrail-pay-run-entry', { 'pay-run-id': 'pr_stub' });
    expect(text(el)).to.contain('can’t be changed here');
    expect(q(el, 'select')).to.equal(null);
    expect(q(el, '[part~="shifts"]'), 'no shifts to enter either').to.equal(null);
    expect(text(el)).to.contain('Tool allowance');
  });

  it('pay-run detail offers "Edit" on a draft and emits payrail-edit-entry', async () => {
    stub();
    const el = await mountLive('payrail-pay-run-detail', { 'pay-run-id': 'pr_stub' });
    const ev = oneEvent(el, 'payrail-edit-entry');
    q<HTMLButtonElement>(el, '[part~="edit-button"]').click();
    expect((await ev).detail).to.deep.equal({ pay_run_id: 'pr_stub', employee_id: 'emp_stub' });
  });

  it('sample mode in English and German, 390 px, no axe-core violations', async () => {
    for (const country of ['AU', 'DE']) {
      const el = await place(html`<payrail-pay-run-entry country=${country}></payrail-pay-run-entry>`, 390);
      expect(text(el)).to.contain(country === 'DE' ? 'Neu berechnen' : 'Show new figures');
      expect(el.scrollWidth).to.be.at.most(el.clientWidth + 1);
      expect(await axeViolations(el)).to.deep.equal([]);
    }
  });
});
