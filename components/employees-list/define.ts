import '../provider/define.js';
import { PayrailEmployeesList } from './employees-list.js';

PayrailEmployeesList.define();
export { PayrailEmployeesList };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-employees-list': PayrailEmployeesList;
    'prl-employees-list': PayrailEmployeesList;
  }
}
