import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { stepper } from '../internal/stepper.styles.js';
import { icons } from '../internal/icons.js';
import { emptyState, skeletonLines, skeletonTable } from '../internal/states.js';
import { RUNS_PAGE } from '../internal/summary.js';
import { employerTotals, payDateText } from '../internal/figures.js';
import { addMoney } from '../internal/format.js';
import type { PayRunAction } from '../internal/events.js';
import { PayrailApiError } from '../client/errors.js';
import type { PayRun, PayRunEntry, PayRunStatus } from '../client/models.js';
import styles from './pay-run-detail.styles.js';
import { card, header } from '../internal/card.js';

const STEPS: PayRunStatus[] = ['draft', 'previewed', 'approved', 'finalised'];
const STEP_OF: Partial<Record<PayRunStatus, number>> = {
  draft: 0,
  previewed: 1,
  approved: 2,
  finalising: 3,
  finalised: 4,
  lodged: 4,
};

/** The workflow steps this view offers as buttons; other actions belong to other components. */
const BUTTONS: readonly PayRunAction[] = ['preview', 'approve', 'finalise', 'void'];

/**
 * The steps the caller may request, from the run's `allowed_actions`: the API decides them (state,
 * role, segregation of duties, data scope), so the view never re-derives them.
 */
export const requestableActions = (run: PayRun): PayRunAction[] =>
  (run.allowed_actions ?? []).filter((a): a is PayRunAction => (BUTTONS as readonly string[]).includes(a));

interface Loaded {
  run: PayRun;
  entries: PayRunEntry[];
}

