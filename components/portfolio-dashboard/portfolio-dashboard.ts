import { html, nothing } from 'lit';
import { Task } from '@lit/task';
import { PortfolioElement } from '../internal/portfolio.js';
import type { MessageKey } from '../internal/i18n.js';
import { tokens } from '../internal/styles.js';
import { payDateCaption } from '../internal/figures.js';
import { CURRENCIES } from '../internal/format.js';
import type { PortfolioSummary } from '../client/models.js';
import { PayrailKpiTile } from '../kpi-tile/kpi-tile.js';
import { PayrailChart, type ChartDatum, type ChartTone } from '../chart/chart.js';
import dashboard from '../internal/dashboard.styles.js';
import { header } from '../internal/card.js';

/** Risk in the status colours: high reads as danger, not as the palette's next colour. */
const RISK_TONE: Record<'high' | 'medium' | 'low', ChartTone> = { high: 'danger', medium: 'warning', low: 'success' };

/**
 * A partner's employers at a glance: how many, the people they pay, pay runs in progress (and how many
 * are blocked), gross paid this month per currency and the next pay date across them all, with pay runs
 * by stage and employers by deadline risk as charts. Reads `portfolio-base` (the host backend, which adds
 * the partner key); without it, sample data.
 *
 * @summary Partner portfolio dashboard.
 * @attr portfolio-base - The host backend's portfolio endpoints, e.g. `/api/portfolio`; inherited from `<payrail-provider portfolio-base>`.
 * @csspart header - Title bar.
 * @csspart tiles - The KPI tile row.
 * @csspart tile - Each `<payrail-kpi-tile>`.
 * @csspart charts - The chart row.
 * @csspart chart - Each `<payrail-chart>`.
 * @csspart note - Employers left out because their data could not be read.
 * @csspart badge - The "Sample data" marker.
 * @csspart error - The error message.
 * @csspart retry-button - "Try again" after a failed load.
 */
export class PayrailPortfolioDashboard extends PortfolioElement {
  static override tag = 'portfolio-dashboard';
  static override styles = [tokens, dashboard];
  static override dependencies = [PayrailKpiTile, PayrailChart];

  #data = this.watch(
    new Task(this, {
      args: () => [this.portfolio] as const,
      task: ([p], { signal }) => p.portfolioSummary({ signal }),
    }),
  );

  override render() {
    return html`<section aria-labelledby="title">
      ${header(this.t('portfolio'), { end: this.#data.value ? this.sampleBadge() : nothing }, 'top')}
      ${this.renderTask(
        this.#data,
        (s) => this.#body(s),
        () => this.#body(),
      )}
    </section>`;
  }

  #tile(s: unknown, label: MessageKey, format: string, value = '', caption = '', alert = false, currency = '') {
    return html`<payrail-kpi-tile
      part="tile"
      country=${this.cc}
      lang=${this.lng}
      .strings=${this.strings}
      ?loading=${!s}
      label=${this.t(label)}
      format=${format}
      currency=${currency || nothing}
      value=${value}
      caption=${caption}
      ?overdue=${alert}
    ></payrail-kpi-tile>`;
  }

  #chart(s: unknown, type: string, label: MessageKey, data?: ChartDatum[]) {
    return html`<payrail-chart
      part="chart"
      country=${this.cc}
      lang=${this.lng}
      .strings=${this.strings}
      ?loading=${!s}
      type=${type}
      format="number"
      label=${this.t(label)}
      total-label=${type === 'donut' ? this.t('pfEmployers') : nothing}
      .data=${data}
    ></payrail-chart>`;
  }

  #body(s?: PortfolioSummary) {
    const st = s?.stats;
    // The element's own currency first; amounts in different currencies are never added together.
    const mine = CURRENCIES[this.cc];
    const [gross, ...others] = [...(st?.gross_mtd ?? [])].sort(
      (a, b) => +(b.currency === mine) - +(a.currency === mine),
    );
    const due = payDateCaption(
      st?.next_pay_date ?? undefined,
      (k) => this.t(k),
      (k, n) => this.n(k, n),
    );
    const high = st?.clients_by_risk.high ?? 0;
    const unread = s?.errored_tenants ?? [];
    return html`<div class="tiles" part="tiles">
        ${this.#tile(s, 'pfEmployers', 'number', String(s?.tenant_count ?? ''), high ? this.t('pfHighRisk', { n: high }) : '', high > 0)}
        ${this.#tile(
          s,
          'pfInFlight',
          'number',
          String(st?.runs_in_flight ?? ''),
          st?.runs_blocked ? this.t('pfBlockedN', { n: st.runs_blocked }) : '',
          !!st?.runs_blocked,
        )}
        ${this.#tile(
          s,
          'pfGrossMtd',
          'money',
          gross?.amount ?? '0',
          others
            .filter((o) => Number(o.amount) !== 0)
            .map((o) => this.f.money(o.amount, o.currency))
            .join(' · '),
          false,
          gross?.currency,
        )}
        ${this.#tile(s, 'nextPayDate', 'date', st?.next_pay_date ?? '', due.caption, due.overdue)}
      </div>
      ${
        unread.length
          ? html`<p class="sub" part="note">${this.t('pfUnread', { names: unread.map((u) => u.name).join(', ') })}</p>`
          : nothing
      }
      <div class="charts" part="charts">
        ${this.#chart(
          s,
          'bar',
          'pfStages',
          st && [
            { label: this.t('draft'), value: st.runs_awaiting_approval },
            { label: this.t('approved'), value: st.runs_approved },
            { label: this.t('pfBlocked'), value: st.runs_blocked },
            { label: this.t('finalised'), value: st.runs_finalised_recently },
          ],
        )}
        ${this.#chart(
          s,
          'donut',
          'pfRiskSplit',
          st &&
            (['high', 'medium', 'low'] as const).map((r) => ({
              label: this.t(`risk_${r}`),
              value: st.clients_by_risk[r],
              tone: RISK_TONE[r],
            })),
        )}
      </div>`;
  }
}
