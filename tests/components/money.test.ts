// The four elements for the money after a run is finalised — Single Touch Payroll submission, payments,
// super liabilities and the run checklist — from sample data and from the real API: what they show, the
// requests they emit for the host, German, 390 px without overflow and no axe-core violations.
import type { Checklist, Lodgement, Payment, SuperLiability } from '../../components/index.js';
import { sampleApi } from '../../components/internal/sample/api.js';
import { POLL_MS } from '../../components/stp-submission/stp-submission.js';
import { API, realFetch, stubApi } from './stub-api.js';
import {
  apiGet,
  expect,
  fixture,
  html,
  money,
  mount,
  needLive,
  oneEvent,
  q,
  qa,
  root,
  settled,
  text,
  waitUntil,
  axeViolations,
} from './support.js';

const loaded = (el: Element) => !!el.shadowRoot?.firstElementChild && !el.shadowRoot.querySelector('.sk-wrap');

async function place(markup: ReturnType<typeof html>, width = 1000) {
  const wrap = await fixture<HTMLElement>(html`<div style="width: ${width}px">${markup}</div>`);
  const el = wrap.firstElementChild as HTMLElement;
  await settled(el, loaded);
  return el;
}

async function live(tag: string, attrs: Record<string, string>, token: string) {
  const el = await mount(tag, attrs, { embedToken: token });
  await settled(el, loaded);
  return el;
}

/**
 * Counts the poll timers (setTimeout with POLL_MS) still waiting to run, so a test sees that polling
 * stopped from the element's own schedule instead of watching the clock for a while.
 */
function pollTimers(): { pending: () => number; restore: () => void } {
  const set = window.setTimeout.bind(window);
  const clear = window.clearTimeout.bind(window);
  const waiting = new Set<number>();
  window.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (ms !== POLL_MS) return set(fn, ms, ...args);
    const id = set(() => {
      waiting.delete(id);
      fn(...args);
    }, ms);
    waiting.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) waiting.delete(id);
    clear(id);
  }) as typeof window.clearTimeout;
  return {
    pending: () => waiting.size,
    restore: () => {
      window.setTimeout = set;
      window.clearTimeout = clear;
    },
  };
}

const overflowing = (el: HTMLElement) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().width > 391;
const NO_IDS = /sample-|pr_|ldg_|inb_|emp_|PAYEVNT|CMN\.ATO|FamilyNameT/;
const ok = (body: unknown) => ({ status: 200, body });

