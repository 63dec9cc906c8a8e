// A stub API for the forms that records every request (the settings on file, the caller's allowlist, draft
// checks and writes), and the steps of filling a form in, shared by the form tests.
import type { ApiList, Employee } from '../../components/index.js';
import { apiGet, fixture, html, mount, needLive, q, settled, type Live } from './support.js';
import { API, realFetch } from './stub-api.js';

export interface Sent {
  method: string;
  url: string;
  body: unknown;
  reason: string | null;
}

/**
 * A stub API that records every request: the settings on file, the caller's allowlist, a draft check
 * answering `violations`, and a write answering `write` (200 by default).
 */
export function stub(
  o: {
    components?: string[];
    violations?: unknown[];
    write?: { status: number; body: unknown };
    /** What `POST …/employees` answers (201 with a new id by default). */
    create?: { status: number; body: unknown };
    /** What the settings read answers after a successful write. */
    afterWrite?: Record<string, unknown>;
  } = {},
): Sent[] {
  const sent: Sent[] = [];
  let onFile: Record<string, unknown> = { attested: false };
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith(API)) return realFetch(input, init);
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, url, body, reason: headers.get('x-governance-reason') });
    const json = (status: number, b: unknown) =>
      new Response(JSON.stringify(b), { status, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/me'))
      return json(200, { data: { mode: 'embed', components: o.components ?? ['payslip-viewer'], employee_id: null } });
    if (url.endsWith('/validate'))
      return json(200, { data: { valid: !o.violations?.length, violations: o.violations ?? [] } });
    if (method === 'POST' && url.endsWith('/employees')) {
      const c = o.create ?? { status: 201, body: { data: { id: 'emp_new' }, evidence_id: 'cev_0' } };
      return json(c.status, c.body);
    }
    if (method === 'PATCH') {
      const w = o.write ?? { status: 200, body: { data: { id: 'emp_stub' }, evidence_id: 'cev_1' } };
      if (w.status === 200) onFile = o.afterWrite ?? {};
      return json(w.status, w.body);
    }
    return json(200, { data: onFile });
  };
  return sent;
}

export const live = (tag: string, attrs: Record<string, string> = {}) =>
  mount<HTMLElement>(tag, {
    'api-url': API,
    'tenant-id': 'ten_stub',
    'embed-token': 'tok',
    'employee-id': 'emp_stub',
    ...attrs,
  }).then((el) => settled(el));

export const input = (el: HTMLElement, name: string) => q<HTMLInputElement>(el, `[name="${name}"]`);
export async function fill(el: HTMLElement, values: Record<string, string>) {
  for (const [name, v] of Object.entries(values)) {
    const i = input(el, name);
    i.focus();
    i.value = v;
    i.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    i.blur();
  }
  await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
}
export const save = (el: HTMLElement) => q(el, '[part~="save-button"]').click();
export const errorOf = (el: HTMLElement, name: string) => {
  const id = input(el, name).getAttribute('aria-describedby');
  return id ? (q(el, `#${id}`)?.textContent ?? '') : '';
};
/** Picks an option of a choice, or ticks a box, as a person would. */
export async function choose(el: HTMLElement, name: string, value: string | boolean) {
  const c = q<HTMLInputElement | HTMLSelectElement>(el, `[name="${name}"]`);
  if (typeof value === 'boolean') (c as HTMLInputElement).checked = value;
  else c.value = value;
  c.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
  await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
}

/**
 * The set-up every form test shares: the real fetch back after each test, the form mounted against the
 * stub, and the form placed in a 390 px column.
 */
export function formSuite(tag: string) {
  afterEach(() => {
    window.fetch = realFetch;
  });
  const mountLive = (attrs: Record<string, string> = {}) => live(tag, attrs);
  const narrow = async (attrs: Record<string, string> = {}) => {
    const wrap = await fixture<HTMLElement>(html`<div style="width: 390px"></div>`);
    const el = await mountLive(attrs);
    wrap.append(el);
    return settled(el);
  };
  return { live: mountLive, narrow };
}

/**
 * A form mounted against the real test API for the last employee of the country's seeded employer, saving with
 * `reason` (skipped without the live API): where every live write test of a form starts.
 */
export async function liveForm(
  ctx: Mocha.Context,
  tag: string,
  country: 'au' | 'de',
  reason: string,
): Promise<{ l: Live; who: Employee; el: HTMLElement }> {
  const l = await needLive(ctx);
  const { data } = await apiGet<ApiList<Employee>>(l, country, '/employees?limit=200');
  const who = data.at(-1)!;
  const el = await settled(
    await mount<HTMLElement>(tag, {
      ...(country === 'de' ? { country: 'DE' } : {}),
      'api-url': l.url,
      'tenant-id': l.tenants[country],
      'embed-token': l.tokens[country],
      'employee-id': who.id,
      'governance-reason': reason,
    }),
  );
  return { l, who, el };
}
