import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { icons } from '../internal/icons.js';
import { CURRENCIES, type NumberFormat } from '../internal/format.js';
import { payDateCaption } from '../internal/figures.js';
import { change, loadSummary, type Summary } from '../internal/summary.js';
import { skeletonLines } from '../internal/states.js';
import type { MessageKey } from '../internal/i18n.js';
import styles from './kpi-tile.styles.js';

export type KpiMetric = 'headcount' | 'last-gross' | 'last-net' | 'next-pay-date';
export type KpiFormat = NumberFormat | 'date';

interface Figure {
  runId?: string;
  label?: string;
  value?: string;
  delta?: string;
  format?: KpiFormat;
  currency?: string;
  caption?: string;
  overdue?: boolean;
}

const LABELS: Record<KpiMetric, MessageKey> = {
  headcount: 'headcount',
  'last-gross': 'lastGross',
  'last-net': 'lastNet',
  'next-pay-date': 'nextPayDate',
};

/**
 * One headline figure with an optional change badge. Give it `value` (and `format`), or a
 * `metric` to have it read the figure from the API itself.
 *
 * @summary KPI tile.
 * @csspart card - The tile surface.
 * @csspart icon - The tinted icon chip.
 * @csspart label - The caption above the figure.
 * @csspart value - The figure.
 * @csspart delta - The change badge.
 * @csspart badge - The "Sample data" marker.
 * @csspart retry-button - "Try again" after a failed load (with `metric`).
 * @csspart error - The error message.
 * @event payrail-view-pay-run - The tile shows a pay run's figure and was activated. Detail: `{ id }`.
 */
export class PayrailKpiTile extends PayrailElement {
  static override tag = 'kpi-tile';
  static override styles = [tokens, styles];

  @property() label?: string;
  /** The figure: a decimal string for money/number/percent, an ISO date for `date`. */
  @property() value?: string;
  /** Percentage change, e.g. `4.2` or `-1.5`. */
  @property() delta?: string;
  @property() format?: KpiFormat;
  /** ISO 4217 code for `format="money"`; defaults to the country's currency. */
  @property() currency?: string;
  /** Small text after the delta, e.g. "vs previous run". */
  @property() caption?: string;
  /** Reads the figure from the API when no `value` is given; defaults to `last-gross`. */
  @property() metric?: KpiMetric;
  /** Makes the tile a link to this pay run: activating it emits `payrail-view-pay-run`. */
  @property({ attribute: 'pay-run-id' }) payRunId?: string;
  /** Flags the caption as overdue, e.g. a pay date that has passed without the run being paid. */
  @property({ type: Boolean }) overdue = false;
  /** Shows a skeleton, for containers that are still loading the value. */
  @property({ type: Boolean }) loading = false;

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.value == null && !this.loading ? (this.metric ?? 'last-gross') : undefined] as const,
      task: async ([api, metric], { signal }) =>
        metric ? this.#figure(metric, await loadSummary(api, signal)) : undefined,
    }),
  );

  #figure(m: KpiMetric, s: Summary): Figure {
    const label = this.t(LABELS[m]);
    if (m === 'headcount') return { label, value: String(s.headcount), format: 'number' };
    if (m === 'next-pay-date') {
      const d = s.next?.payment_date;
      return {
        label,
        runId: s.next?.id,
        value: d,
        format: 'date',
        ...payDateCaption(
          d,
          (k) => this.t(k),
          (k, n) => this.n(k, n),
        ),
      };
    }
    const k = m === 'last-gross' ? 'gross' : 'net';
    return {
      label,
      runId: s.last?.id,
      format: 'money',
      currency: s.currency,
      value: s.last?.totals?.[k],
      delta: change(s.last?.totals?.[k], s.prev?.totals?.[k]),
      caption: s.prev ? this.t('vsPrev') : undefined,
    };
  }

  override render() {
    if (this.loading) return this.#tile(undefined);
    if (this.value != null) return this.#tile(this);
    return this.renderTask(
      this.#data,
      (f) => this.#tile(f),
      () => this.#tile(undefined),
    );
  }

  #tile(f: Figure | PayrailKpiTile | undefined) {
    const own = f === this;
    const label = (own ? this.label : (this.label ?? f?.label)) ?? '';
    const format = own ? this.format : f?.format;
    const run = (own ? undefined : (f as Figure | undefined)?.runId) ?? this.payRunId;
    const go = (e: Event) => {
      if (e instanceof KeyboardEvent && e.key !== 'Enter' && e.key !== ' ') return;
      e.preventDefault();
      this.emit('payrail-view-pay-run', { id: run! });
    };
    return html`<div
      class="card tile ${run && f ? 'act' : ''}"
      part="card"
      role=${run && f ? 'button' : nothing}
      tabindex=${run && f ? 0 : nothing}
      @click=${run && f ? go : nothing}
      @keydown=${run && f ? go : nothing}
    >
      <div class="top">
        <span class="ic" part="icon"
          >${format === 'money' ? icons.wallet : format === 'date' ? icons.calendar : format === 'percent' ? icons.trend : icons.users}</span
        >
        <span class="label" part="label">${label}</span>
        ${f && !own ? this.sampleBadge() : nothing}
      </div>
      ${f ? this.#figureBody(f, format) : skeletonLines(2, this.t('loading'))}
    </div>`;
  }

  #figureBody(f: Figure, format: KpiFormat | undefined) {
    const own = (f as unknown) === this;
    const cur = f.currency || this.currency || CURRENCIES[this.cc];
    const v = format === 'date' ? this.f.date(f.value) : this.f.value(f.value, format, cur);
    const d = f.delta == null || f.delta === '' ? undefined : Number(f.delta);
    return html`<div class="value" part="value">${v}</div>
      ${
        d != null || f.caption
          ? html`<div class="meta">
              ${d != null ? html`<span class="delta ${d > 0 ? 'up' : d < 0 ? 'down' : 'flat'}" part="delta">${d ? icons.trend : nothing}${this.f.pct(d, true)}</span>` : nothing}
              ${f.caption ? html`<span class=${(own ? this.overdue : (f as Figure).overdue) ? 'overdue' : ''}>${f.caption}</span>` : nothing}
            </div>`
          : nothing
      }`;
  }
}
