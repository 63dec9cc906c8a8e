import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { emptyState, skeletonLines, skeletonTable } from '../internal/states.js';
import { addMoney, toCents } from '../internal/format.js';
import { moneyStyles, payButton, runFor, stamp } from '../internal/money.js';
import type { PayRun, Payment, PaymentFile, PaymentStatus } from '../client/models.js';
import type { MessageKey } from '../internal/i18n.js';
import styles from './payments.styles.js';
import { card, header } from '../internal/card.js';

interface Loaded {
  run: PayRun;
  payments: Payment[];
  files: PaymentFile[];
  /** Whether the super batch was made (the checklist says; read only when the caller may make it). */
  batched: boolean;
}

type Sent = { kind: 'confirm'; ids: string[] } | { kind: 'return'; ids: string[] };

/**
 * What a finalised run's bank file pays each employee: net pay, the account's last 4 characters and the
 * payment's status (awaiting the bank, confirmed, or returned with the bank's reason), with totals per
 * status that add up to the file's total. An approver generates the bank file (ABA for AU, SEPA for DE)
 * and the super batch (AU), confirms every payment or the selected ones, and records one the bank returned
 * with its reason. These are requests for the host's backend (with its governance reason), each offered as
 * the run's `allowed_actions` say: `payment_file` (also for marking a return), `super_batch` (also
 * for downloading the super file once the batch is made), `confirm_payments`. Below, the run's bank files: the current one and any a re-issue replaced, marked so
 * that nobody uploads it again.
 *
 * @summary Pay run payments.
 * @event payrail-payment-file - "Generate bank file" was pressed. Detail: `{ id, format }` (`aba` or `sepa`).
 * @event payrail-super-batch - "Create super batch" was pressed. Detail: `{ id }`.
 * @event payrail-super-file - "Download super file" was pressed, once the batch is made. Detail: `{ id }`: the host downloads `POST …/pay-runs/{id}/super-file` (the SAFF file for the clearing house).
 * @event payrail-payments-confirm - "Confirm all as paid" or "Confirm selected" was pressed. Detail: `{ id, employee_ids? }`.
 * @event payrail-payment-return - A returned payment was recorded. Detail: `{ id, employee_id, reason }`.
 * @event payrail-load - The payments were shown. Detail: `{ sample }`.
 * @event payrail-error - They could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - Title, run and the confirm actions.
 * @csspart totals - Totals by status.
 * @csspart table - The payments table.
 * @csspart row - Each payment's row.
 * @csspart pill - A status pill.
 * @csspart button - Every button.
 * @csspart action-button - Generate bank file, create super batch, download super file, confirm all, confirm selected, mark returned and record return; `[data-action]` tells them apart.
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart empty - The message shown before the bank file is generated.
 * @csspart files - The list of the run's bank files.
 * @csspart file - Each bank file; `[data-status]` is `current` or `superseded`.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailPayments extends PayrailElement {
  static override tag = 'payments';
  static override styles = [tokens, moneyStyles, styles];

  /** Defaults to the newest finalised run. */
  @property({ attribute: 'pay-run-id' }) payRunId?: string;
  @state() private selected = new Set<string>();
  /** The payment whose return is being recorded, and the reason typed so far. */
  @state() private returning?: { id: string; reason: string; invalid?: boolean };
  @state() private sent?: Sent;

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.payRunId] as const,
      task: async ([api, id], { signal }): Promise<Loaded> => {
        this.selected = new Set();
        this.returning = undefined;
        this.sent = undefined;
        const run = await runFor(api, id, { signal });
        const [payments, files, list] = await Promise.all([
          api.payments(run.id, { signal }),
          api.paymentFiles(run.id, { signal }),
          run.allowed_actions.includes('super_batch') ? api.checklist(run.id, { signal }) : null,
        ]);
        return {
          run,
          payments,
          files,
          batched: !list?.items.some((i) => i.key === 'super_batch' && i.status === 'pending'),
        };
      },
    }),
  );

  override render() {
    return card(
      this.renderTask(
        this.#data,
        (d) => this.#body(d),
        () =>
          html`${header(this.t('paymentsTitle'))}
          ${skeletonLines(2, this.t('loading'))}${skeletonTable(5, 4, this.t('loading'))}`,
      ),
    );
  }

  #body({ run, payments, files, batched }: Loaded) {
    const may = (run.allowed_actions ?? []).includes('payment_file');
    const awaiting = payments.filter((p) => p.status === 'file_generated');
    const emit = (n: 'payrail-payment-file', d: { id: string; format: 'aba' | 'sepa' }) => this.emit(n, d);
    const t = (k: MessageKey, v?: Record<string, string>) => this.t(k, v);
    const cur = payments[0]?.currency ?? run.totals?.currency ?? '';
    const sum = (s?: PaymentStatus) => addMoney(...payments.filter((p) => !s || p.status === s).map((p) => p.amount));
    const total = sum();
    const net = run.totals?.net;
    return html`${header(this.t('paymentsTitle'), {
      sub: this.t('paymentsSub', { period: this.f.period(run.period_start, run.period_end) }),
      end: html`${this.sampleBadge()}
        <div class="actions">
          ${files.length ? nothing : payButton(t, emit, run, 'bank-file', this.cc, 'primary')}
          ${batched ? this.#superFile(run) : payButton(t, emit, run, 'super-batch', this.cc)}
          ${
            awaiting.length && run.allowed_actions.includes('confirm_payments')
              ? html` ${
                    this.selected.size
                      ? html`<button
                          class="btn"
                          part="button action-button"
                          data-action="confirm-selected"
                          @click=${() => this.#confirm(run, [...this.selected])}
                        >
                          ${this.t('confirmSelected', { n: this.selected.size })}
                        </button>`
                      : nothing
                  }
                  <button
                    class="btn primary"
                    part="button action-button"
                    data-action="confirm-all"
                    @click=${() => this.#confirm(run)}
                  >
                    ${this.t('confirmAll')}
                  </button>`
              : nothing
          }
        </div>`,
    })}
    ${
      payments.length
        ? html`<dl class="totals figs" part="totals">
              <div class="strong">
                <dt>${this.t('totalPaid')}</dt>
                <dd>${this.f.money(total, cur)}</dd>
              </div>
              <div>
                <dt>${this.t('confirmed')}</dt>
                <dd>${this.f.money(sum('confirmed'), cur)}</dd>
              </div>
              <div>
                <dt>${this.t('awaitingBank')}</dt>
                <dd>${this.f.money(sum('file_generated'), cur)}</dd>
              </div>
              <div>
                <dt>${this.t('returned')}</dt>
                <dd class=${toCents(sum('returned')) ? 'neg' : ''}>${this.f.money(sum('returned'), cur)}</dd>
              </div>
            </dl>
            ${
              // Employees without an account on file are not in the bank file: said, never hidden.
              net && toCents(net) !== toCents(total)
                ? html`<p class="note" role="note">${this.t('paymentsNotRun', { amount: this.f.money(net, cur) })}</p>`
                : nothing
            }
            ${this.#table(run, payments, may)}`
        : emptyState(this.t('noPayments'), this.t('noPaymentsHint'))
    }
    ${files.length ? this.#files(files) : nothing}
    ${
      may && payments.length
        ? html`<p class="hint" aria-live="polite">
            ${
              this.sent
                ? html`<span class="sent"
                    >${this.t('requested', {
                      action: this.t(this.sent.kind === 'confirm' ? 'confirmAll' : 'markReturned'),
                    })}</span
                  >`
                : this.t('actionsHint')
            }
          </p>`
        : nothing
    }`;
  }

  /** The super file for the clearing house, once the batch is made, for whoever may make the batch. */
  #superFile(run: PayRun) {
    if (!run.allowed_actions.includes('super_batch')) return nothing;
    return html`<button
      class="btn"
      part="button action-button"
      data-action="super-file"
      @click=${() => this.emit('payrail-super-file', { id: run.id })}
    >
      ${this.t('downloadSuperFile')}
    </button>`;
  }

  #table(run: PayRun, payments: Payment[], may: boolean) {
    const selectable =
      run.allowed_actions.includes('confirm_payments') && payments.some((p) => p.status === 'file_generated');
    return html`<div class="scroll">
      <table class="stack" part="table" aria-labelledby="title">
        <thead>
          <tr>
            ${selectable ? html`<th scope="col" class="pick"><span class="vh">${this.t('confirmSelected', { n: '' })}</span></th>` : nothing}
            <th scope="col">${this.t('employee')}</th>
            <th scope="col">${this.t('account')}</th>
            <th scope="col">${this.t('status')}</th>
            <th scope="col" class="num">${this.t('net')}</th>
            ${may ? html`<th scope="col"><span class="vh">${this.t('markReturned')}</span></th>` : nothing}
          </tr>
        </thead>
        <tbody>
          ${payments.map((p) => this.#row(run, p, may, selectable))}
        </tbody>
      </table>
    </div>`;
  }

  #row(run: PayRun, p: Payment, may: boolean, selectable: boolean) {
    const open = p.status === 'file_generated';
    const returning = this.returning?.id === p.employee_id ? this.returning : undefined;
    const reasonId = `reason-${p.employee_id}`;
    return html`<tr part="row" data-employee=${p.employee_id}>
        ${
          selectable
            ? html`<td class="pick">
                ${
                  open
                    ? html`<input
                        type="checkbox"
                        aria-label=${this.t('selectPayment', { name: p.employee_name })}
                        .checked=${this.selected.has(p.employee_id)}
                        @change=${(e: Event) => this.#pick(p.employee_id, (e.target as HTMLInputElement).checked)}
                      />`
                    : nothing
                }
              </td>`
            : nothing
        }
        <td class="strong payee">${p.employee_name}</td>
        <td data-label=${this.t('account')}>
          ${p.account_last4 ? this.t('accountEnding', { n: p.account_last4 }) : '—'}
        </td>
        <td class="s-end" data-label=${this.t('status')}>
          <span class="pill s-${p.status}" part="pill">${this.statusLabel(p.status)}</span>
          ${p.return_reason ? html`<span class="reason">${p.return_reason}</span>` : nothing}
        </td>
        <td class="num strong s-top" data-label=${this.t('net')}>${this.f.money(p.amount, p.currency)}</td>
        ${
          may
            ? html`<td class="s-wide act">
                ${
                  p.status !== 'returned' && !returning
                    ? html`<button
                        class="btn small"
                        part="button action-button"
                        data-action="return"
                        aria-label=${`${this.t('markReturned')}: ${p.employee_name}`}
                        @click=${() => (this.returning = { id: p.employee_id, reason: '' })}
                      >
                        ${this.t('markReturned')}
                      </button>`
                    : nothing
                }
              </td>`
            : nothing
        }
      </tr>
      ${
        returning
          ? html`<tr class="returning">
              <td colspan="6">
                <div class="return-form">
                  <label for=${reasonId}>${this.t('returnReason')}</label>
                  <input
                    id=${reasonId}
                    maxlength="200"
                    aria-invalid=${returning.invalid ? 'true' : 'false'}
                    .value=${returning.reason}
                    @input=${(e: Event) => (this.returning = { ...returning, reason: (e.target as HTMLInputElement).value, invalid: false })}
                  />
                  <button class="btn" part="button" @click=${() => (this.returning = undefined)}>
                    ${this.t('cancel')}
                  </button>
                  <button
                    class="btn danger"
                    part="button action-button"
                    data-action="return-send"
                    @click=${() => this.#return(run, returning)}
                  >
                    ${this.t('returnSend')}
                  </button>
                </div>
              </td>
            </tr>`
          : nothing
      }`;
  }

  /** Newest first: the file to upload on top, each replaced one saying when it was replaced. */
  #files(files: PaymentFile[]) {
    const at = (iso: string | null) => stamp(this.f.dateLocale, iso);
    return html`<section class="files" aria-labelledby="files-title">
      <h3 id="files-title">${this.t('bankFilesTitle')}</h3>
      <ul part="files">
        ${[...files].reverse().map(
          (f) =>
            html`<li part="file" data-status=${f.status}>
              <span class="pill s-${f.status}" part="pill">
                ${this.t(f.status === 'current' ? 'fileCurrent' : 'fileSuperseded')}
              </span>
              <span>${this.t('fileGenerated', { at: at(f.generated_at) })}</span>
              ${
                f.status === 'superseded'
                  ? html`<span class="reason">${this.t('fileSupersededNote', { at: at(f.superseded_at) })}</span>`
                  : nothing
              }
            </li>`,
        )}
      </ul>
    </section>`;
  }

  #pick(id: string, on: boolean) {
    const next = new Set(this.selected);
    if (on) next.add(id);
    else next.delete(id);
    this.selected = next;
  }

  #confirm(run: PayRun, ids?: string[]) {
    const e = this.emit('payrail-payments-confirm', { id: run.id, ...(ids ? { employee_ids: ids } : {}) });
    if (e.defaultPrevented) return;
    this.sent = { kind: 'confirm', ids: ids ?? [] };
    this.selected = new Set();
  }

  #return(run: PayRun, r: { id: string; reason: string }) {
    const reason = r.reason.trim();
    if (!reason) {
      this.returning = { ...r, invalid: true };
      this.renderRoot.querySelector<HTMLInputElement>(`#reason-${CSS.escape(r.id)}`)?.focus();
      return;
    }
    const e = this.emit('payrail-payment-return', { id: run.id, employee_id: r.id, reason });
    this.returning = undefined;
    if (!e.defaultPrevented) this.sent = { kind: 'return', ids: [r.id] };
  }
}
