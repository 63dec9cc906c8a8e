import '../provider/define.js';
import { PayrailCostCentres } from './cost-centres.js';

PayrailCostCentres.define();
export { PayrailCostCentres };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-cost-centres': PayrailCostCentres;
    'prl-cost-centres': PayrailCostCentres;
  }
}
