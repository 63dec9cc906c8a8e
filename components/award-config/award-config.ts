import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { skeletonLines } from '../internal/states.js';
import type { AwardDetail } from '../client/models.js';
import type { MessageKey } from '../internal/i18n.js';
import { card } from '../internal/card.js';

const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'];
/** The awards Payrail interprets, by their legal names (the API answers 404 for one a pack does not carry). */
const AWARDS = [
  { code: 'MA000004', key: 'awRetail' },
  { code: 'MA000009', key: 'awHospitality' },
] as const;
/** `24:00` in the API closes a window at midnight. */
const clock = (hhmm: string) => (hhmm === '24:00' ? '00:00' : hhmm);

const styles = css`
  :host {
    container-type: inline-size;
  }
  .head {
    display: flex;
    align-items: center;
    gap: 12px;
    flex-wrap: wrap;
    padding: 20px 24px 4px;
  }
  h2 {
    font-size: 18px;
    line-height: 26px;
    margin-right: auto;
  }
  .sub {
    margin: 0;
    padding: 0 24px 12px;
    color: var(--_muted);
    font-size: 13px;
  }
  .pick {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
    align-items: end;
    padding: 0 24px 12px;
  }
  label {
    display: grid;
    gap: 4px;
    font-size: 13px;
    color: var(--_muted);
  }
  select {
    font: inherit;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    min-height: 40px;
    padding: 0 8px;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 14px;
  }
  th,
  td {
    padding: 8px 24px;
    border-top: 1px solid var(--_border);
    text-align: left;
  }
  td.num,
  th.num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  thead th {
    color: var(--_muted);
    font-weight: 500;
  }
  thead th.num,
  tbody th {
    white-space: normal;
  }
  select {
    max-width: 100%;
  }
  @container (max-width: 480px) {
    table {
      table-layout: fixed;
    }
    th:first-child {
      width: 44%;
    }
    th,
    td {
      padding: 8px 12px;
      overflow-wrap: anywhere;
    }
  }
`;

/**
 * A modern award's minimum rates (AU): pick a classification to see its rate for each time worked, for
 * full-time and part-time and for casual employees. With `employee-id`, the chosen classification and the
 * state the employee works in (whose public holidays apply) can be assigned: the element emits
 * `payrail-save` and your backend writes it (PUT …/employees/{id}/award). Germany has no modern awards.
 *
 * @summary Award rates and an employee's award classification.
 * @event payrail-save - Assign was pressed. Detail: `{ form: 'award', employee_id, payload: { award, classification, state } }`.
 * @event payrail-load - The award was shown. Detail: `{ sample }`.
 * @event payrail-error - It could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart table - The rates table.
 * @csspart input - The classification and state choices.
 * @csspart button - Every button.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailAwardConfig extends PayrailElement {
  static override tag = 'award-config';
  static override styles = [tokens, styles];

  /** The award code (default: the General Retail Industry Award, MA000004). */
  @property() award = 'MA000004';
  /** An employee to assign the award classification to. */
  @property({ attribute: 'employee-id' }) employeeId?: string;
  /** The classification shown first. */
  @property() classification?: string;

  @state() private picked?: string;
  @state() private where = 'NSW';

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.award] as const,
      task: ([api, code], { signal }) => api.award(code, { signal }),
    }),
  );

  override render() {
    return card(html`
      <header class="head">
        <h2 id="title">${this.t('awTitle')}</h2>
        ${this.sampleBadge()}
      </header>
      ${this.renderTask(
        this.#data,
        (d) => this.#body(d),
        () => skeletonLines(6, this.t('loading')),
      )}
    `);
  }

  #pickAward(e: Event) {
    this.award = (e.target as HTMLSelectElement).value;
    this.picked = undefined;
  }

  #body(d: AwardDetail) {
    const cls = d.classifications.find((c) => c.code === (this.picked ?? this.classification)) ?? d.classifications[0];
    if (!cls) return nothing;
    const money = (v: string | null) => (v === null ? this.t('awNone') : this.f.money(v, 'AUD'));
    const hours = d.overtime.first_tier_hours;
    return html`<p class="sub">
        ${d.name} · ${this.t('awFrom', { date: this.f.date(d.rates_from, { dateStyle: 'long' }) })}
      </p>
      <div class="pick">
        <label
          >${this.t('awAward')}
          <select part="input" @change=${(e: Event) => this.#pickAward(e)}>
            ${AWARDS.map((a) => html`<option value=${a.code} ?selected=${a.code === d.code}>${this.t(a.key)}</option>`)}
          </select></label
        >
        <label
          >${this.t('awLevel')}
          <select part="input" @change=${(e: Event) => (this.picked = (e.target as HTMLSelectElement).value)}>
            ${d.classifications.map(
              (c) => html`<option value=${c.code} ?selected=${c.code === cls.code}>${c.name}</option>`,
            )}
          </select></label
        >
        ${
          this.employeeId
            ? html`<label
                  >${this.t('awState')}
                  <select part="input" @change=${(e: Event) => (this.where = (e.target as HTMLSelectElement).value)}>
                    ${STATES.map((s) => html`<option ?selected=${s === this.where}>${s}</option>`)}
                  </select></label
                >
                <button
                  class="btn primary"
                  part="button"
                  @click=${() =>
                    this.emit('payrail-save', {
                      form: 'award',
                      employee_id: this.employeeId,
                      payload: { award: d.code, classification: cls.code, state: this.where },
                      ...(this.live ? {} : { sample: true as const }),
                    })}
                >
                  ${this.t('awAssign')}
                </button>`
            : nothing
        }
      </div>
      <p class="sub">${this.t('awWeekly', { amount: money(cls.weekly_rate) })}</p>
      <table part="table">
        <thead>
          <tr>
            <th scope="col">${this.t('awTime')}</th>
            <th scope="col" class="num">${this.t('awPerm')}</th>
            <th scope="col" class="num">${this.t('awCasual')}</th>
          </tr>
        </thead>
        <tbody>
          ${d.rate_kinds.map(
            (k) =>
              html`<tr>
                <th scope="row">${this.t(`aw_${k}` as MessageKey, { hours })}</th>
                <td class="num">${money(cls.rates.permanent[k])}</td>
                <td class="num">${money(cls.rates.casual[k])}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      ${d.flat_amounts.map(
        (f) =>
          html`<p class="sub">
            ${this.t(`awFlat_${f.kind}`, { from: clock(f.from), to: clock(f.to), amount: money(f.amount) })}
          </p>`,
      )}
      <p class="sub">${this.t('awMinimum', { hours: this.f.num(d.minimum_engagement.casual_hours) })}</p>`;
  }
}
