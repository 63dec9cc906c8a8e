import '../provider/define.js';
import { PayrailPayments } from './payments.js';

PayrailPayments.define();
export { PayrailPayments };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-payments': PayrailPayments;
    'prl-payments': PayrailPayments;
  }
}
