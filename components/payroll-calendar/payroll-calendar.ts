import { now as clockNow, todayIso } from '../internal/clock.js';
import { html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { skeletonLines } from '../internal/states.js';
import type { CalendarEvent, PayrollCalendar } from '../client/models.js';
import styles from './payroll-calendar.styles.js';
import { card, header } from '../internal/card.js';

const pad = (n: number) => String(n).padStart(2, '0');
const monthOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
const shift = (month: string, by: number) => {
  const d = new Date(`${month}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + by);
  return monthOf(d);
};
const lastDay = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/**
 * One month of the payroll calendar: each pay schedule's pay dates and cut-offs and the public holidays
 * of the company's state or Land (regional and part-day ones marked), as a month grid, and as a list on
 * narrow screens. The arrows move a month at a time and load it.
 *
 * @summary Payroll calendar: pay dates, cut-offs and public holidays.
 * @event payrail-calendar-navigate - Another month was chosen. Detail: `{ month }` (YYYY-MM).
 * @event payrail-load - The month was shown. Detail: `{ sample }`.
 * @event payrail-error - It could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - Title, month and the month buttons.
 * @csspart button - Every button (previous, next, "Try again").
 * @csspart grid - The month grid.
 * @csspart list - The list of the month's dates (narrow screens).
 * @csspart event - One pay date, cut-off or holiday.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailPayrollCalendar extends PayrailElement {
  static override tag = 'payroll-calendar';
  static override styles = [tokens, styles];

  /** The month shown first, as YYYY-MM (default: this month). */
  @property() month?: string;
  /** A state or Land code whose holidays are shown (default: the company's). */
  @property() state?: string;

  @state() private shown?: string;

  #month = () => this.shown ?? (/^\d{4}-\d{2}$/.test(this.month ?? '') ? this.month! : monthOf(clockNow()));

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.#month(), this.state] as const,
      task: ([api, month, st], { signal }) =>
        api.payrollCalendar(
          { from: `${month}-01`, to: `${month}-${pad(lastDay(month))}`, ...(st ? { state: st } : {}) },
          { signal },
        ),
    }),
  );

  #go(by: number) {
    this.shown = shift(this.#month(), by);
    this.emit('payrail-calendar-navigate', { month: this.shown });
  }

  override render() {
    const month = this.#month();
    return card(html`
      ${header(this.t('calTitle'), {
        end: html`${this.sampleBadge()}
          <div class="nav">
            <button class="btn icon" part="button" aria-label=${this.t('calPrev')} @click=${() => this.#go(-1)}>
              ‹
            </button>
            <h3 class="month-name" aria-live="polite">
              ${this.f.date(`${month}-01`, { month: 'long', year: 'numeric' })}
            </h3>
            <button class="btn icon" part="button" aria-label=${this.t('calNext')} @click=${() => this.#go(1)}>
              ›
            </button>
          </div>`,
      })}
      ${this.renderTask(
        this.#data,
        (d) => this.#body(d, month),
        () => skeletonLines(6, this.t('loading')),
      )}
    `);
  }

  #label(e: CalendarEvent): string {
    if (e.type === 'pay_date') return this.t('calPayDate', { name: e.schedule_name ?? '' });
    if (e.type === 'cut_off') return this.t('calCutOff', { name: e.schedule_name ?? '' });
    return e.name ?? '';
  }

  #note(e: CalendarEvent): string | undefined {
    if (e.type === 'pay_date' && e.moved_from)
      return this.t('calMoved', { date: this.f.date(e.moved_from, { day: 'numeric', month: 'short' }) });
    if (e.scope === 'regional') return this.t('calRegional', { area: e.area ?? '' });
    if (e.scope === 'part_day') return this.t('calPartDay', { hours: e.hours ?? '' });
    if (e.scope === 'limited') return this.t('calLimited', { area: e.area ?? '' });
    return undefined;
  }

  #event(e: CalendarEvent) {
    const note = this.#note(e);
    const kind = e.type === 'holiday' ? (e.scope === 'statewide' ? 'holiday' : 'holiday partial') : e.type;
    return html`<li class="ev ${kind}" part="event" title=${[this.#label(e), note].filter(Boolean).join(' — ')}>
      <span class="ev-name">${this.#label(e)}</span>${note ? html`<span class="ev-note">${note}</span>` : nothing}
    </li>`;
  }

  #body(d: PayrollCalendar, month: string) {
    const byDate = new Map<string, CalendarEvent[]>();
    for (const e of d.events) byDate.set(e.date, [...(byDate.get(e.date) ?? []), e]);
    const first = new Date(`${month}-01T00:00:00Z`);
    const lead = (first.getUTCDay() + 6) % 7; // Monday first
    const days = lastDay(month);
    const cells: (string | null)[] = [
      ...Array.from({ length: lead }, () => null),
      ...Array.from({ length: days }, (_, i) => `${month}-${pad(i + 1)}`),
    ];
    while (cells.length % 7) cells.push(null);
    const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
    // 5 January 2026 is a Monday: the week's day names in the element's language.
    const weekdays = Array.from({ length: 7 }, (_, i) => `2026-01-${pad(5 + i)}`);
    const today = todayIso();
    return html`<p class="where">
        ${d.state_name ? this.t('calHolidaysOf', { state: d.state_name }) : this.t('calHolidaysNational')}
      </p>
      <ul class="legend" aria-label=${this.t('calLegend')}>
        <li class="ev pay_date">${this.t('calLegendPay')}</li>
        <li class="ev cut_off">${this.t('calLegendCut')}</li>
        <li class="ev holiday">${this.t('calLegendHoliday')}</li>
        <li class="ev holiday partial">${this.t('calLegendRegional')}</li>
      </ul>
      <table class="grid" part="grid">
        <caption class="vh">
          ${this.f.date(`${month}-01`, { month: 'long', year: 'numeric' })}
        </caption>
        <thead>
          <tr>
            ${weekdays.map(
              (w) =>
                html`<th scope="col" abbr=${this.f.date(w, { weekday: 'long' })}>
                  ${this.f.date(w, { weekday: 'short' })}
                </th>`,
            )}
          </tr>
        </thead>
        <tbody>
          ${weeks.map(
            (week) =>
              html`<tr>
                ${week.map((day) =>
                  day
                    ? html`<td class=${day === today ? 'today' : ''}>
                        <span class="num" aria-label=${this.f.date(day, { dateStyle: 'long' })}
                          >${Number(day.slice(8))}</span
                        >
                        ${
                          byDate.has(day)
                            ? html`<ul class="evs">
                                ${byDate.get(day)!.map((e) => this.#event(e))}
                              </ul>`
                            : nothing
                        }
                      </td>`
                    : html`<td class="pad"></td>`,
                )}
              </tr>`,
          )}
        </tbody>
      </table>
      <div class="list" part="list">
        ${
          byDate.size
            ? html`<ol class="days">
                ${[...byDate].map(
                  ([day, evs]) =>
                    html`<li>
                      <h4>${this.f.date(day, { weekday: 'short', day: 'numeric', month: 'short' })}</h4>
                      <ul class="evs">
                        ${evs.map((e) => this.#event(e))}
                      </ul>
                    </li>`,
                )}
              </ol>`
            : html`<p class="empty">${this.t('calEmpty')}</p>`
        }
      </div>`;
  }
}
