import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { icons } from '../internal/icons.js';
import { initials } from '../internal/format.js';
import { emptyState, skeletonTable } from '../internal/states.js';
import { searchStyles } from '../internal/search.js';
import { rowLinkStyles, SearchedList } from '../internal/list.js';
import type { Employee } from '../client/models.js';
import styles from './employees-list.styles.js';
import { card, header } from '../internal/card.js';

/**
 * Searchable employee table. The search is the API's (`q`: name, email, employee number), so it
 * finds people on pages not loaded yet; "Load more" fetches further.
 *
 * @summary Employees table.
 * @event payrail-employee-select - A row was selected by click or Enter. Detail: `{ id }`. Cancel it to keep the selection as it is (e.g. while a form has unsaved changes).
 * @event payrail-view-employee - "View" was pressed. Detail: `{ id }`.
 * @event payrail-load - The first page was shown. Detail: `{ sample }`.
 * @event payrail-error - The roster could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar with the search field.
 * @csspart search - The search input.
 * @csspart table - The table.
 * @csspart row - Each employee's row.
 * @csspart link - The employee's name, which selects the row.
 * @csspart pill - Status pills.
 * @csspart button - Every button ("View", "Load more", "Try again").
 * @csspart action-button - "View" on each row.
 * @csspart load-more-button - "Load more".
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart empty - The message shown when there are no employees or no matches.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailEmployeesList extends PayrailElement {
  static override tag = 'employees-list';
  static override styles = [tokens, searchStyles, rowLinkStyles, styles];

  @property({ type: Number, attribute: 'page-size' }) pageSize = 50;
  /** Id of the selected employee; set by row selection, settable by the host. */
  @property() selected?: string;
  #list = new SearchedList<Employee>(
    this,
    (q, cursor, signal) => this.api.employees({ limit: this.pageSize, cursor, q }, { signal }),
    () => [this.api, this.pageSize],
  );

  constructor() {
    super();
    this.watch(this.#list.task);
  }

  /** Selects the row unless the page cancels the event (it then decides what is selected). */
  #select(e: Employee) {
    if (!this.emit('payrail-employee-select', { id: e.id }).defaultPrevented) this.selected = e.id;
  }

  override render() {
    return card(html`
      ${header(this.t('employees'), {
        sub: this.#list.task.value ? this.#count() : nothing,
        end: html`${this.sampleBadge()} ${this.#list.search.render(this.t('search'))}`,
      })}
      ${this.renderTask(
        this.#list.task,
        () => this.#table(this.#list.rows),
        () => skeletonTable(6, 5, this.t('loading')),
      )}
    `);
  }

  #count() {
    const l = this.#list;
    const total = l.total ?? (l.hasMore ? undefined : l.rows.length);
    if (total == null) return this.n('firstN', l.rows.length);
    return l.hasMore ? this.n('firstShown', l.rows.length, { total }) : this.n('employees', total);
  }

  #table(rows: Employee[]) {
    const l = this.#list;
    const q = l.search.q;
    if (!rows.length && !q) return emptyState(this.t('noEmployees'));
    return html`${
      rows.length
        ? html`<div class="scroll">
            <table class="stack" part="table" aria-labelledby="title">
              <thead>
                <tr>
                  <th scope="col">${this.t('name')}</th>
                  <th scope="col" class="opt">${this.t('employmentType')}</th>
                  <th scope="col" class="opt2">${this.t('frequency')}</th>
                  <th scope="col">${this.t('costCentre')}</th>
                  <th scope="col">${this.t('status')}</th>
                  <th scope="col"><span class="vh">${this.t('view')}</span></th>
                </tr>
              </thead>
              <tbody>
                ${rows.map((e) => {
                  const name = `${e.first_name} ${e.last_name}`;
                  const on = e.id === this.selected;
                  return html`<tr class="click" part="row" data-id=${e.id} @click=${() => this.#select(e)}>
                    <td>
                      <div class="who">
                        <span class="avatar" aria-hidden="true">${initials(e)}</span>
                        <div>
                          <button class="link" part="link" aria-current=${on ? 'true' : nothing}>${name}</button>
                          <div class="sub">
                            ${e.site ?? ''}<span class="alt"> · ${this.statusLabel(e.employment?.type ?? '')}</span>
                          </div>
                        </div>
                      </div>
                    </td>
                    <td class="opt">${this.statusLabel(e.employment?.type ?? '')}</td>
                    <td class="opt2">${this.statusLabel(e.employment?.pay_frequency ?? '')}</td>
                    <td>${e.cost_centre_code ? html`<span class="code">${e.cost_centre_code}</span>` : '—'}</td>
                    <td class="s-end">
                      <span class="pill s-${e.status}" part="pill">${this.statusLabel(e.status)}</span>
                    </td>
                    <td class="num s-top">
                      <button
                        class="btn sm"
                        part="button action-button"
                        aria-label="${this.t('view')}: ${name}"
                        @click=${(ev: Event) => {
                          ev.stopPropagation();
                          this.emit('payrail-view-employee', { id: e.id });
                        }}
                      >
                        ${this.t('view')}${icons.chevron}
                      </button>
                    </td>
                  </tr>`;
                })}
              </tbody>
            </table>
          </div>`
        : emptyState(this.t('noMatch', { q }))
    }
    ${l.footer((k) => this.t(k))}`;
  }
}
