import '../provider/define.js';
import { PayrailLeaveManagement } from './leave-management.js';

PayrailLeaveManagement.define();
export { PayrailLeaveManagement };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-leave-management': PayrailLeaveManagement;
    'prl-leave-management': PayrailLeaveManagement;
  }
}
