import '../provider/define.js';
import { PayrailSuperOverview } from './super-overview.js';

PayrailSuperOverview.define();
export { PayrailSuperOverview };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-super-overview': PayrailSuperOverview;
    'prl-super-overview': PayrailSuperOverview;
  }
}
