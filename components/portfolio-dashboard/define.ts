import '../provider/define.js';
import { PayrailPortfolioDashboard } from './portfolio-dashboard.js';

PayrailPortfolioDashboard.define();
export { PayrailPortfolioDashboard };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-portfolio-dashboard': PayrailPortfolioDashboard;
    'prl-portfolio-dashboard': PayrailPortfolioDashboard;
  }
}
