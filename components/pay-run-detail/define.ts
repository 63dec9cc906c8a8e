import '../provider/define.js';
import { PayrailPayRunDetail } from './pay-run-detail.js';

PayrailPayRunDetail.define();
export { PayrailPayRunDetail };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-pay-run-detail': PayrailPayRunDetail;
    'prl-pay-run-detail': PayrailPayRunDetail;
  }
}
