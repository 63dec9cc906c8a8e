// Paying people and whose turn it is, from API answers a test chooses: the payments card and the checklist
// offer "Generate bank file", "Create super batch" and "Confirm all as paid" exactly as the run's
// `allowed_actions` say, each as a request event for the host; the run detail says whose turn it is from
// `waiting_for` ("Waiting for an approver — you prepared this run"). No axe-core violations.
import type { Checklist, PayRun, Payment } from '../../components/index.js';
import { sampleApi } from '../../components/internal/sample/api.js';
import { API, realFetch, seen, stubApi } from './stub-api.js';
import { axeViolations, expect, mount, oneEvent, q, qa, settled } from './support.js';

const loaded = (el: Element) => !!el.shadowRoot?.firstElementChild && !el.shadowRoot.querySelector('.sk-wrap');
const RUN = 'pr_stub';

/** A finalised sample run as the API would answer it, with the given actions and turn. */
async function runWith(actions: string[], waiting: PayRun['waiting_for'] = null, status = 'finalised') {
  const base = (await sampleApi('AU').load()).runs.find((r) => r.status === 'finalised')!;
  return { ...base, id: RUN, status, allowed_actions: actions, waiting_for: waiting } as PayRun;
}

async function checklistWith(statuses: Record<string, Checklist['items'][number]['status']>): Promise<Checklist> {
  const keys = ['readiness', 'exceptions', 'approval', 'finalise', 'bank_file', 'payments_confirmed', 'super_batch'];
  return {
    pay_run_id: RUN,
    status: 'finalised',
    complete: false,
    items: keys.map((key) => ({
      key: key as Checklist['items'][number]['key'],
      status: statuses[key] ?? 'done',
      evidence_id: null,
      detail: null,
    })),
  };
}

const payment = (status: Payment['status']): Payment => ({
  employee_id: 'emp_1',
  employee_name: 'Ava Nguyen',
  amount: '2450.10',
  currency: 'AUD',
  method: 'aba',
  account_last4: '4321',
  status,
  return_reason: null,
  file_evidence_id: 'cev_file',
  status_evidence_id: null,
  updated_at: '2026-11-30T10:00:00Z',
});

const bankFile = (evidence: string, status: 'current' | 'superseded', replacedBy: string | null = null) => ({
  evidence_id: evidence,
  format: 'sepa',
  message_id: `MSG-${evidence}`,
  sha256: 'ab',
  generated_at: status === 'current' ? '2026-11-30T11:00:00Z' : '2026-11-30T10:00:00Z',
  status,
  superseded_by: replacedBy,
  superseded_at: replacedBy ? '2026-11-30T11:00:00Z' : null,
});

function answer(run: PayRun, checklist: Checklist, payments: Payment[] = [], bankFiles?: unknown[]) {
  stubApi((url) => {
    const path = new URL(url).pathname;
    if (path.endsWith(`/pay-runs/${RUN}`)) return { status: 200, body: { data: run } };
    if (path.endsWith('/payments'))
      return { status: 200, body: { data: payments, has_more: false, next_cursor: null } };
    if (path.endsWith('/payment-files')) {
      if (bankFiles) return { status: 200, body: { data: bankFiles, has_more: false, next_cursor: null } };
      const files = payments.length
        ? [
            {
              evidence_id: 'cev_file',
              format: 'aba',
              message_id: null,
              sha256: 'ab',
              generated_at: '2026-11-30T10:00:00Z',
              status: 'current',
              superseded_by: null,
              superseded_at: null,
            },
          ]
        : [];
      return { status: 200, body: { data: files, has_more: false, next_cursor: null } };
    }
    if (path.endsWith('/checklist')) return { status: 200, body: { data: checklist } };
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found', status: 404 } } };
  });
}

async function live(tag: string, country = 'AU') {
  const el = await mount(
    tag,
    { 'api-url': API, 'tenant-id': 'ten_stub', 'pay-run-id': RUN, country },
    { embedToken: 'tok' },
  );
  await settled(el, loaded);
  return el;
}

