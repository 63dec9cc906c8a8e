import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { LitElement } from 'lit';
import '../../components/index.js';
import { setClock } from '../../components/internal/clock.js';

export { expect, fixture, html, oneEvent, waitUntil };

/**
 * The date every element of the suite takes for today, chosen by the test and never the day it
 * runs: the seeded sandbox's draft run is due in this week. A test that needs another day calls
 * `atDate` and puts this one back with `atDate(SUITE_DATE)`.
 */
export const SUITE_DATE = '2026-11-25T09:00:00Z';
export const atDate = (iso: string): void => setClock(() => new Date(iso));
atDate(SUITE_DATE);

export interface Live {
  kind: 'real';
  url: string;
  tenants: { au: string; de: string };
  finalisedPayRun: { au: string; de: string };
  draftPayRun: { au: string; de: string };
  tokens: { au: string; de: string };
  /** AU user tokens by role. */
  roles: { preparer: string; approver: string };
}

let cached: Promise<Live | null> | undefined;
/** URL, tenants and fresh origin-bound tokens from the test runner's live-API plugin. */
export const live = (): Promise<Live | null> =>
  (cached ??= fetch('/__payrail/live')
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null));

/** Skips the calling test when the runner was started without the live-API plugin. */
export async function needLive(ctx: Mocha.Context): Promise<Live> {
  const l = await live();
  if (!l) ctx.skip();
  return l!;
}

export async function apiGet<T>(l: Live, country: 'au' | 'de', path: string): Promise<T> {
  const r = await fetch(`${l.url}/v1/tenants/${l.tenants[country]}${path}`, {
    headers: { authorization: `Bearer ${l.tokens[country]}` },
  });
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.json() as Promise<T>;
}

export const root = (el: Element): ShadowRoot => el.shadowRoot!;
export const q = <E extends Element = HTMLElement>(el: Element, sel: string): E => root(el).querySelector<E>(sel)!;
export const qa = <E extends Element = HTMLElement>(el: Element, sel: string): E[] => [
  ...root(el).querySelectorAll<E>(sel),
];
// Collapses layout whitespace only: Intl output relies on no-break spaces, which must survive.
export const text = (el: Element): string => (root(el).textContent ?? '').replace(/[ \t\n\r]+/g, ' ');

/** Waits until the element replaced its skeleton with data, an empty state or an error. */
export async function settled<E extends Element>(
  el: E,
  done = (e: E) => !!root(e).querySelector('[part~="card"], .top') && !root(e).querySelector('[role="status"]'),
): Promise<E> {
  await waitUntil(() => !!el.shadowRoot && done(el), `${el.localName} did not finish loading`, { timeout: 10000 });
  await (el as unknown as LitElement).updateComplete;
  return el;
}

/** Mounts a fresh element with its properties set before it first connects. */
export async function mount<E extends HTMLElement>(
  tag: string,
  attrs: Record<string, string> = {},
  props: Record<string, unknown> = {},
): Promise<E> {
  const el = document.createElement(tag) as E;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  Object.assign(el, props);
  await fixture(html`<div style="width: 1100px">${el}</div>`);
  return el;
}

/**
 * SPEC Errors case 6: an expired token makes the element call its tokenProvider once, retry
 * once, then show its error state. Both a rejecting provider and one returning another bad
 * token (401 twice) must end there.
 */
export function errorStateSuite(tag: string, attrs: Record<string, string> = {}): void {
  for (const [name, provider] of [
    ['rejects', () => Promise.reject(new Error('session ended'))],
    ['returns a bad token', () => Promise.resolve('still-not-valid')],
  ] as const) {
    it(`shows its error state when the tokenProvider ${name}`, async function () {
      const l = await needLive(this);
      let calls = 0;
      const el = await mount(
        tag,
        { 'api-url': l.url, 'tenant-id': l.tenants.au, 'embed-token': 'expired-token', ...attrs },
        {
          tokenProvider: () => {
            calls++;
            return provider();
          },
        },
      );
      await waitUntil(() => root(el).querySelector('[role="alert"]'), 'no error state', { timeout: 10000 });
      expect(calls).to.equal(1);
      expect(q(el, '[role="alert"]').textContent).to.match(/session|token|renewed/i);
      expect(q(el, '[role="alert"] button')).to.not.equal(null);
    });
  }
}

/** Sets a theme variable on the host and reads the computed style of an inner part. */
export async function themed(
  el: HTMLElement,
  sel: string,
  prop: 'backgroundColor' | 'color' | 'fill' | 'borderColor',
): Promise<string> {
  el.style.setProperty('--payrail-primary', 'rgb(12, 34, 56)');
  await new Promise((r) => requestAnimationFrame(r));
  const target = sel.includes('>>>') ? deep(el, sel) : root(el).querySelector(sel);
  expect(target, `no ${sel}`).to.not.equal(null);
  // Buttons transition their colours; read the settled value.
  await Promise.all(target!.getAnimations().map((a) => a.finished));
  return getComputedStyle(target!)[prop];
}

/** `a >>> b`: b inside a's shadow root, for composed elements such as the dashboard. */
function deep(el: HTMLElement, sel: string): Element | null {
  const [outer, inner] = sel.split('>>>').map((s) => s.trim());
  return root(el).querySelector(outer)?.shadowRoot?.querySelector(inner) ?? null;
}

export const THEMED = 'rgb(12, 34, 56)';

/** Runs `check` with the example themes' stylesheets on the page, as the demo pages load them. */
export async function withExampleThemes(check: () => Promise<void>): Promise<void> {
  const links = ['light', 'dark'].map((t) => {
    const l = document.createElement('link');
    l.rel = 'stylesheet';
    l.href = `/styles/theme-${t}.css`;
    document.head.append(l);
    return new Promise((r) => (l.onload = r));
  });
  await Promise.all(links);
  try {
    await check();
  } finally {
    for (const l of document.head.querySelectorAll('link[href^="/styles/"]')) l.remove();
  }
}

export const money = (locale: string, currency: string, v: string): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(v as Intl.StringNumericLiteral);

/** axe-core over the element's shadow tree (the page around it is the test runner's). */
export async function axeViolations(el: HTMLElement): Promise<string[]> {
  const w = window as unknown as { axe?: { run: (n: unknown, o?: unknown) => Promise<{ violations: any[] }> } };
  if (!w.axe) {
    await new Promise<void>((resolve, reject) => {
      const s = document.createElement('script');
      s.src = '/node_modules/axe-core/axe.min.js';
      s.onload = () => resolve();
      s.onerror = () => reject(new Error('axe-core did not load'));
      document.head.append(s);
    });
  }
  document.documentElement.lang ||= 'en';
  const r = await w.axe!.run(el, { rules: { region: { enabled: false } } });
  return r.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`);
}
