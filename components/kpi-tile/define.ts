import '../provider/define.js';
import { PayrailKpiTile } from './kpi-tile.js';

PayrailKpiTile.define();
export { PayrailKpiTile };
