import '../provider/define.js';
import { PayrailDashboard } from './dashboard.js';

PayrailDashboard.define();
export { PayrailDashboard };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-dashboard': PayrailDashboard;
    'prl-dashboard': PayrailDashboard;
  }
}
