import '../provider/define.js';
import { PayrailReportsDashboard } from './reports-dashboard.js';

PayrailReportsDashboard.define();
export { PayrailReportsDashboard };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-reports-dashboard': PayrailReportsDashboard;
    'prl-reports-dashboard': PayrailReportsDashboard;
  }
}
