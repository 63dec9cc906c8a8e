import '../provider/define.js';
import { PayrailChart } from './chart.js';

PayrailChart.define();
export { PayrailChart };
