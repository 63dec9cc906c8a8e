import '../provider/define.js';
import { PayrailPayrunExceptions } from './payrun-exceptions.js';

PayrailPayrunExceptions.define();
export { PayrailPayrunExceptions };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-payrun-exceptions': PayrailPayrunExceptions;
    'prl-payrun-exceptions': PayrailPayrunExceptions;
  }
}
