import '../provider/define.js';
import { PayrailPayRunsList } from './pay-runs-list.js';

PayrailPayRunsList.define();
export { PayrailPayRunsList };
