import '../provider/define.js';
import { PayrailChart } from './chart.js';

PayrailChart.define();
export { PayrailChart };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-chart': PayrailChart;
    'prl-chart': PayrailChart;
  }
}
