import { html } from 'lit';
import { tokens } from '../internal/styles.js';
import { PayrailForm, formStyles, type Field } from '../internal/forms.js';
import { isSteuerId, isTfn } from '../internal/identifiers.js';
import type { OpenFlags } from '../client/models.js';

const decimal = (v: string) => Number(v.replace(',', '.'));
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI'];

// Working holiday makers are left out: the AU packs do not withhold for them yet (Schedule 15).
export const AU_TAX: Field[] = [
  { name: 'tfn', label: 'tfn', secret: true, numeric: true, check: (v) => (isTfn(v) ? null : 'errTfn') },
  // The reasons an employee may give on the TFN declaration instead of the number (the pay event reports it).
  {
    name: 'no_number_reason',
    label: 'noTfnReason',
    options: [
      ['applied_for', 'noTfnApplied'],
      ['under_18', 'noTfnUnder18'],
      ['pensioner', 'noTfnPensioner'],
      ['not_quoted', 'noTfnNotQuoted'],
    ],
  },
  {
    name: 'residency',
    label: 'residency',
    required: true,
    options: [
      ['resident', 'resident'],
      ['foreign_resident', 'foreignResident'],
    ],
  },
  { name: 'tax_free_threshold', label: 'taxFreeThreshold', box: true },
  { name: 'study_loan', label: 'studyLoan', box: true },
  {
    name: 'medicare_levy_exemption',
    label: 'medicareExemption',
    options: [
      ['none', 'mlNone'],
      ['half', 'mlHalf'],
      ['full', 'mlFull'],
    ],
  },
];
export const DE_TAX: Field[] = [
  { name: 'tax_id', label: 'taxId', secret: true, numeric: true, check: (v) => (isSteuerId(v) ? null : 'errSteuerId') },
  {
    name: 'tax_class',
    label: 'taxClass',
    required: true,
    options: ROMAN.map((r, i) => [String(i + 1), r]),
    parse: Number,
  },
  { name: 'factor', label: 'factor', check: (v) => (/^0[.,]\d{1,3}$/.test(v) && decimal(v) > 0 ? null : 'errFactor') },
  { name: 'church_tax', label: 'churchTax', box: true },
  {
    name: 'children',
    label: 'childAllowances',
    numeric: true,
    check: (v) => (/^\d{1,2}([.,][05])?$/.test(v) ? null : 'errChildren'),
    parse: decimal,
  },
];

/**
 * An employee's tax declaration. Australia: the TFN (its check digit checked here), residency, the
 * tax-free threshold, a study loan and a Medicare levy exemption. Germany: the Steuer-ID (check digit
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
    ].filter(Boolean);
    return html`${this.t('onFile')} <b>${parts.join(' · ')}</b>`;
  }
}
