import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { formStyles } from '../internal/forms.js';
import { Paged } from '../internal/paged.js';
import { emptyState, skeletonLines, skeletonTable } from '../internal/states.js';
import { term } from '../internal/terms.js';
import { hasMessage, type MessageKey } from '../internal/i18n.js';
import type { ChainVerification, EvidenceQuery, EvidenceRecord } from '../client/models.js';
import styles from './governance-trail.styles.js';
import { card, header } from '../internal/card.js';

/** The actions offered in the "What happened" filter (the API filters by exact action). */
const ACTIONS = [
  'pay_run.created',
  'pay_run.previewed',
  'pay_run.approved',
  'pay_run.finalised',
  'pay_run.voided',
  'pay_run.exception_acknowledged',
  'pay_run_entry.committed',
  'employee.created',
  'employee.updated',
  'employee.terminated',
  'leave_request.approved',
  'leave_request.rejected',
  'payments.confirmed',
  'company.updated',
];
const FILTERS = ['action', 'resource', 'actor', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * The employer's audit trail: every evidence record the caller may see (the API filters by role, data
 * scope and an employee pin), newest first, each with its date and time, filtered by what happened, record,
 * who and dates, with "Load more". The read receipts (who looked at a record) are left out unless "Show reads"
 * is ticked, so the trail reads as the changes people made. A record opens to its reason, who changed it, its fingerprints and its link to the
 * previous record. "Verify chain" asks the host's backend to check the chain (a partner-key call); the
 * host sets the answer as `verification` and the element shows it.
 *
 * @summary Audit trail (evidence records).
 * @event payrail-verify-request - "Verify chain" was pressed. Detail: `{}`. The host calls `POST …/governance/verify` and sets `verification`.
 * @event payrail-load - The trail or a record was shown. Detail: `{ sample }`.
 * @event payrail-error - It could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar.
 * @csspart filters - The filters.
 * @csspart table - The records.
 * @csspart row - Each record's row.
 * @csspart link - What happened, which opens the record.
 * @csspart detail - An open record.
 * @csspart verification - The chain check's result.
 * @csspart button - Every button.
 * @csspart verify-button - "Verify chain".
 * @csspart load-more-button - "Load more".
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart empty - The message shown when no record matches.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailGovernanceTrail extends PayrailElement {
  static override tag = 'governance-trail';
  static override styles = [tokens, formStyles, styles];

  @property({ type: Number, attribute: 'page-size' }) pageSize = 20;
  /** The open record; set it (e.g. from `payrail-view-evidence`) to open the trail at that record. */
  @property({ attribute: 'evidence-id' }) evidenceId?: string;
  /** Only records of this action, e.g. `pay_run.approved`. */
  @property() action?: string;
  /** Only records about this record (a pay run, employee or entry). */
  @property() resource?: string;
  /** Only records by this user (or key). */
  @property() actor?: string;
  /** From this date (YYYY-MM-DD). */
  @property() from?: string;
  /** Through this date (YYYY-MM-DD). */
  @property() to?: string;
  /** Also list the read receipts (who looked at a record); left out by default, so the trail shows changes. */
  @property({ type: Boolean, attribute: 'show-reads' }) showReads = false;
  /** The chain check's answer, set by the host after `payrail-verify-request`; `null` clears it. */
  @property({ attribute: false }) verification?: ChainVerification | null;
  /** Whether a check was asked for and its answer has not been set yet. */
  #asked = false;

  #list = new Paged<EvidenceRecord>(
    this,
    (cursor, signal) => this.api.evidence({ ...this.#query(), limit: this.pageSize, cursor }, { signal }),
    () => [this.api, this.pageSize, this.showReads, ...FILTERS.map((f) => this[f])],
  );

  #record = this.watch(
    new Task(this, {
      args: () => [this.api, this.evidenceId] as const,
      task: ([api, id], { signal }) =>
        id ? (this.#list.rows.find((r) => r.id === id) ?? api.evidenceRecord(id, { signal })) : undefined,
    }),
  );

  constructor() {
    super();
    this.watch(this.#list.task);
  }

  #query(): EvidenceQuery {
    return {
      ...Object.fromEntries(FILTERS.map((f) => [f, this[f] || undefined])),
      reads: this.showReads ? undefined : 'exclude',
    };
  }

  override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('verification')) this.#asked = false;
  }

  /** Opening a record focuses its "Back"; going back focuses the record's row again. */
  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const el = this.#focus && this.renderRoot.querySelector<HTMLElement>(this.#focus);
    if (!el) return;
    el.focus();
    this.#focus = undefined;
  }

  /** What to focus once it is on screen. */
  #focus?: string;
  #open(id: string | undefined) {
    const from = this.evidenceId;
    this.#focus = id ? '.detail .link' : from && `tr[data-id="${CSS.escape(from)}"] .link`;
    this.evidenceId = id;
  }

  #verify() {
    this.verification = undefined;
    this.emit('payrail-verify-request', {});
    this.#asked = true;
    // Sample data has no backend behind it: its chain is shown as checked.
    if (!this.live) {
      const rows = this.#list.rows;
      this.verification = {
        valid: true,
        records_checked: rows[0]?.sequence ?? 0,
        head_hash: rows[0]?.chain.hash ?? '',
      };
    }
    this.requestUpdate();
  }

  #set(f: Filter, v: string) {
    this[f] = v.trim() || undefined;
  }

  override render() {
    return card(html`
      ${header(this.t('govTitle'), {
        end: html`${this.sampleBadge()}
          <button class="btn" part="button verify-button" @click=${() => this.#verify()}>
            ${this.t('govVerify')}
          </button>`,
      })}
      ${this.#verification()}
      ${
        this.evidenceId
          ? this.renderTask(
              this.#record,
              (r) => (r ? this.#detail(r) : nothing),
              () => skeletonLines(8, this.t('loading')),
            )
          : html`${this.#filters()}
            ${this.renderTask(
              this.#list.task,
              () =>
                this.#list.rows.length
                  ? this.#table(this.#list.rows)
                  : emptyState(this.t(FILTERS.some((f) => this[f]) ? 'govNoMatch' : 'govEmpty')),
              () => skeletonTable(6, 4, this.t('loading')),
            )}`
      }
    `);
  }

  #verification() {
    const v = this.verification;
    if (!v)
      return this.#asked
        ? html`<p class="verify" part="verification" role="status">${this.t('govChecking')}</p>`
        : nothing;
    const bad = v.first_invalid;
    return html`<p class="verify ${bad ? 'bad' : 'ok'}" part="verification" role="status" data-valid=${String(v.valid)}>
      <b>${this.t(v.valid ? 'govOk' : 'govBroken')}</b>
      ${this.t('govChecked', { n: this.f.num(v.records_checked) })}
      ${
        bad
          ? html`· ${this.t(`gov_${bad.reason}` as MessageKey, { n: bad.seq })}
              <button class="link ev" @click=${() => this.#open(bad.id)}>${this.t('view')}</button>`
          : nothing
      }
    </p>`;
  }

  #filters() {
    const field = (f: Filter, label: MessageKey, type = 'text') =>
      html`<label class="field"
        >${this.t(label)}<input
          type=${type}
          .value=${this[f] ?? ''}
          @change=${(e: Event) => this.#set(f, (e.target as HTMLInputElement).value)}
      /></label>`;
    return html`<div class="filters" part="filters">
      <label class="field"
        >${this.t('govAction')}<select
          @change=${(e: Event) => this.#set('action', (e.target as HTMLSelectElement).value)}
        >
          <option value="" ?selected=${!this.action}>${this.t('govAll')}</option>
          ${[...new Set([...ACTIONS, ...(this.action ? [this.action] : [])])].map(
            (a) => html`<option value=${a} ?selected=${a === this.action}>${this.#what(a)}</option>`,
          )}
        </select></label
      >
      ${field('resource', 'govRecord')} ${field('actor', 'govBy')} ${field('from', 'govFrom', 'date')}
      ${field('to', 'govTo', 'date')}
      <div class="field box">
        <input
          type="checkbox"
          id="show-reads"
          part="input"
          .checked=${this.showReads}
          @change=${(e: Event) => (this.showReads = (e.target as HTMLInputElement).checked)}
        /><label for="show-reads">${this.t('govShowReads')}</label>
      </div>
    </div>`;
  }

  #what(action: string) {
    return term(action.replace('.', '_'), this.lng);
  }

  /** Who acted, as a person reads it: the user's name where recorded, else their reference; a key is the integration. */
  #who(a: EvidenceRecord['actor']) {
    const name = (a.user_name ?? a.user_id) as string | undefined;
    return name ?? this.t(a.kind === 'partner_key' ? 'govIntegration' : 'govSystem');
  }

  #table(rows: EvidenceRecord[]) {
    const at = new Intl.DateTimeFormat(this.loc, { dateStyle: 'medium', timeStyle: 'short' });
    return html`<div class="scroll">
        <table class="stack" part="table" aria-labelledby="title">
          <thead>
            <tr>
              <th scope="col">${this.t('govAction')}</th>
              <th scope="col">${this.t('govWhen')}</th>
              <th scope="col">${this.t('govBy')}</th>
              <th scope="col">${this.t('govReason')}</th>
            </tr>
          </thead>
          <tbody>
            ${rows.map(
              (r) =>
                html`<tr class="click" part="row" data-id=${r.id} @click=${() => this.#open(r.id)}>
                  <td class="s-wide"><button class="link" part="link">${this.#what(r.action)}</button></td>
                  <td data-label=${this.t('govWhen')}>
                    <time datetime=${r.created_at}>${at.format(new Date(r.created_at))}</time>
                  </td>
                  <td class="s-end" data-label=${this.t('govBy')}>${this.#who(r.actor)}</td>
                  <td class="s-wide" data-label=${this.t('govReason')}>${r.governance_reason ?? '—'}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${this.#list.footer((k) => this.t(k))}`;
  }

  #detail(r: EvidenceRecord) {
    const at = new Intl.DateTimeFormat(this.loc, { dateStyle: 'medium', timeStyle: 'short' });
    const { governance_reason: _, ...decision } = r.decision;
    const row = (label: MessageKey | string, v: unknown, mono = false) =>
      html`<dt>${hasMessage(label) ? this.t(label) : term(label, this.lng)}</dt>
        <dd class=${mono ? 'mono' : ''}>${v}</dd>`;
    const by = (f: Filter, v: string) =>
      html` <button class="link ev" @click=${() => this.#only(f, v)}>${this.t('govOnly')}</button>`;
    const user = (r.actor.user_id ?? r.actor.key_id) as string | undefined;
    return html`<div class="detail" part="detail" data-id=${r.id}>
      <button class="link ev" @click=${() => this.#open(undefined)}>← ${this.t('govBack')}</button>
      <h3>${this.#what(r.action)}</h3>
      <dl>
        ${row('govWhen', at.format(new Date(r.created_at)))}
        ${row('govBy', html`${this.#who(r.actor)}${r.actor.role ? ` · ${this.statusLabel(String(r.actor.role))}` : ''}${user ? by('actor', user) : nothing}`)}
        ${row('govReason', r.governance_reason ?? '—')}
        ${row('govRecord', html`<span class="mono">${r.resource}</span>${by('resource', r.resource)}`)}
        ${Object.entries(decision).map(([k, v]) => row(k, typeof v === 'object' ? JSON.stringify(v) : String(v)))}
        ${row('govNumber', r.sequence)} ${row('govPrint', r.chain.hash, true)}
        ${row('govPrev', r.chain.prev_hash, true)} ${row('govRequest', r.request_hash, true)}
        ${row('govResponse', r.response_hash, true)}
      </dl>
    </div>`;
  }

  /** Back to the list, showing only what matches the open record's user or record. */
  #only(f: Filter, v: string) {
    for (const k of FILTERS) this[k] = undefined;
    this[f] = v;
    this.evidenceId = undefined;
  }
}
