import '../provider/define.js';
import { PayrailPayRunsList } from './pay-runs-list.js';

PayrailPayRunsList.define();
export { PayrailPayRunsList };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-pay-runs-list': PayrailPayRunsList;
    'prl-pay-runs-list': PayrailPayRunsList;
  }
}
