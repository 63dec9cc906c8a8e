import { html, nothing } from 'lit';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { icons } from '../internal/icons.js';
import { term } from '../internal/terms.js';
import { skeletonLines } from '../internal/states.js';
import type { TenantReadiness } from '../client/models.js';
import { chipStyles } from '../internal/chips.styles.js';
import styles from './requirements.styles.js';
import { card, header } from '../internal/card.js';

/**
 * What the employer must complete before the next pay run, from one request: the company's items (bank
 * account, ABN or Betriebsnummer) and each employee that misses something, blocking items first, with
 * counts. Every item is a button that asks the page to open the form that completes it.
 *
 * @summary Requirements before the next pay run.
 * @event payrail-fix-requirement - An item was chosen. Detail: `{ kind, employee_id? }` (no `employee_id` for company items).
 * @event payrail-load - The requirements were shown. Detail: `{ sample }`.
 * @event payrail-error - They could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - Title and verdict.
 * @csspart section - The company and employee panels.
 * @csspart pill - The verdict pill.
 * @csspart button - Every button (each item, "Try again").
 * @csspart fix-button - An item to complete.
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailRequirements extends PayrailElement {
  static override tag = 'requirements';
  static override styles = [tokens, chipStyles, styles];

  #data = this.watch(
    new Task(this, {
      args: () => [this.api] as const,
      task: ([api], { signal }) => api.tenantReadiness({ signal }),
    }),
  );

  override render() {
    return card(
      this.renderTask(
        this.#data,
        (d) => this.#body(d),
        () => skeletonLines(6, this.t('loading')),
      ),
    );
  }

  #fix(kind: string, blocking: boolean, employee?: { id: string; name: string }) {
    const label = term(kind, this.lng);
    return html`<button
      class="item ${blocking ? 'blk' : 'todo'}"
      part="button fix-button"
      aria-label=${this.t('fixItem', { item: label, who: employee?.name ?? this.t('company') })}
      @click=${() => this.emit('payrail-fix-requirement', employee ? { kind, employee_id: employee.id } : { kind })}
    >
      ${blocking ? icons.alert : icons.dot}<span>${label}</span>
    </button>`;
  }

  #body(d: TenantReadiness) {
    const c = d.counts;
    const companyMissing = d.company.filter((i) => i.status === 'missing');
    return html`${header(this.t('requirements'), {
        end: html`${this.sampleBadge()}
          <span class="pill ${d.ready ? 's-complete' : 's-blocked'}" part="pill"
            >${this.t(d.ready ? 'ready' : 'reqBlocked')}</span
          >`,
      })}
      <dl class="counts">
        <div>
          <dt>${this.t('reqChecked')}</dt>
          <dd>${this.f.num(c.employees)}</dd>
        </div>
        <div class="${c.employees_blocked ? 'blk' : ''}">
          <dt>${this.t('reqBlockedN')}</dt>
          <dd>${this.f.num(c.employees_blocked)}</dd>
        </div>
        <div>
          <dt>${this.t('reqToComplete')}</dt>
          <dd>${this.f.num(c.employees_incomplete + c.company_missing)}</dd>
        </div>
      </dl>
      ${
        companyMissing.length
          ? html`<div class="panel" part="section" role="group" aria-labelledby="co">
              <h3 id="co">${this.t('company')}</h3>
              <ul class="items">
                ${companyMissing.map(
                  (i) =>
                    html`<li>
                      ${this.#fix(i.kind, i.blocking)}
                      <span class="sub">${this.t(i.blocking ? 'reqBlocked' : 'laterNeeded')}</span>
                    </li>`,
                )}
              </ul>
            </div>`
          : nothing
      }
      ${
        d.employees.length
          ? html`<div class="panel" part="section" role="group" aria-labelledby="em">
              <h3 id="em">${this.t('employees')}</h3>
              <ul class="people">
                ${d.employees.map((e) => {
                  const who = { id: e.employee_id, name: e.name };
                  const rest = e.missing.filter((m) => !e.blocking.includes(m));
                  return html`<li>
                    <b>${e.name}</b>
                    <div class="items">
                      ${e.blocking.map((k) => this.#fix(k, true, who))} ${rest.map((k) => this.#fix(k, false, who))}
                    </div>
                  </li>`;
                })}
              </ul>
            </div>`
          : nothing
      }
      ${
        !companyMissing.length && !d.employees.length
          ? html`<p class="done">${icons.check}<span>${this.t('reqReady')}</span></p>`
          : nothing
      }`;
  }
}
