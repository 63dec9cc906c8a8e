import { html, nothing } from 'lit';
import { tokens } from '../internal/styles.js';
import { PayrailForm, formStyles } from '../internal/forms.js';
import { AU_BANK, DE_BANK } from '../internal/employee-fields.js';
import type { OpenFlags } from '../client/models.js';

/**
 * An employee's bank account: BSB, account number and name in Australia; IBAN (check digits checked
 * here), BIC and account holder in Germany. What is on file shows masked (its last digits), never in clear.
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
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message of a failed load.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailBankDetails extends PayrailForm {
  static override tag = 'bank-details';
  static override styles = [tokens, formStyles];
  protected readonly form = 'bank-details';
  protected readonly segment = 'bank-accounts' as const;
  protected readonly byCountry = { AU: AU_BANK, DE: DE_BANK };
  protected readonly heading = 'bankDetails' as const;

  protected onFile(s: OpenFlags) {
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
