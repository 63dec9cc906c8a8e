import { css, html, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { Task } from '@lit/task';
import { PayrailElement } from '../internal/payrail-element.js';
import { tokens } from '../internal/styles.js';
import { icons } from '../internal/icons.js';
import { emptyState, skeletonLines } from '../internal/states.js';
import { formStyles } from '../internal/forms.js';
import { SaveController, type SaveResult } from '../internal/save-controller.js';
import { RUNS_PAGE } from '../internal/summary.js';
import { entryBody } from '../client/client.js';
import { PayrailApiError } from '../client/errors.js';
import type { EntryLine, PayItem, PayRun, PayRunEntry, WriteBody } from '../client/models.js';
import type { MessageKey } from '../internal/i18n.js';
import type { ShiftDraft } from './shifts.js';
import { card } from '../internal/card.js';

const FORM = 'pay-run-entry';
/** What the element writes to a run: its entries, or its timesheets. */
type RunWrite = 'entries' | 'timesheets';
/** The shifts' save event names this form: the host writes them to the run's timesheets, not its entries. */
const SHIFTS = 'pay-run-shifts';
const HOURS = ['ordinary_hours', 'overtime', 'leave'];
const KINDS = [
  ['earning', 'earnings'],
  ['allowance', 'allowances'],
  ['deduction', 'deductions'],
] as const;
const NUMBER = /^\d{1,7}(\.\d{1,2})?$/;

interface Loaded {
  run: PayRun;
  entry: PayRunEntry;
  items: PayItem[];
}

/** The entry item type a pay item takes: its hours type when it is paid by the hour. */
const typeOf = (i: PayItem | undefined) => i?.entry_types[0] ?? 'allowance';

const styles = css`
  .figs {
    display: grid;
    grid-template-columns: auto 1fr 1fr;
    gap: 6px 16px;
    max-width: 36rem;
    margin: 0;
    padding: 14px 20px;
  }
  .figs dt {
    color: var(--_muted);
  }
  .figs dd {
    margin: 0;
    text-align: right;
  }
  .figs .h {
    font-size: 12px;
    color: var(--_muted);
  }
  .line {
    display: grid;
    grid-template-columns: minmax(0, 2fr) minmax(6rem, 1fr) auto;
    gap: 8px;
    align-items: end;
    margin-bottom: 10px;
  }
  .kept {
    margin: 0 0 12px;
    color: var(--_muted);
    font-size: 13px;
  }
  .ro {
    padding: 0 20px 16px;
  }
  .award {
    padding: 0 20px 16px;
  }
  .award table {
    width: 100%;
    max-width: 44rem;
    border-collapse: collapse;
  }
  .award caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: 6px;
  }
  .award th,
  .award td {
    padding: 6px 8px 6px 0;
    border-bottom: 1px solid var(--_border);
    text-align: left;
  }
  .award th {
    font-size: 12px;
    font-weight: 500;
    color: var(--_muted);
  }
  .award .num {
    text-align: right;
  }
  .shift {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    align-items: end;
    max-width: 48rem;
    margin-bottom: 10px;
  }
  .shift .field {
    flex: 1 1 8.5rem;
  }
  .shift .ferr {
    flex-basis: 100%;
  }
`;

/** The shifts form, loaded once when an entry that can be changed first shows (read-only pages never need it). */
let shiftsChunk: Promise<typeof import('./shifts.js')> | undefined;

/** A timesheet line's description ends with its day as an ISO date; it is shown as the reader's date instead. */
const DAY = / \((\d{4}-\d{2}-\d{2})\)$/;

/**
 * One employee's pay in a draft run: the pay items entered on it (hours, earnings, allowances, deductions)
 * edited line by line, with the figures as they would be after saving worked out by the API before anything
 * is saved. Timesheet hours and booked leave stay as they are; the lines an award paid from timesheets are
 * listed with the clause each is paid under. The shifts the employee worked (date, start, finish, unpaid break)
 * can be entered too: they replace the employee's timesheet hours in the run, paid at their award's rates for
 * the times worked where the employee has an award. It follows the run's `allowed_actions`: when
 * the run cannot be adjusted, or the caller may not adjust it, the lines are shown read-only. Saving emits a
 * cancelable `payrail-save`; unless the page cancels it, the element writes itself only with a
 * `governance-reason` and a token that allows the pay-run entry.
 *
 * @summary Pay-run entry editor.
 * @attr pay-run-id - The run (default: the newest).
 * @attr employee-id - The employee (default: the run's first entry).
 * @attr governance-reason - The reason the element writes with when the page lets it write (3-500 characters).
 * @event payrail-save - The lines passed the API's checks. Detail: `{ form, employee_id, payload }` where `payload` is the body of `POST …/pay-runs/{id}/entries`; for "Save shifts", `form` is `pay-run-shifts` and `payload` the body of `POST …/pay-runs/{id}/timesheets`. Cancel it when your backend writes it.
 * @event payrail-cancel - The changes were dropped. Detail: `{ form, employee_id }`.
 * @event payrail-load - The entry was shown. Detail: `{ sample }`.
 * @event payrail-error - It could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - Title.
 * @csspart figures - Current and recalculated figures.
 * @csspart award-lines - The award's lines from timesheets, each with its clause (only when an award paid some).
 * @csspart shifts - The shifts worked, entered as date, start, finish and unpaid break.
 * @csspart input - Each pay item choice and value.
 * @csspart button - Every button.
 * @csspart save-button - "Save".
 * @csspart cancel-button - "Cancel".
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailPayRunEntry extends PayrailElement {
  static override tag = 'pay-run-entry';
  static override styles = [tokens, formStyles, styles];

  @property({ attribute: 'pay-run-id' }) payRunId?: string;
  @property({ attribute: 'employee-id' }) employeeId?: string;
  @property({ attribute: 'governance-reason' }) governanceReason?: string;
  /** The lines being edited; null until the first change (the entry's own lines are shown). */
  @state() private lines: EntryLine[] | null = null;
  @state() private recalc: PayRunEntry | null = null;
  @state() private errors: Record<string, string> = {};
  @state() private note: MessageKey | null = null;
  /** The shifts being entered; null until the first change (one blank shift on the period's first day). */
  @state() private shifts: ShiftDraft[] | null = null;
  @state() private shiftErrs: Record<string, string> = {};
  @state() private sh?: typeof import('./shifts.js');

  #data = this.watch(
    new Task(this, {
      args: () => [this.api, this.payRunId, this.employeeId] as const,
      task: async ([api, id, eid], { signal }): Promise<Loaded> => {
        this.lines = this.recalc = this.shifts = null;
        const runId = id || (await api.payRuns({ limit: RUNS_PAGE }, { signal })).data[0]?.id;
        if (!runId) throw new PayrailApiError({ code: 'not_found', message: 'No pay runs', status: 404 });
        const [run, entries, items] = await Promise.all([
          api.payRun(runId, { signal }),
          api.entries(runId, { signal }),
          api.payItems({ signal }),
        ]);
        const entry = entries.find((e) => !eid || e.employee_id === eid);
        if (!entry) throw new PayrailApiError({ code: 'not_found', message: 'No entry', status: 404 });
        return { run, entry, items };
      },
    }),
  );

  #save = new SaveController(this.port, {
    allow: FORM,
    reason: () => this.governanceReason,
    reload: () => this.#data.run(),
    // `items.0.hours` as the form names it, `items[0].hours`.
    fieldOf: (path) => path.replace(/^(\w+)\.(\d+)/, '$1[$2]'),
    // The API's own words for what it refused about the run (a draft no longer, a line it cannot pay).
    message: (err) =>
      err instanceof PayrailApiError && err.status !== 403 && err.status < 500 ? err.message : undefined,
  });

  override render() {
    return card(
      this.renderTask(
        this.#data,
        (d) => this.#body(d),
        () => skeletonLines(6, this.t('loading')),
      ),
    );
  }

  /** The lines entered on the entry (timesheet rows and booked leave are kept apart). */
  #own(d: Loaded): EntryLine[] {
    return (
      this.lines ??
      d.entry.items
        .filter((i) => i.source !== 'timesheet' && i.source !== 'leave')
        .map((i) => {
          const hours = i.kind === 'hours';
          const type = hours
            ? ({ ordinary: 'ordinary_hours', overtime: 'overtime' }[i.category] ?? 'leave')
            : i.category === 'leave'
              ? 'leave_pay'
              : i.category;
          const code = i.code ?? d.items.find((p) => p.source === 'pack' && p.entry_types.includes(type))?.code ?? '';
          return { type, code, ...(hours ? { hours: i.hours } : { amount: i.amount }) };
        })
    );
  }

  #body(d: Loaded) {
    const { run, entry } = d;
    const editable = run.allowed_actions.includes('adjust');
    const lines = this.#own(d);
    // Award lines are listed with their clauses above; the note speaks of the other kept lines only.
    const kept = entry.items.filter((i) => (i.source === 'timesheet' && !i.clause) || i.source === 'leave').length;
    return html`<header class="head" part="header">
        <div>
          <p class="sub">${this.t('payRun')} · ${this.f.period(run.period_start, run.period_end)}</p>
          <h2 id="title">${entry.employee_name}</h2>
        </div>
        ${this.sampleBadge()}
      </header>
      ${this.#figures(entry)} ${this.#award(entry)} ${editable ? this.#shifts(d) : nothing}
      ${
        editable
          ? this.#form(d, lines, kept)
          : html`<div class="ro">
              <p class="note" role="note">${icons.info}${this.t('peLocked')}</p>
              ${
                lines.length
                  ? html`<ul>
                      ${lines.map((l) => html`<li>${this.#name(d, l.code)}: ${this.#value(l, entry.currency)}</li>`)}
                    </ul>`
                  : emptyState(this.t('peNoLines'))
              }
            </div>`
      }`;
  }

  #name = (d: Loaded, code: string) => d.items.find((i) => i.code === code)?.name ?? code;
  #value = (l: EntryLine, cur: string) => (l.hours ? `${l.hours} ${this.t('hours')}` : this.f.money(l.amount, cur));

  /**
   * The lines an award paid from the timesheets (ordinary hours, casual loading, penalties, overtime), each
   * with the clause it is paid under: what an officer checks against the award before approving.
   */
  #award(entry: PayRunEntry) {
    const lines = (entry.lines ?? []).filter((l) => l.clause);
    if (!lines.length) return nothing;
    const cur = entry.currency;
    return html`<div class="award scroll" part="award-lines">
      <table>
        <caption>
          ${this.t('peAward')}
        </caption>
        <thead>
          <tr>
            <th scope="col">${this.t('description')}</th>
            <th scope="col" class="num">${this.t('hours')}</th>
            <th scope="col" class="num">${this.t('rate')}</th>
            <th scope="col" class="num">${this.t('amount')}</th>
            <th scope="col">${this.t('peClause')}</th>
          </tr>
        </thead>
        <tbody>
          ${lines.map((l) => {
            const day = DAY.exec(l.description ?? '');
            const what = day
              ? `${l.description!.replace(DAY, '')} · ${this.f.date(day[1])}`
              : (l.description ?? l.type);
            return html`<tr>
              <td>${what}</td>
              <td class="num">${l.hours ?? ''}</td>
              <td class="num">${l.rate ? this.f.money(l.rate, cur) : ''}</td>
              <td class="num">${this.f.money(l.amount, cur)}</td>
              <td>${l.clause}</td>
            </tr>`;
          })}
        </tbody>
      </table>
    </div>`;
  }

  #shifts(d: Loaded) {
    const m = this.sh;
    if (!m) {
      (shiftsChunk ??= import('./shifts.js')).then(
        (x) => (this.sh = x),
        () => (shiftsChunk = undefined),
      );
      return nothing;
    }
    const blank = (date: string): ShiftDraft => ({ date, start: '', end: '', break_minutes: '' });
    const rows = this.shifts ?? [blank(d.run.period_start)];
    return m.renderShifts({
      t: (k, vars) => this.t(k, vars),
      rows,
      errors: this.shiftErrs,
      // From the latest state, not this render's: two inputs can land before the next render.
      set: (n, patch) => (this.shifts = (this.shifts ?? rows).map((r, i) => (i === n ? { ...r, ...patch } : r))),
      // A new shift starts on the last one's day: the officer moves it on (the API refuses a day outside the period).
      add: () => (this.shifts = [...rows, blank(rows[rows.length - 1]?.date ?? d.run.period_start)]),
      remove: (n) => (this.shifts = rows.filter((_, i) => i !== n)),
      save: (e) => this.#saveShifts(e, d, rows, m),
    });
  }

  #saveShifts(e: Event, d: Loaded, rows: ShiftDraft[], m: typeof import('./shifts.js')) {
    e.preventDefault();
    this.shiftErrs = Object.fromEntries(m.missing(rows).map((k) => [k, this.t('errRequired')]));
    if (Object.keys(this.shiftErrs).length) return;
    this.#save.hold(() =>
      this.#send(d, SHIFTS, 'timesheets', m.shiftsBody(d.entry.employee_id, rows), (r) => {
        if (r.status === 'refused') this.shiftErrs = r.errors;
      }),
    );
  }

  #figures(now: PayRunEntry) {
    const a = this.recalc;
    const rows: [MessageKey, 'gross' | 'tax' | 'super' | 'social' | 'net'][] = [
      ['gross', 'gross'],
      ['tax', 'tax'],
      now.super != null ? ['employerSuper', 'super'] : ['employeeSocial', 'social'],
      ['net', 'net'],
    ];
    return html`<dl class="figs" part="figures" aria-live="polite">
      <dt class="h"><span class="vh">${this.t('amount')}</span></dt>
      <dd class="h">${this.t('peNow')}</dd>
      <dd class="h">${a ? this.t('peAfter') : ''}</dd>
      ${rows.map(
        ([label, k]) =>
          html`<dt>${this.t(label)}</dt>
            <dd class="num">${this.f.money(now[k], now.currency)}</dd>
            <dd class="num strong">${a ? this.f.money(a[k], a.currency) : ''}</dd>`,
      )}
    </dl>`;
  }

  #form(d: Loaded, lines: EntryLine[], kept: number) {
    const active = d.items.filter((i) => i.status === 'active');
    const set = (n: number, patch: Partial<EntryLine>) => {
      const next = lines.map((l, i) => (i === n ? { ...l, ...patch } : l));
      this.lines = next;
      this.recalc = null;
      this.note = null;
    };
    return html`<form novalidate @submit=${(e: Event) => this.#saveLines(e, d, lines)}>
      ${kept ? html`<p class="kept">${this.t('peKept')}</p>` : nothing}
      ${lines.length ? nothing : html`<p class="kept">${this.t('peNoLines')}</p>`}
      ${lines.map((l, n) => {
        const hours = HOURS.includes(l.type);
        const err = this.errors[`items[${n}].code`] || this.errors[`items[${n}].${hours ? 'hours' : 'amount'}`];
        return html`<div class="line">
          <div class="field">
            <label for="c-${n}">${this.t('peLine')} ${n + 1}</label>
            <select
              id="c-${n}"
              part="input"
              aria-invalid=${err ? 'true' : 'false'}
              @change=${(e: Event) => {
                const code = (e.target as HTMLSelectElement).value;
                set(n, { code, type: typeOf(d.items.find((i) => i.code === code)) });
              }}
            >
              ${KINDS.map(
                ([kind, label]) =>
                  html`<optgroup label=${this.t(label)}>
                    ${active
                      .filter((i) => i.kind === kind)
                      .map((i) => html`<option value=${i.code} ?selected=${i.code === l.code}>${i.name}</option>`)}
                  </optgroup>`,
              )}
            </select>
          </div>
          <div class="field">
            <label for="v-${n}">${this.t(hours ? 'hours' : 'amount')}</label>
            <input
              id="v-${n}"
              part="input"
              inputmode="decimal"
              autocomplete="off"
              .value=${(hours ? l.hours : l.amount) ?? ''}
              aria-invalid=${err ? 'true' : 'false'}
              aria-describedby=${err ? `e-${n}` : nothing}
              @input=${(e: InputEvent) => {
                const v = (e.target as HTMLInputElement).value.trim();
                set(n, hours ? { hours: v, amount: undefined } : { amount: v, hours: undefined });
              }}
            />
          </div>
          <button
            type="button"
            class="btn"
            part="button"
            aria-label=${this.t('peRemove', { n: n + 1 })}
            @click=${() => {
              this.lines = lines.filter((_, i) => i !== n);
              this.recalc = null;
            }}
          >
            ${icons.x}
          </button>
          ${err ? html`<p class="ferr" id="e-${n}">${err}</p>` : nothing}
        </div>`;
      })}
      ${this.errors[''] ? html`<p class="ferr" role="alert">${this.errors['']}</p>` : nothing}
      <div class="bar">
        <p class="note" aria-live="polite">${this.note ? this.t(this.note) : ''}</p>
        <button
          type="button"
          class="btn"
          part="button"
          @click=${() => {
            const first = active.find((i) => i.kind === 'allowance') ?? active[0];
            if (first) this.lines = [...lines, { type: typeOf(first), code: first.code, amount: '' }];
          }}
        >
          ${this.t('peAdd')}
        </button>
        <button type="button" class="btn" part="button" @click=${() => this.#check(d, lines)}>
          ${this.t('peCheck')}
        </button>
        <button type="button" class="btn" part="button cancel-button" @click=${() => this.#cancel(d)}>
          ${this.t('cancel')}
        </button>
        <button class="btn primary" part="button save-button">${this.t('save')}</button>
      </div>
    </form>`;
  }

  /** The browser's own checks: a value on every line. */
  #ownErrors(lines: EntryLine[]): Record<string, string> {
    const out: Record<string, string> = {};
    lines.forEach((l, n) => {
      const hours = HOURS.includes(l.type);
      const v = hours ? l.hours : l.amount;
      if (!v || !NUMBER.test(v) || Number(v) <= 0)
        out[`items[${n}].${hours ? 'hours' : 'amount'}`] = this.t(v ? 'errNumber' : 'errRequired');
    });
    return out;
  }

  /** The figures after saving, worked out by the API by its own rules; false when a line is wrong. */
  async #check(d: Loaded, lines: EntryLine[]): Promise<boolean> {
    this.errors = this.#ownErrors(lines);
    if (Object.keys(this.errors).length) return false;
    try {
      this.recalc = await this.api.calculateEntry(d.run.id, d.entry.employee_id, lines);
      return true;
    } catch (err) {
      this.errors = this.#save.errorsOf(err);
      return false;
    }
  }

  #saveLines(e: Event, d: Loaded, lines: EntryLine[]) {
    e.preventDefault();
    this.#save.hold(async () => {
      if (!(await this.#check(d, lines))) return;
      return this.#send(d, FORM, 'entries', entryBody(d.entry.employee_id, lines), (r) => {
        if (r.status === 'refused') this.errors = r.errors;
        else this.note = r.status === 'written' ? 'piSaved' : 'handedOver';
      });
    });
  }

  /** The body goes to the run's `entries` or `timesheets`, the entry shown again after the element's own write. */
  #send(
    d: Loaded,
    form: string,
    to: RunWrite,
    // The JSON bodies: `timesheets` takes a CSV text too, which this element does not send.
    payload: Exclude<WriteBody<`/pay-runs/{payRunId}/${RunWrite}`, 'POST'>, string>,
    done: (r: SaveResult<unknown>) => void,
  ) {
    return this.#save.send(
      { form, employee_id: d.entry.employee_id, payload },
      (reason) => this.api.write('POST', `/pay-runs/{payRunId}/${to}`, [d.run.id], payload, reason),
      done,
    );
  }

  #cancel(d: Loaded) {
    this.emit('payrail-cancel', { form: FORM, employee_id: d.entry.employee_id });
    this.lines = this.recalc = null;
    this.errors = {};
  }
}
