import '../provider/define.js';
import { PayrailOrgSetup } from './org-setup.js';

PayrailOrgSetup.define();
export { PayrailOrgSetup };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-org-setup': PayrailOrgSetup;
    'prl-org-setup': PayrailOrgSetup;
  }
}
