import { html, css, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ContextProvider } from '@lit/context';
import { PayrailClient } from '../client/client.js';
import { PayrailElement } from '../internal/payrail-element.js';
import { payrailContext, type PayrailConnection } from '../internal/context.js';
import { LOCALES } from '../internal/format.js';
import { errorKind } from '../internal/states.js';
import { icons } from '../internal/icons.js';
import { tokens } from '../internal/styles.js';
import { PayrailApiError } from '../client/errors.js';

/**
 * Shares one connection (API URL, tenant, token, token provider), country and locale with every
 * Payrail element inside it, so a page sets credentials once. Attributes on an element win.
 * Providers nest: an inner one inherits what it does not set itself. Its `lang` and `strings` apply
 * to every element inside too.
 *
 * The elements inside share one client, and with it one request cache: the same URL with the same
 * token is fetched once for all of them. Setting a new `embedToken` swaps the credential without
 * reloading what is on screen. When the API cannot be reached, the provider shows one alert for the
 * page (with "Try again"), and the elements stay quiet instead of each raising their own.
 *
 * @summary Connection and locale provider.
 * @slot - Payrail elements and any other content.
 * @csspart alert - The page-level alert shown while the payroll service cannot be reached.
 * @csspart retry-button - "Try again" in that alert.
 */
export class PayrailProvider extends PayrailElement {
  static override tag = 'provider';
  static override styles = [
    tokens,
    css`
      :host {
        display: contents;
      }
      .outage {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 8px 12px;
        margin: 0 0 16px;
        padding: 12px 16px;
        border-radius: var(--_radius-small, 8px);
        border: 1px solid color-mix(in srgb, var(--_danger) 30%, var(--_surface));
        background: color-mix(in srgb, var(--_danger) 8%, var(--_surface));
        color: var(--_text);
        font: 14px var(--_font);
      }
      .outage .icon {
        color: var(--_danger);
        flex: none;
      }
      .outage p {
        margin: 0;
        flex: 1 1 240px;
      }
    `,
  ];

  /** BCP 47 locale for numbers and dates; defaults from `country`. */
  @property() locale = '';
  /** The host backend's portfolio endpoints (e.g. `/api/portfolio`), for the portfolio elements inside. */
  @property({ attribute: 'portfolio-base' }) portfolioBase?: string;

  /** Elements inside whose last load failed because the service could not be reached. */
  @state() private down = new Set<EventTarget>();

  #rev = 0;
  #provider = new ContextProvider(this, { context: payrailContext, initialValue: { source: this, rev: 0 } });

  constructor() {
    super();
    this.addEventListener('payrail-error', (e) => {
      const origin = e.composedPath()[0];
      if (origin === this || errorKind(new PayrailApiError(e.detail)) !== 'outage') return;
      this.down = new Set(this.down).add(origin);
    });
    this.addEventListener('payrail-load', (e) => {
      const origin = e.composedPath()[0];
      if (!this.down.has(origin)) return;
      const next = new Set(this.down);
      next.delete(origin);
      this.down = next;
    });
  }

  /** The connection as the subtree sees it now (called by each element when it renders). */
  connection(): PayrailConnection {
    const parent = this.ctx?.source?.connection() ?? {};
    const country = this.country ?? parent.country ?? 'AU';
    const api = this.connect(parent);
    return {
      client: api instanceof PayrailClient ? api : undefined,
      tenantId: this.tenantId ?? parent.tenantId,
      country,
      locale: this.locale || (!this.country && parent.locale) || LOCALES[country],
      lang: this.getAttribute('lang') || parent.lang,
      strings: this.strings || parent.strings ? { ...parent.strings, ...this.strings } : undefined,
      portfolioBase: this.portfolioBase || parent.portfolioBase,
    };
  }

  /**
   * Reads a path under the tenant (e.g. `/pay-runs?limit=20`) through the provider's connection and
   * its shared request cache, for a page that computes its own figures from the same answers.
   */
  get<T = unknown>(path: string): Promise<T> {
    const client = this.connection().client;
    return client
      ? client.get<T>(path)
      : Promise.reject(new PayrailApiError({ code: 'sample_mode', message: 'No token is set', status: 0 }));
  }

  /**
   * Forgets every cached answer, e.g. after your backend changed a pay run: elements read afresh
   * from then on. `reload()` also reloads every element inside.
   */
  invalidate(): void {
    this.connection().client?.reset();
  }

  override reload(): void {
    this.invalidate();
    for (const el of this.querySelectorAll('*')) if (el !== this) (el as Partial<PayrailElement>).reload?.();
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    // A new value (not only a new token) tells the subtree to read the connection again.
    // (A `lang` attribute change updates with no property changed: it counts too.)
    if (!(changed.size === 1 && changed.has('down'))) this.#provider.setValue({ source: this, rev: ++this.#rev });
  }

  #retry() {
    const failed = [...this.down];
    this.down = new Set();
    for (const el of failed) (el as Partial<PayrailElement>).reload?.();
  }

  override render() {
    return html`${
        this.down.size
          ? html`<div class="outage" role="alert" part="alert">
              ${icons.alert}
              <p>${this.t('pageOutage')}</p>
              <button class="btn" part="button retry-button" @click=${() => this.#retry()}>
                ${icons.refresh}${this.t('retry')}
              </button>
            </div>`
          : nothing
      }<slot></slot>`;
  }
}