/**
 * One pay run: totals, its progress through draft → previewed → approved → finalised, and the
 * per-employee results. Action buttons are the run's `allowed_actions` for the caller, as the API
 * answers them; pressing one only emits a request event, because writes must go through the
 * integrator's governed backend. Employees' figures (gross, tax, social insurance, net) and the
 * employer's costs on top (super in AU, employer social insurance in DE) are shown apart, never in
 * one column.
 *
 * @summary Pay run detail.
 * @event payrail-pay-run-action - An action was requested. Detail: `{ id, action }` with action preview, approve, finalise or void. Unless cancelled, the view says the request was passed on; cancel it when your page handles the request itself (e.g. with its own dialog).
 * @event payrail-load - The run was shown. Detail: `{ sample }`.
 * @event payrail-error - The run could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @event payrail-view-employee - An employee's name was pressed. Detail: `{ id }`.
 * @event payrail-view-evidence - With `show-governance`, an entry's "Evidence" was pressed. Detail: `{ id, item: 'entry' }`.
 * @event payrail-edit-entry - "Edit" was pressed on an employee's row of a run that can be adjusted. Detail: `{ pay_run_id, employee_id }`; open `<payrail-pay-run-entry>` with them.
 * @csspart card - The surrounding card.
 * @csspart header - Title, status and actions.
 * @csspart stepper - The progress steps.
 * @csspart waiting - Whose turn it is, when the run's next step is not the caller's ("Waiting for an approver — you prepared this run").
 * @csspart totals - The totals cards.
 * @csspart table - The entries table.
 * @csspart row - Each entry's row.
 * @csspart link - An employee's name, which opens the employee.
 * @csspart edit-button - "Edit" on a row, while the run can be adjusted.
 * @csspart pill - The status pill.
 * @csspart evidence-link - An entry's "Evidence" (with `show-governance`).
 * @csspart button - Every button (actions, "Try again").
 * @csspart action-button - The workflow actions (preview, approve, finalise, void); `[data-action]` tells them apart.
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart empty - The message shown when the run has no employees yet.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailPayRunDetail extends PayrailElement {
  static override tag = 'pay-run-detail';
  static override styles = [tokens, stepper, styles];

  /** Defaults to the most recent run. */
  @property({ attribute: 'pay-run-id' }) payRunId?: string;
  /** The last action requested here whose event was not cancelled: said as passed on until the run reloads. */
  #requested?: PayRunAction;

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.payRunId] as const,
      task: async ([api, id], { signal }): Promise<Loaded> => {
        this.#requested = undefined;
        // Without an id, the newest run comes from the same first page the pay-runs list reads.
        const newest = id ? undefined : (await api.payRuns({ limit: RUNS_PAGE }, { signal })).data[0];
        const runId = id || newest?.id;
        if (!runId) throw new PayrailApiError({ code: 'not_found', message: 'No pay runs', status: 404 });
        const [run, entries] = await Promise.all([
          newest ?? api.payRun(runId, { signal }),
          // Drafts may have no committed entries yet; that is an empty table, not a failure.
          api.entries(runId, { signal }).catch(() => []),
        ]);
        return { run, entries };
      },
    }),
  );

  #request(run: PayRun, action: PayRunAction) {
    const e = this.emit('payrail-pay-run-action', { id: run.id, action });
    if (e.defaultPrevented) return;
    this.#requested = action;
    this.requestUpdate();
  }

  override render() {
    return card(
      this.renderTask(
        this.#data,
        (d) => this.#body(d),
        () => html`${skeletonLines(3, this.t('loading'))}${skeletonTable(4, 5, this.t('loading'))}`,
      ),
    );
  }

  #body({ run, entries }: Loaded) {
    const t = run.totals;
    const cur = t?.currency ?? entries[0]?.currency ?? '';
    const sup = t?.super != null || entries.some((e) => e.super != null);
    const actions = requestableActions(run);
    // Only the furthest step forward is the primary call to action; re-running a preview is secondary.
    const main = actions.filter((a) => a !== 'void').pop();
    return html` ${header(this.f.period(run.period_start, run.period_end), {
      eyebrow: this.t('payRun'),
      sub: html`${payDateText(
        run,
        (k, v) => this.t(k, v),
        (d) => this.f.date(d),
      )}
      · ${this.statusLabel(run.pay_frequency)}
      ${run.approved_by && !/^(key|user|session):/.test(run.approved_by) ? html` · ${this.t('approvedBy', { name: run.approved_by })}` : nothing}`,
      end: html`${this.sampleBadge()}
        <span class="pill s-${run.status}" part="pill">${this.statusLabel(run.status)}</span>
        ${
          actions.length
            ? html`<div class="actions">
                ${actions.map(
                  (a) =>
                    html`<button
                      part="button action-button"
                      data-action=${a}
                      class="btn ${a === 'void' ? 'danger' : a === main ? 'primary' : ''}"
                      @click=${() => this.#request(run, a)}
                    >
                      ${this.t(a)}
                    </button>`,
                )}
              </div>`
            : nothing
        }`,
    })}
    ${run.status === 'voided' ? html`<p class="note" role="note">${icons.alert}${this.t('voidedNote')}</p>` : this.#stepper(run.status)}
    ${this.#waiting(run)}
    ${
      t
        ? html`<div class="totals ${sup ? 'four' : ''}" part="totals">
              ${this.#stat(this.t('employees'), String(t.employee_count))}
              ${this.#stat(this.t('gross'), this.f.money(t.gross, cur))}
              ${this.#stat(this.t('tax'), this.f.money(t.tax, cur))}
              ${sup ? nothing : this.#stat(this.t('employeeSocial'), this.f.money(t.social, cur))}
              ${this.#stat(this.t('net'), this.f.money(t.net, cur), true)}
            </div>
            ${employerTotals(run, (k) => this.t(k), this.f)}`
        : nothing
    }
    ${entries.length ? this.#table(run, entries, sup) : emptyState(this.t('noEntries'))}
    ${
      actions.length
        ? html`<p class="hint" aria-live="polite">
            ${this.#requested ? this.t('requested', { action: this.t(this.#requested) }) : this.t('actionsHint')}
          </p>`
        : nothing
    }`;
  }

  /** Whose turn it is, as the API says (`waiting_for`), when the run's next step is not this caller's. */
  #waiting({ waiting_for: w }: PayRun) {
    return w
      ? html`<p class="note wait" role="note" part="waiting">
          ${icons.clock}${this.t(w.reason === 'prepared_by_you' ? 'waitYou' : w.role === 'approver' ? 'waitApprover' : 'waitPreparer')}
        </p>`
      : nothing;
  }

  #stepper(status: PayRunStatus) {
    const at = STEP_OF[status] ?? 0;
    return html`<ol class="steps" part="stepper" aria-label=${this.t('progress')}>
      ${STEPS.map((s, i) => {
        const state = i < at ? 'done' : i === at ? 'current' : 'todo';
        return html`<li class=${state} aria-current=${i === at ? 'step' : 'false'}>
          <span class="dot">${state === 'done' ? icons.check : i + 1}</span><span>${this.statusLabel(s)}</span>
        </li>`;
      })}
    </ol>`;
  }

  #stat(label: string, value: string, strong = false) {
    return html`<div class="stat ${strong ? 'strong' : ''}"><span>${label}</span><b>${value}</b></div>`;
  }

  #table(run: PayRun, entries: PayRunEntry[], sup: boolean) {
    const edit = run.allowed_actions?.includes('adjust');
    return html`<div class="scroll">
      <table class="stack" part="table" aria-labelledby="title">
        <thead>
          <tr>
            <th scope="col">${this.t('employee')}</th>
            <th scope="col" class="num">${this.t('gross')}</th>
            <th scope="col" class="num">${this.t('tax')}</th>
            ${sup ? nothing : html`<th scope="col" class="num">${this.t('employeeSocial')}</th>`}
            <th scope="col" class="num">${this.t('net')}</th>
            <th scope="col" class="num employer">${this.t(sup ? 'employerSuper' : 'employerSocial')}</th>
          </tr>
        </thead>
        <tbody>
          ${entries.map(
            (e) =>
              html`<tr part="row">
                <td class="s-wide">
                  <button
                    class="link"
                    part="link"
                    @click=${() => this.emit('payrail-view-employee', { id: e.employee_id })}
                  >
                    ${e.employee_name}
                  </button>
                  ${this.evidenceLink(e.evidence_id, 'entry', e.employee_name)}
                  ${
                    edit
                      ? html`<button
                          class="btn"
                          part="button edit-button"
                          aria-label="${this.t('piEdit')}: ${e.employee_name}"
                          @click=${() => this.emit('payrail-edit-entry', { pay_run_id: run.id, employee_id: e.employee_id })}
                        >
                          ${this.t('piEdit')}
                        </button>`
                      : nothing
                  }
                </td>
                <td class="num" data-label=${this.t('gross')}>${this.f.money(e.gross, e.currency)}</td>
                <td class="num s-end" data-label=${this.t('tax')}>${this.f.money(e.tax, e.currency)}</td>
                ${sup ? nothing : html`<td class="num" data-label=${this.t('social')}>${this.f.money(e.social, e.currency)}</td>`}
                <td class="num strong s-end" data-label=${this.t('net')}>${this.f.money(e.net, e.currency)}</td>
                <td class="num employer" data-label=${this.t(sup ? 'employerSuper' : 'employerSocial')}>
                  ${this.f.money(sup ? e.super : addMoney(...(e.employer_costs ?? []).map((c) => c.amount)), e.currency)}
                </td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }
}
