import { html, nothing } from 'lit';
import { Task } from '@lit/task';
import { PortfolioElement } from '../internal/portfolio.js';
import type { MessageKey } from '../internal/i18n.js';
import { tokens } from '../internal/styles.js';
import { emptyState, skeletonTable } from '../internal/states.js';
import type { Pipeline, PipelineGroup, PipelineRun } from '../client/models.js';
import styles from './pipeline-board.styles.js';
import { header } from '../internal/card.js';

const COLUMNS: [keyof Pipeline, MessageKey][] = [
  ['draft', 'draft'],
  ['approved', 'approved'],
  ['blocked', 'pfBlocked'],
  ['finalised', 'finalised'],
];

/**
 * Pay runs across a partner's employers as a board: draft (being prepared or checked), approved, blocked
 * (someone cannot be paid yet) and finalised in the last month. Each card names the employer, the period,
 * the pay date, the people paid and the gross; activating it emits `payrail-view-pay-run` with the run's
 * and the employer's ids. A column's heading counts every run in it; where the API sends only the first of
 * them (a large portfolio), the column says how many of them it shows. Columns stack in a narrow container.
 *
 * @summary Partner portfolio: pay runs by state.
 * @attr portfolio-base - The host backend's portfolio endpoints, e.g. `/api/portfolio`; inherited from `<payrail-provider portfolio-base>`.
 * @event payrail-view-pay-run - A card was activated. Detail: `{ id, tenant_id }` (the run and its employer).
 * @csspart header - Title bar.
 * @csspart board - The columns.
 * @csspart column - Each state's column.
 * @csspart run-card - A pay run's card (a button).
 * @csspart more - Under a column that shows only the first of its runs: how many of them it shows.
 * @csspart empty - No pay runs at all.
 * @csspart badge - The "Sample data" marker.
 * @csspart error - The error message.
 * @csspart retry-button - "Try again" after a failed load.
 */
export class PayrailPipelineBoard extends PortfolioElement {
  static override tag = 'pipeline-board';
  static override styles = [tokens, styles];

  #data = this.watch(
    new Task(this, {
      args: () => [this.portfolio] as const,
      task: ([p], { signal }) => p.portfolioPipeline({ signal }),
    }),
  );

  override render() {
    return html`<section aria-labelledby="title">
      ${header(this.t('pfBoard'), { end: this.#data.value ? this.sampleBadge() : nothing }, 'top')}
      ${this.renderTask(
        this.#data,
        (p) => this.#board(p),
        () => html`<div class="card">${skeletonTable(4, 4, this.t('loading'))}</div>`,
      )}
    </section>`;
  }

  #board(p: Pipeline) {
    if (COLUMNS.every(([k]) => !p[k].count)) return emptyState(this.t('pfNoRuns'));
    return html`<div class="board" part="board">${COLUMNS.map(([k, label]) => this.#column(k, label, p[k]))}</div>`;
  }

  #column(k: keyof Pipeline, label: MessageKey, g: PipelineGroup) {
    const shown = g.runs.length;
    return html`<section class="col c-${k}" part="column" aria-labelledby="h-${k}">
      <h3 id="h-${k}">${this.t(label)} <span class="n">${this.f.num(g.count)}</span></h3>
      <p class="sub">${this.t(`pfHint_${k}` as MessageKey)}</p>
      ${
        shown
          ? html`<ul>
              ${g.runs.map((r) => html`<li>${this.#card(r)}</li>`)}
            </ul>`
          : html`<p class="none">${this.t('none')}</p>`
      }
      ${
        g.count > shown
          ? html`<p class="more" part="more">${this.n('firstShown', shown, { total: this.f.num(g.count) })}</p>`
          : nothing
      }
    </section>`;
  }

  #card(r: PipelineRun) {
    const t = r.totals;
    return html`<button
      class="run"
      part="run-card"
      data-id=${r.id}
      @click=${() => this.emit('payrail-view-pay-run', { id: r.id, tenant_id: r.tenant_id })}
    >
      <b>${r.tenant_name}</b>
      <span class="sub">${this.f.period(r.period_start, r.period_end)}</span>
      <span>${this.t('pfPays', { date: this.f.date(r.payment_date) })}</span>
      ${
        t?.gross
          ? html`<span class="fig"
              >${t.employee_count != null ? this.n('employees', t.employee_count) : nothing}
              <b class="money">${this.f.money(t.gross, t.currency ?? '')}</b></span
            >`
          : nothing
      }
    </button>`;
  }
}
