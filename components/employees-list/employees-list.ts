import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { icons } from '../internal/icons.js';
import { initials } from '../internal/format.js';
import { Paged } from '../internal/paged.js';
import { emptyState, skeletonTable } from '../internal/states.js';
import type { Employee } from '../client/types.js';
import styles from './employees-list.styles.js';

/**
 * Searchable employee table. Search filters the rows already loaded; "Load more" fetches further.
 *
 * @summary Employees table.
 * @event payrail-employee-select - A row was selected by click or Enter. Detail: `{ id }`.
 * @event payrail-view-employee - "View" was pressed. Detail: `{ id }`.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar with the search field.
 * @csspart search - The search input.
 * @csspart table - The table.
 * @csspart row - Each employee's row.
 * @csspart pill - Status pills.
 * @csspart button - "View", "Load more" and retry buttons.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailEmployeesList extends PayrailElement {
  static override tag = 'employees-list';
  static override styles = [tokens, styles];

  @property({ type: Number, attribute: 'page-size' }) pageSize = 50;
  /** Id of the selected employee; set by row selection, settable by the host. */
  @property() selected?: string;
  @state() private query = '';

  #list = new Paged<Employee>(
    this,
    (cursor, signal) => this.api.employees({ limit: this.pageSize, cursor }, { signal }),
    () => [this.api, this.pageSize],
  );

  #select(e: Employee) {
    this.selected = e.id;
    this.emit('payrail-employee-select', { id: e.id });
  }

  #hit(e: Employee, q: string) {
    return (
      !q ||
      [`${e.first_name} ${e.last_name}`, e.cost_centre_code, e.site, e.employment?.type, e.id].some((s) =>
        s?.toLowerCase().includes(q),
      )
    );
  }

  override render() {
    return html`<section class="card" part="card" aria-labelledby="title">
      <header class="head" part="header">
        <div>
          <h2 id="title">${this.t('employees')}</h2>
          ${this.#list.task.value ? html`<p class="sub">${this.t(this.#list.hasMore ? 'shown' : 'count', { n: this.#list.rows.length })}</p>` : nothing}
        </div>
        ${this.sampleBadge()}
        <label class="search"
          >${icons.search}<span class="vh">${this.t('search')}</span>
          <input
            part="search"
            type="search"
            placeholder=${this.t('search')}
            .value=${this.query}
            @input=${(e: Event) => (this.query = (e.target as HTMLInputElement).value)}
          />
        </label>
      </header>
      ${this.renderTask(
        this.#list.task,
        () => this.#table(this.#list.rows),
        () => skeletonTable(6, 5, this.t('loading')),
      )}
    </section>`;
  }

  #table(all: Employee[]) {
    const q = this.query.trim().toLowerCase();
    const rows = all.filter((e) => this.#hit(e, q));
    const l = this.#list;
    if (!all.length) return emptyState(this.t('noEmployees'));
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
                        part="button"
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
        : emptyState(this.t('noMatch', { q: this.query.trim() }))
    }
    ${l.foot((k) => this.t(k))}`;
  }
}
