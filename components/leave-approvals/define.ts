import '../provider/define.js';
import { PayrailLeaveApprovals } from './leave-approvals.js';

PayrailLeaveApprovals.define();
export { PayrailLeaveApprovals };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-leave-approvals': PayrailLeaveApprovals;
    'prl-leave-approvals': PayrailLeaveApprovals;
  }
}
