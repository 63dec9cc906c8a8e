import '../provider/define.js';
import { PayrailPayslipViewer } from './payslip-viewer.js';

PayrailPayslipViewer.define();
export { PayrailPayslipViewer };