const actionsOf = (el: Element) => qa(el, '[part~="action-button"]').map((b) => b.dataset.action);

describe('paying people: the payments card', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('an approver of a finalised run without a bank file is offered the bank file and the super batch', async () => {
    answer(
      await runWith(['void', 'payment_file', 'super_batch']),
      await checklistWith({ bank_file: 'pending', payments_confirmed: 'pending', super_batch: 'pending' }),
    );
    const el = await live('payrail-payments');
    expect(actionsOf(el)).to.deep.equal(['bank-file', 'super-batch']);
    expect(q(el, '[data-action="bank-file"]').textContent!.trim()).to.equal('Generate bank file (ABA)');
    setTimeout(() => q(el, '[data-action="bank-file"]').click());
    expect((await oneEvent(el, 'payrail-payment-file')).detail).to.deep.equal({ id: RUN, format: 'aba' });
    setTimeout(() => q(el, '[data-action="super-batch"]').click());
    expect((await oneEvent(el, 'payrail-super-batch')).detail).to.deep.equal({ id: RUN });
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('once the file and batch exist, the super file is offered for download, and confirm all as paid while payments await the bank', async () => {
    answer(
      await runWith(['void', 'payment_file', 'super_batch', 'confirm_payments']),
      await checklistWith({ payments_confirmed: 'pending' }),
      [payment('file_generated')],
    );
    const el = await live('payrail-payments');
    expect(actionsOf(el)).to.deep.equal(['super-file', 'confirm-all', 'return']);
    expect(q(el, '[data-action="super-file"]').textContent!.trim()).to.equal('Download super file');
    setTimeout(() => q(el, '[data-action="super-file"]').click());
    expect((await oneEvent(el, 'payrail-super-file')).detail).to.deep.equal({ id: RUN });
    setTimeout(() => q(el, '[data-action="confirm-all"]').click());
    expect((await oneEvent(el, 'payrail-payments-confirm')).detail).to.deep.equal({ id: RUN });
    expect(await axeViolations(el)).to.deep.equal([]);
    // On a phone the actions wrap inside the card.
    el.parentElement!.style.width = '390px';
    await new Promise((r) => requestAnimationFrame(r));
    const header = q(el, '[part~="header"]');
    expect(header.scrollWidth, 'the header fits 390 px').to.be.at.most(header.clientWidth + 1);
    expect(el.getBoundingClientRect().width).to.be.at.most(391);
  });

  it('the super file is not offered to someone the API does not let make the super batch', async () => {
    answer(
      await runWith(['void', 'payment_file', 'confirm_payments']),
      await checklistWith({ payments_confirmed: 'pending' }),
      [payment('file_generated')],
    );
    const el = await live('payrail-payments');
    expect(actionsOf(el)).to.not.include('super-file');
  });

  it('someone the API gives no payment action to sees the payments and no control, and the checklist is not read', async () => {
    answer(await runWith([]), await checklistWith({ bank_file: 'pending' }), [payment('file_generated')]);
    const el = await live('payrail-payments');
    expect(actionsOf(el)).to.deep.equal([]);
    expect(seen.some((u) => u.includes('/checklist'))).to.equal(false);
  });

  it('a re-issued bank file: the new one on top as current, the earlier one marked replaced, not to be uploaded again', async () => {
    answer(
      await runWith(['void', 'confirm_payments']),
      await checklistWith({ payments_confirmed: 'pending' }),
      [{ ...payment('file_generated'), method: 'sepa', currency: 'EUR', file_evidence_id: 'cev_new' }],
      [bankFile('cev_old', 'superseded', 'cev_new'), bankFile('cev_new', 'current')],
    );
    const el = await live('payrail-payments');
    const files = qa(el, '[part~="file"]');
    expect(files.map((f) => f.dataset.status)).to.deep.equal(['current', 'superseded']);
    expect(files[0].textContent).to.include('Current');
    expect(files[1].textContent).to.include('Replaced');
    expect(files[1].textContent).to.include('do not upload this one again');
    expect(files[0].textContent).not.to.include('do not upload');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('German: the bank file is a SEPA credit transfer, and there is no super batch', async () => {
    answer(await runWith(['void', 'payment_file']), await checklistWith({ bank_file: 'pending' }));
    const el = await live('payrail-payments', 'DE');
    expect(actionsOf(el)).to.deep.equal(['bank-file']);
    expect(q(el, '[data-action="bank-file"]').textContent!.trim()).to.equal('Bankdatei erzeugen (SEPA)');
    setTimeout(() => q(el, '[data-action="bank-file"]').click());
    expect((await oneEvent(el, 'payrail-payment-file')).detail.format).to.equal('sepa');
  });
});

describe('paying people: the checklist', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('each pending step offers its control to whoever the API allows it', async () => {
    answer(
      await runWith(['payment_file', 'super_batch']),
      await checklistWith({ bank_file: 'pending', payments_confirmed: 'pending', super_batch: 'pending' }),
    );
    const el = await live('payrail-payroll-checklist');
    expect(q(el, '[data-key="bank_file"] [part~="action-button"]').dataset.action).to.equal('bank-file');
    expect(q(el, '[data-key="super_batch"] [part~="action-button"]').dataset.action).to.equal('super-batch');
    expect(q(el, '[data-key="payments_confirmed"] [part~="action-button"]')).to.equal(null, 'nothing to confirm yet');
    setTimeout(() => q(el, '[data-key="bank_file"] [part~="action-button"]').click());
    expect((await oneEvent(el, 'payrail-payment-file')).detail).to.deep.equal({ id: RUN, format: 'aba' });
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('confirm all as paid once the bank file is out; done steps offer nothing', async () => {
    answer(
      await runWith(['payment_file', 'super_batch', 'confirm_payments']),
      await checklistWith({ payments_confirmed: 'pending' }),
    );
    const el = await live('payrail-payroll-checklist');
    expect(actionsOf(el)).to.deep.equal(['confirm-all']);
    setTimeout(() => q(el, '[data-action="confirm-all"]').click());
    expect((await oneEvent(el, 'payrail-payments-confirm')).detail).to.deep.equal({ id: RUN });
  });

  it('a viewer sees the pending steps without controls', async () => {
    answer(await runWith([]), await checklistWith({ bank_file: 'pending', super_batch: 'pending' }));
    const el = await live('payrail-payroll-checklist');
    expect(actionsOf(el)).to.deep.equal([]);
  });
});

describe('whose turn it is on the run', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('the preparer of a previewed run reads that an approver must approve it, and has no approve button', async () => {
    answer(
      await runWith(['preview', 'adjust', 'delete'], { role: 'approver', reason: 'prepared_by_you' }, 'previewed'),
      await checklistWith({}),
    );
    const el = await live('payrail-pay-run-detail');
    const note = q(el, '[part~="waiting"]');
    expect(note.getAttribute('role')).to.equal('note');
    expect(note.textContent!.replace(/\s+/g, ' ')).to.contain('Waiting for an approver — you prepared this run');
    expect(actionsOf(el)).to.not.include('approve');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('a run that is nobody else’s turn says nothing of waiting', async () => {
    answer(await runWith(['preview', 'adjust', 'approve', 'delete'], null, 'previewed'), await checklistWith({}));
    const el = await live('payrail-pay-run-detail');
    expect(q(el, '[part~="waiting"]')).to.equal(null);
    expect(actionsOf(el)).to.include('approve');
  });

  it('an approver looking at a draft reads that it waits for the payroll officer; in German too', async () => {
    answer(await runWith([], { role: 'preparer', reason: 'role' }, 'draft'), await checklistWith({}));
    const el = await live('payrail-pay-run-detail');
    expect(q(el, '[part~="waiting"]').textContent).to.contain('Waiting for a payroll officer');
    const de = await live('payrail-pay-run-detail', 'DE');
    expect(q(de, '[part~="waiting"]').textContent).to.contain('Wartet darauf');
  });
});
