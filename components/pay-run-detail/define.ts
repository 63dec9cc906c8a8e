import '../provider/define.js';
import { PayrailPayRunDetail } from './pay-run-detail.js';

PayrailPayRunDetail.define();
export { PayrailPayRunDetail };
