import '../provider/define.js';
import { PayrailPayrollChecklist } from './payroll-checklist.js';

PayrailPayrollChecklist.define();
export { PayrailPayrollChecklist };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-payroll-checklist': PayrailPayrollChecklist;
    'prl-payroll-checklist': PayrailPayrollChecklist;
  }
}
