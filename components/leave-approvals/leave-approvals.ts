import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { LeaveElement } from '../internal/leave-element.js';
import { tokens } from '../internal/styles.js';
import { emptyState, skeletonLines } from '../internal/states.js';
import { leaveStyles } from '../internal/leave.styles.js';
import { overlaps } from '../internal/leave.js';
import { SaveController } from '../internal/save-controller.js';
import type { LeaveRequest, LeaveType } from '../client/models.js';
import styles from './leave-approvals.styles.js';
import { card, header } from '../internal/card.js';

/** A decision handed to the page, on its way to the API, or recorded there (with its evidence record). */
interface Decision {
  action: 'approve' | 'reject';
  state: 'handed' | 'sending' | 'recorded';
  evidence?: string | null;
}

interface Loaded {
  pending: LeaveRequest[];
  others: LeaveRequest[];
  types: LeaveType[];
}

/**
 * An approver's queue of pending leave requests: who, what and when, the request's effect on the
 * balance (the API's figures, said in words where the balance cannot cover it), who else in the team is away
 * on those days, and approve or reject with a note. A refused decision shows the API's reason and leaves the
 * request pending with both buttons. A decision
 * emits `payrail-leave-decision` for the host's backend to send with its governance reason; left alone,
 * the element sends it itself where its token allows `leave-approvals` and it has a `governance-reason`,
 * and then, with `show-governance`, links to the decision's evidence record. The list is the API's: a
 * data-scoped approver sees only requests of employees in scope.
 *
 * @summary Leave approvals queue.
 * @attr governance-reason - The reason the element sends a decision with when the page lets it (3-500 characters).
 * @event payrail-leave-decision - "Approve" or "Reject" was pressed. Detail: `{ id, action, note?, waitUntil }`. Cancel it to say the host sends it; pass `waitUntil` the sending's promise to have it shown as recorded, or refused with the reason and the request still pending.
 * @event payrail-view-evidence - With `show-governance`, a recorded decision's "Evidence" was pressed. Detail: `{ id, item: 'leave_request' }`.
 * @event payrail-load - The queue was shown. Detail: `{ sample }`.
 * @event payrail-error - The queue could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar.
 * @csspart request - Each pending request.
 * @csspart figures - The request's effect on the balance, as the API counts it.
 * @csspart over-balance - Where the API says the balance cannot cover the request: the figures in words.
 * @csspart button - Every button.
 * @csspart approve-button - "Approve".
 * @csspart reject-button - "Reject".
 * @csspart evidence-link - A recorded decision's "Evidence" (with `show-governance`).
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart empty - The message shown when nothing waits for a decision.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailLeaveApprovals extends LeaveElement {
  static override tag = 'leave-approvals';
  static override styles = [tokens, leaveStyles, styles];

  @property({ attribute: 'governance-reason' }) governanceReason?: string;
  @state() private notes: Record<string, string> = {};
  @state() private decided: Record<string, Decision> = {};
  /** Why the API refused a decision the element sent, by request. */
  @state() private refused: Record<string, string> = {};

  #data = this.watch(
    new Task(this, {
      args: () => [this.api] as const,
      task: async ([api], { signal }): Promise<Loaded> => {
        const [pending, approved, types] = await Promise.all([
          api.leaveRequests({ status: 'pending', limit: 200 }, { signal }),
          api.leaveRequests({ status: 'approved', limit: 200 }, { signal }),
          api.leaveTypes({ signal }),
        ]);
        return { pending: pending.data, others: [...pending.data, ...approved.data], types };
      },
    }),
  );

  // Decisions on different requests may be under way at once: each request keeps its own state, not `busy`.
  #save = new SaveController(this.port, {
    event: 'payrail-leave-decision',
    allow: 'leave-approvals',
    reason: () => this.governanceReason,
    handBack: true,
  });

  override render() {
    return card(html`
      ${header(this.t('leaveApprovals'), { end: this.sampleBadge() })}
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
    `);
  }

  #item(r: LeaveRequest, d: Loaded) {
    const type = d.types.find((x) => x.code === r.leave_type);
    // The API's figures: the balance the request draws on as it stands, and whether it covers it.
    const bal = r.balance;
    const qty = bal?.requested ?? r.quantity;
    const fq = this.quantity(r.unit);
    const away = [
      ...new Set(
        d.others
          .filter((o) => o.id !== r.id && o.employee_id !== r.employee_id && overlaps(o, r))
          .map((o) => o.employee_name),
      ),
    ];
    const done = this.decided[r.id];
    const refused = this.refused[r.id];
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
        ${
          done?.state === 'recorded'
            ? html`<span class="pill ${done.action === 'approve' ? 's-complete' : 's-blocked'}"
                >${this.t(done.action === 'approve' ? 'approved' : 'rejected')}</span
              >`
            : html`<span class="pill s-previewed">${this.t('pending')}</span>`
        }
      </div>
      <dl class="figs" part="figures">
        ${
          qty === null
            ? nothing
            : html`<div>
                <dt>${this.t('leaveAmount')}</dt>
                <dd>${fq(qty)}</dd>
              </div>`
        }
        ${this.balanceFigures(bal, fq)}
      </dl>
      ${refused ? nothing : this.overBalance(bal, fq)}
      <p class="sub overlap">
        ${away.length ? this.t('teamOverlap', { names: away.join(', ') }) : this.t('noOverlap')}
      </p>
      ${
        done && done.state !== 'sending'
          ? html`<p class="sent" role="status">
              ${this.t(done.state === 'recorded' ? 'decisionRecorded' : 'decisionSent', { action: this.t(done.action) })}
              ${this.evidenceLink(done.evidence, 'leave_request', r.employee_name)}
            </p>`
          : html`${refused ? html`<p class="refused" role="alert">${refused}</p>` : nothing}
              <label for=${noteId} class="field"
                >${this.t('decisionNote')}
                <textarea
                  id=${noteId}
                  maxlength="500"
                  .value=${this.notes[r.id] ?? ''}
                  @input=${(e: Event) => (this.notes = { ...this.notes, [r.id]: (e.target as HTMLTextAreaElement).value })}
                ></textarea>
              </label>
              <div class="actions">
                <button
                  class="btn danger"
                  part="button reject-button"
                  aria-disabled=${done ? 'true' : 'false'}
                  @click=${() => this.#decide(r, 'reject')}
                >
                  ${this.t('reject')}
                </button>
                <button
                  class="btn primary"
                  part="button approve-button"
                  aria-disabled=${done ? 'true' : 'false'}
                  @click=${() => this.#decide(r, 'approve')}
                >
                  ${this.t('approve')}
                </button>
              </div>`
      }
    </li>`;
  }

  #mark(id: string, d: Decision | null, refused = '') {
    const { [id]: _, ...rest } = this.decided;
    this.decided = d ? { ...rest, [id]: d } : rest;
    this.refused = { ...this.refused, [id]: refused };
  }

  #decide(r: LeaveRequest, action: 'approve' | 'reject') {
    if (this.decided[r.id]) return;
    const note = (this.notes[r.id] ?? '').trim();
    const body = note ? { note } : {};
    // Marked first so a second press waits; a decision passed on at once replaces the mark in the same task.
    this.#mark(r.id, { action, state: 'sending' });
    void this.#save.send(
      { id: r.id, action, ...body },
      (reason) => this.api.writeRecorded('POST', `/leave/requests/{id}/${action}`, [r.id], body, reason),
      (done) => {
        // Refused: the reason in words, and the request still pending with both buttons.
        if (done.status === 'refused') return this.#mark(r.id, null, this.refusal(done.error));
        // Passed on: the page took the decision and handed nothing back, or nobody may send it from here.
        if (done.status === 'handed') return this.#mark(r.id, { action, state: 'handed' });
        const sent = done.value as { evidence_id?: string | null; data?: { evidence_id?: string | null } } | undefined;
        // The envelope names the decision's own record; an approval's request names it too.
        this.#mark(r.id, { action, state: 'recorded', evidence: sent?.evidence_id ?? sent?.data?.evidence_id });
      },
    );
  }
}
