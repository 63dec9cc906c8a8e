import '../provider/define.js';
import { PayrailKpiTile } from './kpi-tile.js';

PayrailKpiTile.define();
export { PayrailKpiTile };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-kpi-tile': PayrailKpiTile;
    'prl-kpi-tile': PayrailKpiTile;
  }
}
