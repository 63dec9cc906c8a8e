import { now as clockNow } from '../internal/clock.js';
import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import type { MessageKey } from '../internal/i18n.js';
import { tokens } from '../internal/styles.js';
import { icons } from '../internal/icons.js';
import { emptyState, skeletonTable } from '../internal/states.js';
import { addMoney } from '../internal/format.js';
import type { Report, ReportColumn, ReportSlug } from '../client/models.js';
import { PayrailKpiTile } from '../kpi-tile/kpi-tile.js';
import { PayrailChart } from '../chart/chart.js';
import dashboard from '../internal/dashboard.styles.js';
import styles from './reports-dashboard.styles.js';
import { header } from '../internal/card.js';

/** The reports each country's payroll offers, in the order the picker lists them. */
const REPORTS: Record<string, ReportSlug[]> = {
  AU: ['payroll-register', 'ytd', 'cost-centres', 'gl-journal', 'super-liability', 'payg-summary'],
  DE: ['payroll-register', 'ytd', 'cost-centres', 'gl-journal', 'de-monthly-summary'],
};
const COMMON: ReportSlug[] = ['payroll-register', 'cost-centres', 'gl-journal'];
const PERIODS = ['thisYear', 'lastYear', 'thisQuarter', 'lastQuarter', 'thisMonth', 'lastMonth'] as const;
export type ReportPeriod = (typeof PERIODS)[number];
/** Columns that identify records for software, not for people: in the CSV, never on screen. */
const HIDDEN = new Set(['pay_run_id', 'employee_id', 'due_rule']);
/** The figures a report's tiles show (its totals); other reports show their first money columns. */
const TILES: Partial<Record<ReportSlug, string[]>> = {
  'payroll-register': ['gross', 'tax', 'wage_tax', 'super', 'social', 'net'],
  ytd: ['total_gross', 'paygw', 'super_guarantee', 'salary_sacrifice', 'gross', 'wage_tax', 'church_tax', 'net'],
  'gl-journal': ['debit', 'credit'],
  'cost-centres': ['total_cost', 'gross', 'employer_costs'],
  'de-monthly-summary': ['wage_tax', 'social_employee', 'social_employer', 'total'],
};

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
const key = (slug: string) => slug.replaceAll('-', '_');

/**
 * Payroll reports: pick a report and a period, see its totals as tiles, charts where a picture says
 * more than a table (gross and employees paid by month, cost by cost centre), the table with its totals,
 * and download it as CSV for a spreadsheet or an accounting system. Figures come from finalised pay runs
 * and cover only the employees the token may see.
 *
 * @summary Payroll reports with CSV download.
 * @attr report - The report shown first (`payroll-register`, `ytd`, `cost-centres`, `gl-journal`, `super-liability`, `payg-summary`, `de-monthly-summary`).
 * @attr period - The period shown first (`thisYear`, `lastYear`, `thisQuarter`, `lastQuarter`, `thisMonth`, `lastMonth`); tax years follow the country.
 * @event payrail-report-download - The CSV download was asked for. Detail: `{ report, from, to }`. Cancel it to fetch the file from your own backend instead.
 * @csspart header - Title bar.
 * @csspart controls - The report and period pickers and the download button.
 * @csspart report-select - The report picker.
 * @csspart period-select - The period picker.
 * @csspart button - Every button.
 * @csspart action-button - The "Download CSV" button.
 * @csspart tiles - The KPI tile row.
 * @csspart tile - Each `<payrail-kpi-tile>`.
 * @csspart charts - The chart row.
 * @csspart chart - Each `<payrail-chart>`.
 * @csspart table - The report's table card.
 * @csspart row - A row of the table.
 * @csspart totals - The totals row.
 * @csspart note - A remark on the figures (a limited data scope).
 * @csspart empty - The "nothing to report" state.
 * @csspart badge - The "Sample data" marker.
 * @csspart error - The error message.
 * @csspart retry-button - "Try again" after a failed load.
 */
export class PayrailReportsDashboard extends PayrailElement {
  static override tag = 'reports-dashboard';
  static override styles = [tokens, dashboard, styles];
  static override dependencies = [PayrailKpiTile, PayrailChart];

