import '../provider/define.js';
import { PayrailStpSubmission } from './stp-submission.js';

PayrailStpSubmission.define();
export { PayrailStpSubmission };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-stp-submission': PayrailStpSubmission;
    'prl-stp-submission': PayrailStpSubmission;
  }
}
