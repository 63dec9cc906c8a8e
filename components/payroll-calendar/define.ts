import '../provider/define.js';
import { PayrailPayrollCalendar } from './payroll-calendar.js';

PayrailPayrollCalendar.define();
export { PayrailPayrollCalendar };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-payroll-calendar': PayrailPayrollCalendar;
    'prl-payroll-calendar': PayrailPayrollCalendar;
  }
}
