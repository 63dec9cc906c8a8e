// What the leave request form and the approvals queue show alike: a quantity in its unit, and the balance a
// request draws on as the API answers it (before and after, and in words when it cannot cover the request).
import { html, nothing } from 'lit';
import { PayrailElement } from './payrail-element.js';
import type { LeaveRequest } from '../client/models.js';

export type Coverage = LeaveRequest['balance'];
type Quantity = (v: string | number) => string;

export abstract class LeaveElement extends PayrailElement {
  /** Formats a quantity in hours or days, to the hundredth. */
  protected quantity(unit: 'hours' | 'days'): Quantity {
    return (v) =>
      this.t(unit === 'hours' ? 'dayUnitH' : 'dayUnitD', {
        n: this.f.num(v, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
      });
  }

  /** The balance before and after the request, as the API counts them. */
  protected balanceFigures(b: Coverage, fq: Quantity) {
    return b
      ? html`<div>
            <dt>${this.t('balanceBefore')}</dt>
            <dd>${fq(b.available)}</dd>
          </div>
          <div>
            <dt>${this.t('balanceAfter')}</dt>
            <dd class=${b.after.startsWith('-') ? 'neg' : ''}>${fq(b.after)}</dd>
          </div>`
      : nothing;
  }

  /** Where the API says the balance cannot cover the request (approval would refuse it), saying so in words. */
  protected overBalance(b: Coverage, fq: Quantity) {
    return b && !b.covered
      ? html`<p class="msg" part="over-balance" role="status">
          ${this.t('overBalance', { requested: fq(b.requested), available: fq(b.available) })}
        </p>`
      : nothing;
  }
}
