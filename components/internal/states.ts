import { html, nothing } from 'lit';
import { PayrailApiError } from '../client/errors.js';
import type { MessageKey } from './i18n.js';
import { icons } from './icons.js';

type T = (k: MessageKey) => string;

const reason = (e: unknown): MessageKey => {
  const s = e instanceof PayrailApiError ? e.status : -1;
  return s === 401
    ? 'errAuth'
    : s === 403
      ? 'errForbidden'
      : s === 404
        ? 'errNotFound'
        : s === 0
          ? 'errNetwork'
          : 'errGeneric';
};

export const errorState = (e: unknown, t: T, retry?: () => void, message?: string) =>
  html` <div class="state error" role="alert" part="error">
    <span class="state-icon">${icons.alert}</span>
    <p class="state-title">${t('errTitle')}</p>
    <p class="state-text">${message ?? t(reason(e))}</p>
    ${e instanceof PayrailApiError ? html`<code class="state-code">${e.code}${e.status ? ` · ${e.status}` : ''}</code>` : nothing}
    ${retry ? html`<button class="btn" part="button retry-button" @click=${retry}>${icons.refresh}${t('retry')}</button>` : nothing}
  </div>`;

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
