import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { skeletonLines } from '../internal/states.js';
import { icons } from '../internal/icons.js';
import { moneyStyles, payButton, runFor, type PayStep } from '../internal/money.js';
import type { MessageKey } from '../internal/i18n.js';
import type { Checklist, ChecklistItem, PayRun } from '../client/models.js';
import styles from './payroll-checklist.styles.js';
import { card, header } from '../internal/card.js';

/** The paying-people step each checklist item offers while it is pending. */
const STEP: Partial<Record<ChecklistItem['key'], PayStep>> = {
  bank_file: 'bank-file',
  super_batch: 'super-batch',
  payments_confirmed: 'confirm-all',
};

interface Loaded {
  run: PayRun;
  checklist: Checklist;
}

/**
 * A pay run's checklist, in order: employees ready, exceptions reviewed, approval, finalisation, bank
 * file, payments confirmed, then the country's filings: super batch, reported to and accepted by the ATO (AU);
 * Lohnsteuer-Anmeldung and Beitragsnachweise drawn up (DE). Each step is done,
 * pending, not applicable (the employer's country has no such step) or not available yet; a done step
 * may link to the evidence record that shows it. The API decides every status. A pending step of paying
 * people offers its control where the run's `allowed_actions` allow it: "Generate bank file" (ABA for AU,
 * SEPA for DE), "Create super batch" (AU), "Confirm all as paid"; each emits a request for the host's
 * backend, which sends it with its governance reason.
 *
 * @summary Pay run checklist.
 * @event payrail-payment-file - "Generate bank file" was pressed. Detail: `{ id, format }` (`aba` or `sepa`).
 * @event payrail-super-batch - "Create super batch" was pressed. Detail: `{ id }`.
 * @event payrail-payments-confirm - "Confirm all as paid" was pressed. Detail: `{ id }`.
 * @event payrail-view-evidence - A done step's "Evidence" was pressed. Detail: `{ id, item }`.
 * @event payrail-load - The checklist was shown. Detail: `{ sample }`.
 * @event payrail-error - It could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - Title, run and the overall status.
 * @csspart item - Each step.
 * @csspart pill - A status pill.
 * @csspart link - A step's "Evidence".
 * @csspart action-button - A pending step's control; `[data-action]` is `bank-file`, `super-batch` or `confirm-all`.
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailPayrollChecklist extends PayrailElement {
  static override tag = 'payroll-checklist';
  static override styles = [tokens, moneyStyles, styles];

  /** Defaults to the newest finalised run, else the newest run. */
  @property({ attribute: 'pay-run-id' }) payRunId?: string;

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.payRunId] as const,
      task: async ([api, id], { signal }): Promise<Loaded> => {
        const run = await runFor(api, id, { signal }, true);
        return { run, checklist: await api.checklist(run.id, { signal }) };
      },
    }),
  );

  override render() {
    return card(
      this.renderTask(
        this.#data,
        (d) => this.#body(d),
        () => html`${header(this.t('checklistTitle'))} ${skeletonLines(9, this.t('loading'))}`,
      ),
    );
  }

  #body({ run, checklist }: Loaded) {
    const open = checklist.items.filter((i) => i.status === 'pending').length;
    const rejected =
      run.status === 'lodged' && checklist.items.some((i) => i.key === 'stp_accepted' && i.status === 'pending');
    return html`${header(this.t('checklistTitle'), {
        sub: this.t('checklistSub', { period: this.f.period(run.period_start, run.period_end) }),
        end: html`${this.sampleBadge()}
          <span
            class="pill ${checklist.complete ? 's-complete' : 's-pending'}"
            part="pill"
            data-complete=${String(checklist.complete)}
          >
            ${checklist.complete ? this.t('checklistComplete') : this.t('checklistOpen', { n: open })}
          </span>`,
      })}
      <ol class="plain steps">
        ${checklist.items.map((i) => this.#item(i, rejected, run))}
      </ol>`;
  }

  #item(i: ChecklistItem, rejected: boolean, run: PayRun) {
    const step = i.status === 'pending' && STEP[i.key];
    // A German employer's bank file is a SEPA credit transfer: the step says so.
    const key = i.key === 'bank_file' && this.cc === 'DE' ? 'bank_file_sepa' : i.key;
    const name = this.t(`ck_${key}` as MessageKey);
    const hint =
      i.status === 'pending' || i.status === 'not_available'
        ? this.t(i.key === 'stp_accepted' && rejected ? 'ckh_rejected' : (`ckh_${key}` as MessageKey))
        : null;
    const icon = i.status === 'done' ? icons.check : i.status === 'pending' ? icons.clock : icons.dot;
    return html`<li class="step ${i.status}" part="item" data-key=${i.key} data-status=${i.status}>
      <span class="mark" aria-hidden="true">${icon}</span>
      <div class="what">
        <p class="name">${name}</p>
        ${hint ? html`<p class="sub">${hint}</p>` : nothing}
      </div>
      <div class="end">
        ${
          step
            ? payButton(
                (k, v) => this.t(k, v),
                (n, d) => this.emit(n, d),
                run,
                step,
                this.cc,
                'small',
              )
            : nothing
        }
        ${
          i.status === 'done' && i.evidence_id
            ? html`<button
                class="link"
                part="link"
                aria-label=${this.t('evidenceOf', { item: name })}
                @click=${() => this.emit('payrail-view-evidence', { id: i.evidence_id!, item: i.key })}
              >
                ${this.t('evidence')}
              </button>`
            : nothing
        }
        <span class="pill s-${i.status}"
          >${i.status === 'done' ? this.t('checkDone') : this.statusLabel(i.status)}</span
        >
      </div>
    </li>`;
  }
}
