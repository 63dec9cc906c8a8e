import '../provider/define.js';
import { PayrailEmployeeDetail } from './employee-detail.js';

PayrailEmployeeDetail.define();
export { PayrailEmployeeDetail };
