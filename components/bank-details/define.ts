import '../provider/define.js';
import { PayrailBankDetails } from './bank-details.js';

PayrailBankDetails.define();
export { PayrailBankDetails };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-bank-details': PayrailBankDetails;
    'prl-bank-details': PayrailBankDetails;
  }
}
