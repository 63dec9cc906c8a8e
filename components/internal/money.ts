// Shared by the elements for the money after a run is finalised (lodgement, payments, super, checklist).
import { css, html } from 'lit';
import { PayrailApiError } from '../client/errors.js';
import type { PayRun, PayRunAllowedAction, PayrailApi, RequestOptions } from '../client/models.js';
import { RUNS_PAGE } from './summary.js';
import type { MessageKey } from './i18n.js';

const PAID: PayRun['status'][] = ['finalised', 'lodged'];

/**
 * The run an element shows: the one named, else the newest finalised (or lodged) run from the same first
 * page the pay-runs list reads, else the newest run when `anyStatus`. 404 when there is none.
 */
export async function runFor(api: PayrailApi, id: string | undefined, o: RequestOptions, anyStatus = false) {
  if (id) return api.payRun(id, o);
  const runs = (await api.payRuns({ limit: RUNS_PAGE }, o)).data;
  const run = runs.find((r) => PAID.includes(r.status)) ?? (anyStatus ? runs[0] : undefined);
  if (!run) throw new PayrailApiError({ code: 'not_found', message: 'No finalised pay run', status: 404 });
  return run;
}

/** The steps of paying people a run offers, each by the action in its `allowed_actions` that opens it. */
export const PAY_STEPS = {
  'bank-file': 'payment_file',
  'super-batch': 'super_batch',
  'confirm-all': 'confirm_payments',
};
export type PayStep = keyof typeof PAY_STEPS;

/**
 * A paying-people step as a button: its words (the bank file names its format: ABA in Australia, a SEPA
 * credit transfer elsewhere) and the request event it emits for the host, `payrail-payment-file`,
 * `payrail-super-batch` or `payrail-payments-confirm`. Only offered when the run allows it.
 */
export function payButton(
  t: (k: MessageKey, v?: Record<string, string>) => string,
  emit: (name: 'payrail-payment-file', detail: { id: string; format: 'aba' | 'sepa' }) => unknown,
  run: PayRun,
  step: PayStep,
  cc: string,
  cls = '',
) {
  if (!(run.allowed_actions as string[]).includes(PAY_STEPS[step] as PayRunAllowedAction)) return null;
  const aba = cc === 'AU';
  const [event, label, detail] =
    step === 'bank-file'
      ? [
          'payrail-payment-file',
          t('generateBankFile', { format: aba ? 'ABA' : 'SEPA' }),
          { format: aba ? 'aba' : 'sepa' },
        ]
      : step === 'super-batch'
        ? ['payrail-super-batch', t('createSuperBatch'), {}]
        : ['payrail-payments-confirm', t('confirmAll'), {}];
  return html`<button
    class="btn ${cls}"
    part="button action-button"
    data-action=${step}
    @click=${() => emit(event as 'payrail-payment-file', { id: run.id, ...detail } as { id: string; format: 'aba' })}
  >
    ${label}
  </button>`;
}

/** A timestamp in the reader's time zone, e.g. "4 Nov 2026, 9:03 am". */
export const stamp = (locale: string, iso: string | null | undefined): string =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';

/** The words for a field the ATO's rail names by its element path; unknown ones read as their last part. */
const FIELDS: [RegExp, MessageKey][] = [
  [/FamilyName/, 'fFamilyName'],
  [/GivenName/, 'fGivenName'],
  [/BusinessManagementSystemId/, 'fSoftwareId'],
  [/TaxFileNumber/, 'fTfn'],
  [/BirthDate/, 'fBirthDate'],
  [/AddressDetails|Address/, 'fAddress'],
  [/AustralianBusinessNumber/, 'fAbn'],
];
export function fieldKey(field: string | null): MessageKey | null {
  if (!field) return null;
  return FIELDS.find(([re]) => re.test(field))?.[1] ?? null;
}
export const fieldWords = (field: string): string =>
  (field.split('.').pop() ?? field)
    .replace(/(T|Id|Dt|A)$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** The Australian financial year (by its starting year) a date falls in: 1 July to 30 June. */
export const financialYearOf = (iso: string): number => {
  const y = Number(iso.slice(0, 4));
  return Number(iso.slice(5, 7)) >= 7 ? y : y - 1;
};

/** Status pills, messages and the small figure rows these elements share. */
export const moneyStyles = css`
  .head {
    align-items: flex-start;
  }
  .head .sub {
    margin: 4px 0 0;
  }
  .s-submitted,
  .s-processing,
  .s-file_generated,
  .s-pending {
    --c: var(--_info);
  }
  .s-accepted,
  .s-confirmed,
  .s-done,
  .s-generated {
    --c: var(--_success);
  }
  .s-accepted_with_warnings,
  .s-due {
    --c: var(--_warning);
  }
  .s-rejected,
  .s-returned,
  .s-overdue {
    --c: var(--_danger);
  }
  .s-not_applicable,
  .s-not_available {
    --c: var(--_muted);
  }
  .body {
    display: grid;
    gap: 14px;
    padding: 16px 20px 20px;
  }
  .hint,
  .note {
    margin: 0;
    padding: 12px 20px;
    font-size: 13px;
    color: var(--_muted);
    border-top: 1px solid var(--_border);
  }
  .figs {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 24px;
    margin: 0;
  }
  .figs div {
    display: grid;
    gap: 2px;
    min-width: 0;
  }
  .figs dt {
    font-size: 12px;
    color: var(--_muted);
  }
  .figs dd {
    margin: 0;
    font: 600 15px/1.3 var(--_font-display);
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
  .msgs {
    display: grid;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .msg {
    display: grid;
    gap: 2px;
    padding: 10px 12px;
    border-radius: var(--_radius-small);
    border: 1px solid color-mix(in srgb, var(--c) 30%, var(--_surface));
    background: color-mix(in srgb, var(--c) 7%, var(--_surface));
    font-size: 13px;
  }
  .msg.error {
    --c: var(--_danger);
  }
  .msg.warning {
    --c: var(--_warning);
  }
  .msg p {
    margin: 0;
  }
  .msg b {
    font-weight: 600;
  }
  ul.plain,
  ol.plain {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  input,
  select {
    font: 14px/1.4 var(--_font);
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    padding: 6px 10px;
    min-height: 36px;
    max-width: 100%;
  }
  input[type='checkbox'] {
    width: 18px;
    height: 18px;
    min-height: 18px;
    margin: 0;
    accent-color: var(--_primary);
  }
  .sent {
    color: var(--_success);
  }
`;
