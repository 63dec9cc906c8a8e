import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { chipStyles } from '../internal/chips.styles.js';
import { icons } from '../internal/icons.js';
import { term } from '../internal/terms.js';
import { skeletonLines } from '../internal/states.js';
import { firstEmployee } from '../internal/summary.js';
import { readinessVerdict, tabDone } from '../internal/figures.js';
import { hasMessage } from '../internal/i18n.js';
import { PayrailApiError } from '../client/errors.js';
import type { Readiness } from '../client/models.js';
import { card, header } from '../internal/card.js';

/**
 * One employee's readiness for payroll, per area (personal, employment, tax, bank, super or social
 * insurance): the areas with items that block the pay run first, then the incomplete ones, and the
 * complete ones in one line. Verdicts only, never values. Compact when everything is complete.
 *
 * @summary Payroll readiness of one employee.
 * @event payrail-fix-requirement - A missing item was chosen. Detail: `{ kind, employee_id }`.
 * @event payrail-load - The readiness was shown. Detail: `{ sample }`.
 * @event payrail-error - It could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - Title and verdict.
 * @csspart pill - The verdict pill.
 * @csspart button - Every button (each missing item, "Try again").
 * @csspart fix-button - A missing item.
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailPayrollReadiness extends PayrailElement {
  static override tag = 'payroll-readiness';
  static override styles = [
    tokens,
    chipStyles,
    css`
      .areas {
        list-style: none;
        margin: 0;
        padding: 4px 20px 8px;
      }
      .areas > li {
        display: grid;
        gap: 6px;
        padding: 10px 0;
      }
      .areas > li + li {
        border-top: 1px solid var(--_border);
      }
      .chips {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
      }
      .done {
        display: flex;
        gap: 8px;
        align-items: center;
        margin: 0;
        padding: 12px 20px;
        color: var(--_success);
      }
      .done span {
        color: var(--_muted);
      }
    `,
  ];

  /** Defaults to the token's pinned employee, else the first employee. */
  @property({ attribute: 'employee-id' }) employeeId?: string;

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.employeeId] as const,
      task: async ([api, id], { signal }) => {
        const eid = id || (await firstEmployee(api, signal)).data[0]?.id;
        if (!eid) throw new PayrailApiError({ code: 'not_found', message: 'No employees', status: 404 });
        return { id: eid, r: await api.readiness(eid, { signal }) };
      },
    }),
  );

  override render() {
    return card(
      this.renderTask(
        this.#data,
        ({ id, r }) => this.#body(id, r),
        () => skeletonLines(5, this.t('loading')),
      ),
    );
  }

  #area(k: string): string {
    if (k === 'super') return this.t(this.cc === 'AU' ? 'super' : 'pension');
    return hasMessage(k) ? this.t(k) : term(k, this.lng);
  }

  #body(id: string, r: Readiness) {
    const [pill, verdict] = readinessVerdict(r);
    const blocking = new Set(r.blocking ?? []);
    const tabs = Object.entries(r.tabs ?? {});
    const open = tabs
      .filter(([, t]) => !tabDone(t))
      .sort(
        ([, a], [, b]) =>
          Number(b.missing.some((m) => blocking.has(m))) - Number(a.missing.some((m) => blocking.has(m))),
      );
    const done = tabs.filter(([, t]) => tabDone(t)).map(([k]) => this.#area(k));
    return html`${header(this.t('readiness'), {
      end: html`${this.sampleBadge()} <span class="pill ${pill}" part="pill">${this.t(verdict)}</span>`,
    })}
    ${
      open.length
        ? html`<ul class="areas">
            ${open.map(
              ([k, t]) =>
                html`<li>
                  <b>${this.#area(k)}</b>
                  <div class="chips">
                    ${[...t.missing]
                      .sort((a, b) => Number(blocking.has(b)) - Number(blocking.has(a)))
                      .map((m) => {
                        const blk = blocking.has(m);
                        return html`<button
                          class="item ${blk ? 'blk' : 'todo'}"
                          part="button fix-button"
                          aria-label="${this.t('fix')}: ${term(m, this.lng)}${blk ? ` (${this.t('reqBlocked')})` : ''}"
                          @click=${() => this.emit('payrail-fix-requirement', { kind: m, employee_id: id })}
                        >
                          ${blk ? icons.alert : icons.dot}<span>${term(m, this.lng)}</span>
                        </button>`;
                      })}
                  </div>
                </li>`,
            )}
          </ul>`
        : nothing
    }
    ${
      done.length
        ? html`<p class="done">${icons.check}<span>${this.t('complete')}: ${done.join(', ')}</span></p>`
        : nothing
    }`;
  }
}
