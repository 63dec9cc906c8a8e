import '../provider/define.js';
import { PayrailRequirements } from './requirements.js';

PayrailRequirements.define();
export { PayrailRequirements };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-requirements': PayrailRequirements;
    'prl-requirements': PayrailRequirements;
  }
}
