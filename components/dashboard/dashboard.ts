import { html, nothing } from 'lit';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import type { MessageKey } from '../internal/i18n.js';
import { tokens } from '../internal/styles.js';
import { payDateCaption } from '../internal/figures.js';
import { change, loadSummary, type Summary } from '../internal/summary.js';
import { PayrailKpiTile } from '../kpi-tile/kpi-tile.js';
import { PayrailChart } from '../chart/chart.js';
import styles from '../internal/dashboard.styles.js';
import { header } from '../internal/card.js';

/**
 * Payroll at a glance: headcount, the last run's gross and net, the next pay date, gross per
 * run and the last run's cost split. Composed from `<payrail-kpi-tile>` and `<payrail-chart>`,
 * which it loads once and feeds: two small requests (the first page of pay runs, and one employee
 * row whose list answer counts the roster), shared with the other elements under the same provider.
 *
 * @summary Payroll dashboard.
 * @event payrail-view-pay-run - A pay-run tile or a bar of the gross chart was activated. Detail: `{ id }`.
 * @csspart header - Title bar.
 * @csspart tiles - The KPI tile row.
 * @csspart tile - Each `<payrail-kpi-tile>`.
 * @csspart tile-card - A tile's surface (its `card` part, exported).
 * @csspart tile-icon - A tile's icon chip.
 * @csspart tile-label - A tile's caption.
 * @csspart tile-value - A tile's figure.
 * @csspart tile-delta - A tile's change badge.
 * @csspart charts - The chart row.
 * @csspart chart - Each `<payrail-chart>`.
 * @csspart chart-card - A chart's surface (its `card` part, exported).
 * @csspart chart-title - A chart's title.
 * @csspart chart-plot - A chart's plot area.
 * @csspart chart-tooltip - A chart's value tooltip.
 * @csspart chart-legend - A chart's legend.
 * @csspart chart-empty - A chart's "No data" message.
 * @csspart badge - The "Sample data" marker.
 * @csspart error - The error message.
 * @csspart retry-button - "Try again" after a failed load.
 */
export class PayrailDashboard extends PayrailElement {
  static override tag = 'dashboard';
  static override styles = [tokens, styles];
  static override dependencies = [PayrailKpiTile, PayrailChart];

  #data = this.watch(
    new Task(this, {
      args: () => [this.api] as const,
      task: ([api], { signal }) => loadSummary(api, signal),
    }),
  );

  override render() {
    return html`<section aria-labelledby="title">
      ${header(this.t('overview'), { end: this.#data.value ? this.sampleBadge() : nothing }, 'top')}
      ${this.renderTask(
        this.#data,
        (s) => this.#body(s),
        () => this.#body(),
      )}
    </section>`;
  }

  /** One KPI tile: its parts exported with a `tile-` prefix, the dashboard's country, language and strings. */
  #tile(
    s: Summary | undefined,
    label: MessageKey,
    format: 'number' | 'money' | 'date',
    o: { value: string; runId?: string; delta?: string; caption?: string; overdue?: boolean },
  ) {
    return html`<payrail-kpi-tile
      part="tile"
      exportparts="card:tile-card,icon:tile-icon,label:tile-label,value:tile-value,delta:tile-delta"
      country=${this.cc}
      lang=${this.lng}
      .strings=${this.strings}
      ?loading=${!s}
      label=${this.t(label)}
      format=${format}
      currency=${format === 'money' ? (s?.currency ?? '') : nothing}
      pay-run-id=${o.runId ?? nothing}
      value=${o.value}
      delta=${o.delta ?? nothing}
      caption=${o.caption ?? nothing}
      ?overdue=${o.overdue ?? false}
    ></payrail-kpi-tile>`;
  }

  #body(s?: Summary) {
    const cur = s?.currency ?? '';
    const c = this.cc,
      lang = this.lng;
    const gross = s?.last?.totals?.gross,
      net = s?.last?.totals?.net;
    const next = s?.next?.payment_date;
    const due = payDateCaption(
      next,
      (k) => this.t(k),
      (k, n) => this.n(k, n),
    );
    const vs = s?.prev ? this.t('vsPrev') : undefined;
    return html` <div class="tiles" part="tiles">
        ${this.#tile(s, 'headcount', 'number', { value: s ? String(s.headcount) : '' })}
        ${this.#tile(s, 'lastGross', 'money', {
          runId: s?.last?.id,
          value: gross ?? '',
          delta: change(gross, s?.prev?.totals?.gross) ?? '',
          caption: vs ?? '',
        })}
        ${this.#tile(s, 'lastNet', 'money', {
          runId: s?.last?.id,
          value: net ?? '',
          delta: change(net, s?.prev?.totals?.net) ?? '',
          caption: vs ?? '',
        })}
        ${this.#tile(s, 'nextPayDate', 'date', {
          runId: s?.next?.id,
          value: next ?? '',
          caption: due.caption,
          overdue: due.overdue,
        })}
      </div>
      <div class="charts" part="charts">
        <payrail-chart
          part="chart"
          exportparts="card:chart-card,title:chart-title,plot:chart-plot,tooltip:chart-tooltip,legend:chart-legend,empty:chart-empty"
          country=${c}
          lang=${lang}
          .strings=${this.strings}
          ?loading=${!s}
          type="bar"
          format="money"
          currency=${cur}
          label=${this.t('grossTrend')}
          @payrail-chart-select=${(e: CustomEvent<{ index: number }>) => {
            // A bar stands for a pay run: one activation, one event.
            const run = s?.trend[e.detail.index];
            if (!run) return;
            e.stopPropagation();
            this.emit('payrail-view-pay-run', { id: run.id });
          }}
          .data=${s?.trend.map((d) => ({ label: this.f.shortDate(d.label), value: d.value }))}
        ></payrail-chart>
        <payrail-chart
          part="chart"
          exportparts="card:chart-card,title:chart-title,plot:chart-plot,tooltip:chart-tooltip,legend:chart-legend,empty:chart-empty"
          country=${c}
          lang=${lang}
          .strings=${this.strings}
          ?loading=${!s}
          type="donut"
          format="money"
          currency=${cur}
          label=${this.t('costSplit')}
          total-label=${this.t('employerCost')}
          .data=${s?.split.map((d) => ({ label: this.t(d.key), value: d.value }))}
        ></payrail-chart>
      </div>`;
  }
}
