import { html, css, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { ContextProvider } from '@lit/context';
import { PayrailClient } from '../client/client.js';
import { PayrailElement } from '../internal/payrail-element.js';
import { payrailContext } from '../internal/context.js';

/**
 * Shares one connection (API URL, tenant, token, token provider), country and locale with every
 * Payrail element inside it, so a page sets credentials once. Attributes on an element win.
 * Providers nest: an inner one inherits what it does not set itself. Its `lang` and `strings` apply
 * to every element inside too.
 *
 * @summary Connection and locale provider.
 * @slot - Payrail elements and any other content.
 */
export class PayrailProvider extends PayrailElement {
  static override tag = 'provider';
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  /** BCP 47 locale for numbers and dates; defaults from `country`. */
  @property() locale = '';

  #provider = new ContextProvider(this, { context: payrailContext, initialValue: {} });

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const client = this.api instanceof PayrailClient ? this.api : undefined;
    this.#provider.setValue({
      client,
      tenantId: this.tenantId ?? this.ctx?.tenantId,
      country: this.cc,
      locale: this.locale || this.loc,
      lang: this.getAttribute('lang') || this.ctx?.lang,
      strings: this.strings || this.ctx?.strings ? { ...this.ctx?.strings, ...this.strings } : undefined,
    });
  }

  override render() {
    return html`<slot></slot>`;
  }
}
