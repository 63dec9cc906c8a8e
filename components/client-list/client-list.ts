import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { PortfolioElement } from '../internal/portfolio.js';
import { tokens } from '../internal/styles.js';
import { emptyState, skeletonTable } from '../internal/states.js';
import { searchStyles } from '../internal/search.js';
import { rowLinkStyles, SearchedList } from '../internal/list.js';
import { payDateCaption } from '../internal/figures.js';
import type { MessageKey } from '../internal/i18n.js';
import type { ClientRow, ClientSort } from '../client/models.js';
import styles from './client-list.styles.js';
import { card, header } from '../internal/card.js';

const SORTS: [ClientSort, MessageKey][] = [
  ['risk', 'pfRisk'],
  ['next_pay_date', 'nextPayDate'],
  ['gross_mtd', 'pfGrossMtd'],
  ['name', 'name'],
];
// Pill colours by meaning: red for a pay date at risk or setup missing, amber for attention, green on track.
const RISK = { high: 's-blocked', medium: 's-incomplete', low: 's-complete' };
const HEALTH = { healthy: 's-complete', attention: 's-incomplete', setup_required: 's-previewed' };

/**
 * A partner's employers, one row each: people paid, gross this month, the next pay date, deadline risk and
 * health. The search (employer name) and the order are the API's, so they reach employers on pages not
 * loaded yet; "Load more" fetches the next page. Choosing an employer emits `payrail-client-select`.
 *
 * @summary Partner portfolio: the employers.
 * @attr portfolio-base - The host backend's portfolio endpoints, e.g. `/api/portfolio`; inherited from `<payrail-provider portfolio-base>`.
 * @attr sort - The order: `risk` (highest first), `next_pay_date` (soonest first), `gross_mtd` (largest first) or `name`.
 * @attr page-size - Employers per page.
 * @attr selected - The tenant id of the open employer (marked `aria-current`).
 * @event payrail-client-select - An employer was chosen. Detail: `{ id }` (its tenant id). Cancel it to keep the selection as it is.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar with search and order.
 * @csspart search - The search input.
 * @csspart sort-select - The order picker.
 * @csspart table - The table.
 * @csspart row - Each employer's row.
 * @csspart link - The employer's name, which chooses it.
 * @csspart pill - Risk and health badges.
 * @csspart button - Every button.
 * @csspart load-more-button - "Load more".
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart empty - No employers, or none matching the search.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailClientList extends PortfolioElement {
  static override tag = 'client-list';
  static override styles = [tokens, searchStyles, rowLinkStyles, styles];

  @property() sort: ClientSort = 'risk';
  @property({ type: Number, attribute: 'page-size' }) pageSize = 20;
  @property() selected?: string;
  #list = new SearchedList<ClientRow>(
    this,
    (q, cursor, signal) =>
      this.portfolio.portfolioClients({ q, sort: this.sort, limit: this.pageSize, cursor }, { signal }),
    () => [this.portfolio, this.pageSize, this.sort],
  );

  constructor() {
    super();
    this.watch(this.#list.task);
  }

  #select(c: ClientRow) {
    if (!this.emit('payrail-client-select', { id: c.id }).defaultPrevented) this.selected = c.id;
  }

  override render() {
    return card(html`
      ${header(this.t('pfEmployers'), {
        end: html`${this.sampleBadge()} ${this.#list.search.render(this.t('pfSearch'))}
          <label class="sort"
            ><span class="vh">${this.t('pfSort')}</span>
            <select
              part="sort-select"
              @change=${(e: Event) => (this.sort = (e.target as HTMLSelectElement).value as ClientSort)}
            >
              ${SORTS.map(
                ([v, k]) =>
                  html`<option value=${v} ?selected=${v === this.sort}>${this.t('pfSort')}: ${this.t(k)}</option>`,
              )}
            </select></label
          >`,
      })}
      ${this.renderTask(
        this.#list.task,
        () => this.#table(this.#list.rows),
        () => skeletonTable(6, 5, this.t('loading')),
      )}
    `);
  }

  #table(rows: ClientRow[]) {
    const q = this.#list.search.q;
    if (!rows.length) return emptyState(q ? this.t('pfNoMatch', { q }) : this.t('pfNoClients'));
    return html`<table class="stack" part="table" aria-labelledby="title">
        <thead>
          <tr>
            <th scope="col">${this.t('employer')}</th>
            <th scope="col" class="num">${this.t('pfPeople')}</th>
            <th scope="col" class="num">${this.t('pfGrossMtd')}</th>
            <th scope="col">${this.t('nextPayDate')}</th>
            <th scope="col">${this.t('pfRisk')}</th>
            <th scope="col">${this.t('pfHealth')}</th>
          </tr>
        </thead>
        <tbody>
          ${rows.map((c) => {
            const due = payDateCaption(
              c.next_pay_date ?? undefined,
              (k) => this.t(k),
              (k, n) => this.n(k, n),
            );
            return html`<tr class="click" part="row" data-id=${c.id} @click=${() => this.#select(c)}>
              <td>
                <button class="link" part="link" aria-current=${c.id === this.selected ? 'true' : nothing}>
                  ${c.name}
                </button>
                <div class="sub">${this.t(`c_${c.country}` as MessageKey)} · ${this.n('sites', c.site_count)}</div>
              </td>
              <td class="num" data-label=${this.t('pfPeople')}>${this.f.num(c.workers)}</td>
              <td class="num s-end" data-label=${this.t('pfGrossMtd')}>${this.f.money(c.gross_mtd, c.currency)}</td>
              <td data-label=${this.t('nextPayDate')}>
                ${c.next_pay_date ? this.f.date(c.next_pay_date) : this.t('pfNoDate')}
                <div class="sub ${due.overdue ? 'late' : ''}">${due.caption}</div>
              </td>
              <td class="s-top"><span class="pill ${RISK[c.risk]}" part="pill">${this.t(`risk_${c.risk}`)}</span></td>
              <td class="s-end">
                <span class="pill ${HEALTH[c.health]}" part="pill">${this.t(`health_${c.health}`)}</span>
              </td>
            </tr>`;
          })}
        </tbody>
      </table>
      ${this.#list.footer((k) => this.t(k))}`;
  }
}
