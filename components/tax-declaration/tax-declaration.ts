import { html } from 'lit';
import { tokens } from '../internal/styles.js';
import { PayrailForm, formStyles } from '../internal/forms.js';
import { AU_TAX, DE_TAX, ROMAN } from '../internal/employee-fields.js';
import type { OpenFlags } from '../client/models.js';

/**
 * An employee's tax declaration. Australia: the TFN (its check digit checked here) or the reason it is not given, residency, the
 * tax-free threshold, another job (the threshold is claimed from one payer only), a study loan and a Medicare levy exemption. Germany: the Steuer-ID (check digit
 * checked here), tax class and factor, church tax and child allowances. The number on file is never
 * shown, only whether it is attested.
 *
 * @summary Tax declaration form.
 * @event payrail-save - The declaration passed its checks. Detail: `{ form, employee_id, payload }`; cancel it when your backend writes it.
 * @event payrail-cancel - The form was abandoned. Detail: `{ form, employee_id }`.
 * @event payrail-load - What is on file was shown. Detail: `{ sample }`.
 * @event payrail-error - It could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title.
 * @csspart on-file - What is on file (attested or not).
 * @csspart input - Each input and choice.
 * @csspart button - Every button.
 * @csspart save-button - "Save".
 * @csspart cancel-button - "Cancel".
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message of a failed load.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailTaxDeclaration extends PayrailForm {
  static override tag = 'tax-declaration';
  static override styles = [tokens, formStyles];
  protected readonly form = 'tax-declaration';
  protected readonly segment = 'tax-settings' as const;
  protected readonly byCountry = { AU: AU_TAX, DE: DE_TAX };
  protected readonly heading = 'taxDeclaration' as const;

  protected onFile(s: OpenFlags) {
    const de = this.cc === 'DE';
    const attested = de ? s.tax_id_attested === true : s.tfn_attested === true;
    const parts = [
      this.t(attested ? (de ? 'taxIdOnFile' : 'tfnOnFile') : de ? 'taxIdNone' : 'tfnNone'),
      typeof s.tax_class === 'number' ? `${this.t('taxClass')} ${ROMAN[s.tax_class - 1] ?? s.tax_class}` : '',
      s.residency === 'resident'
        ? this.t('resident')
        : s.residency === 'foreign_resident'
          ? this.t('foreignResident')
          : '',
      s.other_employment === true ? this.t('otherEmployment') : '',
    ].filter(Boolean);
    return html`${this.t('onFile')} <b>${parts.join(' · ')}</b>`;
  }
}
