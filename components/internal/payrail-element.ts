import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import type { Task } from '@lit/task';
import { PayrailClient } from '../client/client.js';
import type { Country, PayrailApi, TokenProvider } from '../client/types.js';
import { payrailContext, type PayrailContext } from './context.js';
import type { PayrailEventMap, PayrailEventName } from './events.js';
import { fmt, humanize, LOCALES, toCountry, type Fmt } from './format.js';
import { hasMessage, translate, type Lang, type MessageKey } from './i18n.js';
import { sampleApi } from './sample/api.js';
import { errorState } from './states.js';

const countryConverter = { fromAttribute: (v: string | null) => toCountry(v) };

/**
 * Base of every Payrail element: connection settings (own attributes first, then the nearest
 * `<payrail-provider>`), sample mode without a token, locale and language, typed events.
 *
 * @cssproperty --payrail-primary - Brand colour for primary buttons, links, focus rings and charts.
 * @cssproperty --payrail-primary-hover - Primary colour on hover.
 * @cssproperty --payrail-accent - Secondary chart and highlight colour.
 * @cssproperty --payrail-bg - Subtle background for table headers and insets.
 * @cssproperty --payrail-surface - Card background.
 * @cssproperty --payrail-text - Body text colour.
 * @cssproperty --payrail-border - Hairline borders.
 * @cssproperty --payrail-radius - Card corner radius.
 * @cssproperty --payrail-radius-sm - Button and input corner radius.
 * @cssproperty --payrail-font - Body font stack.
 * @cssproperty --payrail-font-display - Headings and large figures.
 * @cssproperty --payrail-mono - Identifiers and codes.
 * @cssproperty --payrail-on-primary - Text on primary buttons (white by default).
 * @cssproperty --payrail-muted - Secondary text.
 * @cssproperty --payrail-success - Positive states (finalised, complete, rising figures).
 * @cssproperty --payrail-warning - Attention states (incomplete, sample data).
 * @cssproperty --payrail-danger - Errors, voided runs, blocking gaps.
 * @cssproperty --payrail-info - Informational states (previewed).
 */
export class PayrailElement extends LitElement {
  /** Element name without prefix; registered as `payrail-<tag>` and `prl-<tag>`. */
  static tag = '';
  /** Elements this one renders, registered with it. */
  static dependencies: (typeof PayrailElement)[] = [];

  /** Registers both names; a no-op for names another bundle on the page already defined. */
  static define(): void {
    for (const d of this.dependencies) d.define();
    for (const prefix of ['payrail', 'prl']) {
      const name = `${prefix}-${this.tag}`;
      if (customElements.get(name)) continue;
      // One constructor can back only one name, so the alias gets an empty subclass.
      const taken = customElements.getName?.(this);
      customElements.define(name, taken ? class extends this {} : this);
    }
  }

  /** Jurisdiction: sample data, number and date locale, and German text for DE. */
  @property({ converter: countryConverter }) country?: Country;
  /** Base URL of the Payrail API or of the integrator's same-origin proxy. */
  @property({ attribute: 'api-url' }) apiUrl?: string;
  @property({ attribute: 'tenant-id' }) tenantId?: string;
  /** Short-lived embed or user token minted by the integrator's server. */
  @property({ attribute: 'embed-token' }) embedToken?: string;
  /** Called once when the API answers 401; its token is used for a single retry. */
  @property({ attribute: false }) tokenProvider?: TokenProvider;

  @consume({ context: payrailContext, subscribe: true })
  @state()
  protected ctx?: PayrailContext;

  protected api: PayrailApi = sampleApi('AU');

  constructor() {
    super();
    // aria-busy while the element shows a skeleton or loads a next page, so assistive technology
    // waits for the content instead of reading the placeholder.
    this.addController({
      hostUpdated: () => {
        if (this.renderRoot.querySelector('.sk-wrap, .foot [aria-disabled="true"]'))
          this.setAttribute('aria-busy', 'true');
        else this.removeAttribute('aria-busy');
      },
    });
  }
  protected cc: Country = 'AU';
  protected loc = 'en-AU';
  protected lng: Lang = 'en';
  protected f: Fmt = fmt('en-AU');
  private apiKey: unknown[] = [];

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const c = this.ctx ?? {};
    this.cc = this.country ?? c.country ?? 'AU';
    this.loc = (!this.country && c.locale) || LOCALES[this.cc];
    this.f = fmt(this.loc);
    const lang =
      this.getAttribute('lang') ||
      (this.cc === 'DE' || this.loc.startsWith('de') ? 'de' : this.closest<HTMLElement>('[lang]')?.lang);
    this.lng = /^de/i.test(lang ?? '') ? 'de' : 'en';
    const key = [this.apiUrl, this.tenantId, this.embedToken, this.tokenProvider, c.client, c.tenantId, this.cc];
    if (key.some((v, i) => v !== this.apiKey[i])) {
      this.apiKey = key;
      this.api = this.makeApi(c);
    }
  }

  private makeApi(c: PayrailContext): PayrailApi {
    if (this.apiUrl == null && this.tenantId == null && !this.embedToken && !this.tokenProvider) {
      return c.client ?? sampleApi(this.cc);
    }
    const base = c.client?.config ?? {};
    const cfg = {
      apiUrl: this.apiUrl ?? base.apiUrl,
      tenantId: this.tenantId ?? c.tenantId,
      token: this.embedToken || base.token,
      tokenProvider: this.tokenProvider ?? base.tokenProvider,
    };
    return cfg.token || cfg.tokenProvider ? new PayrailClient(cfg) : sampleApi(this.cc);
  }

  protected get live(): boolean {
    return this.api.live;
  }

  protected t(key: MessageKey, vars?: Record<string, string | number>): string {
    return translate(this.lng, key, vars);
  }

  /** Dispatches a bubbling, composed event; integrators may cancel it to signal they handled it. */
  protected emit<K extends PayrailEventName>(name: K, detail: PayrailEventMap[K]): CustomEvent<PayrailEventMap[K]> {
    const e = new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true });
    this.dispatchEvent(e);
    return e;
  }

  protected sampleBadge(): TemplateResult | typeof nothing {
    return this.live
      ? nothing
      : html`<span class="sample" part="badge" title=${this.t('sampleHint')}>${this.t('sample')}</span>`;
  }

  /** Pending/complete/error rendering for a data task, with the element's own skeleton. */
  protected renderTask<T>(
    task: Task<readonly unknown[], T>,
    complete: (v: T) => unknown,
    skeleton: () => unknown,
  ): unknown {
    return task.render({
      initial: skeleton,
      pending: skeleton,
      complete,
      error: (e) =>
        errorState(
          e,
          (k) => this.t(k),
          () => this.retry(task),
          this.errorMessage(e),
        ),
    });
  }

  protected retry(task: { run(): unknown }): void {
    this.api.reset?.();
    task.run();
  }

  /** Element-specific wording for an error, e.g. a payslip asked for before finalisation. */
  protected errorMessage(_e: unknown): string | undefined {
    return undefined;
  }

  protected statusLabel(s: string): string {
    return hasMessage(s) ? this.t(s) : humanize(s);
  }
}
