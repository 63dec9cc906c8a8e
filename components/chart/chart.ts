import { html, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { CURRENCIES, type NumberFormat } from '../internal/format.js';
import { loadSummary } from '../internal/summary.js';
import { emptyState, skeletonLines } from '../internal/states.js';
import { barPath, scale, slices, toSeries, type ChartDatum, type ChartSeries, type ChartTone } from './geometry.js';
import styles from './chart.styles.js';

export type { ChartDatum, ChartSeries, ChartTone };
export type ChartMetric = 'gross-trend' | 'cost-split';

interface View {
  title: string;
  series: ChartSeries[];
  format?: NumberFormat;
  currency: string;
  sample: boolean;
  /** Label of the donut's centre figure (the sum of the slices). */
  totalLabel?: string;
}

const COLORS = ['var(--_primary)', 'var(--_accent)', 'var(--_chart-3)', 'var(--_chart-4)', 'var(--_chart-5)'];
// The theme's status colours, so a tone reads the same in the chart as in the rest of the page.
const TONES: Record<ChartTone, string> = {
  danger: 'var(--_danger)',
  warning: 'var(--_warning)',
  success: 'var(--_success)',
  info: 'var(--_info)',
  neutral: 'var(--_muted)',
};
/** A point's own colour (`color`, else its `tone`), else the palette's `i`th. */
const colorOf = (d: ChartDatum | undefined, i: number) => d?.color ?? (d?.tone ? TONES[d.tone] : COLORS[i % 5]);
const H = 240,
  PAD_B = 28,
  PAD_T = 14,
  PAD_R = 8;

/**
 * Bar, line or donut chart drawn as plain SVG. The plot is a listbox of its points: hover it, or
 * focus it and use the arrow keys, to read values; Enter or a click chooses one. Screen readers get a
 * summary, the active point and a hidden data table.
 *
 * @summary Small dependency-free chart.
 * @csspart card - The chart surface.
 * @csspart title - The chart title.
 * @csspart plot - The focusable plot area (a listbox of the points).
 * @csspart tooltip - The value tooltip.
 * @csspart legend - The legend list.
 * @csspart badge - The "Sample data" marker.
 * @csspart retry-button - "Try again" after a failed load (with `metric`).
 * @csspart error - The error message.
 * @csspart empty - The message shown when there is no data.
 * @event payrail-chart-select - A bar, point or slice was clicked or chosen with Enter. Detail: `{ index, label, value, series }`.
 * @cssproperty --payrail-chart-3 - Third series or slice colour (after primary and accent).
 * @cssproperty --payrail-chart-4 - Fourth series or slice colour.
 * @cssproperty --payrail-chart-5 - Fifth series or slice colour.
 */
export class PayrailChart extends PayrailElement {
  static override tag = 'chart';
  static override styles = [tokens, styles];

  @property() type: 'bar' | 'line' | 'donut' = 'bar';
  /**
   * `{ label, value }[]` for one series, or `{ name, data }[]` for several. A point may carry a `tone`
   * (`danger`, `warning`, `success`, `info`, `neutral`) or a `color`, e.g. high risk as `danger`.
   */
  @property({ attribute: false }) data?: ChartDatum[] | ChartSeries[];
  /** Title and accessible name. */
  @property() label?: string;
  @property() format?: NumberFormat;
  @property() currency?: string;
  /** Reads a standard series from the API when no `data` is given. */
  @property() metric?: ChartMetric;
  @property({ type: Boolean }) loading = false;
  /** Label of a donut's centre total, e.g. "Total employer cost"; defaults to "Total". */
  @property({ attribute: 'total-label' }) totalLabel?: string;

  @state() private active = -1;
  /** The plot's own width, which the SVG fills exactly, so a chart never spills out of its card. */
  @state() private width = 0;
  /** Left edge of the plot, which depends on the widest tick label; pointer maths needs it. */
  #x0 = 64;
  #plot?: Element;
  #ro = new ResizeObserver(([e]) => (this.width = Math.floor(e.contentRect.width)));

  #fetched = this.watch(
    new Task(this, {
      args: () =>
        [
          this.api,
          this.data || this.loading
            ? undefined
            : (this.metric ?? (this.type === 'donut' ? 'cost-split' : 'gross-trend')),
        ] as const,
      task: async ([api, metric], { signal }): Promise<View | undefined> => {
        if (!metric) return undefined;
        const s = await loadSummary(api, signal);
        const trend = metric === 'gross-trend';
        const data = trend
          ? s.trend.map((d) => ({ label: this.f.shortDate(d.label), value: d.value }))
          : s.split.map((d) => ({ label: this.t(d.key), value: d.value }));
        const title = this.label ?? this.t(trend ? 'grossTrend' : 'costSplit');
        return {
          title,
          series: toSeries(data, title),
          format: 'money',
          currency: s.currency,
          sample: !api.live,
          totalLabel: trend ? undefined : this.t('employerCost'),
        };
      },
    }),
  );

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#ro.disconnect();
    this.#plot = undefined;
  }
  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (changed.has('data') || changed.has('type')) this.active = -1;
    // The plot is a new element once the chart is drawn; measure that one.
    const plot = this.renderRoot.querySelector('.plot');
    if (plot && plot !== this.#plot) {
      this.#ro.disconnect();
      this.#ro.observe((this.#plot = plot));
      this.width = Math.floor(plot.getBoundingClientRect().width);
    }
  }

  override render() {
    const skeleton = () => this.#frame(this.label ?? '', skeletonLines(5, this.t('loading')));
    if (this.loading) return skeleton();
    if (this.data) {
      const title = this.label ?? this.t('chart');
      return this.#view({
        title,
        series: toSeries(this.data, title),
        format: this.format,
        currency: this.currency ?? CURRENCIES[this.cc],
        sample: false,
        totalLabel: this.totalLabel,
      });
    }
    return this.renderTask(this.#fetched, (v) => (v ? this.#view(v) : nothing), skeleton);
  }

  #frame(title: string, body: unknown, sample = false) {
    return html`<figure class="card" part="card">
      <figcaption class="cap">
        <h3 part="title">${title}</h3>
        ${sample ? this.sampleBadge() : nothing}
      </figcaption>
      ${body}
    </figure>`;
  }

  #fmtv(v: number | string, view: View, compact = false) {
    return this.f.value(v, view.format ?? 'number', view.currency, compact);
  }

  #view(v: View) {
    const cats = v.series[0]?.data ?? [];
    if (!cats.length) return this.#frame(v.title, emptyState(this.t('noData')), v.sample);
    const donut = this.type === 'donut';
    const a = this.active;
    const values = cats.map((d) => Number(d.value));
    const total = values.reduce((x, y) => x + y, 0);
    const summary = donut
      ? this.t('donutSummary', {
          title: v.title,
          parts: cats
            .map((d, i) => `${d.label} ${this.f.pct((values[i] / total) * 100)} (${this.#fmtv(d.value, v)})`)
            .join(', '),
        })
      : this.t('chartSummary', {
          title: v.title,
          n: cats.length,
          min: this.#fmtv(Math.min(...values), v),
          max: this.#fmtv(Math.max(...values), v),
        });
    const option = (i: number) =>
      donut
        ? `${cats[i].label}: ${this.#fmtv(cats[i].value, v)} (${this.f.pct((values[i] / (total || 1)) * 100)})`
        : `${cats[i].label}: ${v.series.map((s) => (v.series.length > 1 ? `${s.name} ` : '') + this.#fmtv(s.data[i]?.value ?? 0, v)).join(', ')}`;
    const plot = html`<div
      class="plot"
      part="plot"
      tabindex="0"
      role="listbox"
      aria-label=${summary}
      aria-activedescendant=${a >= 0 ? `point-${a}` : nothing}
      @keydown=${(e: KeyboardEvent) => this.#onKey(e, v)}
      @click=${() => this.#select(v)}
      @focus=${() => this.active < 0 && (this.active = cats.length - 1)}
      @blur=${() => (this.active = -1)}
      @pointerleave=${() => (this.active = -1)}
      @pointermove=${(e: PointerEvent) => this.#onPointer(e, cats.length)}
    >
      ${donut ? this.#donut(v, values, total) : this.#axes(v)}
      ${cats.map(
        (_, i) =>
          html`<div class="vh" role="option" id="point-${i}" aria-selected=${i === a ? 'true' : 'false'}>
            ${option(i)}
          </div>`,
      )}
    </div>`;
    const legend = donut || v.series.length > 1 ? this.#legend(v, values, total, donut) : nothing;
    return this.#frame(
      v.title,
      html` ${donut ? html`<div class="split">${plot}${legend}</div>` : html`${plot}${legend}`}
        <div class="vh">
          <table>
            <caption>
              ${v.title}
            </caption>
            <thead>
              <tr>
                <th scope="col">${this.t('label')}</th>
                ${v.series.map((s) => html`<th scope="col">${v.series.length > 1 ? s.name : this.t('value')}</th>`)}
              </tr>
            </thead>
            <tbody>
              ${cats.map(
                (d, i) =>
                  html`<tr>
                    <th scope="row">${d.label}</th>
                    ${v.series.map((s) => html`<td>${this.#fmtv(s.data[i]?.value ?? 0, v)}</td>`)}
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>`,
      v.sample,
    );
  }

  #select(v: View) {
    const d = v.series[0].data[this.active];
    if (d)
      this.emit('payrail-chart-select', {
        index: this.active,
        label: d.label,
        value: d.value,
        series: v.series[0].name,
      });
  }

  #onKey(e: KeyboardEvent, v: View) {
    const n = v.series[0].data.length;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.#select(v);
      return;
    }
    const a = this.active;
    const next = (
      {
        ArrowRight: a + 1,
        ArrowDown: a + 1,
        ArrowLeft: a - 1,
        ArrowUp: a - 1,
        Home: 0,
        End: n - 1,
        Escape: -1,
      } as Record<string, number>
    )[e.key];
    if (next === undefined) return;
    e.preventDefault();
    this.active = next < 0 && e.key !== 'Escape' ? 0 : Math.min(n - 1, next);
  }

  #onPointer(e: PointerEvent, n: number) {
    const slice = (e.target as Element).getAttribute?.('data-i');
    if (this.type === 'donut') {
      this.active = slice == null ? -1 : Number(slice);
      return;
    }
    const r = (e.currentTarget as HTMLElement).getBoundingClientRect();
    const x0 = this.#x0;
    const i = Math.floor(((e.clientX - r.left - x0) / (r.width - x0 - PAD_R)) * n);
    this.active = i >= 0 && i < n ? i : -1;
  }

  #axes(v: View) {
    const W = this.width;
    if (!W) return nothing;
    const cats = v.series[0].data;
    const n = cats.length,
      m = v.series.length,
      bar = this.type === 'bar';
    const all = v.series.flatMap((s) => s.data.map((d) => Number(d.value)));
    const { min, max, ticks } = scale(all, bar);
    const labels = ticks.map((t) => this.#fmtv(t, v, true));
    const X0 = (this.#x0 = 14 + Math.max(...labels.map((l) => l.length)) * 7),
      X1 = W - PAD_R,
      Y1 = H - PAD_B;
    const y = (val: number) => Y1 - ((val - min) / (max - min)) * (Y1 - PAD_T);
    const band = (X1 - X0) / n;
    const cx = (i: number) => X0 + band * (i + 0.5);
    const every = Math.ceil((n * 64) / (X1 - X0));
    const bw = Math.min(40, (band * 0.62) / m);
    const a = this.active;
    return html`<svg width=${W} height=${H} aria-hidden="true">
        <defs>
          <linearGradient id="fade" x1="0" x2="0" y1="0" y2="1">
            <stop offset="0" stop-color="var(--_primary)" stop-opacity="0.18" />
            <stop offset="1" stop-color="var(--_primary)" stop-opacity="0" />
          </linearGradient>
        </defs>
        ${ticks.map(
          (t, i) => svg`<line class="grid" x1=${X0} x2=${X1} y1=${y(t)} y2=${y(t)}/>
        <text class="tick" x=${X0 - 10} y=${y(t) + 4} text-anchor="end">${labels[i]}</text>`,
        )}
        ${a >= 0 ? svg`<rect class="band" x=${X0 + band * a} y=${PAD_T} width=${band} height=${Y1 - PAD_T} rx="6"/>` : nothing}
        ${cats.map((d, i) => (i % every && i !== n - 1 ? nothing : svg`<text class="tick ${i === a ? 'on' : ''}" x=${cx(i)} y=${H - 8} text-anchor="middle">${d.label}</text>`))}
        ${
          bar
            ? v.series.map((s, j) =>
                s.data.map((d, i) => {
                  const x = cx(i) - (bw * m + (m - 1) * 3) / 2 + j * (bw + 3);
                  const top = y(Math.max(0, Number(d.value)));
                  return svg`<path class="bar" style="fill:${colorOf(d, j)}" d=${barPath(x, top, bw, y(Math.max(min, 0)) - top)}/>`;
                }),
              )
            : v.series.map((s, j) => {
                const pts = s.data.map((d, i) => [cx(i), y(Number(d.value))]);
                const line = pts.map(([px, py], i) => `${i ? 'L' : 'M'}${px},${py}`).join('');
                return svg`${j === 0 ? svg`<path class="area" d=${`${line}L${pts[n - 1][0]},${Y1}L${pts[0][0]},${Y1}Z`}/>` : nothing}
            <path class="line" style="stroke:${COLORS[j % 5]}" d=${line}/>
            ${pts.map(([px, py], i) => svg`<circle class="pt" style="stroke:${colorOf(s.data[i], j)}" cx=${px} cy=${py} r=${i === a ? 5 : 3}/>`)}`;
              })
        }</svg
      >${a >= 0 ? this.#tooltip(v, a, cx(a), y(Math.max(...v.series.map((s) => Number(s.data[a]?.value ?? 0)))), W) : nothing}`;
  }

  #tooltip(v: View, a: number, x: number, y: number, W: number) {
    return html`<div
      class="tip"
      part="tooltip"
      aria-hidden="true"
      style="left:${Math.min(Math.max(x, 70), W - 70)}px;top:${y}px"
    >
      <div class="tip-label">${v.series[0].data[a].label}</div>
      ${v.series.map((s, j) => html`<div class="tip-row"><i style="background:${colorOf(s.data[a], j)}"></i>${v.series.length > 1 ? html`<span>${s.name}</span>` : nothing}<b>${this.#fmtv(s.data[a]?.value ?? 0, v)}</b></div>`)}
    </div>`;
  }

  #donut(v: View, values: number[], total: number) {
    const r = 76,
      a = this.active;
    const cats = v.series[0].data;
    return html`<svg width="200" height="200" viewBox="0 0 200 200" aria-hidden="true">
      <circle class="track" cx="100" cy="100" r=${r} />
      <g transform="rotate(-90 100 100)">
        ${slices(values, r).map(
          (s, i) => svg`<circle class="slice ${a === i ? 'on' : ''}" data-i=${i}
        cx="100" cy="100" r=${r} style="stroke:${colorOf(cats[i], i)}" stroke-dasharray=${s.dash} stroke-dashoffset=${s.offset}/>`,
        )}
      </g>
      <text class="c-label" x="100" y="92" text-anchor="middle">
        ${a >= 0 ? cats[a].label : (v.totalLabel ?? this.t('total'))}
      </text>
      <text class="c-value" x="100" y="116" text-anchor="middle">
        ${this.f.value(a >= 0 ? cats[a].value : total, v.format ?? 'number', v.currency, false, 0)}
      </text>
    </svg>`;
  }

  #legend(v: View, values: number[], total: number, donut: boolean) {
    const items = donut ? v.series[0].data.map((d) => d.label) : v.series.map((s) => s.name);
    return html`<ul class="legend" part="legend">
      ${items.map(
        (label, i) =>
          html`<li class=${i === this.active && donut ? 'on' : ''}>
            <i style="background:${donut ? colorOf(v.series[0].data[i], i) : COLORS[i % 5]}"></i><span>${label}</span>
            ${donut ? html`<b>${this.#fmtv(v.series[0].data[i].value, v)}</b><em>${this.f.pct((values[i] / (total || 1)) * 100)}</em>` : nothing}
          </li>`,
      )}
    </ul>`;
  }
}
