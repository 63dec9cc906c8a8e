import '../provider/define.js';
import { PayrailPayRunEntry } from './pay-run-entry.js';

PayrailPayRunEntry.define();
export { PayrailPayRunEntry };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-pay-run-entry': PayrailPayRunEntry;
    'prl-pay-run-entry': PayrailPayRunEntry;
  }
}
