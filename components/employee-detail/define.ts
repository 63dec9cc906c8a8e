import '../provider/define.js';
import { PayrailEmployeeDetail } from './employee-detail.js';

PayrailEmployeeDetail.define();
export { PayrailEmployeeDetail };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-employee-detail': PayrailEmployeeDetail;
    'prl-employee-detail': PayrailEmployeeDetail;
  }
}
