import { todayIso } from '../internal/clock.js';
import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { icons } from '../internal/icons.js';
import { emptyState, skeletonTable } from '../internal/states.js';
import { leaveStyles } from '../internal/leave.styles.js';
import { isoOf } from '../internal/leave.js';
import type { LeaveBalance, LeaveRequest, LeaveType, Me } from '../client/models.js';
import type { MessageKey } from '../internal/i18n.js';
import styles from './leave-management.styles.js';
import { card, header } from '../internal/card.js';

interface Loaded {
  balances: LeaveBalance[];
  types: LeaveType[];
  me: Me | null;
}

const STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'];
const DAY = 864e5;

/**
 * Leave across the team: balances per employee and type (earned, taken, left), a month view of who is
 * away, and for an administrator on an Australian payroll the accrual settings, submitted as
 * `payrail-save` for the host's backend to send.
 *
 * @summary Leave balances, absences and accrual settings.
 * @event payrail-save - The accrual settings or an employee's opening balances were submitted. Detail: `{ form: 'leave-configuration' | 'leave-opening-balances', payload }` where `payload` is the body of `POST leave/configure`.
 * @event payrail-load - The balances were shown. Detail: `{ sample }`.
 * @event payrail-error - The balances could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title bar.
 * @csspart table - The balances table.
 * @csspart calendar - The month view.
 * @csspart settings - The accrual settings form.
 * @csspart button - Every button.
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart empty - The message shown when there are no balances.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailLeaveManagement extends PayrailElement {
  static override tag = 'leave-management';
  static override styles = [tokens, leaveStyles, styles];

  /** The month shown, as its first day (YYYY-MM-01); the current month by default. */
  @state() private month = todayIso().slice(0, 8) + '01';
  @state() private settingsSent = false;
  @state() private openingsSent = false;

  #data = this.watch(
    new Task(this, {
      args: () => [this.api] as const,
      task: async ([api], { signal }): Promise<Loaded> => {
        const [balances, types, me] = await Promise.all([
          api.leaveBalances(undefined, { signal }),
          api.leaveTypes({ signal }),
          api.me({ signal }).catch(() => null),
        ]);
        return { balances, types, me };
      },
    }),
  );

  #away = new Task(this, {
    args: () => [this.api, this.month] as const,
    task: async ([api, month], { signal }): Promise<LeaveRequest[]> => {
      const end = this.#monthEnd(month);
      return (await api.leaveRequests({ status: 'approved', from: month, to: end, limit: 200 }, { signal })).data;
    },
  });

  #monthEnd(month: string) {
    const d = new Date(`${month}T00:00:00Z`);
    return isoOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
  }

  #shift(by: number) {
    const d = new Date(`${this.month}T00:00:00Z`);
    this.month = isoOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + by, 1));
  }

  override render() {
    return card(html`
      ${header(this.t('leaveManagement'), { end: this.sampleBadge() })}
      ${this.renderTask(
        this.#data,
        (d) => html`${this.#balances(d)} ${this.#calendar()} ${this.#settings(d)} ${this.#openings(d)}`,
        () => skeletonTable(6, 4, this.t('loading')),
      )}
    `);
  }

  #typeName(d: Loaded, code: string) {
    return d.types.find((t) => t.code === code)?.name ?? code;
  }

  #balances(d: Loaded) {
    if (!d.balances.length) return emptyState(this.t('noBalances'));
    const num = (v: string, unit: string) =>
      this.t(unit === 'hours' ? 'dayUnitH' : 'dayUnitD', {
        n: this.f.num(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      });
    return html`<h3 class="sect" id="bal">${this.t('balances')}</h3>
      <div class="scroll">
        <table class="stack" part="table" aria-labelledby="bal">
          <thead>
            <tr>
              <th scope="col">${this.t('employee')}</th>
              <th scope="col">${this.t('leaveType')}</th>
              <th scope="col" class="num">${this.t('accrued')}</th>
              <th scope="col" class="num">${this.t('taken')}</th>
              <th scope="col" class="num">${this.t('balance')}</th>
            </tr>
          </thead>
          <tbody>
            ${d.balances.map(
              (b) =>
                html`<tr>
                  <td class="who-c strong">${b.employee_name}</td>
                  <td class="type-c">${this.#typeName(d, b.leave_type)}</td>
                  <td class="num"><span class="if-narrow sub">${this.t('accrued')}</span>${num(b.accrued, b.unit)}</td>
                  <td class="num"><span class="if-narrow sub">${this.t('taken')}</span>${num(b.taken, b.unit)}</td>
                  <td class="num strong ${Number(b.balance) < 0 ? 'neg' : ''}">
                    <span class="if-narrow sub">${this.t('balance')}</span>${num(b.balance, b.unit)}
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>`;
  }

  #calendar() {
    const start = Date.parse(`${this.month}T00:00:00Z`);
    const end = Date.parse(`${this.#monthEnd(this.month)}T00:00:00Z`);
    const days: string[] = [];
    for (let t = start; t <= end; t += DAY) days.push(isoOf(t));
    const title = this.f.date(this.month, { month: 'long', year: 'numeric' });
    return html`<div class="cal" part="calendar">
      <div class="cal-head">
        <h3 class="sect" id="cal">${this.t('whoIsAway')}: ${title}</h3>
        <div class="nav">
          <button class="btn sm" part="button" aria-label=${this.t('prevMonth')} @click=${() => this.#shift(-1)}>
            <span class="flip">${icons.chevron}</span>
          </button>
          <button class="btn sm" part="button" aria-label=${this.t('nextMonth')} @click=${() => this.#shift(1)}>
            ${icons.chevron}
          </button>
        </div>
      </div>
      ${this.#away.render({
        pending: () => html`<p class="sub pad">${this.t('loading')}</p>`,
        error: () => html`<p class="sub pad">${this.t('errQuiet')}</p>`,
        complete: (rows) => {
          const people = [...new Set(rows.map((r) => r.employee_name))].sort();
          if (!people.length) return html`<p class="sub pad">${this.t('nobodyAway')}</p>`;
          // The month is wider than a phone: its own scroll region, which a keyboard can reach.
          return html`<div class="scroll" tabindex="0" role="region" aria-labelledby="cal">
            <table class="grid" aria-labelledby="cal">
              <thead>
                <tr>
                  <th scope="col">${this.t('employee')}</th>
                  ${days.map((d) => html`<th scope="col" class="d">${Number(d.slice(8))}</th>`)}
                </tr>
              </thead>
              <tbody>
                ${people.map((name) => {
                  const mine = rows.filter((r) => r.employee_name === name);
                  return html`<tr>
                    <th scope="row">${name}</th>
                    ${days.map((d) => {
                      const off = mine.find((r) => r.start_date <= d && d <= (r.end_date ?? r.start_date));
                      return off
                        ? html`<td class="d off" title=${this.f.date(d)}><span class="vh">${this.f.date(d)}</span></td>`
                        : html`<td class="d"></td>`;
                    })}
                  </tr>`;
                })}
              </tbody>
            </table>
          </div>`;
        },
      })}
    </div>`;
  }

  #settings(d: Loaded) {
    // Accrual is configured on Australian payrolls, by an administrator.
    if (this.cc !== 'AU' || d.me?.role !== 'admin') return nothing;
    if (this.settingsSent)
      return html`<p class="sub pad" role="status" part="settings">${icons.check} ${this.t('settingsSent')}</p>`;
    return html`<form class="settings" part="settings" @submit=${(e: Event) => this.#save(e)}>
      <h3 class="sect">${this.t('accrualSettings')}</h3>
      <div class="row">
        <label
          >${this.t('accrualMethod')}
          <select name="accrual_method">
            <option value="ordinary_hours">${this.t('accrualOrdinary')}</option>
            <option value="none">${this.t('accrualNone')}</option>
          </select>
        </label>
        <label
          >${this.t('longServiceState')}
          <select name="long_service_state">
            <option value="">${this.t('none')}</option>
            ${STATES.map((s) => html`<option value=${s}>${s}</option>`)}
          </select>
        </label>
      </div>
      <label class="check"><input type="checkbox" name="shift_worker" />${this.t('shiftWorker')}</label>
      <label class="check"><input type="checkbox" name="leave_loading" />${this.t('leaveLoading')}</label>
      <label class="check"><input type="checkbox" name="allow_negative_balance" />${this.t('allowNegative')}</label>
      <div class="actions">
        <button type="submit" class="btn primary" part="button">${this.t('saveSettings')}</button>
      </div>
    </form>`;
  }

  /** An employee's opening balances (AU, administrators): the hours brought from the previous payroll. */
  #openings(d: Loaded) {
    if (this.cc !== 'AU' || d.me?.role !== 'admin') return nothing;
    if (this.openingsSent)
      return html`<p class="sub pad" role="status" part="settings">${icons.check} ${this.t('openingsSent')}</p>`;
    const people = [...new Map(d.balances.map((b) => [b.employee_id, b.employee_name])).entries()];
    if (!people.length) return nothing;
    const hours = (name: string, label: MessageKey) =>
      html`<label>${this.t(label)}<input name=${name} type="number" min="0" step="0.01" inputmode="decimal" /></label>`;
    return html`<form class="settings" part="settings" @submit=${(e: Event) => this.#saveOpenings(e)}>
      <h3 class="sect">${this.t('openingBalances')}</h3>
      <p class="sub">${this.t('openingHint')}</p>
      <div class="row">
        <label
          >${this.t('employee')}
          <select name="employee_id" required>
            ${people.map(([id, name]) => html`<option value=${id}>${name}</option>`)}
          </select>
        </label>
        <label>${this.t('openingAsAt')}<input name="as_at" type="date" required value=${todayIso()} /></label>
      </div>
      <div class="row">
        ${hours('annual', 'openingAnnual')} ${hours('personal', 'openingPersonal')}
        ${hours('long_service', 'openingLongService')}
      </div>
      <label>${this.t('openingSource')}<input name="source" maxlength="500" /></label>
      <div class="actions">
        <button type="submit" class="btn primary" part="button">${this.t('saveOpenings')}</button>
      </div>
    </form>`;
  }

  #saveOpenings(e: Event) {
    e.preventDefault();
    const form = new FormData(e.target as HTMLFormElement);
    const text = (k: string) => String(form.get(k) ?? '').trim();
    const opening: Record<string, string> = { as_at: text('as_at') };
    for (const k of ['annual', 'personal', 'long_service', 'source']) if (text(k)) opening[k] = text(k);
    this.emit('payrail-save', {
      form: 'leave-opening-balances',
      payload: { employee_id: text('employee_id'), opening_balances: opening },
    });
    this.openingsSent = true;
  }

  #save(e: Event) {
    e.preventDefault();
    const form = new FormData(e.target as HTMLFormElement);
    const payload: Record<string, unknown> = {
      accrual_method: form.get('accrual_method'),
      long_service_state: form.get('long_service_state') || null,
      shift_worker: form.has('shift_worker'),
      leave_loading: form.has('leave_loading'),
      allow_negative_balance: form.has('allow_negative_balance'),
    };
    this.emit('payrail-save', { form: 'leave-configuration', payload });
    this.settingsSent = true;
  }
}
