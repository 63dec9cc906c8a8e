import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { icons } from '../internal/icons.js';
import { skeletonLines } from '../internal/states.js';
import { leaveStyles } from '../internal/leave.styles.js';
import { balanceFor, balanceTypeOf, q2, workingDays } from '../internal/leave.js';
import type { LeaveBalance, LeaveType } from '../client/models.js';

interface Loaded {
  types: LeaveType[];
  balances: LeaveBalance[];
}

interface Figures {
  type: LeaveType | undefined;
  unit: 'hours' | 'days';
  days: number;
  counted: number;
  quantity: number;
  before: number | null;
  after: number | null;
}

/** Hours in a working day when the form counts a day for the employee (38-hour week, 5 days). */
const HOURS_PER_DAY = 7.6;

/**
 * An employee's leave request form: the type from the employer's catalogue, the dates with the working
 * days they cover, the amount in hours or days (counted from the dates until changed), a reason, and the
 * balance before and after. Submitting emits `payrail-save` for the host's backend to send.
 *
 * @summary Leave request form.
 * @event payrail-save - The request was submitted. Detail: `{ form: 'leave-request', payload }` where `payload` is the body of `POST leave/requests`. Cancel it to say the host sent it.
 * @event payrail-cancel - "Cancel" was pressed. Detail: `{ form: 'leave-request' }`.
 * @event payrail-load - The form was shown. Detail: `{ sample }`.
 * @event payrail-error - The catalogue could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar.
 * @csspart form - The form.
 * @csspart figures - Working days and the balance before and after.
 * @csspart button - Every button.
 * @csspart submit-button - "Submit request".
 * @csspart cancel-button - "Cancel".
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailLeaveRequest extends PayrailElement {
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
  @state() private sent = false;

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.employeeId] as const,
      task: async ([api, id], { signal }): Promise<Loaded> => {
        const [types, balances] = await Promise.all([
          api.leaveTypes({ signal }),
          api.leaveBalances(id, { signal }).catch(() => []),
        ]);
        return { types, balances };
      },
    }),
  );

  override render() {
    return html`<section class="card" part="card" aria-labelledby="title">
      <header class="head" part="header">
        <h2 id="title">${this.t('leaveRequest')}</h2>
        ${this.sampleBadge()}
      </header>
      ${this.renderTask(
        this.#data,
        (d) => (this.sent ? this.#done() : this.#form(d)),
        () => skeletonLines(5, this.t('loading')),
      )}
    </section>`;
  }

  #done() {
    return html`<div class="done" role="status">
      <p class="strong">${icons.check} ${this.t('requestSent')}</p>
      <p class="sub">${this.t('requestSentHint')}</p>
      <button class="btn" part="button" @click=${() => this.#reset()}>${this.t('newRequest')}</button>
    </div>`;
  }

  #reset() {
    Object.assign(this, { sent: false, tried: false, start: '', end: '', amount: '', reason: '' });
  }

  #figures(d: Loaded): Figures {
    const type = d.types.find((x) => x.code === this.type) ?? d.types[0];
    const unit = type?.unit ?? 'hours';
    const days = workingDays(this.start, this.end || this.start);
    const counted = unit === 'hours' ? days * HOURS_PER_DAY : days;
    const quantity = this.amount === '' ? counted : Number(this.amount);
    const balance = balanceFor(d.balances, this.employeeId, balanceTypeOf(type));
    const before = balance ? Number(balance.balance) : null;
    const after = before === null ? null : before - (Number.isFinite(quantity) ? quantity : 0);
    return { type, unit, days, counted, quantity, before, after };
  }

  #errors(f: Figures) {
    return {
      start: !this.start ? this.t('errRequired') : '',
      end: this.end && this.start && this.end < this.start ? this.t('errDatesOrder') : '',
      amount: !Number.isFinite(f.quantity) || f.quantity < 0 ? this.t('errAmount') : '',
      reason: this.reason.length > 2000 ? this.t('errReasonLong') : '',
    };
  }

  #form(d: Loaded) {
    const f = this.#figures(d);
    const err = this.#errors(f);
    const show = (k: keyof typeof err) => (this.tried && err[k] ? err[k] : '');
    const unitWord = this.t(f.unit === 'hours' ? 'leaveUnitHours' : 'leaveUnitDays');
    const fmtQ = (v: number) =>
      this.t(f.unit === 'hours' ? 'dayUnitH' : 'dayUnitD', {
        n: this.f.num(q2(v), { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      });
    const field = (id: keyof typeof err) => (show(id) ? html`<p class="msg" id="${id}-msg">${show(id)}</p>` : nothing);
    return html`<form part="form" novalidate @submit=${(e: Event) => this.#submit(e, d)}>
      <label
        >${this.t('leaveType')}
        <select @change=${(e: Event) => (this.type = (e.target as HTMLSelectElement).value)}>
          ${d.types.map((x) => html`<option value=${x.code} ?selected=${x.code === f.type?.code}>${x.name}</option>`)}
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
            step=${f.unit === 'hours' ? '0.01' : '0.5'}
            inputmode="decimal"
            .value=${this.amount === '' ? (f.days ? q2(f.counted) : '') : this.amount}
            aria-invalid=${show('amount') ? 'true' : 'false'}
            aria-describedby=${show('amount') ? 'amount-msg' : nothing}
            @input=${(e: Event) => (this.amount = (e.target as HTMLInputElement).value)}
          />${field('amount')}
        </label>
      </div>
      <dl class="figs" part="figures" aria-live="polite">
        <div>
          <dt>${this.t('period')}</dt>
          <dd>${this.n('workingDays', f.days)}</dd>
        </div>
        ${
          f.before === null
            ? nothing
            : html`<div>
                  <dt>${this.t('balanceBefore')}</dt>
                  <dd>${fmtQ(f.before)}</dd>
                </div>
                <div>
                  <dt>${this.t('balanceAfter')}</dt>
                  <dd class=${f.after !== null && f.after < 0 ? 'neg' : ''}>${fmtQ(f.after ?? 0)}</dd>
                </div>`
        }
      </dl>
      ${f.after !== null && f.after < 0 ? html`<p class="msg" role="status">${this.t('overBalance')}</p>` : nothing}
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
      <div class="actions">
        <button
          type="button"
          class="btn"
          part="button cancel-button"
          @click=${() => this.emit('payrail-cancel', { form: 'leave-request' })}
        >
          ${this.t('cancel')}
        </button>
        <button type="submit" class="btn primary" part="button submit-button">${this.t('submitRequest')}</button>
      </div>
    </form>`;
  }

  #submit(e: Event, d: Loaded) {
    e.preventDefault();
    this.tried = true;
    const f = this.#figures(d);
    if (Object.values(this.#errors(f)).some(Boolean) || !f.type) return;
    const payload: Record<string, unknown> = {
      ...(this.employeeId ? { employee_id: this.employeeId } : {}),
      leave_type: f.type.code,
      start_date: this.start,
      end_date: this.end || null,
      quantity: Number(q2(f.quantity)),
      unit: f.unit,
      ...(this.reason.trim() ? { reason: this.reason.trim() } : {}),
    };
    this.emit('payrail-save', { form: 'leave-request', payload });
    this.sent = true;
  }
}
