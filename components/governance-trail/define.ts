import '../provider/define.js';
import { PayrailGovernanceTrail } from './governance-trail.js';

PayrailGovernanceTrail.define();
export { PayrailGovernanceTrail };

declare global {
  interface HTMLElementTagNameMap {
    'payrail-governance-trail': PayrailGovernanceTrail;
    'prl-governance-trail': PayrailGovernanceTrail;
  }
}
