import { html, nothing } from 'lit';
import { PayrailApiError } from '../client/errors.js';
import type { MessageKey } from './i18n.js';
import { icons } from './icons.js';

type T = (k: MessageKey) => string;

/**
 * Why data is not on screen, as a person needs to know it: not yet available (no retry helps),
 * forbidden, not found, misconfigured (the page's setup, not the network), an expired session,
 * or an outage (offline or a server error: trying again may help).
 */
export type ErrorKind = 'unavailable' | 'forbidden' | 'notFound' | 'misconfigured' | 'session' | 'outage';

export function errorKind(e: unknown): ErrorKind {
  if (!(e instanceof PayrailApiError)) return 'outage';
  if (e.code === 'configuration_error') return 'misconfigured';
  if (e.code === 'state_conflict' || e.code === 'not_available' || e.status === 501) return 'unavailable';
  if (e.status === 401) return 'session';
  if (e.status === 403) return 'forbidden';
  // A GET answering 400 was asked for an id that cannot exist.
  if (e.status === 404 || e.status === 400) return 'notFound';
  return 'outage';
}

const TITLE: Record<ErrorKind, MessageKey> = {
  unavailable: 'stUnavailable',
  forbidden: 'stForbidden',
  notFound: 'stNotFound',
  misconfigured: 'stMisconfigured',
  session: 'stSession',
  outage: 'errTitle',
};

const TEXT: Record<ErrorKind, MessageKey> = {
  unavailable: 'errUnavailable',
  forbidden: 'errForbidden',
  notFound: 'errNotFound',
  misconfigured: 'errMisconfigured',
  session: 'errAuth',
  outage: 'errGeneric',
};

export interface ErrorStateOptions {
  /** Offered only where trying again can help (outages; an expired session with a token provider). */
  retry?: () => void;
  /** Element-specific wording, e.g. a payslip asked for before its run is finalised. */
  message?: string;
  /** The page already shows one alert for the outage (see `<payrail-provider>`): stay quiet here. */
  quiet?: boolean;
}

export const errorState = (e: unknown, t: T, o: ErrorStateOptions = {}) => {
  const kind = errorKind(e);
  const code = e instanceof PayrailApiError ? e.code : undefined;
  const text =
    o.message ?? t(kind === 'outage' && e instanceof PayrailApiError && e.status === 0 ? 'errNetwork' : TEXT[kind]);
  if (o.quiet && kind === 'outage')
    return html`<div class="state quiet" part="error" data-kind=${kind} data-code=${code ?? nothing}>
      <span class="state-icon">${icons.clock}</span>
      <p class="state-text">${t('errQuiet')}</p>
    </div>`;
  // Not-yet-available is a fact, not a failure: neutral icon, no alert.
  const calm = kind === 'unavailable' || kind === 'notFound';
  return html`<div
    class="state ${calm ? 'info' : 'error'}"
    role=${calm ? 'status' : 'alert'}
    part="error"
    data-kind=${kind}
    data-code=${code ?? nothing}
  >
    <span class="state-icon">${calm ? icons.clock : icons.alert}</span>
    <p class="state-title">${t(TITLE[kind])}</p>
    <p class="state-text">${text}</p>
    ${o.retry ? html`<button class="btn" part="button retry-button" @click=${o.retry}>${icons.refresh}${t('retry')}</button>` : nothing}
  </div>`;
};

export const emptyState = (title: string, text?: string) =>
  html` <div class="state" part="empty">
    <span class="state-icon">${icons.inbox}</span>
    <p class="state-title">${title}</p>
    ${text ? html`<p class="state-text">${text}</p>` : nothing}
  </div>`;

/** Widths vary per row so the shimmer reads as text, not as a grid of bars. */
export const skeletonLines = (n: number, label: string) =>
  html` <div class="sk-wrap" role="status" aria-label=${label}>
    ${Array.from({ length: n }, (_, i) => html`<span class="sk" style="width:${[92, 76, 84, 60, 88, 70][i % 6]}%"></span>`)}
  </div>`;

export const skeletonTable = (rows: number, cols: number, label: string) =>
  html` <div class="sk-wrap sk-table" role="status" aria-label=${label}>
    ${Array.from(
      { length: rows },
      (_, r) =>
        html`<div class="sk-row">
          ${Array.from({ length: cols }, (_, c) => html`<span class="sk" style="width:${40 + ((r * 7 + c * 13) % 5) * 12}%"></span>`)}
        </div>`,
    )}
  </div>`;
