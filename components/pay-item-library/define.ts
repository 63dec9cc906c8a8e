import '../provider/define.js';
import { PayrailPayItemLibrary } from './pay-item-library.js';

PayrailPayItemLibrary.define();
export { PayrailPayItemLibrary };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-pay-item-library': PayrailPayItemLibrary;
    'prl-pay-item-library': PayrailPayItemLibrary;
  }
}