describe('payrail-stp-submission', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('lists attempts newest first with status, times and the ATO’s messages by payee and field, in plain words', async () => {
    const el = await place(
      html`<payrail-stp-submission country="AU" pay-run-id="sample-pay-run-3"></payrail-stp-submission>`,
    );
    const attempts = qa(el, '[part~="lodgement"]');
    expect(attempts.map((a) => a.querySelector('h3')!.textContent)).to.deep.equal(['Attempt 2', 'Attempt 1']);
    expect(q(el, '[part~="header"] [part~="pill"]').textContent!.trim()).to.equal('Accepted with warnings');
    expect(attempts[1].textContent).to.contain('Rejected');
    const set = (await sampleApi('AU').load()).money.lodgements['sample-pay-run-3'];
    const [rejected, accepted] = set;
    expect(attempts[1].querySelector('.msg.error')!.textContent).to.contain(
      `${rejected.errors[0].employee_name}: family name`,
    );
    expect(attempts[0].querySelector('.msg.warning')!.textContent).to.contain(
      `${accepted.warnings[0].employee_name}: family name`,
    );
    expect(attempts[1].textContent).to.contain('Correct what is listed, then submit it again');
    expect(text(el)).to.match(/Submitted.*Processed/);
    expect(text(el)).to.not.match(NO_IDS);
    // Accepted: nothing to submit.
    expect(qa(el, '[data-action="submit"], [data-action="resubmit"]')).to.deep.equal([]);
  });

  it('a finalised run offers "Submit to the ATO"; the payer’s declaration is asked for, then payrail-stp-submit carries it', async () => {
    const el = await place(html`<payrail-stp-submission country="AU"></payrail-stp-submission>`);
    expect(q(el, '[part~="empty"]').textContent).to.contain('Not submitted yet');
    expect(root(el).querySelector('[part~="declaration"]'), 'no declaration before it is needed').to.equal(null);
    let sent = 0;
    el.addEventListener('payrail-stp-submit', () => sent++);
    q(el, '[data-action="submit"]').click();
    await (el as any).updateComplete;
    const form = q(el, '[part~="declaration"]');
    expect(form.textContent).to.contain('true and correct and I am authorised to make this declaration');
    // The signed-in user's name is the declarer until someone types another; the statement is not yet accepted.
    expect(q<HTMLInputElement>(el, '#f-declarer').value).to.equal('Sample admin');
    q(el, '[data-action="send-declaration"]').click();
    await (el as any).updateComplete;
    expect(sent, 'nothing is sent before the declaration is made').to.equal(0);
    expect(form.textContent).to.contain('Tick the box to make the declaration');
    const name = q<HTMLInputElement>(el, '#f-declarer');
    name.value = '  Olivia Bennett ';
    name.dispatchEvent(new InputEvent('input'));
    const box = q<HTMLInputElement>(el, '#f-accept');
    box.checked = true;
    box.dispatchEvent(new Event('change'));
    await (el as any).updateComplete;
    setTimeout(() => q(el, '[data-action="send-declaration"]').click());
    const ev = await oneEvent(el, 'payrail-stp-submit');
    expect(ev.detail).to.deep.equal({
      id: 'sample-pay-run-2',
      resubmit: false,
      declaration: { name: 'Olivia Bennett', accepted: true },
      sample: true,
    });
    expect(ev.bubbles && ev.composed && ev.cancelable).to.equal(true);
    await (el as any).updateComplete;
    expect(q(el, '.hint').textContent).to.contain('was passed on');
  });

  it('after a rejection offers "Submit again"; the admin’s year-end finalisation emits payrail-stp-finalise-year', async () => {
    const rejected: Lodgement = {
      ...(await sampleApi('AU').load()).money.lodgements['sample-pay-run-3'][0],
      id: 'ldg_stub1',
      pay_run_id: 'pr_stub',
    };
    const run = { ...(await sampleApi('AU').load()).runs[2], id: 'pr_stub', allowed_actions: ['void', 'submit'] };
    stubApi((url) =>
      url.endsWith('/lodgements')
        ? ok({ data: [rejected], has_more: false, next_cursor: null })
        : url.endsWith('/me')
          ? ok({ data: { mode: 'user', role: 'admin', components: ['*'] } })
          : ok({ data: run }),
    );
    const el = await place(
      html`<payrail-stp-submission
        country="AU"
        api-url=${API}
        tenant-id="ten_stub"
        embed-token="tok"
        pay-run-id="pr_stub"
      ></payrail-stp-submission>`,
    );
    const declare = async (name: string) => {
      await (el as any).updateComplete;
      const input = q<HTMLInputElement>(el, '#f-declarer');
      input.value = name;
      input.dispatchEvent(new InputEvent('input'));
      const box = q<HTMLInputElement>(el, '#f-accept');
      box.checked = true;
      box.dispatchEvent(new Event('change'));
      await (el as any).updateComplete;
      setTimeout(() => q(el, '[data-action="send-declaration"]').click());
    };
    q(el, '[data-action="resubmit"]').click();
    await declare('Jo Approver');
    expect((await oneEvent(el, 'payrail-stp-submit')).detail).to.deep.equal({
      id: 'pr_stub',
      resubmit: true,
      declaration: { name: 'Jo Approver', accepted: true },
    });
    const select = q<HTMLSelectElement>(el, '[part~="year-end"] select');
    expect(select.value).to.equal(
      String(
        Number(run.payment_date.slice(5, 7)) >= 7
          ? run.payment_date.slice(0, 4)
          : Number(run.payment_date.slice(0, 4)) - 1,
      ),
    );
    select.value = select.options[1].value;
    select.dispatchEvent(new Event('change'));
    await (el as any).updateComplete;
    q(el, '[data-action="finalise-year"]').click();
    await (el as any).updateComplete;
    expect(q(el, '[part~="year-end"] [part~="declaration"]'), 'the finalisation asks for it too').to.not.equal(null);
    await declare('Jo Admin');
    const year = await oneEvent(el, 'payrail-stp-finalise-year');
    expect(year.detail).to.deep.equal({
      financial_year: Number(select.options[1].value),
      declaration: { name: 'Jo Admin', accepted: true },
    });
  });

  it('a voided lodged run shows "Correction pending" with its send action; the latest accepted report can be replaced; 390 px, axe clean', async () => {
    const data = await sampleApi('AU').load();
    const accepted: Lodgement = {
      ...data.money.lodgements['sample-pay-run-3'].at(-1)!,
      id: 'ldg_stub2',
      pay_run_id: 'pr_stub',
    };
    const run = { ...data.runs[2], id: 'pr_stub', status: 'lodged', allowed_actions: ['void'] };
    const employees = ['emp_a', 'emp_b'];
    const correction = {
      pay_run_id: 'pr_voided',
      payment_date: '2026-11-19',
      voided_at: '2026-11-25T10:00:00.000Z',
      financial_year: 2026,
      financial_year_label: '2026-27',
      employee_ids: employees,
    };
    stubApi((url) =>
      url.endsWith('/lodgements')
        ? ok({ data: [accepted], has_more: false, next_cursor: null })
        : url.endsWith('/stp/corrections')
          ? ok({ data: [correction], has_more: false, next_cursor: null })
          : url.endsWith('/me')
            ? ok({ data: { mode: 'user', role: 'approver', components: ['*'] } })
            : ok({ data: run }),
    );
    const el = await place(
      html`<payrail-stp-submission
        country="AU"
        api-url=${API}
        tenant-id="ten_stub"
        embed-token="tok"
        pay-run-id="pr_stub"
      ></payrail-stp-submission>`,
      390,
    );
    const section = q(el, '[part~="corrections"]');
    expect(section.textContent).to.contain('Corrections pending');
    expect(section.textContent).to.contain('Correction pending');
    expect(section.textContent).to.match(/voided: 2 employee/);
    expect(text(el)).to.not.match(NO_IDS);
    const declare = async (name: string) => {
      await (el as any).updateComplete;
      const input = q<HTMLInputElement>(el, '#f-declarer');
      input.value = name;
      input.dispatchEvent(new InputEvent('input'));
      const box = q<HTMLInputElement>(el, '#f-accept');
      box.checked = true;
      box.dispatchEvent(new Event('change'));
      await (el as any).updateComplete;
      setTimeout(() => q(el, '[data-action="send-declaration"]').click());
    };
    q(el, '[data-action="send-correction"]').click();
    await (el as any).updateComplete;
    expect(overflowing(el), 'the declaration fits 390 px').to.equal(false);
    expect(await axeViolations(el)).to.deep.equal([]);
    await declare('Jo Approver');
    expect((await oneEvent(el, 'payrail-stp-send-correction')).detail).to.deep.equal({
      pay_run_id: 'pr_voided',
      financial_year: 2026,
      employee_ids: employees,
      declaration: { name: 'Jo Approver', accepted: true },
    });
    q(el, '[data-action="replace"]').click();
    await (el as any).updateComplete;
    expect(q(el, '.replace [part~="declaration"]'), 'the replacement asks for the declaration').to.not.equal(null);
    expect(overflowing(el)).to.equal(false);
    expect(await axeViolations(el)).to.deep.equal([]);
    await declare('Jo Approver');
    expect((await oneEvent(el, 'payrail-stp-replace')).detail).to.deep.equal({
      lodgement_id: 'ldg_stub2',
      declaration: { name: 'Jo Approver', accepted: true },
    });
  });

  it('polls while the rail is working and shows its answer without reloading the page', async () => {
    const base = (await sampleApi('AU').load()).money.lodgements['sample-pay-run-4'][0];
    const run = { ...(await sampleApi('AU').load()).runs[3], id: 'pr_stub', allowed_actions: [] };
    let reads = 0;
    stubApi((url) => {
      if (!url.endsWith('/lodgements'))
        return url.endsWith('/me') ? ok({ data: { role: 'viewer' } }) : ok({ data: run });
      reads++;
      const status = reads === 1 ? 'submitted' : reads === 2 ? 'processing' : 'accepted';
      return ok({
        data: [{ ...base, status, processed_at: reads > 2 ? base.processed_at : null }],
        has_more: false,
        next_cursor: null,
      });
    });
    const polls = pollTimers();
    try {
      const el = await place(
        html`<payrail-stp-submission
          country="AU"
          api-url=${API}
          tenant-id="ten_stub"
          embed-token="tok"
          pay-run-id="pr_stub"
        ></payrail-stp-submission>`,
      );
      expect(q(el, '.polling').textContent).to.contain('Waiting for the ATO');
      await waitUntil(() => polls.pending() > 0, 'no poll was scheduled');
      await waitUntil(
        () => q(el, '[part~="header"] [part~="pill"]')?.textContent?.trim() === 'Accepted',
        'never accepted',
        { timeout: 10000 },
      );
      expect(root(el).querySelector('.polling')).to.equal(null);
      expect(polls.pending(), 'stops polling once answered').to.equal(0);
      expect(reads).to.equal(3);
    } finally {
      polls.restore();
    }
  });

  it('from the real API: an approver sees "Submit" on the finalised run; an embed token does not', async function () {
    const l = await needLive(this);
    const attrs = { 'api-url': l.url, 'tenant-id': l.tenants.au, 'pay-run-id': l.finalisedPayRun.au };
    const lodgements = (await apiGet<{ data: Lodgement[] }>(l, 'au', `/pay-runs/${l.finalisedPayRun.au}/lodgements`))
      .data;
    const approver = await live('payrail-stp-submission', attrs, l.roles.approver);
    expect(qa(approver, '[part~="lodgement"]').length).to.equal(lodgements.length);
    if (!lodgements.length) expect(q(approver, '[data-action="submit"]')).to.not.equal(null);
    const embed = await live('payrail-stp-submission', attrs, l.tokens.au);
    expect(qa(embed, '[data-action]')).to.deep.equal([]);
    expect(text(embed)).to.not.match(NO_IDS);
  });

  it('the declaration step fits 390 px with its errors shown and has no axe violations', async () => {
    const el = await place(html`<payrail-stp-submission country="AU"></payrail-stp-submission>`, 390);
    q(el, '[data-action="submit"]').click();
    await (el as any).updateComplete;
    const name = q<HTMLInputElement>(el, '#f-declarer');
    name.value = '';
    name.dispatchEvent(new InputEvent('input'));
    await (el as any).updateComplete;
    q(el, '[data-action="send-declaration"]').click();
    await (el as any).updateComplete;
    expect(name.getAttribute('aria-invalid')).to.equal('true');
    expect(q(el, '[part~="declaration"]').textContent).to.contain('Enter the name of the person');
    expect(overflowing(el)).to.equal(false);
    expect(await axeViolations(el)).to.deep.equal([]);
    expect(text(el)).to.not.match(NO_IDS);
  });

  it('speaks German', async () => {
    const el = await place(
      html`<payrail-stp-submission country="AU" lang="de" pay-run-id="sample-pay-run-3"></payrail-stp-submission>`,
    );
    expect(text(el)).to.contain('Versuch 2');
    expect(text(el)).to.contain('Mit Hinweisen angenommen');
    expect(text(el)).to.contain('Nachname');
  });
});

