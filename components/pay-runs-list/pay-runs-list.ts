import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { emptyState, skeletonTable } from '../internal/states.js';
import { searchStyles } from '../internal/search.js';
import { SearchedList } from '../internal/list.js';
import { RUNS_PAGE } from '../internal/summary.js';
import { overdueFlag, payDateText } from '../internal/figures.js';
import { formStyles } from '../internal/forms.js';
import type { PayRun } from '../client/models.js';
import type { NewRunPanel, NewRunHost } from './new-run.js';

/** The new-run form, fetched the first time someone asks for it: most who read the list never open it. */
let newRunChunk: Promise<typeof import('./new-run.js')> | undefined;
import styles from './pay-runs-list.styles.js';
import { card, header } from '../internal/card.js';

/** The furthest step forward the caller may take on a run, from the API's `allowed_actions`. */
const FORWARD = ['finalise', 'approve', 'preview'] as const;
const nextStep = (r: PayRun) => FORWARD.find((a) => r.allowed_actions?.includes(a));

/**
 * The tenant's pay runs, newest first, with cursor pagination and a search the API answers (`q`:
 * status, frequency, month or date). A run on which the caller may take the next workflow step (its
 * `allowed_actions`, as the API answers them) says so under its status; an unpaid run whose payment
 * date has passed is flagged as overdue.
 *
 * A caller the API lets create pay runs (the list's `allowed_actions` holds `create`) is offered "New pay run": each
 * pay schedule's next period that has no run yet, its dates from the schedule and editable, or an
 * off-cycle run on dates of their choosing. The dates go to the page as a cancelable `payrail-save`
 * (`form: 'pay-runs-list'`, `request: { method: 'POST', path: '/pay-runs' }`) for its backend to create
 * with its governance reason; left alone, the element creates the run itself where its token's allowlist
 * holds `pay-runs-list` and it has a `governance-reason`.
 *
 * @summary Pay runs table.
 * @attr governance-reason - The reason the element creates a run with when the page lets it (3-500 characters).
 * @event payrail-view-pay-run - A run was opened by click or Enter. Detail: `{ id }`.
 * @event payrail-save - "Create pay run" with checked dates. Detail: `{ form: 'pay-runs-list', payload, request }`.
 * @event payrail-cancel - The new run was abandoned. Detail: `{ form: 'pay-runs-list' }`.
 * @event payrail-load - The first page was shown. Detail: `{ sample }`.
 * @event payrail-error - The runs could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar.
 * @csspart table - The table.
 * @csspart row - Each run's row.
 * @csspart link - The period that opens a run.
 * @csspart pill - Status pills.
 * @csspart search - The search input.
 * @csspart next - "Your step" under a run the caller may move forward.
 * @csspart new-run-button - "New pay run".
 * @csspart new-run - The form for a new run.
 * @csspart new-run-note - What became of the run last handed to the page.
 * @csspart create-button - "Create pay run".
 * @csspart cancel-button - "Cancel" on the new run.
 * @csspart button - Every button ("Load more", "Try again").
 * @csspart load-more-button - "Load more".
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart empty - The message shown when there are no runs.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailPayRunsList extends PayrailElement {
  static override tag = 'pay-runs-list';
  static override styles = [tokens, formStyles, searchStyles, styles];

  /** Only runs in this status, e.g. `finalised`. */
  @property() status?: string;
  @property({ type: Number, attribute: 'page-size' }) pageSize = RUNS_PAGE;
  /** Id of the open run, highlighted and marked `aria-current`; set when a run is opened, settable by the host. */
  @property() selected?: string;
  @property({ attribute: 'governance-reason' }) governanceReason?: string;

  #list = new SearchedList<PayRun>(
    this,
    (q, cursor, signal) => this.api.payRuns({ limit: this.pageSize, cursor, status: this.status, q }, { signal }),
    () => [this.api, this.status, this.pageSize],
  );

  #newRun?: NewRunPanel;

  constructor() {
    super();
    this.watch(this.#list.task);
  }

  /** "New pay run" before the form is loaded; the form's own button takes over once it is. */
  #newRunButton() {
    const open = () =>
      void (newRunChunk ??= import('./new-run.js')).then((m) => {
        this.#newRun ??= new m.NewRunPanel(this.#panelHost());
        return this.#newRun.start();
      });
    return html`<button type="button" class="btn primary" part="button new-run-button" @click=${open}>
      ${this.t('newPayRun')}
    </button>`;
  }

  #panelHost(): NewRunHost {
    return {
      api: () => this.api,
      port: () => this.port,
      governanceReason: () => this.governanceReason,
      updated: () => this.updateComplete,
      root: () => this.renderRoot,
      t: (k, vars) => this.t(k, vars),
      period: (a, b) => this.f.period(a, b),
      date: (d) => this.f.date(d),
      emit: (name, detail) => this.emit(name, detail),
      requestUpdate: () => this.requestUpdate(),
      created: () => this.reload(),
    };
  }

  #open(r: PayRun) {
    this.selected = r.id;
    this.emit('payrail-view-pay-run', { id: r.id });
  }

  override render() {
    return card(html`
      ${header(this.t('payRuns'), {
        end: html`${this.sampleBadge()} ${this.#list.search.render(this.t('searchRuns'))}
        ${this.#list.allowed.includes('create') ? (this.#newRun?.button() ?? this.#newRunButton()) : nothing}`,
      })}
      ${this.#newRun?.panel() ?? nothing}
      ${this.renderTask(
        this.#list.task,
        () =>
          this.#list.rows.length
            ? this.#table(this.#list.rows)
            : this.#list.search.q
              ? emptyState(this.t('noRunMatch', { q: this.#list.search.q }))
              : emptyState(this.t('noPayRuns'), this.t('noPayRunsHint')),
        () => skeletonTable(5, 6, this.t('loading')),
      )}
    `);
  }

  #table(rows: PayRun[]) {
    const l = this.#list;
    return html`<div class="scroll">
        <table class="stack" part="table" aria-labelledby="title">
          <thead>
            <tr>
              <th scope="col">${this.t('period')}</th>
              <th scope="col">${this.t('payDate')}</th>
              <th scope="col">${this.t('status')}</th>
              <th scope="col" class="num">${this.t('employees')}</th>
              <th scope="col" class="num">${this.t('gross')}</th>
              <th scope="col" class="num">${this.t('net')}</th>
            </tr>
          </thead>
          <tbody>
            ${rows.map((r) => {
              const step = nextStep(r);
              const next = step
                ? html`<div class="sub next" part="next">${this.t('yourStep', { action: this.t(step) })}</div>`
                : nothing;
              const on = r.id === this.selected;
              return html`<tr class="click" part="row" data-id=${r.id} @click=${() => this.#open(r)}>
                <td>
                  <button class="link" part="link" aria-current=${on ? 'true' : nothing}>
                    ${this.f.period(r.period_start, r.period_end)}
                  </button>
                  <div class="sub">${this.statusLabel(r.pay_frequency)}</div>
                </td>
                <td data-label=${this.t('payDate')}>
                  ${payDateText(
                    r,
                    (k, v) => this.t(k, v),
                    (d) => this.f.date(d),
                  )}
                  ${overdueFlag(r, (k) => this.t(k))}
                </td>
                <td class="s-top">
                  <span class="pill s-${r.status}" part="pill">${this.statusLabel(r.status)}</span>
                  ${next}
                </td>
                <td class="num s-end" data-label=${this.t('employees')}>${r.totals?.employee_count ?? '—'}</td>
                <td class="num" data-label=${this.t('gross')}>
                  ${this.f.money(r.totals?.gross, r.totals?.currency ?? '')}
                </td>
                <td class="num strong s-end" data-label=${this.t('net')}>
                  ${this.f.money(r.totals?.net, r.totals?.currency ?? '')}
                </td>
              </tr>`;
            })}
          </tbody>
        </table>
      </div>
      ${l.footer((k) => this.t(k))}`;
  }
}
