import { html, nothing } from 'lit';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { daysUntil } from '../internal/format.js';
import { change, loadSummary, type Summary } from '../internal/summary.js';
import { PayrailKpiTile } from '../kpi-tile/kpi-tile.js';
import { PayrailChart } from '../chart/chart.js';
import styles from './dashboard.styles.js';

/**
 * Payroll at a glance: headcount, the last run's gross and net, the next pay date, gross per
 * run and the last run's cost split. Composed from `<payrail-kpi-tile>` and `<payrail-chart>`,
 * which it loads once and feeds, so the page makes two requests, not six.
 *
 * @summary Payroll dashboard.
 * @event payrail-view-pay-run - A pay-run tile or a bar of the gross chart was activated. Detail: `{ id }`.
 * @csspart header - Title bar.
 * @csspart tiles - The KPI tile row.
 * @csspart charts - The chart row.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailDashboard extends PayrailElement {
  static override tag = 'dashboard';
  static override styles = [tokens, styles];
  static override dependencies = [PayrailKpiTile, PayrailChart];

  #data = new Task(this, {
    args: () => [this.api] as const,
    task: ([api], { signal }) => loadSummary(api, signal),
  });

  override render() {
    return html`<section aria-labelledby="title">
      <header class="top" part="header">
        <h2 id="title">${this.t('overview')}</h2>
        ${this.#data.value ? this.sampleBadge() : nothing}
      </header>
      ${this.renderTask(
        this.#data,
        (s) => this.#body(s),
        () => this.#body(),
      )}
    </section>`;
  }

  #body(s?: Summary) {
    const cur = s?.currency ?? '';
    const c = this.cc,
      lang = this.lng;
    const gross = s?.last?.totals?.gross,
      net = s?.last?.totals?.net;
    const next = s?.next?.payment_date;
    const days = next ? daysUntil(next) : NaN;
    const vs = s?.prev ? this.t('vsPrev') : undefined;
    return html` <div class="tiles" part="tiles">
        <payrail-kpi-tile
          country=${c}
          lang=${lang}
          ?loading=${!s}
          label=${this.t('headcount')}
          format=${s?.headcountMore ? '' : 'number'}
          value=${s ? String(s.headcount) + (s.headcountMore ? '+' : '') : ''}
        ></payrail-kpi-tile>
        <payrail-kpi-tile
          country=${c}
          lang=${lang}
          ?loading=${!s}
          label=${this.t('lastGross')}
          format="money"
          currency=${cur}
          pay-run-id=${s?.last?.id ?? nothing}
          value=${gross ?? ''}
          delta=${change(gross, s?.prev?.totals?.gross) ?? ''}
          caption=${vs ?? ''}
        ></payrail-kpi-tile>
        <payrail-kpi-tile
          country=${c}
          lang=${lang}
          ?loading=${!s}
          label=${this.t('lastNet')}
          format="money"
          currency=${cur}
          pay-run-id=${s?.last?.id ?? nothing}
          value=${net ?? ''}
          delta=${change(net, s?.prev?.totals?.net) ?? ''}
          caption=${vs ?? ''}
        ></payrail-kpi-tile>
        <payrail-kpi-tile
          country=${c}
          lang=${lang}
          ?loading=${!s}
          label=${this.t('nextPayDate')}
          format="date"
          value=${next ?? ''}
          pay-run-id=${s?.next?.id ?? nothing}
          caption=${days > 0 ? this.t('inDays', { n: days }) : days === 0 ? this.t('today') : ''}
        ></payrail-kpi-tile>
      </div>
      <div class="charts" part="charts">
        <payrail-chart
          country=${c}
          lang=${lang}
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
          country=${c}
          lang=${lang}
          ?loading=${!s}
          type="donut"
          format="money"
          currency=${cur}
          label=${this.t('costSplit')}
          .data=${s?.split.map((d) => ({ label: this.t(d.key), value: d.value }))}
        ></payrail-chart>
      </div>`;
  }
}
