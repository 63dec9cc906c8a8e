// Pure chart maths, kept apart from the element so it stays testable and the element readable.

/** What a point means, drawn in the theme's status colour for it (`danger` in `--payrail-danger` …). */
export type ChartTone = 'danger' | 'warning' | 'success' | 'info' | 'neutral';

export interface ChartDatum {
  label: string;
  /** A number or a decimal string (money arrives as "4850.00"). */
  value: number | string;
  /** Colours the point by its meaning instead of its place in the palette. */
  tone?: ChartTone;
  /** A CSS colour for the point; wins over `tone`. */
  color?: string;
}
export interface ChartSeries {
  name: string;
  data: ChartDatum[];
}

export const toSeries = (d: ChartDatum[] | ChartSeries[] | undefined, name: string): ChartSeries[] =>
  !d?.length ? [] : 'data' in d[0] ? (d as ChartSeries[]) : [{ name, data: d as ChartDatum[] }];

/** 1, 2, 2.5 or 5 times a power of ten: the steps people read without effort. */
export function niceStep(raw: number): number {
  if (!(raw > 0)) return 1;
  const e = 10 ** Math.floor(Math.log10(raw));
  const f = raw / e;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * e;
}

/** Axis range and ticks; bars start at zero, lines may start higher to show movement. */
export function scale(values: number[], zero: boolean, count = 4): { min: number; max: number; ticks: number[] } {
  let lo = Math.min(0, ...values),
    hi = Math.max(0, ...values);
  if (!zero && values.length) {
    const vmin = Math.min(...values);
    if (vmin > 0 && vmin > hi * 0.4) lo = vmin - (hi - vmin) * 0.6 - hi * 0.02;
  }
  if (hi === lo) hi = lo + 1;
  const step = niceStep((hi - lo) / count);
  const min = Math.floor(lo / step) * step,
    max = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let v = min; v <= max + step / 2; v += step) ticks.push(Math.round(v / step) * step);
  return { min, max, ticks };
}

/** A bar with rounded top corners only, so stacks of bars sit flat on the axis. */
export function barPath(x: number, y: number, w: number, h: number, r = 4): string {
  if (h <= 0) return '';
  const rr = Math.min(r, w / 2, h);
  return `M${x},${y + h}V${y + rr}Q${x},${y} ${x + rr},${y}H${x + w - rr}Q${x + w},${y} ${x + w},${y + rr}V${y + h}Z`;
}

/** Slices as stroke dashes on one circle: no arc maths, crisp at any size. */
export function slices(values: number[], r: number, gap = 2): { dash: string; offset: number; frac: number }[] {
  const total = values.reduce((a, v) => a + Math.max(0, v), 0) || 1;
  const c = 2 * Math.PI * r;
  let acc = 0;
  return values.map((v) => {
    const frac = Math.max(0, v) / total;
    const len = Math.max(0, frac * c - (values.length > 1 ? gap : 0));
    const s = { dash: `${len} ${c - len}`, offset: -acc * c, frac };
    acc += frac;
    return s;
  });
}
