import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { emptyState, skeletonLines } from '../internal/states.js';
import { leaveStyles } from '../internal/leave.styles.js';
import { balanceFor, balanceTypeOf, overlaps, q2 } from '../internal/leave.js';
import type { LeaveBalance, LeaveRequest, LeaveType } from '../client/models.js';
import styles from './leave-approvals.styles.js';

interface Loaded {
  pending: LeaveRequest[];
  others: LeaveRequest[];
  types: LeaveType[];
  balances: LeaveBalance[];
}

/**
 * An approver's queue of pending leave requests: who, what and when, the request's effect on the
 * balance, who else in the team is away on those days, and approve or reject with a note. A decision
 * emits `payrail-leave-decision` for the host's backend to send with its governance reason. The list is
 * the API's: a data-scoped approver sees only requests of employees in scope.
 *
 * @summary Leave approvals queue.
 * @event payrail-leave-decision - "Approve" or "Reject" was pressed. Detail: `{ id, action, note? }`. Cancel it to say the host sent it.
 * @event payrail-load - The queue was shown. Detail: `{ sample }`.
 * @event payrail-error - The queue could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar.
 * @csspart request - Each pending request.
 * @csspart figures - The request's effect on the balance.
 * @csspart button - Every button.
 * @csspart approve-button - "Approve".
 * @csspart reject-button - "Reject".
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart empty - The message shown when nothing waits for a decision.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailLeaveApprovals extends PayrailElement {
  static override tag = 'leave-approvals';
  static override styles = [tokens, leaveStyles, styles];

  @state() private notes: Record<string, string> = {};
  @state() private decided: Record<string, 'approve' | 'reject'> = {};

  #data = this.watch(
    new Task(this, {
      args: () => [this.api] as const,
      task: async ([api], { signal }): Promise<Loaded> => {
        const [pending, approved, types, balances] = await Promise.all([
          api.leaveRequests({ status: 'pending', limit: 200 }, { signal }),
          api.leaveRequests({ status: 'approved', limit: 200 }, { signal }),
          api.leaveTypes({ signal }),
          api.leaveBalances(undefined, { signal }).catch(() => []),
        ]);
        return { pending: pending.data, others: [...pending.data, ...approved.data], types, balances };
      },
    }),
  );

  override render() {
    return html`<section class="card" part="card" aria-labelledby="title">
      <header class="head" part="header">
        <h2 id="title">${this.t('leaveApprovals')}</h2>
        ${this.sampleBadge()}
      </header>
      ${this.renderTask(
        this.#data,
        (d) =>
          d.pending.length
            ? html`<ul class="plain queue">
                ${d.pending.map((r) => this.#item(r, d))}
              </ul>`
            : emptyState(this.t('noPendingLeave'), this.t('noPendingLeaveHint')),
        () => skeletonLines(6, this.t('loading')),
      )}
    </section>`;
  }

  #item(r: LeaveRequest, d: Loaded) {
    const type = d.types.find((x) => x.code === r.leave_type);
    const unit = r.unit;
    const qty = Number(r.quantity ?? (unit === 'hours' ? r.working_days * 7.6 : r.working_days));
    const bal = balanceFor(d.balances, r.employee_id, balanceTypeOf(type));
    const before = bal ? Number(bal.balance) : null;
    const after = before === null ? null : before - qty;
    const fq = (v: number) =>
      this.t(unit === 'hours' ? 'dayUnitH' : 'dayUnitD', {
        n: this.f.num(q2(v), { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      });
    const away = [
      ...new Set(
        d.others
          .filter((o) => o.id !== r.id && o.employee_id !== r.employee_id && overlaps(o, r))
          .map((o) => o.employee_name),
      ),
    ];
    const done = this.decided[r.id];
    const noteId = `note-${r.id}`;
    return html`<li class="item" part="request" data-id=${r.id}>
      <div class="top">
        <div>
          <p class="strong">${r.employee_name}</p>
          <p class="sub">
            ${type?.name ?? r.leave_type} · ${this.f.period(r.start_date, r.end_date ?? r.start_date)} ·
            ${this.n('workingDays', r.working_days)}
          </p>
          ${r.reason ? html`<p class="reason">“${r.reason}”</p>` : nothing}
        </div>
        <span class="pill s-previewed">${this.t('pending')}</span>
      </div>
      <dl class="figs" part="figures">
        <div>
          <dt>${this.t('leaveAmount')}</dt>
          <dd>${fq(qty)}</dd>
        </div>
        ${
          before === null
            ? nothing
            : html`<div>
                  <dt>${this.t('balanceBefore')}</dt>
                  <dd>${fq(before)}</dd>
                </div>
                <div>
                  <dt>${this.t('balanceAfter')}</dt>
                  <dd class=${after! < 0 ? 'neg' : ''}>${fq(after!)}</dd>
                </div>`
        }
      </dl>
      <p class="sub overlap">
        ${away.length ? this.t('teamOverlap', { names: away.join(', ') }) : this.t('noOverlap')}
      </p>
      ${
        done
          ? html`<p class="sent" role="status">
              ${this.t('decisionSent', { action: this.t(done === 'approve' ? 'approve' : 'reject') })}
            </p>`
          : html`<label for=${noteId} class="field"
                >${this.t('decisionNote')}
                <textarea
                  id=${noteId}
                  maxlength="500"
                  .value=${this.notes[r.id] ?? ''}
                  @input=${(e: Event) => (this.notes = { ...this.notes, [r.id]: (e.target as HTMLTextAreaElement).value })}
                ></textarea>
              </label>
              <div class="actions">
                <button class="btn danger" part="button reject-button" @click=${() => this.#decide(r, 'reject')}>
                  ${this.t('reject')}
                </button>
                <button class="btn primary" part="button approve-button" @click=${() => this.#decide(r, 'approve')}>
                  ${this.t('approve')}
                </button>
              </div>`
      }
    </li>`;
  }

  #decide(r: LeaveRequest, action: 'approve' | 'reject') {
    const note = (this.notes[r.id] ?? '').trim();
    this.emit('payrail-leave-decision', { id: r.id, action, ...(note ? { note } : {}) });
    this.decided = { ...this.decided, [r.id]: action };
  }
}
