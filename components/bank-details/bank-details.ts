import { css, html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { tokens } from '../internal/styles.js';
import { PayrailForm, formStyles, payloadOf, type Field } from '../internal/forms.js';
import { AU_BANK, DE_BANK } from '../internal/employee-fields.js';
import { CURRENCIES } from '../internal/format.js';
import type { OpenFlags } from '../client/models.js';
import { MAX_EXTRA_ACCOUNTS, amountOf, extraFields, inputOfPath, splitsPayload } from './splits.js';

interface SplitOnFile {
  bsb?: string;
  account_last4?: string;
  account_name?: string;
  amount?: string | null;
  percent?: string | null;
}

/**
 * An employee's bank account: BSB, account number and name in Australia, where pay can be split across
 * up to two more accounts (each a fixed amount or a percentage; the main account gets the rest); IBAN
 * (check digits checked here), BIC and account holder in Germany. What is on file shows masked (its last
 * digits), never in clear.
 *
 * @summary Bank details form.
 * @event payrail-save - The details passed their checks. Detail: `{ form, employee_id, payload }`; cancel it when your backend writes them.
 * @event payrail-cancel - The form was abandoned. Detail: `{ form, employee_id }`.
 * @event payrail-load - What is on file was shown. Detail: `{ sample }`.
 * @event payrail-error - It could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title.
 * @csspart on-file - What is on file, masked.
 * @csspart input - Each input.
 * @csspart button - Every button.
 * @csspart save-button - "Save".
 * @csspart cancel-button - "Cancel".
 * @csspart add-account-button - "Add another account" (AU).
 * @csspart remove-account-button - "Remove this account" on each extra account (AU).
 * @csspart split-summary - How the pay is divided among the accounts typed (AU).
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message of a failed load.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailBankDetails extends PayrailForm {
  static override tag = 'bank-details';
  static override styles = [
    tokens,
    formStyles,
    css`
      fieldset {
        margin: 16px 0 0;
        padding: 12px 14px 14px;
        border: 1px solid color-mix(in srgb, var(--_text) 15%, var(--_surface));
        border-radius: var(--_radius-small);
        min-width: 0;
      }
      legend {
        padding: 0 6px;
        font-weight: 600;
      }
      .rest,
      .summary {
        margin: 10px 0 0;
        color: var(--_muted);
        font-size: 13px;
      }
      .summary {
        color: var(--_text);
      }
      .row {
        display: flex;
        justify-content: flex-end;
        margin-top: 10px;
      }
      .add {
        margin-top: 14px;
      }
      ul.splits {
        margin: 6px 0 0;
        padding-left: 18px;
      }
    `,
  ];
  protected readonly form = 'bank-details';
  protected readonly segment = 'bank-accounts' as const;
  protected readonly byCountry = { AU: AU_BANK, DE: DE_BANK };
  protected readonly heading = 'bankDetails' as const;

  /** How many accounts beside the main one take part of the pay (AU). */
  @state() protected extras = 0;

  #splitting() {
    return this.cc === 'AU' && this.extras > 0;
  }

  protected override fields(): Field[] {
    const main = super.fields();
    if (!this.#splitting()) return main;
    const extra: Field[] = [];
    for (let k = 1; k <= this.extras; k++)
      extra.push(
        ...extraFields(
          k,
          () => this.values,
          () => this.extras,
        ),
      );
    return [...main, ...extra];
  }

  protected override payloadFor(withSecrets: boolean): Record<string, unknown> {
    const main = payloadOf(super.fields(), this.values, withSecrets);
    // The draft check takes the main account only: an extra account's number never goes to a check, and
    // its other inputs are checked here; the write answers for all of them.
    if (!this.#splitting() || !withSecrets) return main;
    return { splits: splitsPayload(this.values, this.extras, main, withSecrets) };
  }

  protected override fieldOfPath(path: string): string {
    return inputOfPath(path, this.#splitting() ? this.extras : 0);
  }

  protected override resetForm() {
    this.extras = 0;
  }

  protected override renderFields(input: (f: Field) => TemplateResult): TemplateResult {
    const main = super.fields();
    if (this.cc !== 'AU') return super.renderFields(input);
    const all = this.fields();
    const groups = [];
    for (let k = 1; k <= this.extras; k++) {
      const own = all.filter((f) => f.name.startsWith(`split${k}_`));
      groups.push(
        html`<fieldset>
          <legend>${this.t('splitAccountN', { n: k + 1 })}</legend>
          <div class="fields">${own.map(input)}</div>
          <div class="row">
            <button type="button" class="btn" part="button remove-account-button" @click=${() => this.#remove(k)}>
              ${this.t('splitRemove')}
            </button>
          </div>
        </fieldset>`,
      );
    }
    return html`${
      this.extras
        ? html`<fieldset>
            <legend>${this.t('splitMain')}</legend>
            <div class="fields">${main.map(input)}</div>
            <p class="rest">${this.t('splitMainNote')}</p>
          </fieldset>`
        : html`<div class="fields">${main.map(input)}</div>`
    }
    ${groups}
    ${this.extras ? html`<p class="summary" part="split-summary" aria-live="polite">${this.#summary()}</p>` : nothing}
    ${
      this.extras < MAX_EXTRA_ACCOUNTS
        ? html`<button type="button" class="btn add" part="button add-account-button" @click=${this.#add}>
            ${this.t('splitAdd')}
          </button>`
        : nothing
    }`;
  }

  #add = () => {
    this.extras = Math.min(MAX_EXTRA_ACCOUNTS, this.extras + 1);
    const k = this.extras;
    this.values = { ...this.values, [`split${k}_kind`]: this.values[`split${k}_kind`] || 'amount' };
    // Focus stays on "Add another account" while it is there (leaving an empty field would show its error
    // and move the button under the pointer); once the last account is added, the new account's BSB takes it.
    if (k === MAX_EXTRA_ACCOUNTS)
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLInputElement>(`#f-split${k}_bsb`)?.focus());
  };

  /** Account k goes; the one after it (if any) moves up, with what was typed in it. */
  #remove(k: number) {
    const v = { ...this.values };
    const e = { ...this.errors };
    for (let i = k; i <= this.extras; i++)
      for (const f of ['bsb', 'account_number', 'account_name', 'kind', 'share']) {
        const from = `split${i + 1}_${f}`;
        const to = `split${i}_${f}`;
        if (i < this.extras) {
          v[to] = v[from] ?? '';
          e[to] = e[from] ?? '';
        } else {
          delete v[to];
          delete e[to];
        }
      }
    this.values = v;
    this.errors = e;
    this.extras -= 1;
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>('[part~="add-account-button"]')?.focus(),
    );
  }

  #money(v: string) {
    return this.f.money(v, CURRENCIES[this.cc] ?? 'AUD');
  }

  /** "Account 2: A$100.00 · Account 3: 20% of what remains · Main account: the rest". */
  #summary() {
    const parts: string[] = [];
    for (let k = 1; k <= this.extras; k++) {
      const share = (this.values[`split${k}_share`] ?? '').trim();
      const pct = this.values[`split${k}_kind`] === 'percent';
      const what = !share
        ? '—'
        : pct
          ? this.t('splitPercentOfRest', { p: share.replace(/%$/, '') })
          : Number.isFinite(Number(amountOf(share)))
            ? this.#money(amountOf(share))
            : share;
      parts.push(`${this.t('splitAccountN', { n: k + 1 })}: ${what}`);
    }
    parts.push(`${this.t('splitMain')}: ${this.t('splitRest')}`);
    return parts.join(' · ');
  }

  protected onFile(s: OpenFlags) {
    const splits = (s.splits ?? null) as SplitOnFile[] | null;
    if (this.cc === 'AU' && Array.isArray(splits) && splits.length > 1) {
      return html`${this.t('splitOnFile')}
        <ul class="splits">
          ${splits.map(
            (x, i) =>
              html`<li>
                <b
                  >${[
                    x.bsb ? `${this.t('bsb')} ${x.bsb}` : '',
                    `•••• ${x.account_last4 ?? ''}`,
                    x.account_name ?? '',
                    i === splits.length - 1
                      ? this.t('splitRest')
                      : x.amount
                        ? this.#money(x.amount)
                        : this.t('splitPercentOfRest', { p: x.percent ?? '' }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}</b
                >
              </li>`,
          )}
        </ul>`;
    }
    const last = (s.iban_last4 ?? s.account_last3) as string | undefined;
    if (!last) return html`${this.t('noAccount')}`;
    const parts = [
      s.bsb ? `${this.t('bsb')} ${String(s.bsb)}` : s.iban_last4 ? this.t('iban') : '',
      `•••• ${last}`,
      s.bic ? String(s.bic) : '',
      s.account_name ? String(s.account_name) : '',
    ].filter(Boolean);
    return html`${this.t('onFile')} <b>${parts.join(' · ')}</b>${nothing}`;
  }
}