describe('payrail-payments', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('shows each employee’s net, account ending and status, with totals that add up to the bank file', async () => {
    const el = await place(html`<payrail-payments country="AU" pay-run-id="sample-pay-run-3"></payrail-payments>`);
    const pays = (await sampleApi('AU').load()).money.payments['sample-pay-run-3'];
    const rows = qa(el, 'tbody tr[part~="row"]');
    expect(rows.length).to.equal(pays.length);
    expect(rows[0].textContent).to.contain(pays[0].employee_name);
    expect(rows[0].textContent).to.contain(`ending ${pays[0].account_last4}`);
    expect(rows[0].textContent).to.contain(money('en-AU', 'AUD', pays[0].amount));
    const returned = rows.find((r) => r.textContent!.includes('Returned'))!;
    expect(returned.textContent).to.contain('Account closed');
    const cents = (s: string) =>
      pays.filter((p) => p.status === s).reduce((a, p) => a + Math.round(Number(p.amount) * 100), 0);
    const fig = (label: string) =>
      qa(el, '[part~="totals"] div')
        .find((d) => d.querySelector('dt')!.textContent === label)!
        .querySelector('dd')!.textContent;
    const all = pays.reduce((a, p) => a + Math.round(Number(p.amount) * 100), 0);
    expect(fig('Total in bank file')).to.equal(money('en-AU', 'AUD', (all / 100).toFixed(2)));
    expect(fig('Confirmed')).to.equal(money('en-AU', 'AUD', (cents('confirmed') / 100).toFixed(2)));
    expect(fig('Returned')).to.equal(money('en-AU', 'AUD', (cents('returned') / 100).toFixed(2)));
    expect(cents('confirmed') + cents('returned') + cents('file_generated')).to.equal(all);
    expect(text(el)).to.not.match(NO_IDS);
  });

  it('confirm all, confirm selected and mark returned (with a required reason) emit requests for the host', async () => {
    const el = await place(html`<payrail-payments country="AU"></payrail-payments>`);
    setTimeout(() => q(el, '[data-action="confirm-all"]').click());
    expect((await oneEvent(el, 'payrail-payments-confirm')).detail).to.deep.equal({
      id: 'sample-pay-run-2',
      sample: true,
    });
    const boxes = qa<HTMLInputElement>(el, 'tbody input[type="checkbox"]');
    for (const b of boxes.slice(0, 2)) {
      b.checked = true;
      b.dispatchEvent(new Event('change'));
    }
    await (el as any).updateComplete;
    const pays = (await sampleApi('AU').load()).money.payments['sample-pay-run-2'];
    expect(q(el, '[data-action="confirm-selected"]').textContent).to.contain('(2)');
    setTimeout(() => q(el, '[data-action="confirm-selected"]').click());
    expect((await oneEvent(el, 'payrail-payments-confirm')).detail.employee_ids).to.deep.equal(
      pays.slice(0, 2).map((p) => p.employee_id),
    );
    q(el, '[data-action="return"]').click();
    await (el as any).updateComplete;
    q(el, '[data-action="return-send"]').click();
    await (el as any).updateComplete;
    const input = q<HTMLInputElement>(el, '.return-form input');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    input.value = 'Account closed';
    input.dispatchEvent(new Event('input'));
    await (el as any).updateComplete;
    setTimeout(() => q(el, '[data-action="return-send"]').click());
    expect((await oneEvent(el, 'payrail-payment-return')).detail).to.deep.include({
      id: 'sample-pay-run-2',
      employee_id: pays[0].employee_id,
      reason: 'Account closed',
    });
  });

  it('lists the run’s bank files newest first: the current one, and the one a re-issue replaced, marked not to upload again', async () => {
    const el = await place(html`<payrail-payments country="AU" pay-run-id="sample-pay-run-3"></payrail-payments>`);
    const files = (await sampleApi('AU').load()).money.files['sample-pay-run-3'];
    expect(files.map((f) => f.status)).to.deep.equal(['superseded', 'current']);
    const items = qa(el, '[part~="files"] [part~="file"]');
    expect(items.map((i) => i.dataset.status)).to.deep.equal(['current', 'superseded']);
    expect(items.map((i) => i.querySelector('[part~="pill"]')!.textContent!.trim())).to.deep.equal([
      'Current',
      'Replaced',
    ]);
    const when = (iso: string) =>
      new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    expect(items[0].textContent).to.contain(`Created ${when(files[1].generated_at)}`);
    expect(items[1].textContent).to.contain(`Created ${when(files[0].generated_at)}`);
    expect(items[1].textContent).to.contain(
      `Replaced by a new file on ${when(files[0].superseded_at!)}: do not upload this one again.`,
    );
    expect(q(el, '[part~="files"]').closest('section')!.querySelector('h3')!.textContent).to.equal('Bank files');
    expect(text(el)).to.not.match(NO_IDS);
  });

  it('offers no actions when the run’s allowed_actions do not hold the bank file', async () => {
    const { runs, money: m } = await sampleApi('AU').load();
    stubApi((url) =>
      url.endsWith('/payments')
        ? ok({ data: m.payments['sample-pay-run-2'], has_more: false, next_cursor: null })
        : url.endsWith('/payment-files')
          ? ok({ data: m.files['sample-pay-run-2'], has_more: false, next_cursor: null })
          : ok({ data: { ...runs[1], id: 'pr_stub', allowed_actions: [] } }),
    );
    const el = await place(
      html`<payrail-payments
        country="AU"
        api-url=${API}
        tenant-id="ten_stub"
        embed-token="tok"
        pay-run-id="pr_stub"
      ></payrail-payments>`,
    );
    expect(qa(el, 'tbody tr').length).to.be.greaterThan(0);
    expect(qa(el, '[data-action], input[type="checkbox"]')).to.deep.equal([]);
  });

  it('from the real API: the bank file an approver generated, row by row, with its total', async function () {
    const l = await needLive(this);
    const run = l.finalisedPayRun.au;
    const res = await fetch(`${l.url}/v1/tenants/${l.tenants.au}/pay-runs/${run}/payment-file`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${l.roles.approver}`,
        'content-type': 'application/json',
        'x-governance-reason': 'Bank file for the component tests',
        'idempotency-key': crypto.randomUUID(),
      },
      body: '{}',
    });
    expect(res.status, await res.clone().text()).to.equal(200);
    const pays = (await apiGet<{ data: Payment[] }>(l, 'au', `/pay-runs/${run}/payments`)).data;
    expect(pays.length).to.be.greaterThan(0);
    const el = await live(
      'payrail-payments',
      { 'api-url': l.url, 'tenant-id': l.tenants.au, 'pay-run-id': run },
      l.roles.approver,
    );
    expect(qa(el, 'tbody tr[part~="row"]').length).to.equal(pays.length);
    expect(text(el)).to.contain(pays[0].employee_name);
    expect(text(el)).to.contain(money('en-AU', 'AUD', pays[0].amount));
    expect(q(el, '[data-action="confirm-all"]')).to.not.equal(null);
    expect(text(el)).to.not.match(NO_IDS);
  });

  it('speaks German', async () => {
    const el = await place(
      html`<payrail-payments country="AU" lang="de" pay-run-id="sample-pay-run-3"></payrail-payments>`,
    );
    expect(text(el)).to.contain('Summe der Bankdatei');
    expect(text(el)).to.contain('Zurückgebucht');
    expect(text(el)).to.contain('Bankdateien');
    expect(text(el)).to.contain('diese nicht erneut hochladen');
  });
});

describe('payrail-super-overview', () => {
  /** The overview of one liability: the sample's first, as `edit` changes it, answered by a stubbed API. */
  async function overviewOf(edit: (l: SuperLiability) => SuperLiability) {
    const l = (await sampleApi('AU').load()).money.super[0];
    stubApi(() => ok({ data: [edit(l)], has_more: false, next_cursor: null }));
    try {
      return await place(
        html`<payrail-super-overview
          country="AU"
          api-url=${API}
          tenant-id="ten_stub"
          embed-token="tok"
        ></payrail-super-overview>`,
      );
    } finally {
      window.fetch = realFetch;
    }
  }

  it('shows what is owed per fund and run, with the due date by its rule and batches generated', async () => {
    const el = await place(html`<payrail-super-overview country="AU"></payrail-super-overview>`);
    const all = (await sampleApi('AU').load()).money.super;
    // The newest three runs, and earlier ones (all sent) on request.
    const recent = new Set([...new Set(all.map((l) => l.pay_run_id))].slice(-3));
    expect(qa(el, 'tbody tr').length).to.equal(all.filter((l) => recent.has(l.pay_run_id)).length);
    q(el, '[part~="load-more-button"]').click();
    await (el as any).updateComplete;
    expect(qa(el, 'tbody tr').length).to.equal(all.length);
    expect(root(el).querySelector('[part~="load-more-button"]')).to.equal(null);
    expect(text(el)).to.contain('AustralianSuper');
    expect(text(el)).to.contain('7 business days after payday');
    expect(text(el)).to.contain('Batch generated');
    // Newest payday first.
    const newest = all[all.length - 1];
    expect(qa(el, '[part~="run"] h3')[0].textContent).to.contain('Pay run paid');
    expect(qa(el, '[part~="run"]')[0].textContent).to.contain(newest.fund.name);
    expect(text(el)).to.not.match(NO_IDS);
  });

  it("shows employees' own contributions in a column of their own, and each row adds up", async () => {
    const el = await place(html`<payrail-super-overview country="AU"></payrail-super-overview>`);
    const run = qa(el, '[part~="run"]')[0];
    const heads = [...run.querySelectorAll('th')].map((th) => th.textContent!.trim());
    expect(heads).to.include('Personal contributions');
    const cents = (td: Element) => Math.round(Number(td.textContent!.replace(/[^0-9.]/g, '')) * 100);
    for (const tr of run.querySelectorAll('tbody tr')) {
      const [, , sg, ss, personal, total] = [...tr.querySelectorAll('td')];
      expect(cents(sg) + cents(ss) + cents(personal)).to.equal(cents(total));
    }
    // A run without any leaves the column out.
    const plain = await overviewOf((l) => ({ ...l, personal: '0.00' }));
    expect(text(plain)).to.not.contain('Personal contributions');
  });

  it('flags an overdue liability', async () => {
    const el = await overviewOf((l) => ({ ...l, batches: [], overdue: true }));
    expect(q(el, '.pill.s-overdue').textContent!.trim()).to.equal('Overdue');
  });

  it('a German employer: says the country has no super, as a fact and not an error', async () => {
    const el = await place(html`<payrail-super-overview country="DE"></payrail-super-overview>`);
    const state = q(el, '[data-kind="no-super"]');
    expect(state.getAttribute('role')).to.equal('status');
    expect(state.textContent).to.contain('Keine Superannuation');
    expect(root(el).querySelector('[role="alert"]')).to.equal(null);
  });

  it('from the real API: AU liabilities; DE answers 501 and shows no super', async function () {
    const l = await needLive(this);
    const rows = (await apiGet<{ data: SuperLiability[] }>(l, 'au', '/super/liabilities')).data;
    const au = await live('payrail-super-overview', { 'api-url': l.url, 'tenant-id': l.tenants.au }, l.tokens.au);
    expect(qa(au, 'tbody tr').length).to.equal(rows.length);
    if (rows.length) expect(text(au)).to.contain(rows[0].fund.name);
    const de = await live(
      'payrail-super-overview',
      { 'api-url': l.url, 'tenant-id': l.tenants.de, country: 'DE' },
      l.tokens.de,
    );
    expect(q(de, '[data-kind="no-super"]')).to.not.equal(null);
  });
});

describe('payrail-payroll-checklist', () => {
  it('lists the run’s steps in order; done ones link to their evidence', async () => {
    const el = await place(
      html`<payrail-payroll-checklist country="AU" pay-run-id="sample-pay-run-3"></payrail-payroll-checklist>`,
    );
    const keys = qa(el, '[part~="item"]').map((i) => i.dataset.key);
    expect(keys).to.deep.equal([
      'readiness',
      'exceptions',
      'approval',
      'finalise',
      'bank_file',
      'payments_confirmed',
      'super_batch',
      'stp_lodged',
      'stp_accepted',
    ]);
    expect(q(el, '[data-key="exceptions"]').dataset.status).to.equal('done');
    // One payment was returned: not every payment is confirmed.
    expect(q(el, '[data-key="payments_confirmed"]').dataset.status).to.equal('pending');
    expect(q(el, '[part~="header"] [part~="pill"]').textContent).to.contain('1 to do');
    setTimeout(() => (q(el, '[data-key="finalise"] [part~="link"]') as HTMLButtonElement).click());
    const ev = await oneEvent(el, 'payrail-view-evidence');
    expect(ev.detail.item).to.equal('finalise');
    expect(text(el)).to.not.match(NO_IDS);
  });

  it('a complete checklist says so', async () => {
    const el = await place(
      html`<payrail-payroll-checklist country="AU" pay-run-id="sample-pay-run-4"></payrail-payroll-checklist>`,
    );
    expect(q(el, '[part~="header"] [part~="pill"]').dataset.complete).to.equal('true');
    expect(q(el, '[part~="header"] [part~="pill"]').textContent).to.contain('All done');
  });

  it("German: the German steps (SEPA, Lohnsteuer-Anmeldung, Beitragsnachweise) and no word of Australia's", async () => {
    const el = await place(
      html`<payrail-payroll-checklist country="DE" pay-run-id="sample-pay-run-2"></payrail-payroll-checklist>`,
    );
    expect(text(el)).to.contain('Checkliste zum Lohnlauf');
    expect(qa(el, '[part~="item"]').map((i) => i.dataset.key)).to.deep.equal([
      'readiness',
      'exceptions',
      'approval',
      'finalise',
      'bank_file',
      'payments_confirmed',
      'lohnsteuer_anmeldung',
      'beitragsnachweis',
    ]);
    expect(q(el, '[data-key="bank_file"]').textContent).to.contain('SEPA-Überweisungsdatei');
    expect(q(el, '[data-key="lohnsteuer_anmeldung"]').textContent).to.contain('Lohnsteuer-Anmeldung erstellt');
    expect(q(el, '[data-key="beitragsnachweis"]').textContent).to.contain('Beitragsnachweise erstellt');
    expect(text(el)).to.not.match(/ATO|Super|STP/);
  });

  it('from the real API: the finalised run’s checklist as the API answers it', async function () {
    const l = await needLive(this);
    const run = l.finalisedPayRun.au;
    const c = (await apiGet<{ data: Checklist }>(l, 'au', `/pay-runs/${run}/checklist`)).data;
    const el = await live(
      'payrail-payroll-checklist',
      { 'api-url': l.url, 'tenant-id': l.tenants.au, 'pay-run-id': run },
      l.tokens.au,
    );
    expect(qa(el, '[part~="item"]').map((i) => [i.dataset.key, i.dataset.status])).to.deep.equal(
      c.items.map((i) => [i.key, i.status]),
    );
    expect(text(el)).to.not.match(NO_IDS);
  });
});

describe('money elements at 390 px and under axe-core', () => {
  const cases: [string, string, Record<string, string>][] = [
    ['AU', 'payrail-stp-submission', { 'pay-run-id': 'sample-pay-run-3' }],
    ['AU', 'payrail-payments', {}],
    ['AU', 'payrail-payments', { 'pay-run-id': 'sample-pay-run-3' }],
    ['AU', 'payrail-super-overview', {}],
    ['DE', 'payrail-super-overview', {}],
    ['AU', 'payrail-payroll-checklist', { 'pay-run-id': 'sample-pay-run-3' }],
    ['DE', 'payrail-payroll-checklist', {}],
  ];
  for (const [country, tag, attrs] of cases) {
    it(`${tag} fits 390 px and has no axe violations (${country}${attrs['pay-run-id'] ? `, ${attrs['pay-run-id']}` : ''})`, async () => {
      const wrap = await fixture<HTMLElement>(html`<div style="width: 390px"></div>`);
      const el = document.createElement(tag);
      for (const [k, v] of Object.entries({ country, ...attrs })) el.setAttribute(k, v);
      wrap.append(el);
      await settled(el, loaded);
      expect(overflowing(el), `${tag} overflows`).to.equal(false);
      expect(await axeViolations(el)).to.deep.equal([]);
    });
  }
});
