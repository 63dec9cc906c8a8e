import '../provider/define.js';
import { PayrailPayslipViewer } from './payslip-viewer.js';

PayrailPayslipViewer.define();
export { PayrailPayslipViewer };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-payslip-viewer': PayrailPayslipViewer;
    'prl-payslip-viewer': PayrailPayslipViewer;
  }
}
