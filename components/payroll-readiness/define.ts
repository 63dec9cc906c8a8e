import '../provider/define.js';
import { PayrailPayrollReadiness } from './payroll-readiness.js';

PayrailPayrollReadiness.define();
export { PayrailPayrollReadiness };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-payroll-readiness': PayrailPayrollReadiness;
    'prl-payroll-readiness': PayrailPayrollReadiness;
  }
}
