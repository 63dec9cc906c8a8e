// The shifts an employee worked in a draft run (date, start, finish, unpaid break), as the pay-run entry
// takes them: sent as timesheet rows (POST …/pay-runs/{id}/timesheets), where an award pays each one at its
// rates for the times worked. Kept apart from the entry's pay lines: saving shifts replaces the employee's
// timesheet hours in the run, not the lines entered on it. The API checks the rest (a day outside the period,
// overlapping shifts) and names the row and field. A chunk of its own: only an entry that can be changed
// draws it (its styles are the entry's, `.shift`).
import { html, nothing, type TemplateResult } from 'lit';
import { icons } from '../internal/icons.js';
import type { MessageKey } from '../internal/i18n.js';

export interface ShiftDraft {
  date: string;
  start: string;
  end: string;
  /** Whole minutes; empty for none. */
  break_minutes: string;
}

const FIELDS = [
  ['date', 'shDate', 'date'],
  ['start', 'shStart', 'time'],
  ['end', 'shEnd', 'time'],
  ['break_minutes', 'shBreak', 'number'],
] as const;

/** A shift without its date, start or finish: `rows[i].field` as the API names it. */
export const missing = (rows: ShiftDraft[]) =>
  rows.flatMap((r, i) => (['date', 'start', 'end'] as const).filter((k) => !r[k]).map((k) => `rows[${i}].${k}`));

/** The body of POST …/timesheets: one row per shift, all of them this employee's. */
export const shiftsBody = (employee_id: string, rows: ShiftDraft[]) => ({
  rows: rows.map(({ break_minutes, ...r }) => ({
    employee_id,
    ...r,
    ...(break_minutes ? { break_minutes: Number(break_minutes) } : {}),
  })),
});

interface ShiftView {
  t: (key: MessageKey, vars?: Record<string, number>) => string;
  rows: ShiftDraft[];
  /** Field errors keyed `rows[i].field`, and '' for the whole request. */
  errors: Record<string, string>;
  set: (n: number, patch: Partial<ShiftDraft>) => void;
  add: () => void;
  remove: (n: number) => void;
  save: (e: Event) => void;
}

export function renderShifts(v: ShiftView): TemplateResult {
  return html`<form class="ro" part="shifts" novalidate aria-labelledby="sh" @submit=${v.save}>
    <h3 id="sh">${v.t('shTitle')}</h3>
    <p class="kept">${v.t('shIntro')}</p>
    ${v.rows.map((r, n) => {
      const errs = FIELDS.map(([k]) => v.errors[`rows[${n}].${k}`]).filter(Boolean);
      return html`<div class="shift" role="group" aria-label=${v.t('shN', { n: n + 1 })}>
        ${FIELDS.map(
          ([k, label, type]) =>
            html`<div class="field">
              <label for="s${k}${n}">${v.t(label)}</label>
              <input
                id="s${k}${n}"
                part="input"
                type=${type}
                .value=${r[k]}
                aria-invalid=${v.errors[`rows[${n}].${k}`] ? 'true' : 'false'}
                @input=${(e: InputEvent) => v.set(n, { [k]: (e.target as HTMLInputElement).value.trim() })}
              />
            </div>`,
        )}
        <button
          type="button"
          class="btn"
          part="button"
          aria-label=${v.t('shRemove', { n: n + 1 })}
          ?disabled=${v.rows.length < 2}
          @click=${() => v.remove(n)}
        >
          ${icons.x}
        </button>
        ${errs.length ? html`<p class="ferr">${errs.join(' · ')}</p>` : nothing}
      </div>`;
    })}
    ${v.errors[''] ? html`<p class="ferr" role="alert">${v.errors['']}</p>` : nothing}
    <div class="bar">
      <button type="button" class="btn" part="button" @click=${v.add}>${v.t('shAdd')}</button>
      <button class="btn primary" part="button">${v.t('shSave')}</button>
    </div>
  </form>`;
}
