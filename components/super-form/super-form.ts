import { css, html } from 'lit';
import { tokens } from '../internal/styles.js';
import { icons } from '../internal/icons.js';
import { PayrailForm, formStyles, type Field } from '../internal/forms.js';
import { FUND_CHOICE, FUND_CHOICES, fundFields } from '../internal/employee-fields.js';
import type { OpenFlags } from '../client/models.js';
import type { MessageKey } from '../internal/i18n.js';

const styles = css`
  .none {
    display: flex;
    gap: 8px;
    align-items: center;
    margin: 0;
    padding: 18px 20px;
    color: var(--_mu);
  }
`;

/**
 * An Australian employee's choice of super fund: an APRA fund they name by its USI, their self-managed
 * fund (ABN, electronic service address and bank account), the employer's default fund, or the stapled
 * fund the employer has asked the ATO for. Account and member numbers are checked here and shown masked
 * once saved. Germany has no such form (pension insurance is part of social insurance): it says so.
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
 * @csspart empty - The note shown where the country has no such form.
 */
export class PayrailSuperForm extends PayrailForm {
  static override tag = 'super-form';
  static override styles = [tokens, formStyles, styles];
  protected readonly form = 'super-form';
  protected readonly segment = 'pension' as const;
  protected readonly heading = 'superForm' as const;
  protected readonly byCountry = { AU: [FUND_CHOICE] };

  /** The fields the chosen way of paying needs. */
  protected override fields(): Field[] {
    return [FUND_CHOICE, ...fundFields(this.values.fund_choice)];
  }

  override render() {
    if (this.cc === 'AU') return super.render();
    return html`<section class="card" part="card" aria-labelledby="title">
      <header class="head" part="header"><h2 id="title">${this.t('superForm')}</h2></header>
      <p class="none" part="empty">${icons.info}<span>${this.t('noSuperForm')}</span></p>
    </section>`;
  }

  protected onFile(s: OpenFlags) {
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
}
