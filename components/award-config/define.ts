import '../provider/define.js';
import { PayrailAwardConfig } from './award-config.js';

PayrailAwardConfig.define();
export { PayrailAwardConfig };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-award-config': PayrailAwardConfig;
    'prl-award-config': PayrailAwardConfig;
  }
}
