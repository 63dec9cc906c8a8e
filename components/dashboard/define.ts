import '../provider/define.js';
import { PayrailDashboard } from './dashboard.js';

PayrailDashboard.define();
export { PayrailDashboard };
