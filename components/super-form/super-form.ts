import { html } from 'lit';
import { tokens } from '../internal/styles.js';
import { PayrailForm, formStyles, payloadOf, setAtPath, type Field } from '../internal/forms.js';
import {
  DE_HEALTH,
  DE_HEALTH_PATHS,
  DE_NO_SVNR,
  DE_SVNR,
  FUND_CHOICE,
  FUND_CHOICES,
  fundFields,
} from '../internal/employee-fields.js';
import type { OpenFlags } from '../client/models.js';
import type { MessageKey } from '../internal/i18n.js';

/**
 * Australia: an employee's choice of super fund: an APRA fund they name by its USI, their self-managed
 * fund (ABN, electronic service address and bank account), the employer's default fund, or the stapled
 * fund the employer has asked the ATO for. Account and member numbers are checked here and shown masked
 * once saved. Germany (where pension insurance is part of social insurance): the employee's social
 * insurance: the SV-Nummer (or that none is issued yet), how they are health-insured and their
 * Krankenkasse by name and Betriebsnummer, which the registration and the Beitragsnachweis need.
 *
 * @summary Super fund (choice of fund) form.
 * @event payrail-save - The choice passed its checks. Detail: `{ form, employee_id, payload }`; cancel it when your backend writes it.
 * @event payrail-cancel - The form was abandoned. Detail: `{ form, employee_id }`.
 * @event payrail-load - What is on file was shown. Detail: `{ sample }`.
 * @event payrail-error - It could not be loaded. Detail: the API's error envelope.
 * @event payrail-session-expired - The token was refused and could not be renewed.
 * @csspart card - The surrounding card.
 * @csspart header - The title.
 * @csspart on-file - The fund on file, masked.
 * @csspart input - Each input and choice.
 * @csspart button - Every button.
 * @csspart save-button - "Save".
 * @csspart cancel-button - "Cancel".
 * @csspart retry-button - "Try again" after a failed load.
 * @csspart error - The error message of a failed load.
 * @csspart badge - The "Sample data" marker.
 */
export class PayrailSuperForm extends PayrailForm {
  static override tag = 'super-form';
  static override styles = [tokens, formStyles];
  protected readonly form = 'super-form';
  // The German social insurance is part of the statutory profile the tax settings show and take.
  protected get segment() {
    return this.cc === 'DE' ? ('tax-settings' as const) : ('pension' as const);
  }
  protected get heading() {
    return this.cc === 'DE' ? ('socialForm' as const) : ('superForm' as const);
  }
  protected readonly byCountry = { AU: [FUND_CHOICE], DE: [DE_NO_SVNR, DE_SVNR, ...DE_HEALTH] };

  /** AU: the fields the chosen way of paying needs. DE: the number unless none is issued yet. */
  protected override fields(): Field[] {
    if (this.cc !== 'DE') return [FUND_CHOICE, ...fundFields(this.values.fund_choice)];
    const insurer = this.#onFileInsurer();
    return [
      DE_NO_SVNR,
      ...(this.values.no_insurance_number_yet === 'true' ? [] : [DE_SVNR]),
      // Until a Krankenkasse is on file the form asks for it whole; afterwards any part may change alone.
      ...DE_HEALTH.map((f) => (insurer || f.name === 'additional_rate' ? f : { ...f, required: true })),
    ];
  }

  /** DE: the health fields nest under `health_insurance` as the API takes them. */
  protected override payloadFor(withSecrets: boolean): Record<string, unknown> {
    const flat = payloadOf(this.fields(), this.values, withSecrets);
    if (this.cc !== 'DE') return flat;
    // The box is sent only when ticked or cleared here: saving a Krankenkasse must not undo "none issued yet".
    if (this.values.no_insurance_number_yet === undefined) delete flat.no_insurance_number_yet;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(flat))
      setAtPath(out, DE_HEALTH_PATHS[k] ? `health_insurance.${DE_HEALTH_PATHS[k]}` : k, v);
    return out;
  }

  protected override fieldOfPath(path: string): string {
    const p = path.replace(/^statutory\.de\./, '');
    if (p === 'social_security_number') return 'svnr';
    return Object.entries(DE_HEALTH_PATHS).find(([, at]) => p === `health_insurance.${at}`)?.[0] ?? p;
  }

  #onFileInsurer(): { name?: string } | null {
    const health = this.data.value?.s.health_insurance as { insurer?: { name?: string } } | undefined;
    return health?.insurer ?? null;
  }

  protected onFile(s: OpenFlags) {
    if (this.cc === 'DE') return this.#socialOnFile(s);
    const choice = FUND_CHOICES.find(([c]) => c === s.fund_choice)?.[1] as MessageKey | undefined;
    if (s.fund_choice === 'stapled_requested') return html`${this.t('stapledHint')}`;
    if (!s.super_fund_attested) return html`${this.t('superFundNone')}`;
    const parts = [
      choice ? this.t(choice) : '',
      s.smsf_account_last3
        ? `${String(s.smsf_account_name ?? '')} •••• ${String(s.smsf_account_last3)}`
        : String(s.super_fund_name ?? ''),
      s.super_usi ? `USI ${String(s.super_usi)}` : '',
    ].filter(Boolean);
    return html`${this.t('onFile')} <b>${parts.join(' · ')}</b>`;
  }

  #socialOnFile(s: OpenFlags) {
    const health = s.health_insurance as
      { type?: string; additional_rate?: string | number; insurer?: { name?: string } } | undefined;
    const parts = [
      this.t(s.svnr_attested === true ? 'svnrOnFile' : s.no_insurance_number_yet === true ? 'svnrApplied' : 'svnrNone'),
      health?.type === 'private'
        ? this.t('healthPrivate')
        : health?.type === 'statutory'
          ? this.t('healthStatutory')
          : '',
      health?.insurer?.name ? String(health.insurer.name) : this.t('insurerNone'),
      health?.additional_rate != null
        ? this.t('additionalRateOnFile', { rate: this.f.num(health.additional_rate, { maximumFractionDigits: 2 }) })
        : '',
    ].filter(Boolean);
    return html`${this.t('onFile')} <b>${parts.join(' · ')}</b>`;
  }
}
