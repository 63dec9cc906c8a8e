import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { LeaveElement } from '../internal/leave-element.js';
import { tokens } from '../internal/styles.js';
import { icons } from '../internal/icons.js';
import { skeletonLines } from '../internal/states.js';
import { leaveStyles } from '../internal/leave.styles.js';
import { SaveController } from '../internal/save-controller.js';
import type { LeaveQuote, LeaveType } from '../client/models.js';
import { card, header } from '../internal/card.js';

type Quote = LeaveQuote | null;

/**
 * An employee's leave request form: the type from the employer's catalogue, the dates with the working
 * days they cover, the amount in hours or days (counted from the dates until changed), a reason, and the
 * balance before and after. The types are those the employee may take and the figures are the API's quote
 * (`GET leave/quote`): where it says the balance cannot cover the request, the form says so and does not send
 * it. Submitting emits `payrail-save` for the host's backend to send; a host that hands back its write with
 * `detail.waitUntil(promise)` has a refusal shown here, the request still there to change.
 *
 * @summary Leave request form.
 * @event payrail-save - The request was submitted. Detail: `{ form: 'leave-request', payload, waitUntil }` where `payload` is the body of `POST leave/requests`. Cancel it to say the host sends it; pass `waitUntil` the sending's promise to have its outcome shown.
 * @event payrail-cancel - "Cancel" was pressed. Detail: `{ form: 'leave-request' }`.
 * @event payrail-load - The form was shown. Detail: `{ sample }`.
 * @event payrail-error - The catalogue could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar.
 * @csspart form - The form.
 * @csspart figures - Working days and the balance before and after.
 * @csspart over-balance - Where the balance cannot cover the request: the figures in words.
 * @csspart refused - Why the request was refused when it was sent.
 * @csspart button - Every button.
 * @csspart submit-button - "Submit request".
 * @csspart cancel-button - "Cancel".
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailLeaveRequest extends LeaveElement {
  static override tag = 'leave-request';
  static override styles = [tokens, leaveStyles];

  /** Whose leave; a token pinned to an employee reads that employee's balances without it. */
  @property({ attribute: 'employee-id' }) employeeId?: string;

  @state() private type = '';
  @state() private start = '';
  @state() private end = '';
  @state() private amount = '';
  @state() private reason = '';
  @state() private tried = false;
  @state() private phase: 'edit' | 'sending' | 'sent' = 'edit';
  /** Why the page's backend (or the API) refused the request last sent. */
  @state() private refused = '';

  // The request is the employee's, not an officer's governed write: the element never sends it itself, only
  // shows how the page's sending went.
  #save = new SaveController(this.port, { allow: 'leave-request', reason: () => undefined, handBack: true });

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.employeeId] as const,
      task: ([api, id], { signal }): Promise<LeaveType[]> => api.leaveTypes({ signal }, id),
    }),
  );

  /** The API's figures for the request as it stands; null until the first day is given. */
  #quote = new Task(this, {
    args: () => [this.api, this.employeeId, this.#type()?.code, this.start, this.end, this.amount] as const,
    task: ([api, id, type, start, end, amount], { signal }): Promise<Quote> =>
      !type || !start || (end && end < start)
        ? Promise.resolve(null)
        : api.leaveQuote(
            {
              employee_id: id,
              leave_type: type,
              start_date: start,
              end_date: end || undefined,
              ...(amount !== '' && Number(amount) >= 0 ? { quantity: amount } : {}),
            },
            { signal },
          ),
  });

  #type(): LeaveType | undefined {
    const types = this.#data.value;
    return types?.find((x) => x.code === this.type) ?? types?.[0];
  }

  override render() {
    return card(html`
      ${header(this.t('leaveRequest'), { end: this.sampleBadge() })}
      ${this.renderTask(
        this.#data,
        (types) => (this.phase === 'sent' ? this.#done() : this.#form(types)),
        () => skeletonLines(5, this.t('loading')),
      )}
    `);
  }

  #done() {
    return html`<div class="done" role="status">
      <p class="strong">${icons.check} ${this.t('requestSent')}</p>
      <p class="sub">${this.t('requestSentHint')}</p>
      <button class="btn" part="button" @click=${() => this.#reset()}>${this.t('newRequest')}</button>
    </div>`;
  }

  #reset() {
    Object.assign(this, { phase: 'edit', tried: false, start: '', end: '', amount: '', reason: '', refused: '' });
  }

  #errors() {
    const q = Number(this.amount);
    return {
      start: !this.start ? this.t('errRequired') : '',
      end: this.end && this.start && this.end < this.start ? this.t('errDatesOrder') : '',
      amount: this.amount !== '' && !(q >= 0) ? this.t('errAmount') : '',
      reason: this.reason.length > 2000 ? this.t('errReasonLong') : '',
    };
  }

  #form(types: LeaveType[]) {
    const type = this.#type();
    const unit = type?.unit ?? 'hours';
    const quote = this.#quote.value ?? null;
    const quoteError = this.#quote.error ? this.refusal(this.#quote.error) : '';
    const err = this.#errors();
    const show = (k: keyof typeof err) => (this.tried && err[k] ? err[k] : '');
    const unitWord = this.t(unit === 'hours' ? 'leaveUnitHours' : 'leaveUnitDays');
    const fq = this.quantity(unit);
    const field = (id: keyof typeof err) => (show(id) ? html`<p class="msg" id="${id}-msg">${show(id)}</p>` : nothing);
    return html`<form part="form" novalidate @submit=${(e: Event) => this.#submit(e)}>
      <label
        >${this.t('leaveType')}
        <select @change=${(e: Event) => (this.type = (e.target as HTMLSelectElement).value)}>
          ${types.map((x) => html`<option value=${x.code} ?selected=${x.code === type?.code}>${x.name}</option>`)}
        </select>
      </label>
      <div class="row">
        <label
          >${this.t('leaveFrom')}
          <input
            type="date"
            .value=${this.start}
            aria-invalid=${show('start') ? 'true' : 'false'}
            aria-describedby=${show('start') ? 'start-msg' : nothing}
            @input=${(e: Event) => (this.start = (e.target as HTMLInputElement).value)}
          />${field('start')}
        </label>
        <label
          >${this.t('leaveTo')}
          <input
            type="date"
            .value=${this.end}
            min=${this.start || nothing}
            aria-invalid=${show('end') ? 'true' : 'false'}
            aria-describedby=${show('end') ? 'end-msg' : nothing}
            @input=${(e: Event) => (this.end = (e.target as HTMLInputElement).value)}
          />${field('end')}
        </label>
        <label
          >${this.t('leaveAmount')} (${unitWord})
          <input
            type="number"
            min="0"
            step=${unit === 'hours' ? '0.01' : '0.5'}
            inputmode="decimal"
            .value=${this.amount === '' ? (quote?.quantity ?? '') : this.amount}
            aria-invalid=${show('amount') ? 'true' : 'false'}
            aria-describedby=${show('amount') ? 'amount-msg' : nothing}
            @input=${(e: Event) => (this.amount = (e.target as HTMLInputElement).value)}
          />${field('amount')}
        </label>
      </div>
      <dl class="figs" part="figures" aria-live="polite">
        <div>
          <dt>${this.t('period')}</dt>
          <dd>${this.n('workingDays', quote?.working_days ?? 0)}</dd>
        </div>
        ${this.balanceFigures(quote?.balance ?? null, fq)}
      </dl>
      ${this.overBalance(quote?.balance ?? null, fq)}
      ${quoteError ? html`<p class="msg" role="status">${quoteError}</p>` : nothing}
      <label
        >${this.t('leaveReason')}
        <textarea
          maxlength="2000"
          .value=${this.reason}
          aria-invalid=${show('reason') ? 'true' : 'false'}
          @input=${(e: Event) => (this.reason = (e.target as HTMLTextAreaElement).value)}
        ></textarea>
        ${field('reason')}
      </label>
      ${this.refused ? html`<p class="msg" part="refused" role="alert">${this.refused}</p>` : nothing}
      <div class="actions">
        <button
          type="button"
          class="btn"
          part="button cancel-button"
          @click=${() => this.emit('payrail-cancel', { form: 'leave-request' })}
        >
          ${this.t('cancel')}
        </button>
        <button
          type="submit"
          class="btn primary"
          part="button submit-button"
          aria-disabled=${this.phase === 'sending' ? 'true' : 'false'}
        >
          ${this.t('submitRequest')}
        </button>
      </div>
    </form>`;
  }

  async #submit(e: Event) {
    e.preventDefault();
    if (this.phase !== 'edit') return;
    this.tried = true;
    this.refused = '';
    const type = this.#type();
    if (Object.values(this.#errors()).some(Boolean) || !type) return;
    // The API's figures for exactly what is sent; a request the balance cannot cover is not sent.
    await this.#quote.taskComplete.catch(() => null);
    const quote = this.#quote.value;
    if (!quote || (quote.balance && !quote.balance.covered)) return;
    const payload: Record<string, unknown> = {
      ...(this.employeeId ? { employee_id: this.employeeId } : {}),
      leave_type: type.code,
      start_date: this.start,
      end_date: this.end || null,
      quantity: Number(quote.quantity),
      unit: quote.unit,
      ...(this.reason.trim() ? { reason: this.reason.trim() } : {}),
    };
    // Marked first so a second press waits; a request handed over without an outcome is sent in the same task.
    this.phase = 'sending';
    void this.#save.send(
      { form: 'leave-request', payload },
      async () => undefined,
      (r) => {
        this.phase = r.status === 'refused' ? 'edit' : 'sent';
        if (r.status === 'refused') this.refused = this.refusal(r.error);
      },
    );
  }
}
