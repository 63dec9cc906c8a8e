import { LitElement, html, nothing, type PropertyValues, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { consume } from '@lit/context';
import { TaskStatus, type Task } from '@lit/task';
import { PayrailClient } from '../client/client.js';
import { PayrailApiError } from '../client/errors.js';
import type { Country, PayrailApi, TokenProvider } from '../client/models.js';
import { payrailContext, type PayrailConnection, type PayrailContext } from './context.js';
import type { PayrailEventMap, PayrailEventName } from './events.js';
import { dateLocaleFor, fmt, humanize, LOCALES, toCountry, type Fmt } from './format.js';
import {
  hasMessage,
  loadLang,
  plural,
  translate,
  type Lang,
  type MessageKey,
  type PayrailStrings,
  type PluralKey,
} from './i18n.js';
import { sampleApi } from './sample/api.js';
import { errorKind, errorState } from './states.js';

/** What a controller acting for an element needs of it: the element, its API of the moment, its events and words. */
export interface ElementPort {
  host: ReactiveControllerHost;
  api(): PayrailApi;
  emit<K extends PayrailEventName>(name: K, detail: PayrailEventMap[K]): CustomEvent<PayrailEventMap[K]>;
  t(key: MessageKey): string;
}

const countryConverter = { fromAttribute: (v: string | null) => toCountry(v) };

/**
 * Base of every Payrail element: connection settings (own attributes first, then the nearest
 * `<payrail-provider>`), sample mode without a token, locale and language, typed events.
 *
 * @attr lang - Text language (`en` or `de`). Wins over the provider's `lang`, which wins over the country's default (German for DE); changing it re-renders.
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
  /**
   * Replacement text by message key, for white-labelling, e.g. `{ payRuns: 'Payroll history' }`.
   * Wins over the provider's `strings`; `{name}` placeholders are filled in as usual.
   */
  @property({ attribute: false }) strings?: PayrailStrings;
  /** Records that carry an evidence record show an "Evidence" link to it (`payrail-view-evidence`). */
  @property({ type: Boolean, attribute: 'show-governance' }) showGovernance = false;

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
  #strings?: PayrailStrings;

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'lang' && old !== value) this.requestUpdate();
  }

  /** The element's `lang`, else its provider's, else German for DE, else the page's language around it. */
  #language(c: PayrailConnection = this.ctx?.source?.connection() ?? {}): Lang {
    const cc = this.country ?? c.country ?? 'AU';
    const loc = (!this.country && c.locale) || LOCALES[cc];
    const lang =
      this.getAttribute('lang') ||
      c.lang ||
      (cc === 'DE' || loc.startsWith('de') ? 'de' : this.closest<HTMLElement>('[lang]')?.lang);
    return /^de/i.test(lang ?? '') ? 'de' : 'en';
  }

  /** Waits for the language's catalogue (loaded on demand) before rendering, so text never flips. */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const loading = loadLang(this.#language());
    if (!loading) return super.scheduleUpdate();
    return loading.catch(() => undefined).then(() => super.scheduleUpdate());
  }
  /** The client built from this element's own connection attributes, kept across token changes. */
  #own?: { apiUrl?: string; tenantId?: string; token?: string; client: PayrailClient };
  /** Whether what is on screen came from sample data (undefined before anything loaded). */
  #shownSample?: boolean;
  #watched: { task: Task<readonly unknown[], unknown>; status: TaskStatus; value?: unknown; error?: unknown }[] = [];

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    // The provider is read now, not when it last rendered, so a token set right after the markup is
    // seen before this element's first request: no sample figures stand in for data on its way.
    const c: PayrailConnection = this.ctx?.source?.connection() ?? {};
    this.cc = this.country ?? c.country ?? 'AU';
    this.loc = (!this.country && c.locale) || LOCALES[this.cc];
    this.lng = this.#language(c);
    this.f = fmt(this.loc, dateLocaleFor(this.loc, this.lng, this.cc));
    this.#strings = c.strings && this.strings ? { ...c.strings, ...this.strings } : (this.strings ?? c.strings);
    const api = this.connect(c);
    // Only a change of API (sample to live, another tenant) reloads; a new token does not.
    if (api !== this.api) this.api = api;
  }

  /** The API this element reads: its own connection, else its provider's, else sample data. */
  protected connect(c: PayrailConnection): PayrailApi {
    const own = this.apiUrl != null || this.tenantId != null || !!this.embedToken || !!this.tokenProvider;
    if (!own) return c.client ?? sampleApi(this.cc);
    const base = c.client;
    const apiUrl = this.apiUrl ?? base?.config.apiUrl;
    const tenantId = this.tenantId ?? c.tenantId;
    const token = this.embedToken || base?.currentToken;
    const tokenProvider = this.tokenProvider ?? base?.config.tokenProvider;
    if (!token && !tokenProvider) return sampleApi(this.cc);
    const o = this.#own;
    if (o && o.apiUrl === apiUrl && o.tenantId === tenantId) {
      // Only a token the page changed replaces the client's; a renewed one stays until then.
      if (token !== o.token) o.client.setToken((o.token = token));
      o.client.setTokenProvider(tokenProvider);
      return o.client;
    }
    this.#own = { apiUrl, tenantId, token, client: new PayrailClient({ apiUrl, tenantId, token, tokenProvider }) };
    return this.#own.client;
  }

  /** True while the element shows (or is about to show) data from the API rather than sample data. */
  protected get live(): boolean {
    return this.api.live;
  }

  /** Reloads the element's data, e.g. after an outage; what is on screen stays until it arrives. */
  reload(): void {
    this.api.reset?.();
    for (const w of this.#watched) void w.task.run();
  }

  /** Lifecycle events follow the data tasks: `payrail-load`, `payrail-error`, `payrail-session-expired`. */
  protected watch<T extends Task<readonly unknown[], unknown>>(task: T): T {
    this.#watched.push({ task, status: task.status });
    return task;
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    for (const w of this.#watched) {
      const { status, value, error } = w.task;
      if (status === w.status && value === w.value && error === w.error) continue;
      const fresh = status !== w.status || (status === TaskStatus.COMPLETE ? value !== w.value : error !== w.error);
      Object.assign(w, { status, value, error });
      if (!fresh) continue;
      if (status === TaskStatus.COMPLETE && value !== undefined) {
        this.emit('payrail-load', { sample: !this.live });
      } else if (status === TaskStatus.ERROR && !(error instanceof DOMException && error.name === 'AbortError')) {
        const envelope = PayrailApiError.envelopeOf(error);
        this.emit('payrail-error', envelope);
        if (errorKind(error) === 'session') this.emit('payrail-session-expired', envelope);
      }
    }
  }

  protected t(key: MessageKey, vars?: Record<string, string | number>): string {
    return translate(this.lng, key, vars, this.#strings);
  }

  protected n(key: PluralKey, n: number, vars?: Record<string, string | number>): string {
    return plural(this.lng, key, n, vars, this.#strings);
  }

  /**
   * Dispatches a bubbling, composed event. An action or write is cancelable (integrators cancel it to say they
   * handled it); a lifecycle notice (loaded, failed, session expired) tells of what already happened, so it is
   * not. While sample data is shown, every detail but `payrail-load`'s and `payrail-session-expired`'s carries
   * `sample: true`.
   */
  protected emit<K extends PayrailEventName>(name: K, detail: PayrailEventMap[K]): CustomEvent<PayrailEventMap[K]> {
    const lifecycle = name === 'payrail-load' || name === 'payrail-session-expired';
    const notice = lifecycle || name === 'payrail-error';
    // Sample data on screen, or a sample id handed down by a composite (the dashboard's tiles).
    const sample =
      (!this.live && this.#watched.some((w) => w.task.value !== undefined)) ||
      Object.values(detail).some((v) => typeof v === 'string' && v.startsWith('sample-'));
    const d = !lifecycle && sample ? { ...detail, sample: true } : detail;
    const e = new CustomEvent(name, { detail: d, bubbles: true, composed: true, cancelable: !notice });
    this.dispatchEvent(e);
    return e;
  }

  /** The element as a controller that writes for it sees it. */
  protected get port(): ElementPort {
    return { host: this, api: () => this.api, emit: (name, detail) => this.emit(name, detail), t: (k) => this.t(k) };
  }

  /**
   * Why a write was refused, in words: the API's message (or the page's, handed back as the API's envelope or
   * its `error`); a refusal without one (the page's dialog was closed) is an empty string.
   */
  protected refusal(err: unknown): string {
    const e = (err instanceof PayrailApiError ? err.envelope : ((err as { error?: unknown })?.error ?? err)) as
      { message?: string; status?: number } | null | undefined;
    if (!e) return '';
    if (e.status === 403) return this.t('errForbidden');
    return e.message && !(Number(e.status) >= 500) ? e.message : this.t('errGeneric');
  }

  /**
   * "Sample data" while sample figures are on screen, and until live data has replaced them: the
   * badge never leaves before the made-up figures do.
   */
  protected sampleBadge(): TemplateResult | typeof nothing {
    // A completed task holds data from the current API; while one reloads, the old data's origin stands.
    if (this.#shownSample === undefined || this.#watched.some((w) => w.task.status === TaskStatus.COMPLETE))
      this.#shownSample = !this.live;
    return this.#shownSample
      ? html`<span class="sample" part="badge" title=${this.t('sampleHint')}>${this.t('sample')}</span>`
      : nothing;
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
      error: (e) => this.renderError(e, () => this.retry(task)),
    });
  }

  /** The state for a failure: retry only where it can help; under a provider an outage stays quiet. */
  protected renderError(e: unknown, retry: () => void): unknown {
    const kind = errorKind(e);
    const canRetry = kind === 'outage' || (kind === 'session' && !!this.tokenOf());
    return errorState(e, (k) => this.t(k), {
      retry: canRetry ? retry : undefined,
      message: this.errorMessage(e),
      quiet: !!this.ctx?.source,
    });
  }

  private tokenOf(): TokenProvider | undefined {
    return this.api instanceof PayrailClient ? this.api.config.tokenProvider : undefined;
  }

  protected retry(task: { run(): unknown }): void {
    this.api.reset?.();
    task.run();
  }

  /** Element-specific wording for an error, e.g. a payslip asked for before finalisation. */
  protected errorMessage(_e: unknown): string | undefined {
    return undefined;
  }

  /**
   * With `show-governance`, "Evidence" for a displayed record that has an evidence record: it emits
   * `payrail-view-evidence { id, item }` so the host opens the audit trail at that record.
   */
  protected evidenceLink(id: string | null | undefined, item: string, label: string): unknown {
    return this.showGovernance && id
      ? html`<button
          class="link ev"
          part="evidence-link"
          aria-label=${this.t('evidenceOf', { item: label })}
          @click=${(e: Event) => {
            e.stopPropagation();
            this.emit('payrail-view-evidence', { id, item });
          }}
        >
          ${this.t('evidence')}
        </button>`
      : nothing;
  }

  protected statusLabel(s: string): string {
    return hasMessage(s) ? this.t(s) : humanize(s);
  }
}
