import '../provider/define.js';
import { PayrailLeaveRequest } from './leave-request.js';

PayrailLeaveRequest.define();
export { PayrailLeaveRequest };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-leave-request': PayrailLeaveRequest;
    'prl-leave-request': PayrailLeaveRequest;
  }
}