  @property() report: ReportSlug = 'payroll-register';
  @property() period: ReportPeriod = 'thisYear';
  @state() private downloading = false;
  @state() private downloadFailed = false;

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.#slug(), this.#range().from, this.#range().to] as const,
      task: ([api, slug, from, to], { signal }) => api.report(slug, { from, to }, { signal }),
    }),
  );

  #offered(): ReportSlug[] {
    return REPORTS[this.cc] ?? COMMON;
  }

  /** The report asked for, when this country's payroll offers it. */
  #slug(): ReportSlug {
    return this.#offered().includes(this.report) ? this.report : 'payroll-register';
  }

  /** The period's payment dates; tax years start in July in Australia and in January elsewhere. */
  #range(now = clockNow()): { from: string; to: string } {
    const y = now.getFullYear(),
      m = now.getMonth();
    const fy = this.cc === 'AU' ? 6 : this.cc === 'NZ' ? 3 : 0;
    const start = m >= fy ? y : y - 1;
    const q = Math.floor(m / 3) * 3;
    switch (PERIODS.includes(this.period) ? this.period : 'thisYear') {
      case 'lastYear':
        return { from: iso(start - 1, fy, 1), to: iso(start, fy, 0) };
      case 'thisQuarter':
        return { from: iso(y, q, 1), to: iso(y, q + 3, 0) };
      case 'lastQuarter':
        return { from: iso(y, q - 3, 1), to: iso(y, q, 0) };
      case 'thisMonth':
        return { from: iso(y, m, 1), to: iso(y, m + 1, 0) };
      case 'lastMonth':
        return { from: iso(y, m - 1, 1), to: iso(y, m, 0) };
      default:
        return { from: iso(start, fy, 1), to: iso(start + 1, fy, 0) };
    }
  }

  override render() {
    const slug = this.#slug();
    return html`<section aria-labelledby="title">
      ${header(this.t('reports'), { end: this.#data.value ? this.sampleBadge() : nothing }, 'top')}
      <div class="controls" part="controls">
        <label
          >${this.t('reportPick')}
          <select
            part="report-select"
            @change=${(e: Event) => (this.report = (e.target as HTMLSelectElement).value as ReportSlug)}
          >
            ${this.#offered().map(
              (s) => html`<option value=${s} ?selected=${s === slug}>${this.t(`rpt_${key(s)}` as MessageKey)}</option>`,
            )}
          </select>
        </label>
        <label
          >${this.t('periodPick')}
          <select
            part="period-select"
            @change=${(e: Event) => (this.period = (e.target as HTMLSelectElement).value as ReportPeriod)}
          >
            ${PERIODS.map(
              (p) =>
                html`<option value=${p} ?selected=${p === this.period}>${this.t(`prd_${p}` as MessageKey)}</option>`,
            )}
          </select>
        </label>
        <button
          class="btn"
          part="button action-button"
          data-action="download"
          aria-disabled=${this.downloading ? 'true' : 'false'}
          @click=${() => this.#download()}
        >
          ${icons.download} ${this.downloading ? this.t('downloading') : this.t('downloadCsv')}
        </button>
      </div>
      ${this.downloadFailed ? html`<p class="note" role="alert" part="note">${this.t('downloadFailed')}</p>` : nothing}
      ${this.renderTask(
        this.#data,
        (r) => this.#body(r),
        () => skeletonTable(5, 4, this.t('loading')),
      )}
    </section>`;
  }

  /** Fetches the CSV with the element's token and saves it; the page may take the download over. */
  async #download() {
    if (this.downloading) return;
    const slug = this.#slug();
    const { from, to } = this.#range();
    if (this.emit('payrail-report-download', { report: slug, from, to }).defaultPrevented) return;
    this.downloading = true;
    this.downloadFailed = false;
    try {
      const blob = await this.api.reportCsv(slug, { from, to });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `${slug}_${from}_${to}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      this.downloadFailed = true;
    } finally {
      this.downloading = false;
    }
  }

  #label(c: ReportColumn | string): string {
    const k = typeof c === 'string' ? c : c.key;
    return this.t(`rc_${k}` as MessageKey);
  }

  #cell(r: Report, c: ReportColumn, v: unknown): string {
    // A journal's liability lines belong to no cost centre, and each line is either a debit or a credit.
    const journal = r.report === 'gl-journal';
    if (v === null || v === undefined || v === '')
      return c.key.startsWith('cost_centre') && !journal ? this.t('noCostCentre') : '';
    if (journal && c.kind === 'money' && Number(v) === 0) return '';
    if (c.kind === 'money') return this.f.money(String(v), r.currency);
    if (c.kind === 'count') return this.f.num(Number(v));
    if (c.kind === 'date') return this.f.date(String(v));
    if (c.key === 'month') return this.f.date(`${String(v)}-01`, { month: 'short', year: 'numeric' });
    if (c.key === 'status') return this.t(`sl_${String(v)}` as MessageKey);
    return String(v);
  }

  /** Sums of a money column by payment month (or the row's own month), oldest first. */
  #byMonth(r: Report, value: (row: Report['rows'][number]) => string | null): { label: string; value: number }[] {
    const months = new Map<string, string>();
    for (const row of r.rows) {
      const m = String(row.month ?? row.payment_date ?? '').slice(0, 7);
      if (m) months.set(m, addMoney(months.get(m), value(row)));
    }
    return [...months.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([m, v]) => ({ label: this.f.date(`${m}-01`, { month: 'short' }), value: Number(v) }));
  }

  #chart(r: Report, type: 'bar' | 'donut', label: MessageKey, data: { label: string; value: number }[], money = true) {
    return html`<payrail-chart
      part="chart"
      country=${this.cc}
      lang=${this.lng}
      .strings=${this.strings}
      type=${type}
      format=${money ? 'money' : 'number'}
      currency=${r.currency}
      label=${this.t(label)}
      total-label=${type === 'donut' ? this.t('rc_total_cost') : nothing}
      .data=${data}
    ></payrail-chart>`;
  }

  #charts(r: Report) {
    if (!r.rows.length) return nothing;
    const slug = r.report;
    const charts = [];
    if (slug === 'payroll-register') {
      charts.push(
        this.#chart(
          r,
          'bar',
          'grossByMonth',
          this.#byMonth(r, (row) => String(row.gross)),
        ),
      );
      const people = new Map<string, Set<string>>();
      for (const row of r.rows) {
        const m = String(row.payment_date).slice(0, 7);
        people.set(m, (people.get(m) ?? new Set()).add(String(row.employee_id ?? row.employee_name)));
      }
      const heads = [...people.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([m, s]) => ({ label: this.f.date(`${m}-01`, { month: 'short' }), value: s.size }));
      charts.push(this.#chart(r, 'bar', 'headcountByMonth', heads, false));
    } else if (slug === 'cost-centres') {
      const split = r.rows.map((row) => ({
        label: row.cost_centre_name && row.cost_centre ? String(row.cost_centre_name) : this.t('noCostCentre'),
        value: Number(row.total_cost),
      }));
      charts.push(this.#chart(r, 'donut', 'costCentreSplit', split));
    } else if (slug === 'payg-summary') {
      charts.push(
        this.#chart(
          r,
          'bar',
          'grossByMonth',
          this.#byMonth(r, (row) => String(row.w1_gross)),
        ),
      );
    } else if (slug === 'de-monthly-summary') {
      charts.push(
        this.#chart(
          r,
          'bar',
          'grossByMonth',
          this.#byMonth(r, (row) => String(row.gross)),
        ),
      );
      charts.push(
        this.#chart(
          r,
          'bar',
          'deductionsByMonth',
          this.#byMonth(r, (row) => String(row.total)),
        ),
      );
    }
    return charts.length ? html`<div class="charts" part="charts">${charts}</div>` : nothing;
  }

  #tiles(r: Report) {
    const money = r.columns.filter((c) => c.kind === 'money').map((c) => c.key);
    const keys = (TILES[r.report] ?? money).filter((k) => money.includes(k)).slice(0, 4);
    return html`<div class="tiles" part="tiles">
      ${keys.map(
        (k) =>
          html`<payrail-kpi-tile
            part="tile"
            country=${this.cc}
            lang=${this.lng}
            .strings=${this.strings}
            label=${this.#label(k)}
            format="money"
            currency=${r.currency}
            value=${String(r.totals[k] ?? '0.00')}
          ></payrail-kpi-tile>`,
      )}
    </div>`;
  }

  #body(r: Report) {
    const shown = r.columns.filter((c) => !HIDDEN.has(c.key));
    const num = (c: ReportColumn) =>
      c.kind === 'money' || c.kind === 'count' ? 'num' : c.kind === 'date' || c.key === 'month' ? 'date' : '';
    return html`${r.scope_limited ? html`<p class="note" part="note">${this.t('scopeLimited')}</p>` : nothing}
      ${this.#tiles(r)} ${this.#charts(r)}
      <div class="card table" part="table">
        ${
          r.rows.length
            ? html`<div
                class="scroll"
                tabindex="0"
                role="region"
                aria-label=${this.t(`rpt_${key(r.report)}` as MessageKey)}
              >
                <table>
                  <thead>
                    <tr>
                      ${shown.map((c) => html`<th scope="col" class=${num(c)}>${this.#label(c)}</th>`)}
                    </tr>
                  </thead>
                  <tbody>
                    ${r.rows.map(
                      (row) =>
                        html`<tr part="row">
                          ${shown.map(
                            (c) =>
                              html`<td class=${num(c)}>
                                ${this.#cell(r, c, c.key === 'cost_centre_name' && !row.cost_centre ? null : row[c.key])}
                              </td>`,
                          )}
                        </tr>`,
                    )}
                  </tbody>
                  <tfoot>
                    <tr part="totals">
                      ${shown.map((c, i) =>
                        i === 0
                          ? html`<td>${this.t('totalRow')}</td>`
                          : html`<td class=${num(c)}>
                              ${c.kind === 'money' || c.kind === 'count' ? this.#cell(r, c, r.totals[c.key]) : ''}
                            </td>`,
                      )}
                    </tr>
                  </tfoot>
                </table>
              </div>`
            : emptyState(this.t('noReportRows'), this.t('noReportRowsHint'))
        }
      </div>`;
  }
}
