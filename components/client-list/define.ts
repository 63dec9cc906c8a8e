import '../provider/define.js';
import { PayrailClientList } from './client-list.js';

PayrailClientList.define();
export { PayrailClientList };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-client-list': PayrailClientList;
    'prl-client-list': PayrailClientList;
  }
}
